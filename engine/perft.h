// Perft: the count of move sequences of a given length, bulk-counted at the last ply.
// It counts sequences only and ignores draws by rule, as Fairy-Stockfish does.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/position.h"

namespace gc9::engine::GC9_BOARD {

uint64_t Perft(Position& pos, int depth);
// The count below each legal root move, in generation order.
std::vector<std::pair<Move, uint64_t>> PerftDivide(Position& pos, int depth);

}  // namespace gc9::engine::GC9_BOARD
