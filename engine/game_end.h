// How a game stands by its variant's rules, as every board build and the geometry-free API
// report it.
#pragma once

#include "absl/strings/string_view.h"
#include "engine/types.h"

namespace gc9::engine {

enum class GameEnd { kOngoing, kCheckmate, kShielded, kStalemate, kDead, kFifty, kRepetition };

struct GameResult {
  GameEnd end = GameEnd::kOngoing;
  bool decisive = false;  // a checkmate, or a stalemate where it loses
  Color winner = kWhite;  // meaningful when decisive
};

absl::string_view GameEndName(GameEnd end);

}  // namespace gc9::engine
