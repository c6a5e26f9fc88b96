// How the command line shows an SPSA run: theta against its start with the current gains, the
// tuned values as a parameter file the engine loads, and the trajectory as an SVG plot.
#pragma once

#include <string>

#include "proto/coordinator.pb.h"

namespace gc9::coordinator::cli {

// "SPSA: iteration k ..., N pairs applied" and one row per parameter: start, theta, the
// change, c_k and R_k at the next dispatch.
std::string FormatSpsaStatus(const proto::SpsaStatus& spsa);
// The same as one JSON object: {"k", "applied", "pairs", "params": [{"name", "start",
// "theta", "min", "max", "c_k", "R_k"}]}.
std::string SpsaStatusToJson(const proto::SpsaStatus& spsa);
// `name,value` lines (Params::ApplyText's format, what `gc9 engine --params FILE` and the
// engines of a run configuration read) with theta rounded to the engine's integers.
std::string SpsaParamsFile(const proto::RunStatus& status);
// One small chart per parameter (each on its own scale, with its start as a flat
// reference line), two to a row, in one standalone SVG document.
std::string SpsaPlotSvg(const proto::RunStatus& status);

}  // namespace gc9::coordinator::cli
