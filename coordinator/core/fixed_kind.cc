#include "coordinator/core/fixed_kind.h"

namespace gc9::coordinator::core {

proto::Decision FixedKind::Decide(const PairTally& tally) const {
  return tally.counted >= tally.target ? proto::DECISION_COMPLETE : proto::DECISION_NONE;
}

}  // namespace gc9::coordinator::core
