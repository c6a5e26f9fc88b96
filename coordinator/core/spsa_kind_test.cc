// The spsa run kind inside the real core on real SQLite files: what a batch carries, how a
// counted pair moves theta, that a repeat changes nothing, and that a restart keeps theta, the
// dispatch counter and every outstanding batch's k and flips.
#include "coordinator/core/spsa_kind.h"

#include <unistd.h>

#include <cmath>
#include <memory>
#include <string>

#include "coordinator/core/core.h"
#include "coordinator/core/core_fixture.h"
#include "coordinator/spsa/schedule.h"
#include "coordinator/store/sqlite_store.h"
#include "gtest/gtest.h"

namespace gc9::coordinator::core {
namespace {

constexpr int kPairs = 100;

proto::RunConfig SpsaConfig(int batch_pairs, uint64_t seed = 5) {
  proto::RunConfig config;
  config.set_name("spsa test");
  config.set_variant("grandchess9");
  config.mutable_engine()->mutable_builtin();
  proto::ParamOverride* fixed = config.mutable_baseline()->mutable_builtin()->add_param();
  fixed->set_name("Tempo");  // not tuned: must survive in the baseline
  fixed->set_value(20);
  config.mutable_time_control()->set_nodes(100);
  config.mutable_openings()->set_engines_place(true);
  config.mutable_spsa()->set_pairs(kPairs);
  config.mutable_spsa()->set_params(
      "SceptreValueMg,900,600,2000,80,0.04\n"
      "CharioteerValueMg,150,0,1000,40,0.05\n");
  config.set_batch_pairs(batch_pairs);
  config.set_seed(seed);
  return config;
}

// c_k and R_k of the config's parameters, from the schedule library directly.
spsa::StepGains Gains(int param, int64_t k) {
  const double c_end[] = {80, 40}, r_end[] = {0.04, 0.05};
  spsa::SpsaParam p;
  p.c_end = c_end[param];
  p.r_end = r_end[param];
  const spsa::SpsaSchedule schedule = *spsa::DefaultSchedule(kPairs);
  return spsa::StepAt(spsa::GainsFor(p, schedule), schedule, k);
}

double ParamValue(const proto::EngineConfig& engine, const std::string& name) {
  for (const proto::ParamOverride& param : engine.builtin().param()) {
    if (param.name() == name) return param.value();
  }
  return NAN;
}

class SpsaKindTest : public CoreFixture {
 protected:
  proto::Batch Acquire(int64_t worker) {
    proto::AcquireRequest request;
    request.set_worker_id(worker);
    request.set_max_pairs(100);
    proto::AcquireReply reply;
    EXPECT_TRUE(Call(&Core::HandleAcquire, request, &reply).ok());
    EXPECT_TRUE(reply.has_batch());
    return reply.batch();
  }

  proto::ReportReply Report(int64_t worker, const std::vector<proto::PairResult>& pairs) {
    proto::ReportRequest request;
    request.set_worker_id(worker);
    for (const proto::PairResult& pair : pairs) *request.add_pair() = pair;
    proto::ReportReply reply;
    EXPECT_TRUE(Call(&Core::HandleReport, request, &reply).ok());
    return reply;
  }

  static proto::SpsaBatchState StateOf(const proto::Batch& batch) {
    proto::SpsaBatchState state;
    EXPECT_TRUE(state.ParseFromString(batch.opaque_state()));
    return state;
  }

