// The SPRT kind: fishtest's pentanomial SPRT decides after every change of the counts, and
// the run stops undecided at max_pairs.
#pragma once

#include "coordinator/core/run_kind.h"
#include "coordinator/stats/sprt.h"

namespace gc9::coordinator::core {

class SprtKind : public RunKind {
 public:
  explicit SprtKind(const proto::RunConfig& config);
  proto::Decision Decide(const PairTally& tally) const override;
  // From the LLR's drift so far (LLR per pair), the pairs until it reaches the bound it heads
  // for, at most the pairs left to max_pairs.
  int64_t PairsLeft(const PairTally& tally) const override;

 private:
  stats::SprtParams params_;
};

}  // namespace gc9::coordinator::core
