// From a batch's run configuration (proto) to the match library's plain settings.
#pragma once

#include <array>
#include <cstdint>
#include <memory>

#include "absl/status/statusor.h"
#include "engine/variant.h"
#include "proto/coordinator.pb.h"
#include "worker/match/match.h"

namespace gc9::worker {

struct MatchSettings {
  std::shared_ptr<const engine::Variant> variant;
  EngineSpec engine;  // the engine under test: White in each pair's first game
  EngineSpec baseline;
  TimeControl time_control;
  Adjudication adjudication;
};

absl::StatusOr<MatchSettings> MatchSettingsFromConfig(const proto::RunConfig& config);
EngineSpec EngineSpecFromConfig(const proto::EngineConfig& engine);
Opening OpeningFromProto(const proto::OpeningPosition& opening);
// Where a pair's games start: the pair's own opening; else, for a run with random openings,
// one drawn from the pair's seed; else the variant's start position.
absl::StatusOr<Opening> PairOpening(const proto::RunConfig& config,
                                    const proto::PairAssignment& pair);

// Each game's node limit, when the pair gives one (PlayPair's `game_nodes`), else zeros.
std::array<int64_t, 2> GameNodes(const proto::PairAssignment& pair);

// The report of one played pair.
proto::PairResult PairResultFromRecord(const proto::Batch& batch, int64_t pair_index,
                                       const PairRecord& record, bool with_pgn);

}  // namespace gc9::worker
