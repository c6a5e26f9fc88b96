#include "coordinator/spsa/step.h"

#include <cmath>
#include <random>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace gc9::coordinator::spsa {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

SpsaParam Param(const char* name, double start, double min, double max, double c_end,
                double r_end) {
  return SpsaParam{name, start, min, max, c_end, r_end};
}

SpsaSchedule Schedule(int64_t pairs) { return *DefaultSchedule(pairs); }

TEST(SpsaStep, InitialStateStartsAtStart) {
  const SpsaState state =
      InitialState({Param("a", 3, 0, 10, 1, 0.1), Param("b", -2.5, -5, 5, 1, 0.1)});
  EXPECT_THAT(state.theta, ElementsAre(3, -2.5));
  EXPECT_EQ(state.iteration, 0);
}

TEST(SpsaStep, FlipsAreSignsAndReplayFromTheSeed) {
  std::mt19937_64 first(42);
  std::mt19937_64 second(42);
  const std::vector<int> flips = DrawFlips(1000, first);
  EXPECT_EQ(flips, DrawFlips(1000, second));
  int plus = 0;
  for (const int flip : flips) {
    ASSERT_TRUE(flip == 1 || flip == -1);
    plus += flip == 1;
  }
  // 1000 fair coins: 5 standard deviations either side.
  EXPECT_GT(plus, 420);
  EXPECT_LT(plus, 580);
}

TEST(SpsaStep, UniformUnitStaysInUnitInterval) {
  std::mt19937_64 rng(7);
  double sum = 0;
  for (int i = 0; i < 10000; ++i) {
    const double u = UniformUnit(rng);
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
    sum += u;
  }
  EXPECT_NEAR(sum / 10000, 0.5, 0.02);
}

TEST(SpsaStep, DispatchUsesTheCurrentIteration) {
  SpsaState state;
  state.theta = {1, 2, 3};
  state.iteration = 17;
  std::mt19937_64 rng(1);
  const PairDispatch dispatch = DispatchPair(state, 3, rng);
  EXPECT_EQ(dispatch.k, 17);
  EXPECT_EQ(dispatch.flips.size(), 3u);
}

TEST(SpsaStep, PerturbedPointsAreThetaPlusMinusCkClipped) {
  const std::vector<SpsaParam> params = {Param("mid", 50, 0, 100, 4, 0.002),
                                         Param("low", 1, 0, 100, 4, 0.002),
                                         Param("high", 99, 0, 100, 4, 0.002)};
  const SpsaSchedule schedule = Schedule(100);
  const PairDispatch dispatch{/*k=*/99, /*flips=*/{1, -1, 1}};  // last pair: c_k = c_end = 4
  absl::StatusOr<PairPoints> points = PerturbedPoints(params, schedule, {50, 1, 99}, dispatch);
  ASSERT_TRUE(points.ok()) << points.status();
  ASSERT_EQ(points->plus.size(), 3u);
  EXPECT_NEAR(points->plus[0], 54, 1e-12);
  EXPECT_NEAR(points->minus[0], 46, 1e-12);
  EXPECT_EQ(points->plus[1], 0);  // 1 - 4 clipped to min
  EXPECT_NEAR(points->minus[1], 5, 1e-12);
  EXPECT_EQ(points->plus[2], 100);  // 99 + 4 clipped to max
  EXPECT_NEAR(points->minus[2], 95, 1e-12);
}

TEST(SpsaStep, PerturbedPointsRejectsBadShapes) {
  const std::vector<SpsaParam> params = {Param("a", 5, 0, 10, 1, 0.1),
                                         Param("b", 5, 0, 10, 1, 0.1)};
  const SpsaSchedule schedule = Schedule(10);
  EXPECT_THAT(PerturbedPoints(params, schedule, {5}, {0, {1, 1}}).status().message(),
              HasSubstr("theta has 1 values for 2 parameters"));
  EXPECT_THAT(PerturbedPoints(params, schedule, {5, 5}, {0, {1}}).status().message(),
              HasSubstr("1 flips for 2 parameters"));
  EXPECT_THAT(PerturbedPoints(params, schedule, {5, 5}, {0, {1, 0}}).status().message(),
              HasSubstr("not +1 or -1"));
  EXPECT_FALSE(PerturbedPoints(params, schedule, {5, 5}, {-1, {1, 1}}).ok());
}

TEST(SpsaStep, StochasticRoundIsFloorOfValuePlusU) {
  EXPECT_EQ(StochasticRound(4.25, 0.0), 4);
  EXPECT_EQ(StochasticRound(4.25, 0.74), 4);
  EXPECT_EQ(StochasticRound(4.25, 0.75), 5);
  EXPECT_EQ(StochasticRound(4.25, 0.999), 5);
  EXPECT_EQ(StochasticRound(-4.25, 0.0), -5);
  EXPECT_EQ(StochasticRound(-4.25, 0.25), -4);
  EXPECT_EQ(StochasticRound(7.0, 0.999999), 7);  // integers never move
}

