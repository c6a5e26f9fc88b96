// SPSA on a synthetic match must find a known optimum.
//
// The match: each parameter i costs ((x_i - optimum_i) / scale_i)^2 Elo,
// summed, so the engines' strength is a quadratic bowl around the optimum. A
// game between the plus and minus engines is drawn with probability 0.4;
// otherwise the plus engine wins with the logistic Elo probability 1 / (1 +
// 10^(-(cost(minus) - cost(plus)) / 400)). Two of the three parameters are
// integer engine options, so the engines see stochastically rounded values.
// Sixteen pairs are in flight at once, so results arrive with the gains of an
// older k, as they do with real workers.
#include <cmath>
#include <cstdint>
#include <deque>
#include <random>
#include <vector>

#include "coordinator/spsa/params.h"
#include "coordinator/spsa/schedule.h"
#include "coordinator/spsa/step.h"
#include "gtest/gtest.h"

namespace gc9::coordinator::spsa {
namespace {

constexpr int64_t kPairs = 20000;
constexpr int kInFlight = 16;
constexpr double kDrawRate = 0.4;
// Every parameter must end within this fraction of its [min, max] range of the
// optimum.
constexpr double kToleranceOfRange = 0.03;

struct Target {
  SpsaParam param;
  double optimum;
  double scale;  // distance from the optimum that costs 1 Elo
  bool integer;
};

const std::vector<Target>& Targets() {
  static const std::vector<Target>* const targets = new std::vector<Target>{
      {{"KnightMobility", 50, 0, 100, 4, 0.002}, 70, 2, true},
      {{"KingSafety", -20, -100, 100, 10, 0.002}, 15, 4, true},
      {{"Reduction", 0.5, 0, 2, 0.08, 0.002}, 1.2, 0.04, false},
  };
  return *targets;
}

double EloCost(const std::vector<double>& values) {
  double cost = 0;
  for (size_t i = 0; i < values.size(); ++i) {
    const double offset = (values[i] - Targets()[i].optimum) / Targets()[i].scale;
    cost += offset * offset;
  }
  return cost;
}

// What the engine actually plays with: integer options get stochastic rounding.
std::vector<double> EngineValues(const std::vector<SpsaParam>& params,
                                 const std::vector<double>& point, std::mt19937_64& rng) {
  const std::vector<int64_t> rounded =
      RoundForIntegerEngine(params, point, [&rng] { return UniformUnit(rng); });
  std::vector<double> values = point;
  for (size_t i = 0; i < values.size(); ++i) {
    if (Targets()[i].integer) values[i] = static_cast<double>(rounded[i]);
  }
  return values;
}

PairOutcome PlayPair(const std::vector<SpsaParam>& params, const PairPoints& points,
                     std::mt19937_64& rng) {
  const double elo_gain = EloCost(EngineValues(params, points.minus, rng)) -
                          EloCost(EngineValues(params, points.plus, rng));
  const double score = 1.0 / (1.0 + std::pow(10.0, -elo_gain / 400.0));
  PairOutcome outcome;
  for (int game = 0; game < 2; ++game) {
    const double u = UniformUnit(rng);
    if (u < (1 - kDrawRate) * score) {
      ++outcome.wins;
    } else if (u < 1 - kDrawRate) {
      ++outcome.losses;
    } else {
      ++outcome.draws;
    }
  }
  return outcome;
}

std::vector<double> Tune(uint64_t seed) {
  std::vector<SpsaParam> params;
  for (const Target& target : Targets()) params.push_back(target.param);
  const SpsaSchedule schedule = *DefaultSchedule(kPairs);
  SpsaState state = InitialState(params);
  std::mt19937_64 rng(seed);

  // Pairs finish in the order they were sent; a new one goes out as each result
  // comes in.
  std::deque<PairDispatch> in_flight;
  int64_t dispatched = 0;
  auto dispatch_one = [&] {
    in_flight.push_back(DispatchPair(state, params.size(), rng));
    ++dispatched;
  };
  while (dispatched < kInFlight) dispatch_one();
  while (!in_flight.empty()) {
    const PairDispatch dispatch = in_flight.front();
    in_flight.pop_front();
    absl::StatusOr<PairPoints> points = PerturbedPoints(params, schedule, state.theta, dispatch);
    EXPECT_TRUE(points.ok()) << points.status();
    const PairOutcome outcome = PlayPair(params, *points, rng);
    EXPECT_TRUE(ApplyPairResult(params, schedule, dispatch, outcome, &state).ok());
    if (dispatched < kPairs) dispatch_one();
  }
  EXPECT_EQ(state.iteration, kPairs);
  return state.theta;
}

class SpsaConvergence : public ::testing::TestWithParam<uint64_t> {};

TEST_P(SpsaConvergence, ReachesTheOptimum) {
  const std::vector<double> theta = Tune(GetParam());
  for (size_t i = 0; i < theta.size(); ++i) {
    const Target& target = Targets()[i];
    const double tolerance = kToleranceOfRange * (target.param.max - target.param.min);
    // The start is far outside the tolerance, so passing means SPSA really
    // moved there.
    ASSERT_GT(std::abs(target.param.start - target.optimum), 5 * tolerance);
    EXPECT_NEAR(theta[i], target.optimum, tolerance) << target.param.name;
  }
}

INSTANTIATE_TEST_SUITE_P(Seeds, SpsaConvergence, ::testing::Values<uint64_t>(1, 2, 3, 4, 5));

}  // namespace
}  // namespace gc9::coordinator::spsa
