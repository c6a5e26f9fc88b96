#include "worker/match/adjudicator.h"

#include <limits>

#include "gtest/gtest.h"

namespace gc9::worker {
namespace {

using engine::kBlack;
using engine::kWhite;
using Verdict = ScoreAdjudicator::Verdict;

TEST(ScoreAdjudicatorTest, ResignNeedsBothEnginesForTheWholeRun) {
  Adjudication rules;
  rules.resign_score_cp = 500;
  rules.resign_plies = 4;
  ScoreAdjudicator adj(rules);
  // White thinks it is winning, Black agrees (it reports minus from its own view).
  EXPECT_EQ(adj.AddPly(kWhite, 600, 1), Verdict::kNone);
  EXPECT_EQ(adj.AddPly(kBlack, -700, 1), Verdict::kNone);
  EXPECT_EQ(adj.AddPly(kWhite, 800, 2), Verdict::kNone);
  EXPECT_EQ(adj.AddPly(kBlack, -900, 2), Verdict::kWhiteWins);
}

TEST(ScoreAdjudicatorTest, OneEngineDisagreeingBreaksTheRun) {
  Adjudication rules;
  rules.resign_score_cp = 500;
  rules.resign_plies = 2;
  ScoreAdjudicator adj(rules);
  EXPECT_EQ(adj.AddPly(kWhite, -600, 1), Verdict::kNone);
  EXPECT_EQ(adj.AddPly(kBlack, 100, 1), Verdict::kNone);  // Black does not see its win
  EXPECT_EQ(adj.AddPly(kWhite, -600, 2), Verdict::kNone);
  EXPECT_EQ(adj.AddPly(kBlack, 650, 2), Verdict::kBlackWins);
}

TEST(ScoreAdjudicatorTest, AMissingScoreBreaksTheRun) {
  Adjudication rules;
  rules.resign_score_cp = 500;
  rules.resign_plies = 2;
  ScoreAdjudicator adj(rules);
  EXPECT_EQ(adj.AddPly(kWhite, 600, 1), Verdict::kNone);
  EXPECT_EQ(adj.AddPly(kBlack, std::nullopt, 1), Verdict::kNone);
  EXPECT_EQ(adj.AddPly(kWhite, 600, 2), Verdict::kNone);
  EXPECT_EQ(adj.AddPly(kBlack, -600, 2), Verdict::kWhiteWins);
}

TEST(ScoreAdjudicatorTest, OneSideMovingTwiceIsNotAgreement) {
  // A placement phase: White moves twice running; its two plies are one engine's opinion.
  Adjudication rules;
  rules.resign_score_cp = 500;
  rules.resign_plies = 2;
  ScoreAdjudicator adj(rules);
  EXPECT_EQ(adj.AddPly(kWhite, 900, 1), Verdict::kNone);
  EXPECT_EQ(adj.AddPly(kWhite, 900, 1), Verdict::kNone);
  EXPECT_EQ(adj.AddPly(kBlack, -900, 1), Verdict::kWhiteWins);
}

TEST(ScoreAdjudicatorTest, DrawOnlyFromTheDrawMoveNumber) {
  Adjudication rules;
  rules.draw_move_number = 3;
  rules.draw_score_cp = 10;
  rules.draw_plies = 2;
  ScoreAdjudicator adj(rules);
  EXPECT_EQ(adj.AddPly(kWhite, 0, 1), Verdict::kNone);
  EXPECT_EQ(adj.AddPly(kBlack, 0, 1), Verdict::kNone);
  EXPECT_EQ(adj.AddPly(kWhite, 5, 2), Verdict::kNone);
  EXPECT_EQ(adj.AddPly(kBlack, -5, 2), Verdict::kNone);
  EXPECT_EQ(adj.AddPly(kWhite, 5, 3), Verdict::kNone);  // the run starts at move 3
  EXPECT_EQ(adj.AddPly(kBlack, 20, 3), Verdict::kNone);
  EXPECT_EQ(adj.AddPly(kWhite, -10, 4), Verdict::kNone);
  EXPECT_EQ(adj.AddPly(kBlack, 10, 4), Verdict::kDraw);
}

TEST(ScoreAdjudicatorTest, MateScoresCountAsWon) {
  EXPECT_GT(MateAsCentipawns(3), 10000);
  EXPECT_LT(MateAsCentipawns(-2), -10000);
  EXPECT_GT(MateAsCentipawns(1), MateAsCentipawns(5));  // a nearer mate is better
  // Whatever distance an engine prints, a mate for the mover stays a win and one against it a
  // loss.
  EXPECT_GT(MateAsCentipawns(std::numeric_limits<int>::max()), 10000);
  EXPECT_LT(MateAsCentipawns(std::numeric_limits<int>::min()), -10000);
  EXPECT_LT(MateAsCentipawns(0), -10000);  // "mate 0": the mover is mated
}

TEST(ScoreAdjudicatorTest, OffByDefault) {
  ScoreAdjudicator adj(Adjudication{});
  for (int i = 0; i < 50; ++i) {
    EXPECT_EQ(adj.AddPly(i % 2 ? kBlack : kWhite, i % 2 ? -10000 : 10000, i / 2 + 1),
              Verdict::kNone);
  }
}

}  // namespace
}  // namespace gc9::worker
