// From a batch's run configuration (proto) to the match library's plain settings.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "engine/variant.h"
#include "proto/coordinator.pb.h"
#include "worker/match/match.h"

namespace gc9::worker {

struct MatchSettings {
  std::shared_ptr<const engine::Variant> variant;
  EngineSpec engine;  // the engine under test: White in each pair's first game
  EngineSpec baseline;
  // side[0] the engine's, side[1] the baseline's: the run's, or an engine's own.
  SideTimeControls time_control;
  Adjudication adjudication;
};

// Where this worker keeps the binaries of a run's engines that are not installed on it: a
// revision's build, an uploaded engine file (engine_prep.h). Empty for the others.
struct EngineBinaries {
  std::string engine;
  std::string baseline;
};

// A revision or an engine file without its binary is an error (the engines are prepared first).
absl::StatusOr<MatchSettings> MatchSettingsFromConfig(const proto::RunConfig& config,
                                                      const EngineBinaries& binaries = {});
// gc9's own build plays in process; a revision's build is a UCI child with the parameter
// overrides as options (rounded to the engine's integers, as the built-in player does).
absl::StatusOr<EngineSpec> EngineSpecFromConfig(const proto::EngineConfig& engine,
                                                const std::string& binary = "");
// A run's or an engine's time control, checked as the match library checks it.
absl::StatusOr<TimeControl> TimeControlFromProto(const proto::TimeControl& tc);
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
