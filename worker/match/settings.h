// The plain settings of a match, as the worker hands them over from a run's configuration:
// time control, adjudication, the engines and the openings. No protobuf here on purpose, so
// the match library can be tested and reused without the wire format.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"

namespace gc9::worker {

// Exactly one style is set (nonzero): nodes per move, depth, a fixed time per move, or a
// clock (base_ms, with an optional increment_ms added after every move).
struct TimeControl {
  int64_t nodes = 0;
  int depth = 0;
  int64_t movetime_ms = 0;
  int64_t base_ms = 0;
  int64_t increment_ms = 0;

  // How long past its own budget (the clock or movetime) an engine may take before it has
  // lost on time: engines overshoot by a few milliseconds when the machine is busy.
  int64_t margin_ms = 100;
  // For nodes and depth limits, which have no clock: a generous wall-time cap after which a
  // silent engine counts as having lost on time.
  int64_t untimed_timeout_ms = 60000;

  bool is_clock() const { return base_ms > 0; }
  bool operator==(const TimeControl& other) const;
};

// The time controls of two sides: by colour in a game (side[0] White), by engine in a pair
// (side[0] engine A, whichever colour it has). Both sides share one unless a run gives an
// engine its own (EngineConfig.time_control), as the odds ladder against a stronger engine
// does; a single TimeControl converts to both sides having it.
struct SideTimeControls {
  SideTimeControls() = default;
  SideTimeControls(const TimeControl& both) : side{both, both} {}  // NOLINT(runtime/explicit)
  SideTimeControls(const TimeControl& first, const TimeControl& second) : side{first, second} {}

  bool shared() const { return side[0] == side[1]; }

  TimeControl side[2];
};

// Rejects a time control that sets no style or more than one.
absl::Status ValidateTimeControl(const TimeControl& tc);
// The PGN TimeControl tag: "base+increment" in seconds for a clock, and "-" for the limits PGN
// has no syntax for (nodes, depth, movetime), which DescribeTimeControl spells out instead.
std::string TimeControlTag(const TimeControl& tc);
// A short human description: "nodes=2000", "depth=8", "movetime=100ms", "10+0.1".
std::string DescribeTimeControl(const TimeControl& tc);

// Every threshold is 0 = off. Scores are the engines' own `score cp` reports; as in cutechess,
// both engines must agree before a game is adjudicated.
struct Adjudication {
  int max_plies = 0;         // draw ("max-length") at this many plies, the opening's included
  int draw_move_number = 0;  // draw adjudication starts at this full move number
  int draw_score_cp = 0;     // |score| <= this, from both engines ...
  int draw_plies = 0;        // ... for this many consecutive plies
  int resign_score_cp = 0;   // the loser sees <= -this and the winner >= this ...
  int resign_plies = 0;      // ... for this many consecutive plies
};

struct EngineSpec {
  enum Kind { kBuiltin, kExternal };

  std::string name;  // the PGN name; defaults to the path's file name or "gc9"
  Kind kind = kBuiltin;
  std::string path;               // kExternal: the executable
  std::vector<std::string> args;  // kExternal: command-line arguments
  std::vector<std::pair<std::string, std::string>> uci_options;  // kExternal: setoption
  std::vector<std::pair<std::string, double>> params;            // kBuiltin: parameter overrides
};

// Where a game starts: a FEN (empty: the variant's start) and moves played from it before the
// engines take over. For TheGrandChess9 the moves may be the four placement drops, or empty so
// that the engines place their own pawns.
struct Opening {
  std::string fen;
  std::vector<std::string> moves;
};

}  // namespace gc9::worker
