#include "coordinator/core/sprt_kind.h"

namespace gc9::coordinator::core {

SprtKind::SprtKind(const proto::Sprt& sprt) {
  params_.elo0 = sprt.elo0();
  params_.elo1 = sprt.elo1();
  params_.alpha = sprt.alpha() > 0 ? sprt.alpha() : 0.05;
  params_.beta = sprt.beta() > 0 ? sprt.beta() : 0.05;
}

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

}  // namespace gc9::coordinator::core
