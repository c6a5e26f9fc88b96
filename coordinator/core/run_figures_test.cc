#include "coordinator/core/run_figures.h"

#include "coordinator/stats/sprt.h"
#include "gtest/gtest.h"

namespace gc9::coordinator::core {
namespace {

proto::RunConfig Sprt() {
  proto::RunConfig config;
  config.mutable_sprt()->set_elo0(0);
  config.mutable_sprt()->set_elo1(5);
  return config;
}

TEST(RunFigures, AnSprtGetsTheLlrOfItsCountsAndItsBounds) {
  const PentanomialCounts counts = {3, 20, 50, 30, 7};
  proto::RunFigures figures;
  FillRunFigures(counts, Sprt(), &figures);
  stats::Pentanomial pentanomial;
  pentanomial.counts = counts;
  stats::SprtParams params;
  params.elo1 = 5;
  const stats::SprtResult sprt = stats::EvaluateSprt(pentanomial, params).value();
  EXPECT_EQ(figures.pairs(), 110);
  EXPECT_DOUBLE_EQ(figures.llr(), sprt.llr);
  EXPECT_DOUBLE_EQ(figures.llr_lower(), sprt.bounds.lower);
  EXPECT_DOUBLE_EQ(figures.llr_upper(), sprt.bounds.upper);
  EXPECT_GT(figures.elo(), 0);  // more pairs won than lost
  EXPECT_LT(figures.elo_low(), figures.elo());
  EXPECT_GT(figures.elo_high(), figures.elo());
}

TEST(RunFigures, NothingForSpsaOrWithoutPairs) {
  proto::RunFigures figures;
  FillRunFigures({0, 0, 0, 0, 0}, Sprt(), &figures);
  EXPECT_EQ(figures.ByteSizeLong(), 0u);
  proto::RunConfig spsa;
  spsa.mutable_spsa()->set_pairs(10);
  FillRunFigures({1, 2, 3, 2, 1}, spsa, &figures);
  EXPECT_EQ(figures.ByteSizeLong(), 0u);
  proto::RunConfig fixed;
  fixed.mutable_fixed()->set_pairs(10);
  FillRunFigures({1, 2, 3, 2, 1}, fixed, &figures);
  EXPECT_EQ(figures.pairs(), 9);
  EXPECT_EQ(figures.llr_upper(), 0) << "a fixed run has no SPRT bounds";
}

TEST(FiguresHistory, ALongRunKeepsAFewHundredEvenlySpacedPoints) {
  FiguresHistory history;
  PentanomialCounts counts{};
  for (int64_t pair = 1; pair <= 100000; ++pair) {
    ++counts[pair % 5];
    history.Record(pair, counts, Sprt());
    ASSERT_LE(history.points().size(), FiguresHistory::kMaxPoints);
  }
  const auto& points = history.points();
  ASSERT_GE(points.size(), FiguresHistory::kMaxPoints / 2);
  const int64_t spacing = points[0].pairs();
  for (size_t i = 0; i < points.size(); ++i) {
    EXPECT_EQ(points[i].pairs(), spacing * static_cast<int64_t>(i + 1)) << i;
  }
  EXPECT_GT(points.back().pairs(), 100000 - spacing);
}

TEST(FiguresHistory, SpsaKeepsNone) {
  FiguresHistory history;
  proto::RunConfig spsa;
  spsa.mutable_spsa()->set_pairs(10);
  history.Record(1, {0, 0, 1, 0, 0}, spsa);
  EXPECT_TRUE(history.points().empty());
}

TEST(FiguresHistory, AShortRunKeepsEveryPair) {
  FiguresHistory history;
  PentanomialCounts counts{};
  for (int64_t pair = 1; pair <= 40; ++pair) {
    ++counts[2];
    history.Record(pair, counts, Sprt());
  }
  ASSERT_EQ(history.points().size(), 40u);
  EXPECT_EQ(history.points()[39].pairs(), 40);
}

}  // namespace
}  // namespace gc9::coordinator::core
