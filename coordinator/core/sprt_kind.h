// The SPRT kind: fishtest's pentanomial SPRT decides after every change of the counts, and
// the run stops undecided at max_pairs.
#pragma once

#include "coordinator/core/run_kind.h"
#include "coordinator/stats/sprt.h"

namespace gc9::coordinator::core {

class SprtKind : public RunKind {
 public:
  explicit SprtKind(const proto::Sprt& sprt);
  proto::Decision Decide(const PairTally& tally) const override;

 private:
  stats::SprtParams params_;
};

}  // namespace gc9::coordinator::core
