// gc9's perft divide beside Fairy-Stockfish's: the same keys (UCI text) and a report of the
// first moves where the two generators part, for the oracle tests.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>

#include "engine/position.h"
#include "gtest/gtest.h"
#include "tests/oracle/fairy_stockfish.h"

namespace gc9::oracle {

// A move to leave out of the whole tree (used where FSF lacks a piece gc9 can promote to).
using MoveFilter = std::function<bool(const engine::Position&, engine::Move)>;

// gc9's divide keyed by UCI move text. Without a filter it is the engine's own PerftDivide,
// which is what these tests prove; with one, a plain recursive count that skips the moves.
std::map<std::string, uint64_t> Gc9Divide(engine::Position& pos, int depth,
                                          const MoveFilter& skip = nullptr);

// Success when both divides list the same moves with the same counts; otherwise the FEN, both
// totals and the first differing moves (missing on one side, or counted differently).
::testing::AssertionResult SameDivide(const std::string& fen,
                                      const std::map<std::string, uint64_t>& gc9,
                                      const PerftResult& fsf);

// The board (with any holdings, "[]" dropped) and the side to move of a FEN: the fields both
// programs write alike. En passant is left out because gc9 writes the square only when the
// capture is legal and FSF 11.1 whenever a pawn attacks it.
std::string BoardAndSide(const std::string& fen);

}  // namespace gc9::oracle
