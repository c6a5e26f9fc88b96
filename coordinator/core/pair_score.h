// The score of a game pair, from the one place that reads a game's result: the core scores
// every reported and every stored pair here and hands the run kinds the scored pair, so no
// kind reads results itself.
#pragma once

#include <array>

#include "absl/status/statusor.h"
#include "proto/coordinator.pb.h"

namespace gc9::coordinator::core {

// A pair from the engine under test's view: it is White in game 0 and Black in game 1.
struct ScoredPair {
  // Each game's result: RESULT_WHITE_WINS, RESULT_BLACK_WINS or RESULT_DRAW.
  std::array<proto::GameResult, 2> game{};
  int wins = 0;  // games the engine under test won, drew and lost
  int draws = 0;
  int losses = 0;
  // Its half points over the pair, which is fishtest's pentanomial bin: 0 = LL, 1 = LD,
  // 2 = DD or WL, 3 = WD, 4 = WW.
  int pentanomial_index = 0;
};

// A game's result: `outcome`, or for games stored before it existed the `result` text.
// RESULT_UNSPECIFIED when neither says.
proto::GameResult ResultOf(const proto::GameSummary& game);

// Scores `pair`, or says what is wrong with it: not two games, a game without a result, or a
// pentanomial_index (sent by workers before the coordinator derived it) that its games
// contradict.
absl::StatusOr<ScoredPair> ScorePair(const proto::PairResult& pair);

}  // namespace gc9::coordinator::core
