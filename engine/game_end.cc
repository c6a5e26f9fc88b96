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

absl::string_view OutcomeText(Outcome outcome) {
  switch (outcome) {
    case Outcome::kWhiteWins:
      return "1-0";
    case Outcome::kBlackWins:
      return "0-1";
    case Outcome::kDraw:
      return "1/2-1/2";
  }
  return "1/2-1/2";
}

}  // namespace gc9::engine
