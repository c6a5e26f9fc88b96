#include "coordinator/stats/sprt.h"

#include <cmath>

#include "absl/strings/str_cat.h"
#include "coordinator/stats/distribution.h"
#include "coordinator/stats/elo.h"
#include "coordinator/stats/mle.h"

namespace gc9::coordinator::stats {

namespace {

absl::Status ValidateProbability(absl::string_view name, double value) {
  if (!(value > 0 && value < 1)) {
    return absl::InvalidArgumentError(absl::StrCat(name, " must be in (0, 1), got ", value));
  }
  return absl::OkStatus();
}

absl::Status ValidateBounds(double elo0, double elo1) {
  if (!std::isfinite(elo0) || !std::isfinite(elo1)) {
    return absl::InvalidArgumentError(
        absl::StrCat("elo0 and elo1 must be finite, got ", elo0, " and ", elo1));
  }
  if (!(elo0 < elo1)) {
    return absl::InvalidArgumentError(
        absl::StrCat("elo0 (", elo0, ") must be less than elo1 (", elo1, ")"));
  }
  return absl::OkStatus();
}

// LLRcalc.LLR: sum_i p_i log(pdf1_i / pdf0_i) over the observed distribution.
double MeanLogRatio(const Distribution& observed, const Distribution& pdf0,
                    const Distribution& pdf1) {
  double sum = 0;
  for (size_t i = 0; i < observed.probs.size(); ++i) {
    sum += observed.probs[i] * (std::log(pdf1.probs[i]) - std::log(pdf0.probs[i]));
  }
  return sum;
}

}  // namespace

absl::Status ValidateSprtParams(const SprtParams& params) {
  absl::Status status = ValidateBounds(params.elo0, params.elo1);
  if (!status.ok()) return status;
  return ComputeWaldBounds(params.alpha, params.beta).status();
}

absl::StatusOr<WaldBounds> ComputeWaldBounds(double alpha, double beta) {
  absl::Status status = ValidateProbability("alpha", alpha);
  if (!status.ok()) return status;
  status = ValidateProbability("beta", beta);
  if (!status.ok()) return status;
  if (!(alpha + beta < 1)) {
    return absl::InvalidArgumentError(
        absl::StrCat("alpha + beta must be less than 1, got ", alpha, " + ", beta));
  }
  return WaldBounds{std::log(beta / (1 - alpha)), std::log((1 - beta) / alpha)};
}

absl::StatusOr<double> NormalizedLlr(const Pentanomial& pentanomial, double nelo0, double nelo1) {
  absl::Status status = ValidatePentanomial(pentanomial);
  if (!status.ok()) return status;
  status = ValidateBounds(nelo0, nelo1);
  if (!status.ok()) return status;
  // MleWithTValue's first round starts from the uniform distribution (mean
  // 1/2), where t stdev (1 + z^2) / 2 >= |a - 1/2| for every score a once
  // |t| >= 1: all shifted scores share a sign and the secular equation has no
  // root. Fishtest fails an assert there; here it is a bad bound.
  const double max_nelo = kNeloPerT / std::sqrt(2.0);
  for (double nelo : {nelo0, nelo1}) {
    if (!(std::abs(nelo) < max_nelo)) {
      return absl::InvalidArgumentError(absl::StrCat("normalized Elo bound ", nelo,
                                                     " is out of reach: pentanomial bounds "
                                                     "must lie strictly within +-",
                                                     max_nelo, " (800 / ln 10 / sqrt 2)"));
    }
  }
  const double t0 = nelo0 / kNeloPerT * std::sqrt(2.0);
  const double t1 = nelo1 / kNeloPerT * std::sqrt(2.0);
  const Sample sample = ToSample(pentanomial.counts);
  absl::StatusOr<Distribution> pdf0 = MleWithTValue(sample.pdf, 0.5, t0);
  absl::StatusOr<Distribution> pdf1 = pdf0.ok() ? MleWithTValue(sample.pdf, 0.5, t1) : pdf0;
  if (!pdf1.ok()) {
    return absl::Status(pdf1.status().code(), absl::StrCat("normalized Elo bounds [", nelo0, ", ",
                                                           nelo1, "]: ", pdf1.status().message()));
  }
  return sample.total * MeanLogRatio(sample.pdf, *pdf0, *pdf1);
}

absl::StatusOr<double> LogisticLlr(const Pentanomial& pentanomial, double elo0, double elo1) {
  absl::Status status = ValidatePentanomial(pentanomial);
  if (!status.ok()) return status;
  status = ValidateBounds(elo0, elo1);
  if (!status.ok()) return status;
  const Sample sample = ToSample(pentanomial.counts);
  absl::StatusOr<Distribution> pdf0 = MleWithMean(sample.pdf, ScoreFromElo(elo0));
  if (!pdf0.ok()) return pdf0.status();
  absl::StatusOr<Distribution> pdf1 = MleWithMean(sample.pdf, ScoreFromElo(elo1));
  if (!pdf1.ok()) return pdf1.status();
  return sample.total * MeanLogRatio(sample.pdf, *pdf0, *pdf1);
}

absl::string_view SprtDecisionName(SprtDecision decision) {
  switch (decision) {
    case SprtDecision::kAcceptH1:
      return "accept H1";
    case SprtDecision::kAcceptH0:
      return "accept H0";
    case SprtDecision::kContinue:
      break;
  }
  return "continue";
}

absl::StatusOr<SprtResult> EvaluateSprt(const Pentanomial& pentanomial, const SprtParams& params) {
  absl::Status status = ValidateSprtParams(params);
  if (!status.ok()) return status;
  SprtResult result;
  result.bounds = *ComputeWaldBounds(params.alpha, params.beta);
  absl::StatusOr<double> llr = NormalizedLlr(pentanomial, params.elo0, params.elo1);
  if (!llr.ok()) return llr.status();
  result.llr = *llr;
  // update_SPRT's strict comparisons: "rejected" below the lower bound,
  // "accepted" above the upper one.
  if (result.llr < result.bounds.lower) {
    result.decision = SprtDecision::kAcceptH0;
  } else if (result.llr > result.bounds.upper) {
    result.decision = SprtDecision::kAcceptH1;
  }
  return result;
}

}  // namespace gc9::coordinator::stats
