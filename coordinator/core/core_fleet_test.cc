// The fleet's rules in the core, on real SQLite files and a clock the test moves: failures put
// their batch back and keep the worker off the run, a run fails when nobody can play it or
// after eight failures in a row, blocking and releasing, the worker list and its counters,
// the protocol version, rate and time remaining, and all of it after a restart.
#include <string>
#include <vector>

#include "common/protocol.h"
#include "coordinator/core/core.h"
#include "coordinator/core/core_fixture.h"
#include "coordinator/stats/sprt.h"
#include "gtest/gtest.h"

namespace gc9::coordinator::core {
namespace {

class FleetTest : public CoreFixture {
 protected:
  // Registers again under the same id, as a restarted worker does.
  void Reregister(int64_t worker) {
    proto::RegisterRequest request;
    request.set_protocol_version(common::kProtocolVersion);
    request.set_resume_worker_id(worker);
    proto::RegisterReply reply;
    ASSERT_TRUE(Call(&Core::HandleRegister, request, &reply).ok());
    ASSERT_EQ(reply.worker_id(), worker);
  }

  absl::Status Fail(int64_t worker, const proto::Batch& batch,
                    proto::FailureKind kind = proto::FAILURE_ENGINE_MISSING,
                    const std::string& message = "cannot execute /no/engine",
                    const std::string& detail = "") {
    proto::FailureRequest request;
    request.set_worker_id(worker);
    proto::FailureRecord* failure = request.add_failure();
    failure->set_run_id(batch.run_id());
    failure->set_batch_id(batch.batch_id());
    failure->set_kind(kind);
    failure->set_engine("engine");
    failure->set_message(message);
    failure->set_detail(detail);
    proto::FailureReply reply;
    return Call(&Core::HandleReportFailure, request, &reply);
  }

  absl::Status SetBlocked(int64_t worker, bool blocked, proto::WorkerStatus* status = nullptr) {
    proto::SetWorkerBlockedRequest request;
    request.set_worker_id(worker);
    request.set_blocked(blocked);
    proto::SetWorkerBlockedReply reply;
    absl::Status result = Call(&Core::HandleSetWorkerBlocked, request, &reply);
    if (status != nullptr) *status = reply.worker();
    return result;
  }

  proto::WorkerStatus Worker(int64_t worker) {
    proto::ListWorkersReply reply;
    EXPECT_TRUE(Call(&Core::HandleListWorkers, proto::ListWorkersRequest(), &reply).ok());
    for (const proto::WorkerStatus& status : reply.worker()) {
      if (status.worker_id() == worker) return status;
    }
    ADD_FAILURE() << "no worker " << worker << " listed";
    return proto::WorkerStatus();
  }

