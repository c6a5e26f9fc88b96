#include "coordinator/study/cell_stats.h"

#include <cmath>

#include "coordinator/study/anytime_bound.h"
#include "gtest/gtest.h"

namespace gc9::coordinator::study {
namespace {

TEST(CellStatsTest, ScoreAndVariance) {
  const CellResult cell{5, 10, 5};
  EXPECT_EQ(Games(cell), 20);
  EXPECT_DOUBLE_EQ(Score(cell), 0.5);
  // (5 + 10/4) / 20 - 0.25 = 0.125.
  EXPECT_DOUBLE_EQ(ScoreVariance(cell), 0.125);
  EXPECT_DOUBLE_EQ(Score(CellResult{}), 0.5);
}

TEST(CellStatsTest, ZForConfidence) {
  EXPECT_NEAR(ZForConfidence(0.95), 1.959964, 1e-6);
  EXPECT_NEAR(ZForConfidence(0.99), 2.575829, 1e-6);
}

// Hand-computed with z = 1.96, p = 0.7, n = 10:
// centre = (0.7 + 0.19208) / 1.38416 = 0.644492,
// half = 1.96 / 1.38416 * sqrt(0.021 + 0.009604) = 0.247719,
// the textbook 7-of-10 Wilson interval (0.3968, 0.8922).
TEST(CellStatsTest, WilsonGolden) {
  const Interval i = WilsonInterval(CellResult{7, 0, 3}, 1.96);
  EXPECT_NEAR(i.low, 0.396773, 1e-5);
  EXPECT_NEAR(i.high, 0.892211, 1e-5);
}

// Hand-computed: 4 wins 2 draws 4 losses is p = 0.5 with n = 10, so the
// interval is symmetric: centre 0.5, half = 1.96/1.38416 * sqrt(0.025 +
// 0.009604) = 0.263410.
TEST(CellStatsTest, WilsonCountsDrawsAsHalf) {
  const Interval i = WilsonInterval(CellResult{4, 2, 4}, 1.96);
  EXPECT_NEAR(i.low, 0.5 - 0.263410, 1e-5);
  EXPECT_NEAR(i.high, 0.5 + 0.263410, 1e-5);
}

TEST(CellStatsTest, WilsonStaysInsideTheUnitInterval) {
  const Interval all_wins = WilsonInterval(CellResult{3, 0, 0}, 1.96);
  EXPECT_GT(all_wins.low, 0.3);
  EXPECT_LE(all_wins.high, 1.0);
  const Interval empty = WilsonInterval(CellResult{}, 1.96);
  EXPECT_EQ(empty.low, 0.0);
  EXPECT_EQ(empty.high, 1.0);
}

// Hand-computed: V = 0.125, n = 20, se = sqrt(0.125/20) = 0.0790569,
// half = 1.96 * se = 0.154952.
TEST(CellStatsTest, TrinomialNormalGolden) {
  const Interval i = TrinomialNormalInterval(CellResult{5, 10, 5}, 1.96);
  EXPECT_NEAR(i.low, 0.345048, 1e-6);
  EXPECT_NEAR(i.high, 0.654952, 1e-6);
}

// Hand-computed: K = 1296, delta = 0.05, n = 100:
// ln(pi^2 * 1296 * 10^4 / 0.15) = ln(8.52718e8) = 20.56396, r =
// sqrt(20.5639/200).
TEST(AnytimeBoundTest, Golden) {
  EXPECT_NEAR(AnytimeRadius(100, 1296, 0.05), std::sqrt(20.56396 / 200.0), 1e-5);
  EXPECT_TRUE(std::isinf(AnytimeRadius(0, 1296, 0.05)));
  EXPECT_LT(AnytimeRadius(1000, 36, 0.05), AnytimeRadius(1000, 1296, 0.05));
}

}  // namespace
}  // namespace gc9::coordinator::study
