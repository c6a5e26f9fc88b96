// Standard Algebraic Notation for every concluded variant, so that PGN can carry SAN moves
// (Nbxd7, exd6, e9=Q, P@c3, O-O, O-O-Oc, --) instead of UCI text.
#pragma once

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/position.h"
#include "engine/types.h"

namespace gc9::engine::GC9_BOARD {

// The SAN of a legal move of pos, with '+' or '#' when it checks or mates the opponent. It
// makes and unmakes moves to decide disambiguation and the suffix; pos is unchanged.
std::string MoveToSan(Position& pos, Move m);

// The legal move whose SAN is `san`. Trailing '+', '#', '!' and '?' are ignored on both sides,
// and castling may be written with zeros (0-0, 0-0-0c). The error names the text and the FEN.
absl::StatusOr<Move> ParseSan(Position& pos, absl::string_view san);

}  // namespace gc9::engine::GC9_BOARD
