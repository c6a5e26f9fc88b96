// One SPSA iteration: perturb theta into the two engines of a game pair, then
// move theta by the pair's result. Free functions over plain data; the caller
// owns state and randomness.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "coordinator/spsa/params.h"
#include "coordinator/spsa/schedule.h"

namespace gc9::coordinator::spsa {

struct SpsaState {
  std::vector<double> theta;  // one value per parameter, in file order
  int64_t iteration = 0;      // game pairs finished so far, as fishtest's "iter"
};

// A pair handed to a worker. `k` is the iteration when it was sent out: its
// result must be applied with that k's gains, however many other pairs finished
// in between.
struct PairDispatch {
  int64_t k = 0;
  std::vector<int> flips;  // +1 or -1 per parameter
};

// The two engines of a pair, each clipped to [min, max]:
// plus = theta + c_k * flip and minus = theta - c_k * flip.
struct PairPoints {
  std::vector<double> plus;
  std::vector<double> minus;
};

// The finished pair seen from the plus engine.
struct PairOutcome {
  int wins = 0;
  int draws = 0;
  int losses = 0;
};

SpsaState InitialState(const std::vector<SpsaParam>& params);

// Uses only the raw 64-bit output of the engine, never a std:: distribution,
// because the distributions' algorithms differ between standard libraries and a
// seeded run must replay the same everywhere.
std::vector<int> DrawFlips(size_t count, std::mt19937_64& rng);
// Uniform in [0, 1) from the top 53 bits.
double UniformUnit(std::mt19937_64& rng);

// k is the current iteration; flips are fresh.
PairDispatch DispatchPair(const SpsaState& state, size_t param_count, std::mt19937_64& rng);

double Clip(const SpsaParam& param, double value);

// Fails unless theta and flips have one entry per parameter, every flip is +1
// or -1 and k >= 0.
absl::StatusOr<PairPoints> PerturbedPoints(const std::vector<SpsaParam>& params,
                                           const SpsaSchedule& schedule,
                                           const std::vector<double>& theta,
                                           const PairDispatch& dispatch);

// floor(value + u) for u uniform in [0, 1): rounds up with probability
// frac(value), so the expected engine value equals the real one and small steps
// of theta still show in the games. This is fishtest's former 'randomized'
// rounding (server/fishtest/rundb.py).
int64_t StochasticRound(double value, double u);

// Rounds each clipped value for an engine with integer options, then keeps it
// inside [ceil(min), floor(max)] so that a fractional bound cannot round out of
// range.
std::vector<int64_t> RoundForIntegerEngine(const std::vector<SpsaParam>& params,
                                           const std::vector<double>& values,
                                           absl::FunctionRef<double()> uniform);

// theta + R_k * c_k * result * flip, clipped, where result is the plus
// engine's wins - losses.
double UpdatedTheta(const SpsaParam& param, double theta, const StepGains& step, int flip,
                    int64_t result);

// Applies a finished pair: every theta moves by UpdatedTheta with the gains of
// dispatch.k, and the iteration counter advances by one. Fails, leaving the
// state alone, on size mismatches, bad flips, negative counts or more than two
// games.
absl::Status ApplyPairResult(const std::vector<SpsaParam>& params, const SpsaSchedule& schedule,
                             const PairDispatch& dispatch, const PairOutcome& outcome,
                             SpsaState* state);

}  // namespace gc9::coordinator::spsa
