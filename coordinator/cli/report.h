// How the command line shows a run: a header line and fishtest's status lines (from the
// stats library), as text or as one JSON object.
#pragma once

#include <string>

#include "absl/strings/string_view.h"
#include "proto/coordinator.pb.h"

namespace gc9::coordinator::cli {

absl::string_view RunStateName(proto::RunState state);
absl::string_view DecisionName(proto::Decision decision);

// "Run 3 'name': finished (accept H1), 120 of at most 2000 pairs", then for an SPRT the LLR
// line, then Elo, LOS, Games (real W/L/D of the engine under test) and Ptnml lines.
std::string FormatRunStatus(const proto::RunStatus& status);
// One line per run, for `gc9 status` without a run.
std::string FormatRunLine(const proto::RunStatus& status);
// One JSON object: run_id, name, kind, state, decision, wins, losses, draws, reasons, and
// the stats library's summary under "stats" (SPRT bounds of the run, or fishtest's defaults
// for a fixed run, whose LLR then means nothing; null for an spsa run, whose theta and gains
// are under "spsa" instead).
std::string RunStatusToJson(const proto::RunStatus& status);

}  // namespace gc9::coordinator::cli
