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

// One way along a multi-leg move. The move needs every landing empty (the origin counts as
// empty); the legs themselves jump, and only the destination may hold a piece to capture.
struct LegPath {
  Step destination;            // the sum of the legs
  std::vector<Step> landings;  // where each leg but the last ends, from the origin, in order
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
  // `a`: legs chained through empty landing squares. `steps` then holds the distinct
  // destinations (range 1) and `paths` every way to reach them, so that the engine can open a
  // destination when any one of its paths is open.
  bool multi_leg = false;
  std::vector<LegPath> paths;  // filled for multi-leg atoms only
};

// Parses e.g. "QN", "mK", "fmWfcFifmnD", "W2", "NN", "mRcpR", "FafA", "mWasD". The error names the
// offending character and its position.
absl::StatusOr<std::vector<MoveAtom>> ParseBetza(absl::string_view betza);

// The squares a lame leap passes over: along the longer axis first, then diagonally.
std::vector<Step> LamePath(Step step);

}  // namespace gc9::engine
