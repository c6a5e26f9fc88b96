#include "coordinator/cli/study_report.h"

#include <cmath>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "common/status_macros.h"
#include "coordinator/config/study_config.h"
#include "coordinator/report/text_file.h"
#include "coordinator/study/placement.h"
#include "coordinator/study/report.h"
#include "engine/engine.h"

namespace gc9::coordinator::cli {
namespace {

study::DropRow WhiteRow(const proto::PlacementStudyStatus& s) {
  return study::DropRow{s.width(), s.white_rank()};
}
study::DropRow BlackRow(const proto::PlacementStudyStatus& s) {
  return study::DropRow{s.width(), s.black_rank()};
}

std::string BlackName(int index, const proto::PlacementStudyStatus& s) {
  return index < 0 ? "-" : study::PlacementNameAt(index, BlackRow(s));
}

// Two drops searched from the position after `moves`, appended to them.
absl::Status SearchDrops(engine::Engine& engine, const engine::SearchLimits& limits,
                         std::vector<std::string>& moves) {
  for (int i = 0; i < 2; ++i) {
    if (absl::Status set = engine.SetPosition("startpos", moves); !set.ok()) return set;
    absl::StatusOr<engine::SearchResult> result = engine.Search(limits);
    if (!result.ok()) return result.status();
    if (result->best_uci.find('@') == std::string::npos) {
      return absl::InternalError(
          absl::StrCat("the engine played ", result->best_uci, " where a drop was due"));
    }
    moves.push_back(result->best_uci);
  }
  return absl::OkStatus();
}

// The placement index of two drops on `row`.
absl::StatusOr<int> PlacementOfDrops(const std::string& a, const std::string& b,
                                     const study::DropRow& row) {
  absl::StatusOr<study::Placement> placement = study::ParsePlacement(
      absl::StrCat(a.substr(a.find('@') + 1), "+", b.substr(b.find('@') + 1)), row);
  if (!placement.ok()) return placement.status();
  return study::PlacementIndex(*placement, row.width);
}

}  // namespace

std::string FormatStudyStatus(const proto::PlacementStudyStatus& s, int limit) {
  std::string text =
      absl::StrFormat("Placement study: %d of %d games (%d in flight); leaders %s at delta %g\n",
                      s.games(), s.budget_games(), s.in_flight(),
                      s.separated() ? "separated" : "not yet separated", s.delta());
  if (s.width() == 0) return text;
  absl::StrAppend(&text, "rank  white      value  simultaneous bounds  best reply   games\n");
  for (int i = 0; i < s.row_size() && i < limit; ++i) {
    const proto::StudyRowStatus& row = s.row(i);
    absl::StrAppend(&text, absl::StrFormat("%4d  %-9s %.3f   [%.3f, %.3f]       %-9s %7d\n", i + 1,
                                           study::PlacementNameAt(row.white(), WhiteRow(s)),
                                           row.value(), row.lower(), row.upper(),
                                           BlackName(row.best_reply(), s), row.games()));
  }
  return text;
}

study::StudyTable StudyTableOf(const proto::PlacementStudyStatus& s) {
  study::StudyTable table;
  table.white_row = WhiteRow(s);
  table.black_row = BlackRow(s);
  for (const proto::StudyCellRecord& cell : s.cell()) {
    table.cells.push_back({cell.white(), cell.black()});
    table.results.push_back({cell.wins(), cell.draws(), cell.losses()});
  }
  return table;
}

absl::StatusOr<EngineChoice> AskEngineForPlacement(const proto::RunConfig& config, int reply_to) {
  if (!config.engine().has_builtin()) {
    return absl::FailedPreconditionError("the study's engine is not the built-in one");
  }
  absl::StatusOr<study::DropRow> white_row = config::DropRowOf(config.variant(), false);
  if (!white_row.ok()) return white_row.status();
  absl::StatusOr<study::DropRow> black_row = config::DropRowOf(config.variant(), true);
  if (!black_row.ok()) return black_row.status();
  engine::Engine engine;
  if (absl::Status set = engine.SetVariant(config.variant()); !set.ok()) return set;
  for (const proto::ParamOverride& param : config.engine().builtin().param()) {
    absl::Status set = engine.SetParameter(param.name(), param.value());
    if (!set.ok()) return set;
  }
  engine::SearchLimits limits;
  EngineChoice choice;
  const proto::TimeControl& tc = config.time_control();
  if (tc.has_nodes()) {
    limits.nodes = static_cast<uint64_t>(tc.nodes());
    choice.limit = absl::StrCat("nodes=", tc.nodes());
  } else if (tc.has_depth()) {
    limits.depth = tc.depth();
    choice.limit = absl::StrCat("depth=", tc.depth());
  } else {
    limits.movetime_ms =
        tc.has_movetime_ms() ? tc.movetime_ms() : std::max<int64_t>(1, tc.clock().base_ms() / 40);
    choice.limit = absl::StrCat("movetime=", limits.movetime_ms, "ms");
  }
  std::vector<std::string> moves;
  if (absl::Status searched = SearchDrops(engine, limits, moves); !searched.ok()) return searched;
  ASSIGN_OR_RETURN(choice.white, PlacementOfDrops(moves[0], moves[1], *white_row));
  if (reply_to >= 0) {
    ASSIGN_OR_RETURN(study::Placement white, study::PlacementFromIndex(reply_to, white_row->width));
    std::vector<std::string> after;
    for (const std::string& drop : study::DropMoves(white, white_row->rank)) after.push_back(drop);
    if (absl::Status searched = SearchDrops(engine, limits, after); !searched.ok()) {
      return searched;
    }
    ASSIGN_OR_RETURN(choice.black_reply, PlacementOfDrops(after[2], after[3], *black_row));
    choice.reply_to = reply_to;
  }
  return choice;
}

std::string FormatEngineComparison(const EngineChoice& choice, const proto::PlacementStudyStatus& s,
                                   double confidence) {
  const study::StudyTable table = StudyTableOf(s);
  const std::vector<study::PlacementRank> ranks = study::RankWhitePlacements(table, confidence);
  const int percent = static_cast<int>(std::lround(confidence * 100));
  std::string text = absl::StrFormat("The engine's own placement (%s):\n", choice.limit);
  const std::string white = study::PlacementNameAt(choice.white, table.white_row);
  const study::PlacementRank* found = nullptr;
  for (const study::PlacementRank& rank : ranks) {
    if (rank.white == choice.white) found = &rank;
  }
  if (found == nullptr) {
    absl::StrAppend(&text, "  White drops ", white, ", which the study did not play.\n");
  } else {
    absl::StrAppend(
        &text, absl::StrFormat("  White drops %s: rank %d of %d by worst case, %.3f [%.3f, %.3f] "
                               "(%d%%); rank %d by average, %.3f.\n",
                               white, found->rank_worst, ranks.size(), found->worst,
                               found->worst_interval.low, found->worst_interval.high, percent,
                               found->rank_average, found->average));
  }
  if (!ranks.empty()) {
    const study::PlacementRank& best = ranks.front();
    absl::StrAppend(&text,
                    absl::StrFormat("  The study's best White placement is %s, %.3f "
                                    "[%.3f, %.3f].\n",
                                    study::PlacementNameAt(best.white, table.white_row), best.worst,
                                    best.worst_interval.low, best.worst_interval.high));
  }
  if (choice.reply_to >= 0) {
    const std::string to = study::PlacementNameAt(choice.reply_to, table.white_row);
    const std::string reply = study::PlacementNameAt(choice.black_reply, table.black_row);
    absl::StrAppend(&text, "  Against ", to, " Black drops ", reply);
    const double z = study::ZForConfidence(confidence);
    bool studied = false;
    for (size_t c = 0; c < table.cells.size(); ++c) {
      if (table.cells[c].white != choice.reply_to || table.cells[c].black != choice.black_reply) {
        continue;
      }
      const study::Interval interval = study::WilsonInterval(table.results[c], z);
      absl::StrAppend(&text, absl::StrFormat(": White scores %.3f [%.3f, %.3f] there in %d games",
                                             study::Score(table.results[c]), interval.low,
                                             interval.high, study::Games(table.results[c])));
      studied = true;
    }
    if (!studied) absl::StrAppend(&text, ", a cell the study did not play");
    for (const study::PlacementRank& rank : ranks) {
      if (rank.white != choice.reply_to || rank.best_reply < 0) continue;
      absl::StrAppend(
          &text,
          absl::StrFormat("; the study's best reply is %s (%.3f for White)",
                          study::PlacementNameAt(rank.best_reply, table.black_row), rank.worst));
    }
    absl::StrAppend(&text, ".\n");
  }
  return text;
}

absl::StatusOr<std::string> WriteStudyResults(const proto::RunStatus& status,
                                              const std::string& directory) {
  const proto::PlacementStudyStatus& s = status.placement_study();
  const study::StudyTable table = StudyTableOf(s);
  study::StudyReportOptions options;
  options.title = status.name().empty() ? "Placement study" : status.name();
  RETURN_IF_ERROR(study::WriteStudyReport(table, options, directory));
  const std::vector<study::PlacementRank> ranks =
      study::RankWhitePlacements(table, options.confidence);
  std::string text = study::FormatRanking(ranks, table, options.confidence, 10);
  const int best = s.row_size() > 0 ? s.row(0).white() : -1;
  absl::StatusOr<EngineChoice> choice = AskEngineForPlacement(status.config(), best);
  const std::string comparison =
      choice.ok() ? FormatEngineComparison(*choice, s, options.confidence)
                  : absl::StrCat("The engine's own placement: ", choice.status().message(), "\n");
  RETURN_IF_ERROR(report::WriteTextFile(directory + "/engine.txt", comparison));
  return absl::StrCat(text, "\n", comparison);
}

}  // namespace gc9::coordinator::cli
