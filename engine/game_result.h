// How a game stands by the variant's rules: ongoing, or which end it has reached.
#pragma once

#include "absl/strings/string_view.h"
#include "engine/position.h"

namespace gc9::engine {

enum class GameEnd { kOngoing, kCheckmate, kShielded, kStalemate, kDead, kFifty, kRepetition };

struct GameResult {
  GameEnd end = GameEnd::kOngoing;
  bool decisive = false;  // only a checkmate decides a game
  Color winner = kWhite;  // meaningful when decisive
};

// The ends in the order of ../shared/spec: no legal move (checkmate, the shielded end,
// stalemate), then dead material, the fifty-move rule and repetition.
GameResult Adjudicate(Position& pos);
absl::string_view GameEndName(GameEnd end);
// Neither side can ever mate (the variant's dead-material rule).
bool IsDeadMaterial(const Position& pos);
// How many times the current position has occurred, counting this time.
int RepetitionCount(const Position& pos);

}  // namespace gc9::engine
