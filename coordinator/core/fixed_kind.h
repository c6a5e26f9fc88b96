// The fixed kind: play a given number of pairs, then stop.
#pragma once

#include "coordinator/core/run_kind.h"

namespace gc9::coordinator::core {

class FixedKind : public RunKind {
 public:
  proto::Decision Decide(const PairTally& tally) const override;
};

}  // namespace gc9::coordinator::core