  static std::vector<double> Theta(const proto::RunStatus& status) {
    std::vector<double> theta;
    for (const proto::SpsaParamStatus& param : status.spsa().param()) {
      theta.push_back(param.theta());
    }
    return theta;
  }
};

TEST_F(SpsaKindTest, BatchCarriesThetaPlusAndMinusTheStep) {
  Submit(SpsaConfig(3));
  const int64_t worker = Register();
  const proto::Batch first = Acquire(worker);
  ASSERT_EQ(first.pair_size(), 3);
  const proto::SpsaBatchState state = StateOf(first);
  EXPECT_EQ(state.k(), 0);
  ASSERT_EQ(state.flip_size(), 2);
  const char* names[] = {"SceptreValueMg", "CharioteerValueMg"};
  const double theta[] = {900, 150};  // far enough from the bounds not to clip
  for (int i = 0; i < 2; ++i) {
    ASSERT_TRUE(state.flip(i) == 1 || state.flip(i) == -1);
    const double c_k = Gains(i, 0).c_k;
    EXPECT_NEAR(state.c_k(i), c_k, 1e-9);
    const double plus = ParamValue(first.config().engine(), names[i]);
    const double minus = ParamValue(first.config().baseline(), names[i]);
    // Stochastic rounding: within one of the real point, and an integer.
    EXPECT_LT(std::fabs(plus - (theta[i] + c_k * state.flip(i))), 1.0) << names[i];
    EXPECT_LT(std::fabs(minus - (theta[i] - c_k * state.flip(i))), 1.0) << names[i];
    EXPECT_EQ(plus, std::floor(plus));
    EXPECT_EQ(plus, state.plus(i));
    EXPECT_EQ(minus, state.minus(i));
  }
  EXPECT_EQ(ParamValue(first.config().baseline(), "Tempo"), 20) << "untuned overrides stay";
  // The counter advances by the pairs handed out.
  EXPECT_EQ(StateOf(Acquire(worker)).k(), 3);
}

TEST_F(SpsaKindTest, CountedPairMovesThetaOnceWithItsDispatchK) {
  const int64_t run = Submit(SpsaConfig(2));
  const int64_t worker = Register();
  const proto::Batch first = Acquire(worker);
  const proto::Batch second = Acquire(worker);
  const proto::SpsaBatchState state = StateOf(second);
  ASSERT_EQ(state.k(), 2);
  // The later batch finishes first; it must still use its own k = 2.
  EXPECT_EQ(Report(worker, {PairOf(second, 0, 4)}).accepted(), 1);  // plus engine won both
  const std::vector<double> after = Theta(Status(run));
  const double start[] = {900, 150};
  for (int i = 0; i < 2; ++i) {
    const spsa::StepGains gains = Gains(i, 2);
    EXPECT_NEAR(after[i], start[i] + gains.r_k * gains.c_k * 2 * state.flip(i), 1e-9);
  }
  // A repeat, alone or mixed with a new pair, changes nothing it has already done.
  const proto::ReportReply repeat = Report(worker, {PairOf(second, 0, 0)});
  EXPECT_EQ(repeat.duplicates(), 1);
  EXPECT_EQ(Theta(Status(run)), after);
  EXPECT_EQ(Status(run).spsa().applied(), 1);
  // A drawn pair (W - L = 0) counts but does not move theta.
  EXPECT_EQ(Report(worker, {PairOf(first, 0, 2)}).accepted(), 1);
  EXPECT_EQ(Theta(Status(run)), after);
  EXPECT_EQ(Status(run).spsa().applied(), 2);
}

TEST_F(SpsaKindTest, RestartKeepsThetaCounterAndOutstandingBatches) {
  const int64_t run = Submit(SpsaConfig(2));
  const int64_t worker = Register();
  const proto::Batch first = Acquire(worker);
  const proto::Batch second = Acquire(worker);
  Report(worker, {PairOf(first, 0, 4), PairOf(first, 1, 1)});
  const proto::RunStatus before = Status(run, true);
  Reopen();
  const proto::RunStatus after = Status(run, true);
  EXPECT_EQ(Theta(after), Theta(before)) << "exactly, not approximately";
  EXPECT_EQ(after.spsa().next_k(), 4);
  EXPECT_EQ(after.spsa().applied(), 2);
  ASSERT_EQ(after.spsa().trajectory_size(), 3);  // the start and one point per pair
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(after.spsa().trajectory(i).SerializeAsString(),
              before.spsa().trajectory(i).SerializeAsString());
  }
  // The outstanding batch is reported after the restart: its k and flips came back with its
  // lease.
  const proto::SpsaBatchState state = StateOf(second);
  EXPECT_EQ(Report(worker, {PairOf(second, 1, 3)}).accepted(), 1);
  const std::vector<double> theta = Theta(Status(run));
  for (int i = 0; i < 2; ++i) {
    const spsa::StepGains gains = Gains(i, state.k());
    EXPECT_NEAR(theta[i], Theta(before)[i] + gains.r_k * gains.c_k * 1 * state.flip(i), 1e-9);
  }
  // New work continues the counter rather than restarting it.
  EXPECT_EQ(StateOf(Acquire(worker)).k(), 4);
}

TEST_F(SpsaKindTest, ExpiredBatchIsReplayedWithFreshFlipsAndALateReportStillCounts) {
  const int64_t run = Submit(SpsaConfig(1));
  const int64_t worker = Register();
  const int64_t other = Register();
  const proto::Batch lost = Acquire(worker);
  now_ += 5000;
  core_->Tick();
  const proto::Batch replay = Acquire(other);
  ASSERT_EQ(replay.pair(0).pair_index(), lost.pair(0).pair_index());
  EXPECT_EQ(StateOf(replay).k(), 1) << "a replay is a new iteration";
  EXPECT_EQ(Report(other, {PairOf(replay, 0, 4)}).accepted(), 1);
  const std::vector<double> theta = Theta(Status(run));
  EXPECT_EQ(Report(worker, {PairOf(lost, 0, 0)}).duplicates(), 1);
  EXPECT_EQ(Theta(Status(run)), theta);
}

TEST_F(SpsaKindTest, SameSeedSameDispatches) {
  Submit(SpsaConfig(2, 77));
  const int64_t worker = Register();
  const std::string first = Acquire(worker).opaque_state();
  const std::string second = Acquire(worker).opaque_state();
  path_ += ".second";  // a new database
  for (const char* suffix : {"", "-wal", "-shm"}) unlink((path_ + suffix).c_str());
  Reopen();
  Submit(SpsaConfig(2, 77));
  const int64_t again = Register();
  EXPECT_EQ(Acquire(again).opaque_state(), first);
  EXPECT_EQ(Acquire(again).opaque_state(), second);
}

TEST_F(SpsaKindTest, RunCompletesAtItsPairs) {
  proto::RunConfig config = SpsaConfig(50);
  config.mutable_spsa()->set_pairs(4);
  const int64_t run = Submit(config);
  const int64_t worker = Register();
  const proto::Batch batch = Acquire(worker);
  ASSERT_EQ(batch.pair_size(), 4);
  Report(worker,
         {PairOf(batch, 0, 4), PairOf(batch, 1, 3), PairOf(batch, 2, 2), PairOf(batch, 3, 0)});
  const proto::RunStatus status = Status(run);
  EXPECT_EQ(status.state(), proto::RUN_FINISHED);
  EXPECT_EQ(status.decision(), proto::DECISION_COMPLETE);
  EXPECT_EQ(status.spsa().applied(), 4);
}

}  // namespace
}  // namespace gc9::coordinator::core
