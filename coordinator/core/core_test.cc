// The core without a network: leases, expiry and replay, idempotent reports, refusals,
// fairness by priority, the SPRT stop and recovery from the store, on real SQLite files and a
// clock the test moves; and the read side's PGN export beside it.
#include "coordinator/core/core.h"

#include <unistd.h>

#include <future>
#include <memory>
#include <set>
#include <string>

#include "coordinator/core/core_fixture.h"
#include "coordinator/core/executor.h"
#include "coordinator/core/read_side.h"
#include "coordinator/store/sqlite_store.h"
#include "gtest/gtest.h"

namespace gc9::coordinator::core {
namespace {

// The core tests' pairs carry a PGN, for the export test.
proto::PairResult PgnPairOf(const proto::Batch& batch, int which, int pentanomial) {
  return PairOf(batch, which, pentanomial, /*with_pgn=*/true);
}

// The core on its executor with the read side beside it, as the coordinator runs them; while
// this lives the test talks to them only.
class Serving {
 public:
  Serving(Core* core, const std::string& db)
      : executor_([core] { core->Flush(); }, [core] { core->Tick(); }, 1000),
        reads_(core, &executor_, store::SqliteReader::Open(db).value()) {
    executor_.Start();
    reads_.Start();
  }
  ~Serving() {
    reads_.Stop();
    executor_.Stop();
  }

  absl::Status ExportPgn(const proto::ExportPgnRequest& request, proto::ExportPgnReply* reply) {
    std::promise<absl::Status> answer;
    reads_.HandleExportPgn(request, reply, [&](absl::Status status) { answer.set_value(status); });
    return answer.get_future().get();
  }

