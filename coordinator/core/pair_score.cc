#include "coordinator/core/pair_score.h"

#include "absl/strings/str_cat.h"

namespace gc9::coordinator::core {
namespace {

// Half points White scored.
int WhitePointsX2(proto::GameResult result) {
  return result == proto::RESULT_WHITE_WINS ? 2 : result == proto::RESULT_DRAW ? 1 : 0;
}

}  // namespace

proto::GameResult ResultOf(const proto::GameSummary& game) {
  if (game.outcome() != proto::RESULT_UNSPECIFIED) return game.outcome();
  if (game.result() == "1-0") return proto::RESULT_WHITE_WINS;
  if (game.result() == "0-1") return proto::RESULT_BLACK_WINS;
  if (game.result() == "1/2-1/2") return proto::RESULT_DRAW;
  return proto::RESULT_UNSPECIFIED;
}

absl::StatusOr<ScoredPair> ScorePair(const proto::PairResult& pair) {
  if (pair.game_size() != 2) {
    return absl::InvalidArgumentError(absl::StrCat("a pair has two games, not ", pair.game_size()));
  }
  ScoredPair scored;
  for (int g = 0; g < 2; ++g) {
    const proto::GameResult result = ResultOf(pair.game(g));
    // An enum value from a newer sender is as unknown as a missing one.
    if (result != proto::RESULT_WHITE_WINS && result != proto::RESULT_BLACK_WINS &&
        result != proto::RESULT_DRAW) {
      return absl::InvalidArgumentError(absl::StrCat(
          "game ", g + 1, ": no result (outcome ", pair.game(g).outcome(), ", result '",
          pair.game(g).result(), "'; a game result is 1-0, 0-1 or 1/2-1/2)"));
    }
    scored.game[g] = result;
    // The engine under test is White in game 0 and Black in game 1.
    const int mine = g == 0 ? WhitePointsX2(result) : 2 - WhitePointsX2(result);
    scored.wins += mine == 2;
    scored.draws += mine == 1;
    scored.losses += mine == 0;
    scored.pentanomial_index += mine;
  }
  // Workers once sent the index; proto3 does not send a 0, so only a nonzero one is checked.
  if (pair.pentanomial_index() != 0 && pair.pentanomial_index() != scored.pentanomial_index) {
    return absl::InvalidArgumentError(absl::StrCat("pentanomial_index ", pair.pentanomial_index(),
                                                   " does not match the games' results"));
  }
  return scored;
}

}  // namespace gc9::coordinator::core
