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

// A finished game's score, whatever ended it (the rules, adjudication or a fault). Game
// records carry this and never the text, which only PGN writes.
enum class Outcome { kWhiteWins, kBlackWins, kDraw };

// "1-0", "0-1" or "1/2-1/2".
absl::string_view OutcomeText(Outcome outcome);
inline Outcome WinFor(Color winner) {
  return winner == kWhite ? Outcome::kWhiteWins : Outcome::kBlackWins;
}
// The score of a game the rules have ended (result.end is not kOngoing).
inline Outcome OutcomeOf(const GameResult& result) {
  return result.decisive ? WinFor(result.winner) : Outcome::kDraw;
}

}  // namespace gc9::engine
