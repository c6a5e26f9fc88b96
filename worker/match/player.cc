#include "worker/match/player.h"

namespace gc9::worker {

absl::string_view FaultName(PlayerMove::Fault fault) {
  switch (fault) {
    case PlayerMove::kNone:
      return "none";
    case PlayerMove::kCrash:
      return "crash";
    case PlayerMove::kTimeLoss:
      return "time-loss";
    case PlayerMove::kProtocolError:
      return "protocol-error";
  }
  return "none";
}

}  // namespace gc9::worker
