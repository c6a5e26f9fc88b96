// The rate of a run from its ring of ten-second buckets.
#include "coordinator/core/rate_meter.h"

#include "gtest/gtest.h"

namespace gc9::coordinator::core {
namespace {

TEST(RateMeter, AYoungRunIsMeasuredOverItsOwnLife) {
  RateMeter meter;
  EXPECT_EQ(meter.PerMinute(0), 0);
  meter.Start(1'000'000);
  meter.Add(1'005'000, 3);
  // The span is at least one bucket: 3 pairs in 10 s, not in 5 s.
  EXPECT_DOUBLE_EQ(meter.PerMinute(1'005'000), 18.0);
  meter.Add(1'030'000, 7);
  EXPECT_DOUBLE_EQ(meter.PerMinute(1'060'000), 10.0);
}

TEST(RateMeter, PairsOlderThanTheWindowLeaveIt) {
  RateMeter meter;
  meter.Start(0);
  for (int64_t t = 0; t < 600'000; t += 1000) meter.Add(t, 1);  // a pair a second, 10 minutes
  EXPECT_NEAR(meter.PerMinute(600'000), 60.0, 60.0 * RateMeter::kBucketMs / 300'000);
  // Quiet from then on: after the window has passed, nothing is left.
  EXPECT_LT(meter.PerMinute(750'000), 35.0);
  EXPECT_EQ(meter.PerMinute(600'000 + RateMeter::kBuckets * RateMeter::kBucketMs), 0);
  // A bucket reused after a full turn of the ring holds only its new pairs.
  meter.Add(1'000'000, 2);
  EXPECT_DOUBLE_EQ(meter.PerMinute(1'000'000),
                   2 * 60000.0 / ((RateMeter::kBuckets - 1) * RateMeter::kBucketMs));
}

}  // namespace
}  // namespace gc9::coordinator::core