 private:
  Executor executor_;
  ReadSide reads_;
};

using CoreTest = CoreFixture;

TEST_F(CoreTest, FixedRunCompletesWithExactCounts) {
  const int64_t run = Submit(FixedConfig(4, 2));
  EXPECT_EQ(Status(run).state(), proto::RUN_PENDING);
  const int64_t worker = Register();
  proto::AcquireReply first = Acquire(worker, 8);
  ASSERT_TRUE(first.has_batch());
  ASSERT_EQ(first.batch().pair_size(), 2) << "batch_pairs caps the lease";
  EXPECT_EQ(Status(run).state(), proto::RUN_RUNNING);
  EXPECT_EQ(Status(run).leased_pairs(), 2);
  proto::ReportReply reply;
  ASSERT_TRUE(
      Report(worker, {PgnPairOf(first.batch(), 0, 4), PgnPairOf(first.batch(), 1, 2)}, &reply)
          .ok());
  EXPECT_EQ(reply.accepted(), 2);
  proto::AcquireReply second = Acquire(worker, 8);
  ASSERT_TRUE(second.has_batch());
  EXPECT_EQ(second.batch().pair(0).pair_index(), 2);
  ASSERT_TRUE(
      Report(worker, {PgnPairOf(second.batch(), 0, 0), PgnPairOf(second.batch(), 1, 3)}, &reply)
          .ok());
  const proto::RunStatus status = Status(run);
  EXPECT_EQ(status.state(), proto::RUN_FINISHED);
  EXPECT_EQ(status.decision(), proto::DECISION_COMPLETE);
  EXPECT_EQ(std::vector<int64_t>(status.pentanomial().begin(), status.pentanomial().end()),
            (std::vector<int64_t>{1, 0, 1, 1, 1}));
  EXPECT_EQ(status.wins() + status.losses() + status.draws(), 8);
  EXPECT_FALSE(Acquire(worker, 8).has_batch());
}

TEST_F(CoreTest, ReplyWaitsForTheCommit) {
  proto::SubmitRequest request;
  *request.mutable_config() = FixedConfig(2, 2);
  proto::SubmitReply reply;
  bool answered = false;
  core_->HandleSubmit(request, &reply, [&](absl::Status) { answered = true; });
  EXPECT_FALSE(answered);
  core_->Flush();
  EXPECT_TRUE(answered);
}

TEST_F(CoreTest, RepeatedReportIsCountedOnce) {
  const int64_t run = Submit(FixedConfig(3, 3));
  const int64_t worker = Register();
  proto::AcquireReply lease = Acquire(worker, 3);
  proto::ReportReply reply;
  ASSERT_TRUE(Report(worker, {PgnPairOf(lease.batch(), 0, 4)}, &reply).ok());
  EXPECT_EQ(reply.accepted(), 1);
  ASSERT_TRUE(
      Report(worker, {PgnPairOf(lease.batch(), 0, 0), PgnPairOf(lease.batch(), 0, 4)}, &reply)
          .ok());
  EXPECT_EQ(reply.accepted(), 0);
  EXPECT_EQ(reply.duplicates(), 2);
  EXPECT_EQ(core_->CountedPairs(run), 1);
  EXPECT_EQ(Status(run).pentanomial(4), 1);
}

TEST_F(CoreTest, ForgedReportsAreRefused) {
  const int64_t run = Submit(FixedConfig(4, 2));
  const int64_t honest = Register();
  const int64_t other = Register();
  proto::AcquireReply lease = Acquire(honest, 2);
  proto::ReportReply reply;
  // Someone else's lease.
  EXPECT_EQ(Report(other, {PgnPairOf(lease.batch(), 0, 4)}, &reply).code(),
            absl::StatusCode::kPermissionDenied);
  // A pair never handed out, under a real lease.
  proto::PairResult unleased = PgnPairOf(lease.batch(), 0, 4);
  unleased.set_pair_index(3);
  EXPECT_EQ(Report(honest, {unleased}, &reply).code(), absl::StatusCode::kPermissionDenied);
  // Results that do not add up to the pentanomial claimed; one bad pair spoils the request.
  proto::PairResult lie = PgnPairOf(lease.batch(), 1, 4);
  lie.set_pentanomial_index(2);
  EXPECT_EQ(Report(honest, {PgnPairOf(lease.batch(), 0, 4), lie}, &reply).code(),
            absl::StatusCode::kInvalidArgument);
  proto::PairResult no_run = PgnPairOf(lease.batch(), 0, 4);
  no_run.set_run_id(99);
  EXPECT_EQ(Report(honest, {no_run}, &reply).code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(Report(12345, {PgnPairOf(lease.batch(), 0, 4)}, &reply).code(),
            absl::StatusCode::kNotFound);
  EXPECT_EQ(core_->CountedPairs(run), 0);
}

TEST_F(CoreTest, ExpiredLeaseIsReplayedAndTheLateReportIgnored) {
  const int64_t run = Submit(FixedConfig(2, 2));
  const int64_t slow = Register();
  const int64_t fast = Register();
  proto::AcquireReply lost = Acquire(slow, 2);
  ASSERT_EQ(lost.batch().pair_size(), 2);
  EXPECT_FALSE(Acquire(fast, 2).has_batch()) << "everything is leased";
  now_ += 1001;
  core_->Tick();
  core_->Flush();
  EXPECT_EQ(Status(run).leased_pairs(), 0);
  proto::AcquireReply replay = Acquire(fast, 2);
  ASSERT_TRUE(replay.has_batch());
  EXPECT_EQ(replay.batch().pair(0).pair_index(), lost.batch().pair(0).pair_index());
  EXPECT_EQ(replay.batch().pair(1).pair_index(), lost.batch().pair(1).pair_index());

  proto::ReportReply reply;
  // The slow worker comes back with one pair before the replay is done: it still counts.
  ASSERT_TRUE(Report(slow, {PgnPairOf(lost.batch(), 0, 4)}, &reply).ok());
  EXPECT_EQ(reply.accepted(), 1);
  ASSERT_TRUE(
      Report(fast, {PgnPairOf(replay.batch(), 0, 0), PgnPairOf(replay.batch(), 1, 2)}, &reply)
          .ok());
  EXPECT_EQ(reply.accepted(), 1);
  EXPECT_EQ(reply.duplicates(), 1);
  // And the rest of the slow worker's lease arrives after the run is complete.
  ASSERT_TRUE(Report(slow, {PgnPairOf(lost.batch(), 1, 0)}, &reply).ok());
  EXPECT_EQ(reply.accepted(), 0);
  const proto::RunStatus status = Status(run);
  EXPECT_EQ(status.state(), proto::RUN_FINISHED);
  EXPECT_EQ(std::vector<int64_t>(status.pentanomial().begin(), status.pentanomial().end()),
            (std::vector<int64_t>{0, 0, 1, 0, 1}));
}

TEST_F(CoreTest, HeartbeatKeepsTheLease) {
  Submit(FixedConfig(2, 2));
  const int64_t worker = Register();
  proto::AcquireReply lease = Acquire(worker, 2);
  for (int i = 0; i < 5; ++i) {
    now_ += 600;
    proto::HeartbeatRequest request;
    request.set_worker_id(worker);
    request.add_batch_id(lease.batch().batch_id());
    proto::HeartbeatReply reply;
    ASSERT_TRUE(Call(&Core::HandleHeartbeat, request, &reply).ok());
    EXPECT_EQ(reply.stop_batch_size(), 0);
    core_->Tick();
  }
  EXPECT_FALSE(Acquire(Register(), 2).has_batch()) << "the lease is still held";
}

TEST_F(CoreTest, WorkersAreSharedByPriority) {
  const int64_t low = Submit(FixedConfig(1000, 1, 1));
  const int64_t high = Submit(FixedConfig(1000, 1, 3));
  int got_low = 0, got_high = 0;
  for (int i = 0; i < 40; ++i) {
    proto::AcquireReply reply = Acquire(Register(), 1);
    ASSERT_TRUE(reply.has_batch());
    (reply.batch().run_id() == low ? got_low : got_high)++;
  }
  EXPECT_EQ(got_low, 10);
  EXPECT_EQ(got_high, 30);
  (void)high;
}

TEST_F(CoreTest, SprtStopsWhenDecided) {
  proto::RunConfig config = FixedConfig(1, 4);
  config.mutable_sprt()->set_elo0(0);
  config.mutable_sprt()->set_elo1(10);
  config.mutable_sprt()->set_max_pairs(10000);
  const int64_t run = Submit(config);
  const int64_t worker = Register();
  int64_t reported = 0;
  proto::AcquireReply lease;
  while (Status(run).state() != proto::RUN_FINISHED && reported < 1000) {
    lease = Acquire(worker, 4);
    ASSERT_TRUE(lease.has_batch());
    std::vector<proto::PairResult> pairs;
    for (int i = 0; i < lease.batch().pair_size(); ++i)
      pairs.push_back(PgnPairOf(lease.batch(), i, i % 2 ? 4 : 3));
    proto::ReportReply reply;
    ASSERT_TRUE(Report(worker, pairs, &reply).ok());
    reported += reply.accepted();
  }
  const proto::RunStatus status = Status(run);
  EXPECT_EQ(status.state(), proto::RUN_FINISHED);
  EXPECT_EQ(status.decision(), proto::DECISION_ACCEPT_H1);
  EXPECT_EQ(core_->CountedPairs(run), reported);
  EXPECT_FALSE(Acquire(worker, 4).has_batch());
  // A report for the ended run is not counted and tells the worker to stop.
  proto::ReportReply reply;
  ASSERT_TRUE(Report(worker, {PgnPairOf(lease.batch(), 0, 4)}, &reply).ok());
  EXPECT_EQ(reply.discarded(), 1);
  EXPECT_EQ(reply.stop_batch_size(), 1);
  EXPECT_EQ(core_->CountedPairs(run), reported);
}

TEST_F(CoreTest, CancelStopsTheWorkers) {
  const int64_t run = Submit(FixedConfig(10, 2));
  const int64_t worker = Register();
  proto::AcquireReply lease = Acquire(worker, 2);
  proto::CancelRequest cancel;
  cancel.set_run_id(run);
  proto::CancelReply cancelled;
  ASSERT_TRUE(Call(&Core::HandleCancel, cancel, &cancelled).ok());
  EXPECT_EQ(cancelled.run().state(), proto::RUN_CANCELLED);
  EXPECT_EQ(Call(&Core::HandleCancel, cancel, &cancelled).code(),
            absl::StatusCode::kFailedPrecondition);
  proto::HeartbeatRequest beat;
  beat.set_worker_id(worker);
  beat.add_batch_id(lease.batch().batch_id());
  proto::HeartbeatReply reply;
  ASSERT_TRUE(Call(&Core::HandleHeartbeat, beat, &reply).ok());
  ASSERT_EQ(reply.stop_batch_size(), 1);
  EXPECT_FALSE(Acquire(worker, 2).has_batch());
}

TEST_F(CoreTest, RestartKeepsCountsLeasesAndTheReplayQueue) {
  const int64_t run = Submit(FixedConfig(6, 2));
  const int64_t worker = Register();
  proto::AcquireReply a = Acquire(worker, 2);
  proto::AcquireReply b = Acquire(worker, 2);
  proto::ReportReply reply;
  ASSERT_TRUE(
      Report(worker, {PgnPairOf(a.batch(), 0, 4), PgnPairOf(a.batch(), 1, 1)}, &reply).ok());
  ASSERT_TRUE(Report(worker, {PgnPairOf(b.batch(), 0, 2)}, &reply).ok());
  // Lease b still holds one pair; let it expire before the "crash".
  now_ += 1001;
  core_->Tick();
  core_->Flush();
  Reopen();
  proto::RunStatus status = Status(run);
  EXPECT_EQ(core_->CountedPairs(run), 3);
  EXPECT_EQ(status.state(), proto::RUN_RUNNING);
  // The worker is known again and its old late pair is still taken once.
  ASSERT_TRUE(Report(worker, {PgnPairOf(b.batch(), 1, 3)}, &reply).ok());
  EXPECT_EQ(reply.accepted(), 1);
  ASSERT_TRUE(Report(worker, {PgnPairOf(b.batch(), 1, 3)}, &reply).ok());
  EXPECT_EQ(reply.duplicates(), 1);
  // Pairs 4 and 5 were never handed out; nothing else is left to replay.
  proto::AcquireReply c = Acquire(worker, 8);
  ASSERT_EQ(c.batch().pair_size(), 2);
  EXPECT_EQ(c.batch().pair(0).pair_index(), 4);
  Reopen();
  EXPECT_EQ(Status(run).leased_pairs(), 2) << "a live lease survives the restart";
  ASSERT_TRUE(
      Report(worker, {PgnPairOf(c.batch(), 0, 4), PgnPairOf(c.batch(), 1, 4)}, &reply).ok());
  EXPECT_EQ(reply.accepted(), 2);
  status = Status(run);
  EXPECT_EQ(status.state(), proto::RUN_FINISHED);
  EXPECT_EQ(std::vector<int64_t>(status.pentanomial().begin(), status.pentanomial().end()),
            (std::vector<int64_t>{0, 1, 1, 1, 3}));
}

TEST_F(CoreTest, PgnIsExportedWhenStored) {
  proto::RunConfig config = FixedConfig(2, 2);
  config.set_store_pgn(true);
  const int64_t run = Submit(config);
  const int64_t worker = Register();
  proto::AcquireReply lease = Acquire(worker, 2);
  proto::ReportReply reply;
  ASSERT_TRUE(
      Report(worker, {PgnPairOf(lease.batch(), 0, 4), PgnPairOf(lease.batch(), 1, 4)}, &reply)
          .ok());
  proto::ExportPgnRequest request;
  request.set_run_id(run);
  request.set_after_pair(-1);
  proto::ExportPgnReply pgn;
  Serving serving(core_.get(), path_);
  ASSERT_TRUE(serving.ExportPgn(request, &pgn).ok());
  EXPECT_TRUE(pgn.done());
  EXPECT_EQ(pgn.last_pair(), 1);
  size_t events = 0;
  for (size_t at = pgn.pgn().find("[Event"); at != std::string::npos;
       at = pgn.pgn().find("[Event", at + 1)) {
    ++events;
  }
  EXPECT_EQ(events, 2u);
}

TEST_F(CoreTest, PgnOfAnUnknownRunIsNotFound) {
  Serving serving(core_.get(), path_);
  proto::ExportPgnRequest request;
  request.set_run_id(42);
  proto::ExportPgnReply pgn;
  absl::Status status = serving.ExportPgn(request, &pgn);
  EXPECT_EQ(status.code(), absl::StatusCode::kNotFound) << status;
  EXPECT_NE(status.message().find("no run 42"), absl::string_view::npos) << status;
}

TEST_F(CoreTest, InvalidSubmitIsRefused) {
  proto::RunConfig config = FixedConfig(0, 2);
  proto::SubmitRequest request;
  *request.mutable_config() = config;
  proto::SubmitReply reply;
  absl::Status status = Call(&Core::HandleSubmit, request, &reply);
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(status.message().find("fixed.pairs"), absl::string_view::npos) << status;
}

// The artifact store keeps what this names: the uploads of pending and running runs only.
TEST_F(CoreTest, ReferencedArtifactsAreThoseOfLiveRuns) {
  proto::RunConfig config = FixedConfig(4, 2);
  proto::BuiltinEngine* revision = config.mutable_engine()->mutable_builtin();
  revision->set_revision("HEAD");
  revision->set_commit(std::string(40, 'c'));
  revision->mutable_source()->set_sha256(std::string(64, 'a'));
  revision->mutable_source()->set_size(100);
  proto::ExternalEngine* file = config.mutable_baseline()->mutable_external();
  file->set_file("engine");
  file->mutable_binary()->set_sha256(std::string(64, 'b'));
  file->mutable_binary()->set_size(200);
  const int64_t run = Submit(config);
  ASSERT_GT(run, 0);
  const int64_t plain = Submit(FixedConfig(4, 2));
  EXPECT_EQ(core_->ReferencedArtifacts(),
            (std::set<std::string>{std::string(64, 'a'), std::string(64, 'b')}));
  // So after a restart.
  Reopen();
  EXPECT_EQ(core_->ReferencedArtifacts().size(), 2u);
  proto::CancelRequest cancel;
  cancel.set_run_id(run);
  proto::CancelReply cancelled;
  ASSERT_TRUE(Call(&Core::HandleCancel, cancel, &cancelled).ok());
  EXPECT_TRUE(core_->ReferencedArtifacts().empty());
  EXPECT_EQ(Status(plain).state(), proto::RUN_PENDING);
}

}  // namespace
}  // namespace gc9::coordinator::core
