// Fishtest's pentanomial SPRT: the generalized log-likelihood ratio of H1
// (elo = elo1) against H0 (elo = elo0) and Wald's stopping bounds
// (server/fishtest/stats/LLRcalc.py and stat_util.py: SPRT, update_SPRT).
#pragma once

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "coordinator/stats/pentanomial.h"

namespace gc9::coordinator::stats {

// Fishtest's defaults: elo_model "normalized", alpha = beta = 0.05.
struct SprtParams {
  double elo0 = 0;  // H0, in normalized Elo
  double elo1 = 2;  // H1, in normalized Elo
  double alpha = 0.05;
  double beta = 0.05;
};

// InvalidArgument naming the problem: non-finite or unordered bounds, alpha or
// beta outside (0, 1), or alpha + beta >= 1 (the bounds would cross).
absl::Status ValidateSprtParams(const SprtParams& params);

struct WaldBounds {
  double lower = 0;  // log(beta / (1 - alpha)): accept H0 below it
  double upper = 0;  // log((1 - beta) / alpha): accept H1 above it
};
absl::StatusOr<WaldBounds> ComputeWaldBounds(double alpha, double beta);

// Fishtest's LLRcalc.LLR_normalized for a pentanomial: nelo0 and nelo1 become
// t-values (nelo / (800 / ln 10), times sqrt 2 since one pair is two games),
// and the LLR is the pair count times the mean log-ratio of the two t-value
// constrained MLEs (MleWithTValue, ref 1/2) over the regularized sample.
// Bounds must lie strictly within +-800 / ln 10 / sqrt 2 (about 245.67, a
// t-value of 1 per pair), beyond which the MLE has no solution.
absl::StatusOr<double> NormalizedLlr(const Pentanomial& pentanomial, double nelo0, double nelo1);

// Fishtest's LLRcalc.LLR_logistic: the same with the mean score constrained
// to L(elo) = 1 / (1 + 10^(-elo / 400)), elo0 and elo1 in logistic Elo. Not
// the default model; kept because old fishtest runs (bounds in braces) used it.
absl::StatusOr<double> LogisticLlr(const Pentanomial& pentanomial, double elo0, double elo1);

enum class SprtDecision { kContinue, kAcceptH0, kAcceptH1 };

// "accept H1", "accept H0" or "continue".
absl::string_view SprtDecisionName(SprtDecision decision);

struct SprtResult {
  double llr = 0;
  WaldBounds bounds;
  SprtDecision decision = SprtDecision::kContinue;
};

// The LLR and the stop decision of update_SPRT. Fishtest shifts the bounds by
// an overshoot estimate gathered over the run's batch history; a single
// snapshot has no history, so this compares with the plain Wald bounds (what
// fishtest does before its first batch).
absl::StatusOr<SprtResult> EvaluateSprt(const Pentanomial& pentanomial, const SprtParams& params);

}  // namespace gc9::coordinator::stats
