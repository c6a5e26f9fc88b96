// The update rule is fishtest's (server/fishtest/spsa_handler.py,
// __update_spsa_data, and spsa_workflow.py, apply_spsa_result_updates):
//   theta += R * c * (wins - losses) * flip
// with the gains of the iteration the work was handed out at, then clipped to
// [min, max]. fishtest applies a whole batch of pairs at once with one flip
// vector; gc9 applies each pair as it finishes, the same rule with a batch of
// one.
#include "coordinator/spsa/step.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"

namespace gc9::coordinator::spsa {
namespace {

absl::Status CheckShapes(const std::vector<SpsaParam>& params, const std::vector<double>& theta,
                         const PairDispatch& dispatch) {
  if (theta.size() != params.size()) {
    return absl::InvalidArgumentError(
        absl::StrCat("theta has ", theta.size(), " values for ", params.size(), " parameters"));
  }
  if (dispatch.flips.size() != params.size()) {
    return absl::InvalidArgumentError(absl::StrCat("dispatch has ", dispatch.flips.size(),
                                                   " flips for ", params.size(), " parameters"));
  }
  for (size_t i = 0; i < dispatch.flips.size(); ++i) {
    if (dispatch.flips[i] != 1 && dispatch.flips[i] != -1) {
      return absl::InvalidArgumentError(
          absl::StrCat("flip ", i, " is ", dispatch.flips[i], ", not +1 or -1"));
    }
  }
  if (dispatch.k < 0) {
    return absl::InvalidArgumentError(absl::StrCat("dispatch k is negative: ", dispatch.k));
  }
  return absl::OkStatus();
}

}  // namespace

SpsaState InitialState(const std::vector<SpsaParam>& params) {
  SpsaState state;
  state.theta.reserve(params.size());
  for (const SpsaParam& param : params) state.theta.push_back(param.start);
  return state;
}

std::vector<int> DrawFlips(size_t count, std::mt19937_64& rng) {
  std::vector<int> flips(count);
  for (int& flip : flips) flip = (rng() >> 63) ? 1 : -1;
  return flips;
}

double UniformUnit(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

PairDispatch DispatchPair(const SpsaState& state, size_t param_count, std::mt19937_64& rng) {
  PairDispatch dispatch;
  dispatch.k = state.iteration;
  dispatch.flips = DrawFlips(param_count, rng);
  return dispatch;
}

double Clip(const SpsaParam& param, double value) {
  return std::clamp(value, param.min, param.max);
}

absl::StatusOr<PairPoints> PerturbedPoints(const std::vector<SpsaParam>& params,
                                           const SpsaSchedule& schedule,
                                           const std::vector<double>& theta,
                                           const PairDispatch& dispatch) {
  if (absl::Status status = CheckShapes(params, theta, dispatch); !status.ok()) return status;
  PairPoints points;
  points.plus.reserve(params.size());
  points.minus.reserve(params.size());
  for (size_t i = 0; i < params.size(); ++i) {
    const double c_k = StepAt(GainsFor(params[i], schedule), schedule, dispatch.k).c_k;
    const double delta = c_k * dispatch.flips[i];
    points.plus.push_back(Clip(params[i], theta[i] + delta));
    points.minus.push_back(Clip(params[i], theta[i] - delta));
  }
  return points;
}

int64_t StochasticRound(double value, double u) {
  return static_cast<int64_t>(std::floor(value + u));
}

std::vector<int64_t> RoundForIntegerEngine(const std::vector<SpsaParam>& params,
                                           const std::vector<double>& values,
                                           absl::FunctionRef<double()> uniform) {
  std::vector<int64_t> rounded;
  rounded.reserve(values.size());
  for (size_t i = 0; i < values.size(); ++i) {
    int64_t value = StochasticRound(values[i], uniform());
    if (i < params.size()) {
      const double low = std::ceil(params[i].min);
      const double high = std::floor(params[i].max);
      // A range like [0.2, 0.8] holds no integer at all; such a value is left
      // unclamped.
      if (low <= high) {
        value = std::clamp(value, static_cast<int64_t>(low), static_cast<int64_t>(high));
      }
    }
    rounded.push_back(value);
  }
  return rounded;
}

double UpdatedTheta(const SpsaParam& param, double theta, const StepGains& step, int flip,
                    int64_t result) {
  return Clip(param, theta + step.r_k * step.c_k * static_cast<double>(result) * flip);
}

absl::Status ApplyPairResult(const std::vector<SpsaParam>& params, const SpsaSchedule& schedule,
                             const PairDispatch& dispatch, const PairOutcome& outcome,
                             SpsaState* state) {
  if (absl::Status status = CheckShapes(params, state->theta, dispatch); !status.ok()) {
    return status;
  }
  if (outcome.wins < 0 || outcome.draws < 0 || outcome.losses < 0 ||
      outcome.wins + outcome.draws + outcome.losses > 2) {
    return absl::InvalidArgumentError(absl::StrCat("a pair is at most two games, got ",
                                                   outcome.wins, " wins, ", outcome.draws,
                                                   " draws, ", outcome.losses, " losses"));
  }
  const int64_t result = outcome.wins - outcome.losses;
  for (size_t i = 0; i < params.size(); ++i) {
    const StepGains step = StepAt(GainsFor(params[i], schedule), schedule, dispatch.k);
    state->theta[i] = UpdatedTheta(params[i], state->theta[i], step, dispatch.flips[i], result);
  }
  ++state->iteration;
  return absl::OkStatus();
}

}  // namespace gc9::coordinator::spsa
