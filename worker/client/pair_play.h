// One assigned pair as the coordinator asked for it: PlayPair, or, when the assignment gives
// each game its own node limit (placement studies), the two games with those limits.
#pragma once

#include "absl/status/statusor.h"
#include "proto/coordinator.pb.h"
#include "worker/client/match_settings.h"
#include "worker/match/match.h"

namespace gc9::worker {

absl::StatusOr<PairRecord> PlayAssignment(const MatchSettings& settings,
                                          const proto::RunConfig& config,
                                          const proto::PairAssignment& assignment, Player& engine_a,
                                          Player& engine_b, const MatchContext& context);

}  // namespace gc9::worker
