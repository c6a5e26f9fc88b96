// Random openings, drawn in the worker rather than on the coordinator's only thread: a run with
// `openings.random` sends no opening with its pairs, and each pair's seed chooses the moves, so
// a replayed pair plays the same games.
#pragma once

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "proto/run.pb.h"

namespace gc9::worker {

// `plies` random legal moves from the variant's start position, chosen by `seed` (fewer if a
// game ends first); a multi-move variant's entry is a whole turn. The same seed gives the same
// opening.
absl::StatusOr<proto::OpeningPosition> RandomOpening(const std::string& variant, int plies,
                                                     uint64_t seed);

}  // namespace gc9::worker
