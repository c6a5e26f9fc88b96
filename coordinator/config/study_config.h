// The `placement_study` run kind as a run configuration gives it: the variant's drop ranks,
// the cells the allocator plays and its settings, with the defaults filled in.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "coordinator/study/allocator.h"
#include "coordinator/study/placement.h"
#include "proto/run.pb.h"

namespace gc9::coordinator::config {

inline constexpr double kDefaultNodeJitter = 0.25;

struct StudySetup {
  study::DropRow white_row;
  study::DropRow black_row;
  // The allocator's cells. When Black's engine chooses (engine_replies) there is one per
  // White placement, with black 0 standing for "whatever the engine dropped".
  std::vector<study::StudyCell> cells;
  bool engine_replies = false;
  study::AllocatorConfig allocator;
  double node_jitter = kDefaultNodeJitter;  // 0 unless the time control is a node limit
};

// Where in `placement_study { ... }` (or the config) an error is: a field and its index.
struct StudyErrorSite {
  std::string field;
  int index = -1;
  bool top_level = false;  // `field` is a RunConfig field, not one of placement_study
};

// The drop ranks of a variant whose placement phase drops onto one whole rank a side.
absl::StatusOr<study::DropRow> DropRowOf(const std::string& variant, bool black);

absl::StatusOr<StudySetup> ResolveStudy(const proto::RunConfig& config, StudyErrorSite* site);

}  // namespace gc9::coordinator::config
