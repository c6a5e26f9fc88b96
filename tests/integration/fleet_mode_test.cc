// Fleet mode: workers that end by themselves (--exit-when-idle, --max-pairs) and drain on
// SIGTERM, with real processes on loopback and the counts checked in the SQLite file.
#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "common/file.h"
#include "gtest/gtest.h"
#include "tests/integration/cluster.h"

namespace gc9::testing {
namespace {

// Waits (a guard of a minute, not a measurement) for the worker to end by itself; its wait
// status, or -1 if it did not.
int WaitForExit(Cluster& cluster, int worker) {
  for (int i = 0; i < 600; ++i) {
    if (!cluster.worker(worker).Running()) return cluster.worker(worker).wait_status();
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return -1;
}

bool ExitedWell(int wait_status) { return WIFEXITED(wait_status) && WEXITSTATUS(wait_status) == 0; }

std::string LogOf(Cluster& cluster, int worker) {
  return common::ReadWholeFile(cluster.WorkerLog(worker)).value_or("");
}

int64_t PairsOf(Cluster& cluster, int64_t worker_id) {
  absl::StatusOr<proto::ListWorkersReply> workers = cluster.client().ListWorkers();
  EXPECT_TRUE(workers.ok()) << workers.status();
  if (!workers.ok()) return -1;
  for (const proto::WorkerStatus& worker : workers->worker()) {
    if (worker.worker_id() == worker_id) return worker.pairs();
  }
  return -1;
}

// Pairs of a second or so each, so that a worker holds pairs it has not started.
proto::RunConfig SlowerRun(int pairs, int batch_pairs) {
  proto::RunConfig config = TinyRun(pairs, batch_pairs);
  config.mutable_time_control()->set_nodes(20000);
  config.mutable_adjudication()->set_max_plies(40);
  return config;
}

TEST(FleetMode, AWorkerWithNothingToDoExitsByItselfOnceEverythingIsReported) {
  Cluster cluster;
  cluster.StartCoordinator();
  absl::StatusOr<int64_t> run = cluster.client().Submit(TinyRun(4, 2));
  ASSERT_TRUE(run.ok()) << run.status();
  const int worker = cluster.StartWorker(1, "", {"--exit-when-idle", "2"});
  const int status = WaitForExit(cluster, worker);
  EXPECT_TRUE(ExitedWell(status)) << status << "\n" << LogOf(cluster, worker);
  EXPECT_NE(LogOf(cluster, worker).find("no work for 2 s, --exit-when-idle"), std::string::npos)
      << LogOf(cluster, worker);
  absl::StatusOr<proto::RunStatus> done = cluster.client().Status(*run);
  ASSERT_TRUE(done.ok()) << done.status();
  EXPECT_EQ(done->state(), proto::RUN_FINISHED);
  EXPECT_EQ(Cluster::Pairs(*done), 4);
  cluster.coordinator().Stop(SIGTERM, 5000);
  EXPECT_EQ(StoredReporters(cluster.db(), *run), std::vector<int64_t>(4, 1));
}

TEST(FleetMode, MaxPairsEndsAWorkerAfterThatManyAndAnotherFinishesTheRun) {
  Cluster cluster;
  cluster.StartCoordinator();
  absl::StatusOr<int64_t> run = cluster.client().Submit(TinyRun(8, 1));
  ASSERT_TRUE(run.ok()) << run.status();
  const int first = cluster.StartWorker(1, "", {"--max-pairs", "3"});
  const int status = WaitForExit(cluster, first);
  EXPECT_TRUE(ExitedWell(status)) << status << "\n" << LogOf(cluster, first);
  EXPECT_EQ(PairsOf(cluster, 1), 3);
  absl::StatusOr<proto::RunStatus> between = cluster.client().Status(*run);
  ASSERT_TRUE(between.ok()) << between.status();
  EXPECT_EQ(between->leased_pairs(), 0) << "what it held went back";
  cluster.StartWorker(1);
  const proto::RunStatus done = cluster.WaitFor(
      *run, [](const proto::RunStatus& s) { return s.state() == proto::RUN_FINISHED; });
  EXPECT_EQ(Cluster::Pairs(done), 8);
  EXPECT_EQ(PairsOf(cluster, 2), 5);
  cluster.coordinator().Stop(SIGTERM, 5000);
  EXPECT_EQ(StoredReporters(cluster.db(), *run).size(), 8u);
}

TEST(FleetMode, SigtermDrainsFinishesThePairInPlayAndHandsTheRestBack) {
  Cluster cluster;
  cluster.StartCoordinator();  // leases of a minute: only a Release gives pairs back sooner
  absl::StatusOr<int64_t> run = cluster.client().Submit(SlowerRun(6, 3));
  ASSERT_TRUE(run.ok()) << run.status();
  const int draining = cluster.StartWorker(1);
  cluster.WaitFor(*run, [](const proto::RunStatus& s) { return Cluster::Pairs(s) >= 1; });
  // A pair is in play: the drain lets it end and reports it.
  const int status = cluster.worker(draining).Stop(SIGTERM, 40000);
  EXPECT_TRUE(ExitedWell(status)) << status << "\n" << LogOf(cluster, draining);
  const std::string log = LogOf(cluster, draining);
  EXPECT_NE(log.find("draining (signal 15)"), std::string::npos) << log;
  absl::StatusOr<proto::RunStatus> after = cluster.client().Status(*run);
  ASSERT_TRUE(after.ok()) << after.status();
  EXPECT_EQ(after->leased_pairs(), 0) << "handed back, not left to run out";
  const int64_t played = Cluster::Pairs(*after);
  EXPECT_EQ(PairsOf(cluster, 1), played) << "everything it played was reported";
  EXPECT_LT(played, 6);
  cluster.StartWorker(1);
  const proto::RunStatus done = cluster.WaitFor(
      *run, [](const proto::RunStatus& s) { return s.state() == proto::RUN_FINISHED; });
  EXPECT_EQ(Cluster::Pairs(done), 6);
  cluster.coordinator().Stop(SIGTERM, 5000);
  EXPECT_EQ(StoredReporters(cluster.db(), *run).size(), 6u);
}

TEST(FleetMode, ADrainThatRunsOutOfTimeGivesUpThePairInPlayAndStillExitsWell) {
  Cluster cluster;
  cluster.StartCoordinator();
  // Pairs of minutes: the two in play cannot end within a drain of one second.
  proto::RunConfig config = SlowerRun(4, 4);
  config.mutable_time_control()->set_nodes(100'000);
  config.mutable_adjudication()->set_max_plies(200);
  absl::StatusOr<int64_t> run = cluster.client().Submit(config);
  ASSERT_TRUE(run.ok()) << run.status();
  const int draining = cluster.StartWorker(2, "", {"--drain-seconds", "1"});
  for (int i = 0;
       i < 600 && LogOf(cluster, draining).find("of run 1: playing") == std::string::npos; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  const int status = cluster.worker(draining).Stop(SIGTERM, 20000);
  EXPECT_TRUE(ExitedWell(status)) << status << "\n" << LogOf(cluster, draining);
  absl::StatusOr<proto::RunStatus> after = cluster.client().Status(*run);
  ASSERT_TRUE(after.ok()) << after.status();
  EXPECT_EQ(after->leased_pairs(), 0) << "given up and handed back, not left to run out";
  EXPECT_EQ(Cluster::Pairs(*after), 0);
  const std::string log = LogOf(cluster, draining);
  EXPECT_NE(log.find("pair(s) in play given up"), std::string::npos) << log;
  EXPECT_NE(log.find("handed back 1 batch(es)"), std::string::npos) << log;
}

}  // namespace
}  // namespace gc9::testing
