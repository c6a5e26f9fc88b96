#include "coordinator/stats/normal.h"

#include <cmath>

#include "gtest/gtest.h"

namespace gc9::coordinator::stats {
namespace {

TEST(NormalTest, KnownQuantiles) {
  // scipy.stats.norm.ppf(0.975) = 1.959963984540054, the z of every 95%
  // interval fishtest prints.
  EXPECT_NEAR(NormalQuantile(0.975), 1.959963984540054, 1e-13);
  EXPECT_NEAR(NormalQuantile(0.025), -1.959963984540054, 1e-13);
  EXPECT_NEAR(NormalQuantile(0.5), 0.0, 1e-15);
  EXPECT_NEAR(NormalCdf(1.959963984540054), 0.975, 1e-15);
  EXPECT_DOUBLE_EQ(NormalCdf(0.0), 0.5);
}

TEST(NormalTest, QuantileInvertsCdf) {
  for (double p : {1e-10, 0.001, 0.1, 0.3, 0.7, 0.99, 1 - 1e-10}) {
    EXPECT_NEAR(NormalCdf(NormalQuantile(p)), p, 1e-12 * std::max(p, 1e-3));
  }
  EXPECT_TRUE(std::isinf(NormalQuantile(0.0)));
  EXPECT_TRUE(std::isinf(NormalQuantile(1.0)));
}

}  // namespace
}  // namespace gc9::coordinator::stats
