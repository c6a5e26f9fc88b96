// How the command line shows a placement study: its status lines, the report files of
// `gc9 study report`, and the comparison of the engine's own placement with the study.
#pragma once

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "coordinator/study/ranking.h"
#include "proto/coordinator.pb.h"

namespace gc9::coordinator::cli {

// Progress (games of the budget), whether the leaders are separated, and the best `limit`
// White placements with the allocator's simultaneous bounds and Black's best reply.
std::string FormatStudyStatus(const proto::PlacementStudyStatus& study, int limit = 10);

study::StudyTable StudyTableOf(const proto::PlacementStudyStatus& study);

// What the built-in engine itself drops: White's two pawns from the start position and
// Black's two in answer to `white` (a placement index), searched with the run's engine
// parameters and time control (a clock becomes a fortieth of its base per move).
struct EngineChoice {
  int white = -1;
  int black_reply = -1;
  int reply_to = -1;  // the White placement Black answered
  std::string limit;  // e.g. "nodes=4000"
};
absl::StatusOr<EngineChoice> AskEngineForPlacement(const proto::RunConfig& config, int reply_to);

// The engine's White placement's rank and interval in the study's ranking, and its Black
// reply to the study's best White placement against the study's best reply.
std::string FormatEngineComparison(const EngineChoice& choice,
                                   const proto::PlacementStudyStatus& study, double confidence);

// The files of study::WriteStudyReport plus engine.txt (the comparison) into `directory`;
// the engine is asked only when the run's engine is the built-in one. Returns the text of
// ranking.txt and engine.txt for printing.
absl::StatusOr<std::string> WriteStudyResults(const proto::RunStatus& status,
                                              const std::string& directory);

}  // namespace gc9::coordinator::cli
