// Legal move generation for every concluded variant of this board build, and the UCI move
// text.
#pragma once

#include <string>

#include "absl/strings/string_view.h"
#include "engine/position.h"

namespace gc9::engine::GC9_BOARD {

// Enough for any position of the supported boards (the most seen is about 300).
inline constexpr int kMaxMoves = 1024;

struct MoveList {
  Move moves[kMaxMoves];
  int size = 0;
  void Add(Move m) { moves[size++] = m; }
  const Move* begin() const { return moves; }
  const Move* end() const { return moves + size; }
  bool Contains(Move m) const;
};

// kCaptures: only captures (en passant included) and promotions, for the quiescence search.
enum class GenMode { kAll, kCaptures };

// The legal moves of the mode. It may make and unmake moves to test them; the position is
// unchanged. In a multi-move turn the moves are those of the turn's next ply, the pass that
// ends the turn among them once a move has been made.
void GenerateLegal(Position& pos, MoveList* list, GenMode mode = GenMode::kAll);

std::string MoveToUci(const Position& pos, Move m);
// The legal move that `text` names, or an error saying why there is none.
absl::StatusOr<Move> ParseUciMove(Position& pos, absl::string_view text);

}  // namespace gc9::engine::GC9_BOARD
