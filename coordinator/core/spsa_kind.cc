#include "coordinator/core/spsa_kind.h"

#include <algorithm>
#include <random>
#include <utility>

#include "absl/strings/str_cat.h"
#include "coordinator/core/seed.h"

namespace gc9::coordinator::core {
namespace {

// Separates the flip stream from the pairs' seeds, which come from the same run seed.
constexpr uint64_t kFlipStream = 0x5350534100000000ULL;  // "SPSA"
constexpr int kMaxStatusPoints = 2000;

// Sets `name` among the engine's overrides, replacing an override of the same name.
void Override(proto::BuiltinEngine* engine, const std::string& name, double value) {
  for (proto::ParamOverride& param : *engine->mutable_param()) {
    if (param.name() == name) {
      param.set_value(value);
      return;
    }
  }
  proto::ParamOverride* param = engine->add_param();
  param->set_name(name);
  param->set_value(value);
}

// The engine under test is the plus engine.
spsa::PairOutcome OutcomeOf(const ScoredPair& scored) {
  spsa::PairOutcome outcome;
  outcome.wins = scored.wins;
  outcome.draws = scored.draws;
  outcome.losses = scored.losses;
  return outcome;
}

}  // namespace

absl::StatusOr<std::unique_ptr<RunKind>> SpsaKind::Create(const proto::RunConfig& config) {
  config::SpsaErrorSite site;
  absl::StatusOr<config::SpsaSetup> setup = config::ResolveSpsa(config.spsa(), &site);
  if (!setup.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("spsa.", site.field, ": ", setup.status().message()));
  }
  return std::unique_ptr<RunKind>(new SpsaKind(*std::move(setup), config.seed()));
}

SpsaKind::SpsaKind(config::SpsaSetup setup, uint64_t seed) : setup_(std::move(setup)), seed_(seed) {
  for (const spsa::SpsaParam& param : setup_.params) {
    gains_.push_back(spsa::GainsFor(param, setup_.schedule));
  }
  state_ = spsa::InitialState(setup_.params);
}

absl::Status SpsaKind::Restore(const std::string& state) {
  proto::SpsaRunState saved;
  if (!saved.ParseFromString(state)) return absl::DataLossError("unreadable SPSA state");
  if (saved.theta_size() != static_cast<int>(setup_.params.size())) {
    return absl::DataLossError(absl::StrCat("SPSA state holds ", saved.theta_size(), " values for ",
                                            setup_.params.size(), " parameters"));
  }
  state_.theta.assign(saved.theta().begin(), saved.theta().end());
  state_.iteration = saved.applied();
  next_k_ = saved.next_k();
  return absl::OkStatus();
}

void SpsaKind::RecoverPair(const proto::PairResult& pair, const ScoredPair&) {
  proto::SpsaPairRecord record;
  if (pair.kind_record().empty() || !record.ParseFromString(pair.kind_record())) return;
  proto::SpsaPoint& point = trajectory_.emplace_back();
  point.set_sequence(record.sequence());
  *point.mutable_theta() = record.theta();
  sorted_ = false;
}

std::string SpsaKind::SaveState() const {
  proto::SpsaRunState saved;
  for (double theta : state_.theta) saved.add_theta(theta);
  saved.set_next_k(next_k_);
  saved.set_applied(state_.iteration);
  return saved.SerializeAsString();
}