TEST(SpsaStep, StochasticRoundingKeepsTheMean) {
  std::mt19937_64 rng(2024);
  const std::vector<SpsaParam> params = {Param("a", 0, -100, 100, 1, 0.1)};
  double sum = 0;
  constexpr int kDraws = 20000;
  for (int i = 0; i < kDraws; ++i) {
    sum += RoundForIntegerEngine(params, {12.3}, [&rng] { return UniformUnit(rng); })[0];
  }
  // The standard deviation of the mean is sqrt(0.3 * 0.7 / 20000) = 0.0032.
  EXPECT_NEAR(sum / kDraws, 12.3, 0.02);
}

TEST(SpsaStep, IntegerRoundingStaysInsideFractionalBounds) {
  const std::vector<SpsaParam> params = {Param("a", 1, 0.5, 9.5, 1, 0.1)};
  EXPECT_EQ(RoundForIntegerEngine(params, {0.5}, [] { return 0.1; })[0],
            1);  // floor 0.6 = 0
  EXPECT_EQ(RoundForIntegerEngine(params, {9.5}, [] { return 0.9; })[0],
            9);  // floor 10.4
  EXPECT_EQ(RoundForIntegerEngine(params, {5.5}, [] { return 0.9; })[0], 6);
}

// fishtest published (server/tests/test_spsa_workflow.py,
// test_apply_spsa_result_updates_preserves_classic_update_rule): theta 10 in
// [0, 20] with R = 0.5, c = 2, flip +1 and result 3 becomes 13.
TEST(SpsaStep, FishtestUpdateExample) {
  const SpsaParam param = Param("p", 10, 0, 20, 1, 0.1);
  EXPECT_DOUBLE_EQ(UpdatedTheta(param, 10.0, StepGains{/*c_k=*/2.0, /*r_k=*/0.5}, 1, 3), 13.0);
  EXPECT_DOUBLE_EQ(UpdatedTheta(param, 10.0, StepGains{2.0, 0.5}, -1, 3), 7.0);
  EXPECT_DOUBLE_EQ(UpdatedTheta(param, 10.0, StepGains{2.0, 0.5}, 1, 30),
                   20.0);  // clipped
}

TEST(SpsaStep, ApplyPairResultUsesTheDispatchIteration) {
  const std::vector<SpsaParam> params = {Param("a", 50, 0, 100, 4, 0.002),
                                         Param("b", 50, 0, 100, 4, 0.002)};
  const SpsaSchedule schedule = Schedule(100);
  SpsaState state = InitialState(params);
  state.iteration = 60;  // other pairs finished since this one was dispatched at k = 99
  ASSERT_TRUE(
      ApplyPairResult(params, schedule, {/*k=*/99, {1, -1}}, {/*wins=*/2, 0, 0}, &state).ok());
  // At k = N - 1: R_k * c_k * (W - L) = 0.002 * 4 * 2 = 0.016.
  EXPECT_NEAR(state.theta[0], 50.016, 1e-12);
  EXPECT_NEAR(state.theta[1], 49.984, 1e-12);
  EXPECT_EQ(state.iteration, 61);

  ASSERT_TRUE(ApplyPairResult(params, schedule, {99, {1, 1}}, {0, 2, 0}, &state).ok());
  EXPECT_NEAR(state.theta[0], 50.016, 1e-12);  // two draws leave theta alone
  EXPECT_EQ(state.iteration, 62);

  ASSERT_TRUE(ApplyPairResult(params, schedule, {99, {1, 1}}, {0, 1, 1}, &state).ok());
  EXPECT_NEAR(state.theta[0], 50.008, 1e-12);
  EXPECT_NEAR(state.theta[1], 49.976, 1e-12);
}

TEST(SpsaStep, ApplyPairResultMatchesTheScheduleAtEarlyIterations) {
  const std::vector<SpsaParam> params = {Param("a", 50, 0, 100, 4, 0.002)};
  const SpsaSchedule schedule = Schedule(1000);
  SpsaState state = InitialState(params);
  ASSERT_TRUE(ApplyPairResult(params, schedule, {3, {-1}}, {0, 0, 2}, &state).ok());
  const StepGains step = StepAt(GainsFor(params[0], schedule), schedule, 3);
  EXPECT_DOUBLE_EQ(state.theta[0], 50 + step.r_k * step.c_k * 2);
}

TEST(SpsaStep, ApplyPairResultRejectsBadInputAndLeavesStateAlone) {
  const std::vector<SpsaParam> params = {Param("a", 5, 0, 10, 1, 0.1)};
  const SpsaSchedule schedule = Schedule(10);
  SpsaState state = InitialState(params);
  EXPECT_FALSE(ApplyPairResult(params, schedule, {0, {1}}, {2, 1, 0}, &state).ok());
  EXPECT_FALSE(ApplyPairResult(params, schedule, {0, {1}}, {-1, 0, 0}, &state).ok());
  EXPECT_FALSE(ApplyPairResult(params, schedule, {0, {1, 1}}, {1, 1, 0}, &state).ok());
  EXPECT_FALSE(ApplyPairResult(params, schedule, {0, {2}}, {1, 1, 0}, &state).ok());
  EXPECT_THAT(state.theta, ElementsAre(5));
  EXPECT_EQ(state.iteration, 0);
}

}  // namespace
}  // namespace gc9::coordinator::spsa
