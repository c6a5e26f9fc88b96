// A test position for the oracle comparisons: a FEN, the depth to count it to and the count
// Fairy-Stockfish 11.1 gave, kept in the test so a reader sees the figure.
#pragma once

#include <cstdint>
#include <ostream>

namespace gc9::oracle {

struct OraclePosition {
  const char* name;  // a gtest-safe name
  const char* fen;
  int depth;
  uint64_t fsf_total;  // FSF's perft at `depth`
};

// Lets gtest print a position by name rather than as raw bytes (failures give the FEN).
inline std::ostream& operator<<(std::ostream& os, const OraclePosition& p) {
  return os << p.name << " depth " << p.depth;
}

}  // namespace gc9::oracle
