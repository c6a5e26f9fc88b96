// Static exchange evaluation: what a move wins once both sides have captured on its
// destination for as long as it pays, each with its least valuable piece. The search orders
// losing captures last and prunes them where they cannot matter.
#pragma once

#include "engine/eval.h"
#include "engine/position.h"
#include "engine/types.h"

namespace gc9::engine::GC9_BOARD {

// Whether the exchange that `m` starts wins at least `threshold` centipawns for the mover
// (middlegame values). Moves other than plain moves (promotions, en passant, drops, castling,
// passes) count as winning nothing. An uncapturable piece (the Charioteer) is never taken back;
// a king captures last, only when nothing recaptures. Pins are ignored.
bool SeeGe(const Position& pos, const Evaluator& eval, Move m, int threshold);

}  // namespace gc9::engine::GC9_BOARD
