// The schedule follows fishtest's classic SPSA:
// server/fishtest/spsa_workflow.py (parse_spsa_params computes c and a;
// build_spsa_worker_step computes c_k and R_k with iter_local = iter + 1) and
// server/fishtest/spsa_handler.py (_generate_data, same formulas).
//
// One difference: fishtest stores A = int(0.1 * num_games / 2), truncating to
// an integer (build_spsa_state). gc9 keeps A = 0.1 * N unrounded, as the
// project's issue specifies; the two agree whenever N is a multiple of 10.
#include "coordinator/spsa/schedule.h"

#include <cmath>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace gc9::coordinator::spsa {

absl::StatusOr<SpsaSchedule> DefaultSchedule(int64_t pairs) {
  if (pairs < 1) {
    return absl::InvalidArgumentError(absl::StrCat("pairs must be >= 1, got ", pairs));
  }
  SpsaSchedule schedule;
  schedule.pairs = pairs;
  schedule.stability = kDefaultStabilityRatio * static_cast<double>(pairs);
  return schedule;
}

ParamGains GainsFor(const SpsaParam& param, const SpsaSchedule& schedule) {
  const double n = static_cast<double>(schedule.pairs);
  ParamGains gains;
  gains.c = param.c_end * std::pow(n, schedule.gamma);
  gains.a =
      param.r_end * param.c_end * param.c_end * std::pow(schedule.stability + n, schedule.alpha);
  return gains;
}

StepGains StepAt(const ParamGains& gains, const SpsaSchedule& schedule, int64_t k) {
  // fishtest counts from 1 here ("iter_local = iter + 1") so that k = 0 has a
  // finite c_k.
  const double iteration = static_cast<double>(k) + 1.0;
  StepGains step;
  step.c_k = gains.c / std::pow(iteration, schedule.gamma);
  step.r_k =
      gains.a / std::pow(schedule.stability + iteration, schedule.alpha) / (step.c_k * step.c_k);
  return step;
}

}  // namespace gc9::coordinator::spsa
