// Seeded random games played with gc9's generator, with the perft divide of every tenth
// position compared against Fairy-Stockfish's: positions nobody would compose (odd promotions,
// kings walking out, castling and en passant in the middle game).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tests/oracle/fairy_stockfish.h"

namespace gc9::oracle {

struct RandomWalkSpec {
  std::string variant;              // gc9's variant name
  std::vector<std::string> starts;  // game i starts from starts[i % size]
  uint64_t seed = 1;
  int games = 10;
  int depth = 2;
  size_t min_samples = 1;  // games that end early sample less; most run the full length
};

// Adds a gtest failure for each mismatch (the first five), naming the game that reached it.
void RandomWalk(const FairyStockfish& fsf, const RandomWalkSpec& spec);

}  // namespace gc9::oracle
