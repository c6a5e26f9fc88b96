#include "worker/client/match_settings.h"

#include <cmath>

#include "absl/strings/str_cat.h"
#include "common/status_macros.h"
#include "engine/variant_catalog.h"
#include "worker/client/random_opening.h"

namespace gc9::worker {
namespace {

proto::GameResult ResultToProto(engine::Outcome outcome) {
  switch (outcome) {
    case engine::Outcome::kWhiteWins:
      return proto::RESULT_WHITE_WINS;
    case engine::Outcome::kBlackWins:
      return proto::RESULT_BLACK_WINS;
    case engine::Outcome::kDraw:
      return proto::RESULT_DRAW;
  }
  return proto::RESULT_UNSPECIFIED;
}

}  // namespace

absl::StatusOr<EngineSpec> EngineSpecFromConfig(const proto::EngineConfig& engine,
                                                const std::string& binary) {
  EngineSpec spec;
  spec.name = engine.name();
  const bool revision = engine.has_builtin() && !engine.builtin().revision().empty();
  const bool uploaded = engine.has_external() && !engine.external().file().empty();
  if ((revision || uploaded) && binary.empty()) {
    return absl::FailedPreconditionError(
        absl::StrCat("engine '", engine.name(), "': ",
                     revision ? absl::StrCat("revision ", engine.builtin().revision())
                              : absl::StrCat("file ", engine.external().file()),
                     " has no binary on this worker yet"));
  }
  if (engine.has_external()) {
    spec.kind = EngineSpec::kExternal;
    spec.path = uploaded ? binary : engine.external().path();
    spec.args.assign(engine.external().arg().begin(), engine.external().arg().end());
    for (const proto::UciOption& option : engine.external().option()) {
      spec.uci_options.emplace_back(option.name(), option.value());
    }
  } else if (revision) {
    spec.kind = EngineSpec::kExternal;
    spec.path = binary;
    if (spec.name.empty())
      spec.name = absl::StrCat("gc9 ", engine.builtin().commit().substr(0, 12));
    for (const proto::ParamOverride& param : engine.builtin().param()) {
      spec.uci_options.emplace_back(param.name(), absl::StrCat(std::lround(param.value())));
    }
  } else {
    spec.kind = EngineSpec::kBuiltin;
    for (const proto::ParamOverride& param : engine.builtin().param()) {
      spec.params.emplace_back(param.name(), param.value());
    }
  }
  return spec;
}

Opening OpeningFromProto(const proto::OpeningPosition& opening) {
  Opening out;
  out.fen = opening.fen();
  out.moves.assign(opening.move().begin(), opening.move().end());
  return out;
}

absl::StatusOr<Opening> PairOpening(const proto::RunConfig& config,
                                    const proto::PairAssignment& pair) {
  if (pair.has_opening() || !config.openings().has_random()) {
    return OpeningFromProto(pair.opening());
  }
  absl::StatusOr<proto::OpeningPosition> random =
      RandomOpening(config.variant(), config.openings().random().plies(), pair.seed());
  if (!random.ok()) return random.status();
  return OpeningFromProto(*random);
}

std::array<int64_t, 2> GameNodes(const proto::PairAssignment& pair) {
  if (pair.game_nodes_size() != 2) return {0, 0};
  return {pair.game_nodes(0), pair.game_nodes(1)};
}

absl::StatusOr<TimeControl> TimeControlFromProto(const proto::TimeControl& tc) {
  TimeControl out;
  switch (tc.limit_case()) {
    case proto::TimeControl::kNodes:
      out.nodes = tc.nodes();
      break;
    case proto::TimeControl::kDepth:
      out.depth = tc.depth();
      break;
    case proto::TimeControl::kMovetimeMs:
      out.movetime_ms = tc.movetime_ms();
      break;
    case proto::TimeControl::kClock:
      out.base_ms = tc.clock().base_ms();
      out.increment_ms = tc.clock().increment_ms();
      break;
    case proto::TimeControl::LIMIT_NOT_SET:
      break;
  }
  if (tc.margin_ms() > 0) out.margin_ms = tc.margin_ms();
  RETURN_IF_ERROR(ValidateTimeControl(out));
  return out;
}

absl::StatusOr<MatchSettings> MatchSettingsFromConfig(const proto::RunConfig& config,
                                                      const EngineBinaries& binaries) {
  MatchSettings settings;
  absl::StatusOr<std::shared_ptr<const engine::Variant>> variant =
      engine::BuiltinVariant(config.variant());
  if (!variant.ok()) return variant.status();
  settings.variant = *variant;
  absl::StatusOr<EngineSpec> engine = EngineSpecFromConfig(config.engine(), binaries.engine);
  if (!engine.ok()) return engine.status();
  absl::StatusOr<EngineSpec> baseline = EngineSpecFromConfig(config.baseline(), binaries.baseline);
  if (!baseline.ok()) return baseline.status();
  settings.engine = *std::move(engine);
  settings.baseline = *std::move(baseline);
  if (settings.engine.name.empty()) settings.engine.name = "engine";
  if (settings.baseline.name.empty()) settings.baseline.name = "baseline";
  ASSIGN_OR_RETURN(const TimeControl run_tc, TimeControlFromProto(config.time_control()));
  settings.time_control = SideTimeControls(run_tc);
  if (config.engine().has_time_control()) {
    ASSIGN_OR_RETURN(settings.time_control.side[0],
                     TimeControlFromProto(config.engine().time_control()));
  }
  if (config.baseline().has_time_control()) {
    ASSIGN_OR_RETURN(settings.time_control.side[1],
                     TimeControlFromProto(config.baseline().time_control()));
  }
  const proto::Adjudication& adj = config.adjudication();
  settings.adjudication.max_plies = adj.max_plies();
  settings.adjudication.draw_move_number = adj.draw_move_number();
  settings.adjudication.draw_score_cp = adj.draw_score_cp();
  settings.adjudication.draw_plies = adj.draw_plies();
  settings.adjudication.resign_score_cp = adj.resign_score_cp();
  settings.adjudication.resign_plies = adj.resign_plies();
  return settings;
}

proto::PairResult PairResultFromRecord(const proto::Batch& batch, int64_t pair_index,
                                       const PairRecord& record, bool with_pgn) {
  proto::PairResult pair;
  pair.set_run_id(batch.run_id());
  pair.set_batch_id(batch.batch_id());
  pair.set_pair_index(pair_index);
  // The coordinator scores the pair from its games; the pentanomial index is not sent.
  for (const GameRecord& game : record.games) {
    proto::GameSummary* summary = pair.add_game();
    summary->set_outcome(ResultToProto(game.result));
    summary->set_reason(game.reason);
    summary->set_plies(static_cast<int>(game.moves.size()));
    // The placement phase comes first: every drop until the first ordinary move.
    for (const std::string& move : game.moves) {
      if (move.find('@') == std::string::npos) break;
      summary->add_drop(move);
    }
    if (with_pgn) pair.add_pgn(game.pgn);
  }
  return pair;
}

}  // namespace gc9::worker
