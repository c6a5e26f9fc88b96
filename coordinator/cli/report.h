// How the command line shows a run: a header line and fishtest's status lines (from the
// stats library), as text or as one JSON object.
#pragma once

#include <string>

#include "absl/strings/string_view.h"
#include "proto/coordinator.pb.h"

namespace gc9::coordinator::cli {

absl::string_view RunStateName(proto::RunState state);
absl::string_view DecisionName(proto::Decision decision);
// "engine missing", "build failed", ...; FailureKindId: "engine_missing", for JSON.
absl::string_view FailureKindName(proto::FailureKind kind);
std::string FailureKindId(proto::FailureKind kind);

// "Run 3 'name': finished (accept H1), 120 of at most 2000 pairs", then the failures (a
// failed run's all, with their details; a running run's last few), then for an SPRT the LLR
// line, then Elo, LOS, Games (real W/L/D of the engine under test) and Ptnml lines.
std::string FormatRunStatus(const proto::RunStatus& status);
// One line per run, for `gc9 status` without a run: state, pairs, leased pairs, failures,
// and while it runs its rate and time remaining ("12.5 pairs/min, ETA 3m20s").
std::string FormatRunLine(const proto::RunStatus& status);
// One JSON object: run_id, name, kind, state, decision, wins, losses, draws, reasons,
// pairs_per_minute, eta_seconds (0: unknown), failures (the count) and failure (the most
// recent, oldest first), and the stats library's summary under "stats" (SPRT bounds of the
// run, or fishtest's defaults for a fixed run, whose LLR then means nothing; null for an spsa
// run, whose theta and gains are under "spsa" instead).
std::string RunStatusToJson(const proto::RunStatus& status);

// "engine missing, engine 'x': cannot execute /x: No such file or directory".
std::string FailureReason(const proto::FailureRecord& failure);
// "worker 3: " and its reason and, with `with_detail`, the detail's lines indented below.
std::string FormatFailure(const proto::FailureRecord& failure, bool with_detail);
std::string FailureToJson(const proto::FailureRecord& failure);

// "45s", "3m20s", "2h05m", "3d04h".
std::string FormatDuration(double seconds);
// `text` as a JSON string, quoted and escaped.
std::string JsonString(absl::string_view text);

}  // namespace gc9::coordinator::cli
