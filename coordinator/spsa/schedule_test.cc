// Golden tests of the gain schedule.
//
// Two kinds of numbers appear here:
//  * fishtest's published examples, from its test suite
//  server/tests/test_spsa_workflow.py
//    (official-stockfish/fishtest): the run built from 500 games of
//    "Tempo,1,0,2,0.5,0.1" has A = 25 and num_iter = 250
//    (test_build_spsa_state_sets_classic_algorithm_and_params), and the worker
//    step for A = 25, a = 0.2, c = 1.6 at iter 2 has c = 1.6 / 3^0.101 and R =
//    0.2 / 28^0.602 / c^2 (test_build_spsa_worker_step_uses_classic_decay);
//  * values computed by hand from the formulas in schedule.h for the stated
//  inputs, with
//    Python 3's IEEE double arithmetic, independently of this code.
#include "coordinator/spsa/schedule.h"

#include <cmath>

#include "gtest/gtest.h"

namespace gc9::coordinator::spsa {
namespace {

constexpr double kRelTol = 1e-12;

void ExpectClose(double actual, double expected) {
  EXPECT_NEAR(actual, expected, kRelTol * std::abs(expected)) << "expected " << expected;
}

SpsaSchedule Schedule(int64_t pairs) {
  absl::StatusOr<SpsaSchedule> schedule = DefaultSchedule(pairs);
  EXPECT_TRUE(schedule.ok()) << schedule.status();
  return *schedule;
}

SpsaParam Param(double c_end, double r_end) {
  SpsaParam param;
  param.name = "p";
  param.max = 1e9;
  param.c_end = c_end;
  param.r_end = r_end;
  return param;
}

TEST(SpsaSchedule, DefaultsAreFishtests) {
  const SpsaSchedule schedule = Schedule(1000);
  EXPECT_EQ(schedule.pairs, 1000);
  EXPECT_EQ(schedule.stability, 100.0);
  EXPECT_EQ(schedule.alpha, 0.602);
  EXPECT_EQ(schedule.gamma, 0.101);
}

TEST(SpsaSchedule, RejectsEmptyRuns) {
  EXPECT_FALSE(DefaultSchedule(0).ok());
  EXPECT_FALSE(DefaultSchedule(-5).ok());
  EXPECT_TRUE(DefaultSchedule(1).ok());
}

TEST(SpsaSchedule, StabilityIsNotTruncated) {
  // fishtest would store int(0.1 * 25) = 2 here; gc9 keeps 2.5 (see
  // schedule.cc).
  EXPECT_EQ(Schedule(25).stability, 2.5);
}

// fishtest published: 500 games of Tempo,1,0,2,0.5,0.1 give A = 25 over 250
// iterations.
TEST(SpsaSchedule, FishtestTempoRunConstants) {
  const SpsaSchedule schedule = Schedule(250);
  EXPECT_EQ(schedule.stability, 25.0);
  // Hand-computed: c = 0.5 * 250^0.101, a = 0.1 * 0.5^2 * 275^0.602.
  const ParamGains gains = GainsFor(Param(0.5, 0.1), schedule);
  ExpectClose(gains.c, 0.8732969536786795);
  ExpectClose(gains.a, 0.7352216553570176);
}

// Hand-computed for Tempo,1,0,2,0.5,0.1 over N = 250 pairs (A = 25).
TEST(SpsaSchedule, FishtestTempoRunSteps) {
  const SpsaSchedule schedule = Schedule(250);
  const ParamGains gains = GainsFor(Param(0.5, 0.1), schedule);

  const StepGains first = StepAt(gains, schedule, 0);  // c, a / 26^0.602 / c^2
  ExpectClose(first.c_k, 0.8732969536786795);
  ExpectClose(first.r_k, 0.13560648047613308);

  const StepGains tenth = StepAt(gains, schedule, 9);  // c / 10^0.101, a / 35^0.602 / c_k^2
  ExpectClose(tenth.c_k, 0.6920889976948965);
  ExpectClose(tenth.r_k, 0.1805366739915686);

  const StepGains last = StepAt(gains, schedule, 249);  // back to c_end and r_end
  ExpectClose(last.c_k, 0.5);
  ExpectClose(last.r_k, 0.1);
}

// fishtest published: A = 25, a = 0.2, c = 1.6 at iter 2 gives c = 1.6 /
// 3^0.101 and R = 0.2 / 28^0.602 / c^2; the numbers are those expressions
// evaluated by hand.
TEST(SpsaSchedule, FishtestWorkerStepExample) {
  SpsaSchedule schedule = Schedule(250);
  ASSERT_EQ(schedule.stability, 25.0);
  const ParamGains gains{/*c=*/1.6, /*a=*/0.2};
  const StepGains step = StepAt(gains, schedule, 2);
  ExpectClose(step.c_k, 1.6 / std::pow(3.0, 0.101));
  ExpectClose(step.r_k, 0.2 / std::pow(28.0, 0.602) / (step.c_k * step.c_k));
  ExpectClose(step.c_k, 1.4319595029708212);
  ExpectClose(step.r_k, 0.013121376251623981);
}

// Hand-computed for x,100,0,200,10,0.002 over N = 1000 pairs (A = 100):
// c = 10 * 1000^0.101, a = 0.002 * 10^2 * 1100^0.602.
TEST(SpsaSchedule, ThousandPairRun) {
  const SpsaSchedule schedule = Schedule(1000);
  const ParamGains gains = GainsFor(Param(10, 0.002), schedule);
  ExpectClose(gains.c, 20.09092812608728);
  ExpectClose(gains.a, 13.550283827094189);

  const StepGains first = StepAt(gains, schedule, 0);
  ExpectClose(first.c_k, 20.09092812608728);
  ExpectClose(first.r_k, 0.0020861566909309405);

  const StepGains hundredth = StepAt(gains, schedule, 99);
  ExpectClose(hundredth.c_k, 12.618275345906707);
  ExpectClose(hundredth.r_k, 0.0035053253590706626);

  const StepGains last = StepAt(gains, schedule, 999);
  ExpectClose(last.c_k, 10.0);
  ExpectClose(last.r_k, 0.002);
}

// The schedule is built so that the last pair plays with exactly the requested
// end values.
TEST(SpsaSchedule, LastIterationGivesBackEndValues) {
  for (const int64_t pairs : {1, 7, 25, 333, 20000}) {
    const SpsaSchedule schedule = Schedule(pairs);
    for (const SpsaParam& param : {Param(0.5, 0.1), Param(12.5, 0.0025), Param(3e-3, 7.0)}) {
      const StepGains last = StepAt(GainsFor(param, schedule), schedule, pairs - 1);
      ExpectClose(last.c_k, param.c_end);
      ExpectClose(last.r_k, param.r_end);
    }
  }
}

TEST(SpsaSchedule, StepsShrinkOverTheRun) {
  const SpsaSchedule schedule = Schedule(5000);
  const ParamGains gains = GainsFor(Param(4, 0.002), schedule);
  double previous_c = INFINITY;
  double previous_a_k = INFINITY;  // a_k = R_k * c_k^2, the learning rate in theta units
  for (int64_t k = 0; k < 5000; k += 97) {
    const StepGains step = StepAt(gains, schedule, k);
    EXPECT_LT(step.c_k, previous_c);
    EXPECT_LT(step.r_k * step.c_k * step.c_k, previous_a_k);
    previous_c = step.c_k;
    previous_a_k = step.r_k * step.c_k * step.c_k;
  }
}

}  // namespace
}  // namespace gc9::coordinator::spsa