std::string SpsaKind::PrepareBatch(proto::Batch* batch) {
  spsa::PairDispatch dispatch;
  dispatch.k = next_k_;
  // fishtest's iteration counter advances by the pairs handed out, so that many workers at
  // once get ever smaller steps.
  next_k_ += std::max(1, batch->pair_size());
  // Seeded by k, which no two batches share: a run replays the same flips and roundings.
  std::mt19937_64 rng(MixSeed(seed_ ^ kFlipStream, dispatch.k));
  dispatch.flips = spsa::DrawFlips(setup_.params.size(), rng);
  absl::StatusOr<spsa::PairPoints> points =
      spsa::PerturbedPoints(setup_.params, setup_.schedule, state_.theta, dispatch);
  if (!points.ok()) return std::string();  // cannot happen: the shapes are ours
  auto uniform = [&rng] { return spsa::UniformUnit(rng); };
  const std::vector<int64_t> plus =
      spsa::RoundForIntegerEngine(setup_.params, points->plus, uniform);
  const std::vector<int64_t> minus =
      spsa::RoundForIntegerEngine(setup_.params, points->minus, uniform);

  proto::SpsaBatchState state;
  state.set_k(dispatch.k);
  proto::RunConfig* config = batch->mutable_config();
  for (size_t i = 0; i < setup_.params.size(); ++i) {
    const std::string& name = setup_.params[i].name;
    Override(config->mutable_engine()->mutable_builtin(), name, static_cast<double>(plus[i]));
    Override(config->mutable_baseline()->mutable_builtin(), name, static_cast<double>(minus[i]));
    const spsa::StepGains step = spsa::StepAt(gains_[i], setup_.schedule, dispatch.k);
    state.add_flip(dispatch.flips[i]);
    state.add_c_k(step.c_k);
    state.add_r_k(step.r_k);
    state.add_plus(plus[i]);
    state.add_minus(minus[i]);
  }
  return state.SerializeAsString();
}

void SpsaKind::CountPair(const std::string& batch_state, const ScoredPair& scored,
                         proto::PairResult* pair) {
  proto::SpsaBatchState state;
  // A pair without its batch's flips cannot say which way to move; it still counts as played.
  if (batch_state.empty() || !state.ParseFromString(batch_state)) return;
  spsa::PairDispatch dispatch;
  dispatch.k = state.k();
  dispatch.flips.assign(state.flip().begin(), state.flip().end());
  const spsa::PairOutcome outcome = OutcomeOf(scored);
  if (!spsa::ApplyPairResult(setup_.params, setup_.schedule, dispatch, outcome, &state_).ok()) {
    return;
  }
  proto::SpsaPairRecord record;
  record.set_sequence(state_.iteration);
  record.set_k(dispatch.k);
  record.set_result(outcome.wins - outcome.losses);
  for (double theta : state_.theta) record.add_theta(theta);
  *record.mutable_flip() = state.flip();
  pair->set_kind_record(record.SerializeAsString());
  proto::SpsaPoint& point = trajectory_.emplace_back();
  point.set_sequence(record.sequence());
  *point.mutable_theta() = record.theta();
}

proto::Decision SpsaKind::Decide(const PairTally& tally) const {
  return tally.counted >= tally.target ? proto::DECISION_COMPLETE : proto::DECISION_NONE;
}

void SpsaKind::FillStatus(const StatusOptions& options, proto::RunStatus* status) const {
  proto::SpsaStatus* spsa = status->mutable_spsa();
  spsa->set_next_k(next_k_);
  spsa->set_applied(state_.iteration);
  spsa->set_pairs(setup_.schedule.pairs);
  for (size_t i = 0; i < setup_.params.size(); ++i) {
    const spsa::SpsaParam& param = setup_.params[i];
    const spsa::StepGains step = spsa::StepAt(gains_[i], setup_.schedule, next_k_);
    proto::SpsaParamStatus* out = spsa->add_param();
    out->set_name(param.name);
    out->set_start(param.start);
    out->set_theta(state_.theta[i]);
    out->set_min(param.min);
    out->set_max(param.max);
    out->set_c_k(step.c_k);
    out->set_r_k(step.r_k);
  }
  if (!options.history) return;
  if (!sorted_) {
    std::sort(trajectory_.begin(), trajectory_.end(),
              [](const proto::SpsaPoint& a, const proto::SpsaPoint& b) {
                return a.sequence() < b.sequence();
              });
    sorted_ = true;
  }
  proto::SpsaPoint* first = spsa->add_trajectory();
  for (const spsa::SpsaParam& param : setup_.params) first->add_theta(param.start);
  // Thinned evenly, always ending at the latest point, so a reply stays small for long runs.
  const size_t count = trajectory_.size();
  const size_t stride = (count + kMaxStatusPoints - 1) / kMaxStatusPoints;
  for (size_t i = 0; i < count; ++i) {
    if ((count - 1 - i) % std::max<size_t>(1, stride) == 0)
      *spsa->add_trajectory() = trajectory_[i];
  }
}

}  // namespace gc9::coordinator::core
