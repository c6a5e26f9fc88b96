#include "coordinator/core/sprt_kind.h"

#include <algorithm>
#include <cmath>

#include "coordinator/config/run_config.h"

namespace gc9::coordinator::core {

SprtKind::SprtKind(const proto::RunConfig& config) : params_(config::SprtParamsOf(config)) {}

proto::Decision SprtKind::Decide(const PairTally& tally) const {
  stats::Pentanomial pentanomial;
  pentanomial.counts = tally.pentanomial;
  absl::StatusOr<stats::SprtResult> sprt = stats::EvaluateSprt(pentanomial, params_);
  if (sprt.ok() && sprt->decision == stats::SprtDecision::kAcceptH0) {
    return proto::DECISION_ACCEPT_H0;
  }
  if (sprt.ok() && sprt->decision == stats::SprtDecision::kAcceptH1) {
    return proto::DECISION_ACCEPT_H1;
  }
  return tally.counted >= tally.target ? proto::DECISION_MAX_PAIRS : proto::DECISION_NONE;
}

int64_t SprtKind::PairsLeft(const PairTally& tally) const {
  const int64_t to_max = RunKind::PairsLeft(tally);
  stats::Pentanomial pentanomial;
  pentanomial.counts = tally.pentanomial;
  absl::StatusOr<stats::SprtResult> sprt = stats::EvaluateSprt(pentanomial, params_);
  if (tally.counted == 0 || !sprt.ok() || sprt->llr == 0) return to_max;
  // The LLR grows about linearly in the pairs while the Elo difference holds, so at the drift
  // seen so far it needs (bound - LLR) / drift more: a forecast, as fishtest shows it.
  const double drift = sprt->llr / static_cast<double>(tally.counted);
  const double bound = sprt->llr > 0 ? sprt->bounds.upper : sprt->bounds.lower;
  const double left = std::ceil((bound - sprt->llr) / drift);
  if (!(left >= 0)) return 0;
  return std::min<int64_t>(to_max, static_cast<int64_t>(std::min(left, 1e15)));
}

}  // namespace gc9::coordinator::core
