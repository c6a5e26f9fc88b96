#include "coordinator/study/anytime_bound.h"

#include <cmath>
#include <cstdio>
#include <random>

#include "gtest/gtest.h"

namespace gc9::coordinator::study {
namespace {

double Unit(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

TEST(AnytimeIntervalTest, UnplayedCellsAreUnbounded) {
  const Interval interval = AnytimeInterval({}, 1296, 0.05);
  EXPECT_TRUE(std::isinf(interval.low) && interval.low < 0);
  EXPECT_TRUE(std::isinf(interval.high) && interval.high > 0);
}

TEST(AnytimeIntervalTest, HoldsTheMeanAndStaysInTheUnitInterval) {
  for (const CellResult cell :
       {CellResult{1, 0, 0}, CellResult{0, 0, 1}, CellResult{0, 5, 0}, CellResult{30, 40, 30},
        CellResult{300, 0, 1}, CellResult{0, 1, 900}}) {
    const Interval interval = AnytimeInterval(cell, 1296, 0.05);
    EXPECT_GE(interval.low, 0.0);
    EXPECT_LE(interval.high, 1.0);
    EXPECT_LE(interval.low, Score(cell) + 1e-12);
    EXPECT_GE(interval.high, Score(cell) - 1e-12);
  }
  // Mirror symmetry: White's wins and losses swapped mirror the interval.
  const Interval a = AnytimeInterval({70, 20, 10}, 36, 0.05);
  const Interval b = AnytimeInterval({10, 20, 70}, 36, 0.05);
  EXPECT_NEAR(a.low, 1 - b.high, 1e-9);
  EXPECT_NEAR(a.high, 1 - b.low, 1e-9);
}

// Draws carry less variance than Hoeffding assumes, and the mixture pays about ln n where the
// union over game counts pays 2 ln n: at chess-like draw rates the interval is much narrower.
TEST(AnytimeIntervalTest, NarrowerThanHoeffdingWithDraws) {
  for (int64_t n : {100, 1000, 10000}) {
    const CellResult cell{n * 275 / 1000, n * 450 / 1000, n - n * 275 / 1000 - n * 450 / 1000};
    const Interval interval = AnytimeInterval(cell, 1296, 0.05);
    const double half = (interval.high - interval.low) / 2;
    const double hoeffding = AnytimeRadius(n, 1296, 0.05);
    std::printf("n=%lld: mixture half-width %.4f, Hoeffding %.4f, ratio %.3f\n",
                static_cast<long long>(n), half, hoeffding, half / hoeffding);
    EXPECT_LT(half, 0.8 * hoeffding);
  }
}

// Anytime validity: 100 studies of 10 cells at delta = 0.1, each cell checked after every one
// of its 400 games. At most delta of the studies may ever see a cell's interval miss its mean.
TEST(AnytimeIntervalTest, CoversEveryCellAtEveryGameCount) {
  std::mt19937_64 rng(5);
  int violated = 0;
  const int studies = 100;
  for (int s = 0; s < studies; ++s) {
    bool missed = false;
    for (int c = 0; c < 10; ++c) {
      const double draw = 0.1 + 0.5 * Unit(rng);
      const double win = (1 - draw) * Unit(rng);
      const double mean = win + draw / 2;
      CellResult cell;
      for (int n = 0; n < 400 && !missed; ++n) {
        const double u = Unit(rng);
        (u < win ? cell.wins : u < win + draw ? cell.draws : cell.losses) += 1;
        const Interval interval = AnytimeInterval(cell, 10, 0.1);
        missed = mean < interval.low || mean > interval.high;
      }
    }
    violated += missed;
  }
  std::printf("%d of %d studies saw a miss (allowed: 10%%)\n", violated, studies);
  EXPECT_LE(violated, studies / 10);
}

}  // namespace
}  // namespace gc9::coordinator::study
