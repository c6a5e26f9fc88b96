// The one pair scorer: the result enum, the text of pairs stored before it, and the errors
// that name what a malformed pair lacks.
#include "coordinator/core/pair_score.h"

#include "gtest/gtest.h"

namespace gc9::coordinator::core {
namespace {

proto::PairResult Pair(proto::GameResult first, proto::GameResult second) {
  proto::PairResult pair;
  pair.add_game()->set_outcome(first);
  pair.add_game()->set_outcome(second);
  return pair;
}

TEST(PairScore, EveryBinFromTheEngineUnderTestsView) {
  struct Case {
    proto::GameResult first, second;  // White's result in each game
    int wins, draws, losses, bin;
  } cases[] = {
      {proto::RESULT_BLACK_WINS, proto::RESULT_WHITE_WINS, 0, 0, 2, 0},  // LL
      {proto::RESULT_BLACK_WINS, proto::RESULT_DRAW, 0, 1, 1, 1},        // LD
      {proto::RESULT_DRAW, proto::RESULT_DRAW, 0, 2, 0, 2},              // DD
      {proto::RESULT_WHITE_WINS, proto::RESULT_WHITE_WINS, 1, 0, 1, 2},  // WL
      {proto::RESULT_WHITE_WINS, proto::RESULT_DRAW, 1, 1, 0, 3},        // WD
      {proto::RESULT_WHITE_WINS, proto::RESULT_BLACK_WINS, 2, 0, 0, 4},  // WW
  };
  for (const Case& c : cases) {
    absl::StatusOr<ScoredPair> scored = ScorePair(Pair(c.first, c.second));
    ASSERT_TRUE(scored.ok()) << scored.status();
    EXPECT_EQ(scored->wins, c.wins) << c.bin;
    EXPECT_EQ(scored->draws, c.draws) << c.bin;
    EXPECT_EQ(scored->losses, c.losses) << c.bin;
    EXPECT_EQ(scored->pentanomial_index, c.bin);
    EXPECT_EQ(scored->game[0], c.first);
    EXPECT_EQ(scored->game[1], c.second);
  }
}

TEST(PairScore, TextOfOlderRecordsIsReadWhenTheEnumIsUnset) {
  proto::PairResult pair;
  pair.add_game()->set_result("1-0");
  pair.add_game()->set_result("1/2-1/2");
  pair.set_pentanomial_index(3);  // as workers sent it then
  absl::StatusOr<ScoredPair> scored = ScorePair(pair);
  ASSERT_TRUE(scored.ok()) << scored.status();
  EXPECT_EQ(scored->pentanomial_index, 3);
  EXPECT_EQ(scored->game[1], proto::RESULT_DRAW);
  // The enum wins over the text when both are set.
  pair.mutable_game(1)->set_outcome(proto::RESULT_BLACK_WINS);
  pair.set_pentanomial_index(0);
  EXPECT_EQ(ScorePair(pair)->pentanomial_index, 4);
}

TEST(PairScore, MalformedPairsAreNamed) {
  proto::PairResult one_game;
  one_game.add_game()->set_outcome(proto::RESULT_DRAW);
  EXPECT_NE(ScorePair(one_game).status().message().find("two games"), absl::string_view::npos);

  proto::PairResult no_result = Pair(proto::RESULT_DRAW, proto::RESULT_UNSPECIFIED);
  EXPECT_NE(ScorePair(no_result).status().message().find("game 2: no result"),
            absl::string_view::npos)
      << ScorePair(no_result).status();
  no_result.mutable_game(1)->set_result("2-0");
  EXPECT_NE(ScorePair(no_result).status().message().find("'2-0'"), absl::string_view::npos);

  proto::PairResult lie = Pair(proto::RESULT_DRAW, proto::RESULT_DRAW);
  lie.set_pentanomial_index(4);
  EXPECT_EQ(ScorePair(lie).status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(ScorePair(lie).status().message().find("pentanomial_index 4"), absl::string_view::npos);
}

}  // namespace
}  // namespace gc9::coordinator::core
