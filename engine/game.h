// A game of any variant, whatever board build plays it: the position and its history, moves
// as UCI text, SAN, legal moves and how the game stands. The worker, the coordinator and the
// UCI front end see games only through this interface; engine/board_game.cc implements it
// once per board build.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/game_end.h"
#include "engine/variant.h"

namespace gc9::engine {

class Game {
 public:
  // The game of `variant` at its start position, or the start position's error.
  static absl::StatusOr<std::unique_ptr<Game>> New(std::shared_ptr<const Variant> variant);
  virtual ~Game() = default;
  virtual std::unique_ptr<Game> Clone() const = 0;

  virtual const std::shared_ptr<const Variant>& variant() const = 0;
  // Replaces the position by a FEN or "startpos"; on error the game is unchanged.
  virtual absl::Status SetFen(absl::string_view fen) = 0;
  virtual std::string Fen() const = 0;
  virtual Color side_to_move() const = 0;
  virtual int fullmove() const = 0;
  virtual bool HandEmpty(Color c) const = 0;
  // The moves made so far in the side to move's multi-move turn (0 at a turn's start).
  virtual int turn_moves() const = 0;

  // Plays a ply ("e2e4", "P@c3", "0000") or, in a multi-move variant, a whole turn: its moves
  // joined by commas ("d2d4,j1k3"), after which the turn must be over or end (an implicit
  // 0000). The error names the move and why it is illegal; the game is unchanged then.
  virtual absl::Status Play(absl::string_view text) = 0;
  // Play, then the pass that closes a turn a lone move left open, as every entry of a game's
  // record must be a whole turn. Returns the entry: the text, with ",0000" where it closed one.
  absl::StatusOr<std::string> PlayTurn(absl::string_view text);
  virtual void Undo() = 0;  // takes back the last ply
  // The SAN of a ply or turn that Play would accept (its moves joined by commas), not played.
  virtual absl::StatusOr<std::string> San(absl::string_view text) = 0;
  // The UCI text of the legal move whose SAN is `san` (one ply).
  virtual absl::StatusOr<std::string> ParseSan(absl::string_view san) = 0;
  // Every legal ply as UCI text, in generation order.
  virtual std::vector<std::string> LegalMoves() = 0;
  // How the game stands by the rules (ongoing in the middle of a multi-move turn).
  virtual GameResult Result() = 0;
  virtual std::vector<std::pair<std::string, uint64_t>> PerftDivide(int depth) = 0;
  // The board as text with the FEN and the result: UCI's `d`.
  virtual std::string Diagram() = 0;
};

// The text of a whole turn from its plies, joined by commas. Play closes a turn of two or more
// moves itself, so a closing pass after them is left out; after a lone move it stays, since a
// lone move is a single ply ("d2d4,0000").
std::string TurnText(std::vector<std::string> plies);

}  // namespace gc9::engine
