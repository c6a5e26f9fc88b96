#include "engine/game_end.h"

namespace gc9::engine {

absl::string_view GameEndName(GameEnd end) {
  switch (end) {
    case GameEnd::kOngoing:
      return "ongoing";
    case GameEnd::kCheckmate:
      return "checkmate";
    case GameEnd::kShielded:
      return "shielded";
    case GameEnd::kStalemate:
      return "stalemate";
    case GameEnd::kDead:
      return "dead";
    case GameEnd::kFifty:
      return "fifty";
    case GameEnd::kRepetition:
      return "repetition";
  }
  return "ongoing";
}

}  // namespace gc9::engine
