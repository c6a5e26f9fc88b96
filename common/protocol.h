// The version of the protocol between workers and the coordinator (proto/coordinator.proto's
// WorkerService and what its messages mean). A worker sends it at Register and a coordinator
// that speaks another refuses the worker, naming both, instead of letting two builds
// misunderstand each other's batches. Raise it whenever a worker of the old version would
// play or report a batch wrongly; a field that old workers may safely ignore does not need it.
#pragma once

#include <cstdint>

namespace gc9::common {

// 0: before RegisterRequest.protocol_version existed. 1: failures, refusals, releases and
// engine artifacts (issue 11).
inline constexpr int32_t kProtocolVersion = 1;

}  // namespace gc9::common
