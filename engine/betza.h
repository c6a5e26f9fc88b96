// Betza notation: parses a piece's move description into move atoms, plain data that
// variant.cc concludes into lookup tables.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace gc9::engine {

// One step vector of a move, from White's side: dx to the right, dy forward.
struct Step {
  int dx;
  int dy;
  bool operator==(const Step& o) const { return dx == o.dx && dy == o.dy; }
};

// One atom of a Betza description with its modifiers applied.
struct MoveAtom {
  std::vector<Step> steps;  // the step vectors left after the direction modifiers
  int range = 1;            // 1: a leap; 0: unlimited rider; n > 1: at most n steps
  bool quiet = true;        // may move to an empty square (no `c` alone)
  bool capture = true;      // may capture (no `m` alone)
  bool initial = false;     // `i`: only from the piece's initial ranks
  bool lame = false;        // `n`: a leap blocked by a piece on its path
  bool hopper = false;      // `p`: a rider that must jump exactly one piece
};

// Parses e.g. "QN", "mK", "fmWfcFifmnD", "W2", "NN", "mRcpR". The error names the
// offending character and its position.
absl::StatusOr<std::vector<MoveAtom>> ParseBetza(absl::string_view betza);

// The squares a lame leap passes over: along the longer axis first, then diagonally.
std::vector<Step> LamePath(Step step);

}  // namespace gc9::engine