  proto::ReportReply ReportPairs(int64_t worker, const proto::Batch& batch, int pentanomial = 2) {
    std::vector<proto::PairResult> pairs;
    for (int i = 0; i < batch.pair_size(); ++i) pairs.push_back(PairOf(batch, i, pentanomial));
    proto::ReportReply reply;
    EXPECT_TRUE(Report(worker, pairs, &reply).ok());
    return reply;
  }
};

TEST_F(FleetTest, AWorkerOfAnotherProtocolVersionIsRefused) {
  proto::RegisterRequest request;
  proto::RegisterReply reply;
  for (int32_t version : {0, common::kProtocolVersion + 1}) {
    request.set_protocol_version(version);
    absl::Status status = Call(&Core::HandleRegister, request, &reply);
    EXPECT_EQ(status.code(), absl::StatusCode::kFailedPrecondition) << status;
    EXPECT_NE(status.message().find(absl::StrCat("protocol version ", version)),
              absl::string_view::npos)
        << status;
    EXPECT_NE(status.message().find(absl::StrCat("version ", common::kProtocolVersion)),
              absl::string_view::npos)
        << status;
  }
  proto::ListWorkersReply workers;
  ASSERT_TRUE(Call(&Core::HandleListWorkers, proto::ListWorkersRequest(), &workers).ok());
  EXPECT_EQ(workers.worker_size(), 0) << "a refused worker is not registered";
  request.set_protocol_version(common::kProtocolVersion);
  ASSERT_TRUE(Call(&Core::HandleRegister, request, &reply).ok());
  EXPECT_EQ(reply.protocol_version(), common::kProtocolVersion);
}

TEST_F(FleetTest, AFailureRequeuesTheBatchAndKeepsTheWorkerOffTheRun) {
  const int64_t run = Submit(FixedConfig(4, 2));
  const int64_t broken = Register();
  const int64_t good = Register();
  const proto::AcquireReply lease = Acquire(broken, 2);
  ASSERT_EQ(lease.batch().pair_size(), 2);
  now_ += 5;
  ASSERT_TRUE(Fail(broken, lease.batch()).ok());

  proto::RunStatus status = Status(run);
  EXPECT_EQ(status.state(), proto::RUN_RUNNING) << "another worker can still play it";
  EXPECT_EQ(status.leased_pairs(), 0) << "the batch went back at once";
  EXPECT_EQ(status.failures(), 1);
  ASSERT_EQ(status.failure_size(), 1);
  const proto::FailureRecord& failure = status.failure(0);
  EXPECT_GT(failure.failure_id(), 0);
  EXPECT_EQ(failure.worker_id(), broken);
  EXPECT_EQ(failure.batch_id(), lease.batch().batch_id());
  EXPECT_EQ(failure.kind(), proto::FAILURE_ENGINE_MISSING);
  EXPECT_EQ(failure.message(), "cannot execute /no/engine");
  EXPECT_EQ(failure.unix_ms(), now_);

  EXPECT_FALSE(Acquire(broken, 2).has_batch()) << "the worker failed this run";
  const proto::AcquireReply replay = Acquire(good, 2);
  ASSERT_TRUE(replay.has_batch());
  EXPECT_EQ(replay.batch().pair(0).pair_index(), lease.batch().pair(0).pair_index());
  EXPECT_EQ(replay.batch().pair(1).pair_index(), lease.batch().pair(1).pair_index());
  // Registering again (a restarted worker, perhaps fixed) lets it try the run again.
  Reregister(broken);
  const proto::AcquireReply retry = Acquire(broken, 2);
  ASSERT_TRUE(retry.has_batch());
  EXPECT_EQ(retry.batch().pair(0).pair_index(), 2);
}

TEST_F(FleetTest, ARunFailsWhenEveryWorkerThatCouldTakeItFailed) {
  const int64_t run = Submit(FixedConfig(10, 2));
  // Neither a lost worker, a blocked one nor one without the variant holds the run up.
  const int64_t lost = Register();
  now_ += 1500;
  const int64_t blocked = Register();
  ASSERT_TRUE(SetBlocked(blocked, true).ok());
  {
    proto::RegisterRequest request;
    request.set_protocol_version(common::kProtocolVersion);
    request.mutable_capabilities()->add_variant("chess8400");
    proto::RegisterReply reply;
    ASSERT_TRUE(Call(&Core::HandleRegister, request, &reply).ok());
  }
  const int64_t a = Register();
  const int64_t b = Register();
  const proto::AcquireReply lease_a = Acquire(a, 2);
  const proto::AcquireReply lease_b = Acquire(b, 2);
  ASSERT_TRUE(Fail(a, lease_a.batch(), proto::FAILURE_ENGINE_START, "engine died").ok());
  EXPECT_EQ(Status(run).state(), proto::RUN_RUNNING);
  ASSERT_TRUE(Fail(b, lease_b.batch(), proto::FAILURE_ENGINE_START, "engine died").ok());
  const proto::RunStatus status = Status(run);
  EXPECT_EQ(status.state(), proto::RUN_FAILED);
  EXPECT_EQ(status.failures(), 2);
  EXPECT_EQ(status.leased_pairs(), 0);
  EXPECT_FALSE(Acquire(lost, 2).has_batch()) << "a failed run hands out nothing";
  // A late report for the failed run is discarded and stops the batch.
  const proto::ReportReply late = ReportPairs(a, lease_a.batch());
  EXPECT_EQ(late.discarded(), 2);
  EXPECT_EQ(late.stop_batch_size(), 1);
  EXPECT_EQ(core_->CountedPairs(run), 0);
}

TEST_F(FleetTest, EightFailuresInARowEndTheRunACountedPairBreaksTheStreak) {
  const int64_t run = Submit(FixedConfig(100, 1));
  const int64_t flaky = Register();
  const int64_t good = Register();  // never fails, so only the streak can end the run
  auto fail_once = [&] {
    const proto::AcquireReply lease = Acquire(flaky, 1);
    ASSERT_TRUE(lease.has_batch());
    ASSERT_TRUE(Fail(flaky, lease.batch(), proto::FAILURE_ENGINE_START, "died").ok());
    Reregister(flaky);
  };
  for (int i = 0; i < kFailureStreakLimit - 1; ++i) fail_once();
  EXPECT_EQ(Status(run).state(), proto::RUN_RUNNING);
  const proto::AcquireReply played = Acquire(good, 1);
  ASSERT_EQ(ReportPairs(good, played.batch()).accepted(), 1);
  for (int i = 0; i < kFailureStreakLimit - 1; ++i) fail_once();
  EXPECT_EQ(Status(run).state(), proto::RUN_RUNNING) << "the counted pair broke the streak";
  fail_once();
  const proto::RunStatus status = Status(run);
  EXPECT_EQ(status.state(), proto::RUN_FAILED);
  EXPECT_EQ(status.failures(), 2 * kFailureStreakLimit - 1);
  EXPECT_EQ(status.failure_size(), std::min(kRecentFailures, 2 * kFailureStreakLimit - 1));
}

TEST_F(FleetTest, FailuresAreCheckedAndTrimmed) {
  const int64_t run = Submit(FixedConfig(4, 2));
  const int64_t worker = Register();
  const int64_t other = Register();
  const proto::AcquireReply lease = Acquire(worker, 2);
  EXPECT_EQ(Fail(worker, lease.batch(), proto::FAILURE_KIND_UNSPECIFIED).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(Fail(worker, lease.batch(), proto::FAILURE_BUILD, "").code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(Fail(worker, lease.batch(), static_cast<proto::FailureKind>(99)).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(Fail(other, lease.batch()).code(), absl::StatusCode::kPermissionDenied)
      << "someone else's batch";
  EXPECT_EQ(Fail(12345, lease.batch()).code(), absl::StatusCode::kNotFound);
  proto::Batch no_run = lease.batch();
  no_run.set_run_id(99);
  EXPECT_EQ(Fail(worker, no_run).code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(Status(run).failures(), 0) << "nothing refused was kept";
  EXPECT_EQ(Status(run).leased_pairs(), 2);

  // A build log's end is what explains it: the detail keeps its last 8 KB, cut between
  // characters ("é" is two bytes), and the message is one line.
  std::string log = "start of the log\n";
  while (log.size() < 3 * kMaxFailureDetail) log += "é";
  log += "\nerror: the end";
  ASSERT_TRUE(
      Fail(worker, lease.batch(), proto::FAILURE_BUILD, "build failed\nsee detail", log).ok());
  Reopen();  // a detail that is not valid UTF-8 would not even parse back
  const proto::RunStatus status = Status(run);
  ASSERT_EQ(status.failure_size(), 1);
  const std::string& detail = status.failure(0).detail();
  EXPECT_LE(detail.size(), kMaxFailureDetail);
  EXPECT_GE(detail.size(), kMaxFailureDetail - 1);
  EXPECT_EQ(detail.substr(detail.size() - 14), "error: the end");
  EXPECT_EQ(detail.find("start of the log"), std::string::npos);
  EXPECT_EQ(status.failure(0).message(), "build failed see detail");
  // The list of runs carries failures without their details.
  proto::ListReply list;
  ASSERT_TRUE(Call(&Core::HandleList, proto::ListRequest(), &list).ok());
  ASSERT_EQ(list.run_size(), 1);
  ASSERT_EQ(list.run(0).failure_size(), 1);
  EXPECT_EQ(list.run(0).failure(0).message(), "build failed see detail");
  EXPECT_TRUE(list.run(0).failure(0).detail().empty());
}

TEST_F(FleetTest, FailuresExclusionsAndAFailedRunSurviveARestart) {
  const int64_t run = Submit(FixedConfig(4, 2));
  const int64_t broken = Register();
  const int64_t good = Register();
  ASSERT_TRUE(Fail(broken, Acquire(broken, 2).batch()).ok());
  Reopen();
  EXPECT_EQ(Status(run).failures(), 1);
  EXPECT_EQ(Status(run).state(), proto::RUN_RUNNING);
  EXPECT_FALSE(Acquire(broken, 2).has_batch()) << "still excluded: it has not registered since";
  EXPECT_EQ(Worker(broken).failures(), 1);
  EXPECT_EQ(Worker(broken).last_failure().message(), "cannot execute /no/engine");
  // The good worker fails too: nobody is left, the run fails, and stays failed.
  ASSERT_TRUE(Fail(good, Acquire(good, 2).batch(), proto::FAILURE_ENGINE_START, "died").ok());
  EXPECT_EQ(Status(run).state(), proto::RUN_FAILED);
  Reopen();
  const proto::RunStatus status = Status(run);
  EXPECT_EQ(status.state(), proto::RUN_FAILED);
  EXPECT_EQ(status.failures(), 2);
  ASSERT_EQ(status.failure_size(), 2);
  EXPECT_EQ(status.failure(1).message(), "died");
  // Failure ids go on from the stored ones.
  const int64_t next = Submit(FixedConfig(2, 2));
  Reregister(good);
  ASSERT_TRUE(Fail(good, Acquire(good, 2).batch()).ok());
  EXPECT_GT(Status(next).failure(0).failure_id(), status.failure(1).failure_id());
}

TEST_F(FleetTest, ABlockedWorkerGetsNothingAndOthersReplayItsPairs) {
  const int64_t run = Submit(FixedConfig(4, 2));
  const int64_t bad = Register();
  const int64_t good = Register();
  const proto::AcquireReply held = Acquire(bad, 2);
  ASSERT_EQ(held.batch().pair_size(), 2);
  proto::WorkerStatus status;
  ASSERT_TRUE(SetBlocked(bad, true, &status).ok());
  EXPECT_EQ(status.state(), proto::WORKER_BLOCKED);
  EXPECT_EQ(Status(run).leased_pairs(), 0) << "its lease was taken back";
  const proto::AcquireReply refused = Acquire(bad, 2);
  EXPECT_FALSE(refused.has_batch());
  EXPECT_NE(refused.refusal().find("blocked"), std::string::npos) << refused.refusal();
  // Its heartbeat is told to stop the batch, and a pair it already played still counts.
  proto::HeartbeatRequest beat;
  beat.set_worker_id(bad);
  beat.add_batch_id(held.batch().batch_id());
  proto::HeartbeatReply stop;
  ASSERT_TRUE(Call(&Core::HandleHeartbeat, beat, &stop).ok());
  EXPECT_EQ(stop.stop_batch_size(), 1);
  proto::ReportReply reply;
  ASSERT_TRUE(Report(bad, {PairOf(held.batch(), 0, 4)}, &reply).ok());
  EXPECT_EQ(reply.accepted(), 1);
  // The other worker gets the pair nobody played, then the rest.
  const proto::AcquireReply replay = Acquire(good, 1);
  ASSERT_TRUE(replay.has_batch());
  EXPECT_EQ(replay.batch().pair(0).pair_index(), held.batch().pair(1).pair_index());

  Reopen();
  EXPECT_EQ(Worker(bad).state(), proto::WORKER_BLOCKED) << "blocking is persisted";
  EXPECT_FALSE(Acquire(bad, 2).has_batch());
  EXPECT_EQ(SetBlocked(777, true).code(), absl::StatusCode::kNotFound);
  ASSERT_TRUE(SetBlocked(bad, false, &status).ok());
  EXPECT_NE(status.state(), proto::WORKER_BLOCKED);
  const proto::AcquireReply again = Acquire(bad, 2);
  EXPECT_TRUE(again.has_batch());
  EXPECT_TRUE(again.refusal().empty());
}

TEST_F(FleetTest, OnlyTheHolderReleasesALeaseAndItsPairsGoBackAtOnce) {
  const int64_t run = Submit(FixedConfig(4, 2));
  const int64_t holder = Register();
  const int64_t other = Register();
  const proto::AcquireReply held = Acquire(holder, 2);
  proto::ReleaseRequest request;
  request.set_worker_id(other);
  request.add_batch_id(held.batch().batch_id());
  proto::ReleaseReply reply;
  EXPECT_EQ(Call(&Core::HandleRelease, request, &reply).code(),
            absl::StatusCode::kPermissionDenied);
  EXPECT_EQ(Status(run).leased_pairs(), 2);
  request.set_worker_id(holder);
  request.add_batch_id(424242);  // long gone: nothing to do
  ASSERT_TRUE(Call(&Core::HandleRelease, request, &reply).ok());
  EXPECT_EQ(Status(run).leased_pairs(), 0);
  // A pair played before the release still counts; the other goes to someone else.
  proto::ReportReply counted;
  ASSERT_TRUE(Report(holder, {PairOf(held.batch(), 0, 3)}, &counted).ok());
  EXPECT_EQ(counted.accepted(), 1);
  const proto::AcquireReply replay = Acquire(other, 2);
  ASSERT_TRUE(replay.has_batch());
  EXPECT_EQ(replay.batch().pair(0).pair_index(), held.batch().pair(1).pair_index());
  EXPECT_EQ(core_->CountedPairs(run), 1);
}

TEST_F(FleetTest, TheWorkerListCountsGameFaultsAndShowsStates) {
  Submit(FixedConfig(10, 2));
  const int64_t worker = Register();
  const int64_t idle = Register();
  const int64_t gone = Register();
  const proto::AcquireReply lease = Acquire(worker, 2);
  std::vector<proto::PairResult> pairs = {PairOf(lease.batch(), 0, 2), PairOf(lease.batch(), 1, 2)};
  pairs[0].mutable_game(0)->set_reason("crash");
  pairs[0].mutable_game(1)->set_reason("time-loss");
  pairs[1].mutable_game(0)->set_reason("illegal-move");
  pairs[1].mutable_game(1)->set_reason("crash");
  proto::ReportReply reply;
  ASSERT_TRUE(Report(worker, pairs, &reply).ok());
  ASSERT_EQ(reply.accepted(), 2);
  now_ += 1200;  // longer than a lease lives: `gone` has not called since it registered
  ASSERT_TRUE(Acquire(worker, 2).has_batch());
  proto::HeartbeatRequest beat;  // any call is contact, even one with nothing in it
  beat.set_worker_id(idle);
  proto::HeartbeatReply beat_reply;
  ASSERT_TRUE(Call(&Core::HandleHeartbeat, beat, &beat_reply).ok());

  auto check = [&](const std::string& when) {
    const proto::WorkerStatus status = Worker(worker);
    EXPECT_EQ(status.pairs(), 2) << when;
    EXPECT_EQ(status.crashes(), 2) << when;
    EXPECT_EQ(status.time_losses(), 1) << when;
    EXPECT_EQ(status.illegal_moves(), 1) << when;
    EXPECT_EQ(status.failures(), 0) << when;
    ASSERT_EQ(status.run_id_size(), 1) << when;
  };
  check("before a restart");
  EXPECT_EQ(Worker(worker).state(), proto::WORKER_ACTIVE);
  EXPECT_EQ(Worker(idle).state(), proto::WORKER_IDLE);
  EXPECT_EQ(Worker(idle).run_id_size(), 0);
  EXPECT_EQ(Worker(gone).state(), proto::WORKER_LOST);
  EXPECT_EQ(Worker(gone).last_contact_unix_ms(), 1'000'000);
  Reopen();
  check("after a restart, from the stored pairs");
  EXPECT_EQ(Worker(worker).state(), proto::WORKER_ACTIVE) << "its lease came back live";
  EXPECT_EQ(Worker(gone).state(), proto::WORKER_LOST);
}

TEST_F(FleetTest, TheRateAndTimeRemainingOfAFixedRun) {
  const int64_t run = Submit(FixedConfig(100, 10));
  const int64_t worker = Register();
  EXPECT_EQ(Status(run).pairs_per_minute(), 0);
  EXPECT_EQ(Status(run).eta_seconds(), 0) << "unknown before anything is counted";
  ReportPairs(worker, Acquire(worker, 10).batch());
  now_ += 60000;
  ReportPairs(worker, Acquire(worker, 10).batch());
  proto::RunStatus status = Status(run);
  EXPECT_DOUBLE_EQ(status.pairs_per_minute(), 20.0);  // 20 pairs in the minute since it began
  EXPECT_DOUBLE_EQ(status.eta_seconds(), 80 * 60.0 / 20.0);
  // Ten quiet minutes later nothing is counted in the window: the rate and ETA are unknown.
  now_ += 600000;
  status = Status(run);
  EXPECT_EQ(status.pairs_per_minute(), 0);
  EXPECT_EQ(status.eta_seconds(), 0);
}

TEST_F(FleetTest, AnSprtsTimeRemainingFollowsItsLlrDrift) {
  proto::RunConfig config = FixedConfig(1, 10);
  config.mutable_sprt()->set_elo0(0);
  config.mutable_sprt()->set_elo1(5);
  config.mutable_sprt()->set_max_pairs(100000);
  const int64_t run = Submit(config);
  const int64_t worker = Register();
  // A small edge for the engine under test: the LLR climbs slowly towards the upper bound.
  const int bins[10] = {1, 2, 2, 2, 3, 2, 2, 1, 3, 3};
  for (int round = 0; round < 3; ++round) {
    const proto::Batch batch = Acquire(worker, 10).batch();
    std::vector<proto::PairResult> pairs;
    for (int i = 0; i < batch.pair_size(); ++i) pairs.push_back(PairOf(batch, i, bins[i]));
    proto::ReportReply reply;
    ASSERT_TRUE(Report(worker, pairs, &reply).ok());
    now_ += 20000;
  }
  const proto::RunStatus status = Status(run);
  ASSERT_EQ(status.state(), proto::RUN_RUNNING);
  stats::Pentanomial pentanomial;
  for (int i = 0; i < 5; ++i) pentanomial.counts[i] = status.pentanomial(i);
  stats::SprtParams params;
  params.elo0 = 0;
  params.elo1 = 5;
  const stats::SprtResult sprt = stats::EvaluateSprt(pentanomial, params).value();
  ASSERT_GT(sprt.llr, 0);
  const double left = std::ceil((sprt.bounds.upper - sprt.llr) / (sprt.llr / 30));
  ASSERT_LT(left, 100000 - 30) << "the forecast, not max_pairs, is what limits it here";
  EXPECT_DOUBLE_EQ(status.pairs_per_minute(), 30.0);  // 30 pairs in the minute since it began
  EXPECT_DOUBLE_EQ(status.eta_seconds(), left * 60.0 / 30.0);
}

}  // namespace
}  // namespace gc9::coordinator::core
