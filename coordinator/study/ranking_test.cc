#include "coordinator/study/ranking.h"

#include <cmath>
#include <string>

#include "gtest/gtest.h"

namespace gc9::coordinator::study {
namespace {

// White a3+b3 (0), a3+c3 (1) and b3+c3 (8) against Black a7+b7 (0) and h7+i7
// (35).
StudyTable SmallTable() {
  StudyTable table;
  table.cells = {{0, 0}, {0, 35}, {1, 0}, {1, 35}, {8, 0}, {8, 35}};
  table.results = {
      {6, 2, 2},  // 0.70
      {3, 4, 3},  // 0.50
      {4, 4, 2},  // 0.60
      {5, 2, 3},  // 0.60
      {9, 0, 1},  // 0.90
      {0, 2, 8},  // 0.10
  };
  return table;
}

TEST(RankingTest, WorstCaseAndAverage) {
  const std::vector<PlacementRank> ranks = RankWhitePlacements(SmallTable(), 0.95);
  ASSERT_EQ(ranks.size(), 3u);
  // By worst case: a3+c3 (0.60), a3+b3 (0.50), b3+c3 (0.10).
  EXPECT_EQ(ranks[0].white, 1);
  EXPECT_NEAR(ranks[0].worst, 0.60, 1e-12);
  EXPECT_EQ(ranks[1].white, 0);
  EXPECT_EQ(ranks[1].best_reply, 35);
  EXPECT_EQ(ranks[1].best_reply_games, 10);
  EXPECT_EQ(ranks[2].white, 8);
  EXPECT_NEAR(ranks[2].worst, 0.10, 1e-12);
  // By average a3+b3 and a3+c3 tie at 0.60 (ranked 1 and 2 in index order) and
  // b3+c3 is last at 0.50.
  EXPECT_EQ(ranks[1].rank_average, 1);
  EXPECT_EQ(ranks[0].rank_average, 2);
  EXPECT_NEAR(ranks[1].average, 0.60, 1e-12);
  EXPECT_NEAR(ranks[2].average, 0.50, 1e-12);
  EXPECT_EQ(ranks[2].rank_average, 3);
  EXPECT_EQ(ranks[0].rank_worst, 1);
  EXPECT_EQ(ranks[0].games, 20);
  EXPECT_EQ(ranks[0].replies_played, 2);
  // The worst-case interval is the min of the cells' Wilson bounds.
  const Interval a = WilsonInterval({4, 4, 2}, ZForConfidence(0.95));
  const Interval b = WilsonInterval({5, 2, 3}, ZForConfidence(0.95));
  EXPECT_DOUBLE_EQ(ranks[0].worst_interval.low, std::min(a.low, b.low));
  EXPECT_DOUBLE_EQ(ranks[0].worst_interval.high, std::min(a.high, b.high));
  // Average half-width: sqrt(h_a^2 + h_b^2) / 2.
  const double ha = (a.high - a.low) / 2, hb = (b.high - b.low) / 2;
  EXPECT_NEAR(ranks[0].average_interval.high - ranks[0].average, std::sqrt(ha * ha + hb * hb) / 2,
              1e-12);
}

TEST(RankingTest, TextTableNamesPlacementsAndReplies) {
  const StudyTable table = SmallTable();
  const std::string text = FormatRanking(RankWhitePlacements(table, 0.95), table, 0.95, 0);
  EXPECT_NE(text.find("by worst case"), std::string::npos);
  EXPECT_NE(text.find("by average"), std::string::npos);
  EXPECT_NE(text.find("a3+c3"), std::string::npos);
  EXPECT_NE(text.find("h7+i7"), std::string::npos);
  EXPECT_NE(text.find("[95%]"), std::string::npos);
}

// Hand-computed: file a (White) is in a3+b3 and a3+c3: (0.7 + 0.5 + 0.6 + 0.6)
// / 4 = 0.6; file c in a3+c3 and b3+c3: (0.6 + 0.6 + 0.9 + 0.1) / 4 = 0.55. For
// Black, file a (a7+b7) scores 1 - (0.7 + 0.6 + 0.9) / 3 = 0.2667; file h
// (h7+i7) 1 - (0.5 + 0.6 + 0.1) / 3 = 0.6; file d is never used.
TEST(RankingTest, SquareMarginals) {
  const SquareScores squares = ScoreSquares(SmallTable());
  ASSERT_EQ(squares.white.size(), 9u);
  EXPECT_NEAR(squares.white[0], 0.6, 1e-12);
  EXPECT_NEAR(squares.white[2], 0.55, 1e-12);
  EXPECT_EQ(squares.white_cells[0], 4);
  EXPECT_TRUE(std::isnan(squares.white[3]));
  EXPECT_NEAR(squares.black[0], 1 - 2.2 / 3, 1e-12);
  EXPECT_NEAR(squares.black[7], 0.6, 1e-12);
  EXPECT_TRUE(std::isnan(squares.black[3]));
}

}  // namespace
}  // namespace gc9::coordinator::study
