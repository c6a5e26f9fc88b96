// Resolving a placement study's configuration against its variant.
#include "coordinator/config/study_config.h"

#include <cmath>
#include <utility>

#include "absl/strings/str_cat.h"
#include "engine/variant_catalog.h"

namespace gc9::coordinator::config {
namespace {

absl::Status Fail(StudyErrorSite* site, std::string field, int index, absl::string_view reason) {
  site->field = std::move(field);
  site->index = index;
  return absl::InvalidArgumentError(reason);
}

}  // namespace

absl::StatusOr<study::DropRow> DropRowOf(const std::string& name, bool black) {
  absl::StatusOr<std::shared_ptr<const engine::Variant>> variant = engine::BuiltinVariant(name);
  if (!variant.ok()) return variant.status();
  if (!(*variant)->has_placement()) {
    return absl::InvalidArgumentError(
        absl::StrCat("variant '", name, "' has no placement phase to study"));
  }
  // The study's placements are two pawns on one rank (C(width, 2) of them); a region of
  // another shape would need another naming and index. Drop ranks are whole ranks, given in
  // White's view and mirrored for Black.
  const engine::RankSet ranks = (*variant)->drop_ranks();
  if (__builtin_popcount(ranks) != 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("variant '", name, "': ", black ? "Black" : "White",
                     "'s drop region is not one whole rank, which placement studies need"));
  }
  const int own_rank = __builtin_ctz(ranks);
  study::DropRow row{(*variant)->files(),
                     (*variant)->BoardRank(black ? engine::kBlack : engine::kWhite, own_rank) + 1};
  if (absl::Status valid = study::ValidateDropRow(row); !valid.ok()) return valid;
  return row;
}

absl::StatusOr<StudySetup> ResolveStudy(const proto::RunConfig& config, StudyErrorSite* site) {
  const proto::PlacementStudy& ps = config.placement_study();
  StudySetup setup;
  for (bool black : {false, true}) {
    absl::StatusOr<study::DropRow> row = DropRowOf(config.variant(), black);
    if (!row.ok()) {
      site->top_level = true;
      return Fail(site, "variant", -1, row.status().message());
    }
    (black ? setup.black_row : setup.white_row) = *row;
  }
  const int white_count = study::PlacementCount(setup.white_row.width);
  const int black_count = study::PlacementCount(setup.black_row.width);
  std::vector<int> whites;
  for (int i = 0; i < ps.white_size(); ++i) {
    absl::StatusOr<study::Placement> p = study::ParsePlacement(ps.white(i), setup.white_row);
    if (!p.ok()) return Fail(site, "white", i, p.status().message());
    whites.push_back(study::PlacementIndex(*p, setup.white_row.width));
  }
  if (whites.empty()) {
    for (int w = 0; w < white_count; ++w) whites.push_back(w);
  }
  switch (ps.replies()) {
    case proto::PlacementStudy::REPLIES_ALL:
      for (int w : whites) {
        for (int b = 0; b < black_count; ++b) setup.cells.push_back({w, b});
      }
      break;
    case proto::PlacementStudy::REPLIES_FIXED: {
      if (ps.black().empty()) return Fail(site, "black", -1, "REPLIES_FIXED needs Black's reply");
      absl::StatusOr<study::Placement> p = study::ParsePlacement(ps.black(), setup.black_row);
      if (!p.ok()) return Fail(site, "black", -1, p.status().message());
      const int b = study::PlacementIndex(*p, setup.black_row.width);
      for (int w : whites) setup.cells.push_back({w, b});
      break;
    }
    case proto::PlacementStudy::REPLIES_ENGINE:
      setup.engine_replies = true;
      for (int w : whites) setup.cells.push_back({w, 0});
      break;
    case proto::PlacementStudy::REPLIES_LISTED:
      if (ps.white_size() > 0) {
        return Fail(site, "white", 0, "REPLIES_LISTED takes its White placements from `cell`");
      }
      for (int i = 0; i < ps.cell_size(); ++i) {
        absl::StatusOr<study::Placement> w =
            study::ParsePlacement(ps.cell(i).white(), setup.white_row);
        if (!w.ok()) return Fail(site, "cell", i, w.status().message());
        absl::StatusOr<study::Placement> b =
            study::ParsePlacement(ps.cell(i).black(), setup.black_row);
        if (!b.ok()) return Fail(site, "cell", i, b.status().message());
        setup.cells.push_back({study::PlacementIndex(*w, setup.white_row.width),
                               study::PlacementIndex(*b, setup.black_row.width)});
      }
      if (setup.cells.empty()) return Fail(site, "cell", -1, "REPLIES_LISTED lists no cell");
      break;
    default:
      return Fail(site, "replies", -1, "unknown replies");
  }
  if (ps.replies() != proto::PlacementStudy::REPLIES_FIXED && !ps.black().empty()) {
    return Fail(site, "black", -1, "only REPLIES_FIXED takes a fixed Black reply");
  }
  if (ps.replies() != proto::PlacementStudy::REPLIES_LISTED && ps.cell_size() > 0) {
    return Fail(site, "cell", 0, "only REPLIES_LISTED takes cells");
  }

  study::AllocatorConfig& a = setup.allocator;
  a.allocation = ps.allocation() == proto::PlacementStudy::ALLOCATION_UNIFORM
                     ? study::Allocation::kUniform
                     : study::Allocation::kAdaptive;
  a.delta = ps.delta() == 0 ? 0.05 : ps.delta();
  a.epsilon = ps.epsilon();
  a.top_count = ps.top_count() == 0 ? 1 : ps.top_count();
  a.games_per_pick = 2;  // a pair: both games of one cell, colours swapped
  if (ps.budget_games() <= 0) return Fail(site, "budget_games", -1, "must be positive");
  a.budget = ps.budget_games() + ps.budget_games() % 2;
  if (ps.min_games_per_cell() < 0) return Fail(site, "min_games_per_cell", -1, "is negative");
  a.min_games_per_cell = ps.min_games_per_cell() == 0 ? 2 : ps.min_games_per_cell();
  a.stop_when_separated = !ps.play_whole_budget();
  absl::StatusOr<study::AllocatorState> state = study::NewAllocatorState(a, setup.cells);
  if (!state.ok()) {
    const std::string message(state.status().message());
    const char* field = message.find("top_count") != std::string::npos ? "top_count"
                        : message.find("delta") != std::string::npos   ? "delta"
                        : message.find("epsilon") != std::string::npos ? "epsilon"
                                                                       : "cell";
    return Fail(site, field, -1, message);
  }
  setup.node_jitter = ps.has_node_jitter() ? ps.node_jitter() : kDefaultNodeJitter;
  if (!(setup.node_jitter >= 0 && setup.node_jitter < 1)) {
    return Fail(site, "node_jitter", -1, "must be in [0, 1)");
  }
  if (!config.time_control().has_nodes()) setup.node_jitter = 0;
  return setup;
}

}  // namespace gc9::coordinator::config
