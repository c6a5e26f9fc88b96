// Everything gc9 reports about one SPRT snapshot, computed once and rendered as
// fishtest-style status lines or as one JSON object.
#pragma once

#include <string>

#include "absl/status/statusor.h"
#include "coordinator/stats/elo.h"
#include "coordinator/stats/pentanomial.h"
#include "coordinator/stats/sprt.h"

namespace gc9::coordinator::stats {

struct Summary {
  Pentanomial pentanomial;
  SprtParams params;
  SprtResult sprt;
  EloEstimate elo;
  NormalizedEloEstimate nelo;
  double draw_ratio = 0;  // PentanomialDrawRatio
};

// InvalidArgument for bad counts or parameters (see ValidatePentanomial and
// ValidateSprtParams).
absl::StatusOr<Summary> Summarize(const Pentanomial& pentanomial, const SprtParams& params);

// The LLR, Elo, LOS, Games and Ptnml lines, each ending in a newline.
std::string SummaryToText(const Summary& summary);

// One line of JSON with keys llr, lower_bound, upper_bound, decision, elo0,
// elo1, alpha, beta, elo, elo_low, elo_high, los, nelo, nelo_low, nelo_high,
// draw_ratio, pairs, games and pentanomial (an array of the five counts).
std::string SummaryToJson(const Summary& summary);

}  // namespace gc9::coordinator::stats
