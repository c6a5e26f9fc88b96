// fishtest's SPSA gain schedule: how the perturbation c_k and learning rate R_k
// decay over a run of N game pairs, so that they reach each parameter's c_end
// and r_end at the last pair.
#pragma once

#include <cstdint>

#include "absl/status/statusor.h"
#include "coordinator/spsa/params.h"

namespace gc9::coordinator::spsa {

// fishtest's defaults (server/fishtest/spsa_workflow.py,
// _CLASSIC_SPSA_FORM_DEFAULTS), which are Spall's recommended exponents.
inline constexpr double kDefaultAlpha = 0.602;
inline constexpr double kDefaultGamma = 0.101;
// A as a fraction of the number of iterations.
inline constexpr double kDefaultStabilityRatio = 0.1;

struct SpsaSchedule {
  int64_t pairs = 0;  // N: one iteration per game pair
  // Spall's A, which keeps the first steps from being huge.
  double stability = 0;
  double alpha = kDefaultAlpha;
  double gamma = kDefaultGamma;
};

// Constants of one parameter for the whole run.
struct ParamGains {
  double c = 0;  // c = c_end * N^gamma
  double a = 0;  // a = r_end * c_end^2 * (A + N)^alpha
};

// Gains at one iteration k (0-based).
struct StepGains {
  double c_k = 0;  // c_k = c / (k + 1)^gamma
  double r_k = 0;  // R_k = a / (A + k + 1)^alpha / c_k^2
};

// The default schedule for a run of `pairs` game pairs: A = 0.1 * N, alpha
// 0.602, gamma 0.101. Fails unless pairs >= 1.
absl::StatusOr<SpsaSchedule> DefaultSchedule(int64_t pairs);

ParamGains GainsFor(const SpsaParam& param, const SpsaSchedule& schedule);

// Valid for any k >= 0; at k = N - 1 it gives back c_end and r_end (up to
// rounding).
StepGains StepAt(const ParamGains& gains, const SpsaSchedule& schedule, int64_t k);

}  // namespace gc9::coordinator::spsa
