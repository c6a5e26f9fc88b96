// Faults on the real system: a worker SIGKILLed mid-batch, the coordinator SIGKILLed mid-run
// and restarted on the same database, repeated and forged reports, workers without the token.
#include <signal.h>

#include <chrono>
#include <fstream>
#include <set>
#include <string>
#include <thread>

#include "common/protocol.h"
#include "common/rpc.h"
#include "coordinator/store/sqlite_store.h"
#include "gtest/gtest.h"
#include "tests/integration/cluster.h"

namespace gc9::testing {
namespace {

TEST(Fault, WorkerKilledMidBatchIsReplayed) {
  Cluster cluster;
  cluster.StartCoordinator(/*lease_ms=*/1500);
  const int doomed = cluster.StartWorker();
  absl::StatusOr<int64_t> run = cluster.client().Submit(TinyRun(10, 4));
  ASSERT_TRUE(run.ok());
  // Mid-batch: some pairs counted, others still leased to the doomed worker.
  cluster.WaitFor(*run, [](const proto::RunStatus& s) {
    return Cluster::Pairs(s) >= 1 && s.leased_pairs() >= 1;
  });
  cluster.worker(doomed).Signal(SIGKILL);
  cluster.StartWorker();
  proto::RunStatus status = cluster.WaitFor(
      *run, [](const proto::RunStatus& s) { return s.state() == proto::RUN_FINISHED; });
  EXPECT_EQ(Cluster::Pairs(status), 10);
  cluster.coordinator().Stop(SIGTERM, 5000);
  int64_t rows = 0;
  std::vector<int64_t> counts;
  StoredPairs(cluster.db(), *run, &rows, &counts);
  EXPECT_EQ(rows, 10);
  EXPECT_EQ(counts, CountsOf(status));
}

TEST(Fault, CoordinatorKilledMidRunLosesAndDoublesNothing) {
  Cluster cluster;
  cluster.StartCoordinator(/*lease_ms=*/3000);
  cluster.StartWorker();
  cluster.StartWorker();
  absl::StatusOr<int64_t> run = cluster.client().Submit(TinyRun(24, 2));
  ASSERT_TRUE(run.ok());
  // Three crashes at different points of the run, each followed by a restart on the same
  // database while the workers keep playing and hold their results until it is back.
  for (int crash = 1; crash <= 3; ++crash) {
    const proto::RunStatus before = cluster.WaitFor(
        *run, [&](const proto::RunStatus& s) { return Cluster::Pairs(s) >= 5 * crash; });
    cluster.coordinator().Stop(SIGKILL, 1000);
    // What the dead coordinator had shown is on disk, and nothing twice (StoredPairs checks).
    int64_t rows = 0;
    std::vector<int64_t> counts;
    StoredPairs(cluster.db(), *run, &rows, &counts);
    EXPECT_GE(rows, Cluster::Pairs(before));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    cluster.StartCoordinator(/*lease_ms=*/3000);
    absl::StatusOr<proto::RunStatus> restarted = cluster.client().Status(*run);
    ASSERT_TRUE(restarted.ok());
    EXPECT_GE(Cluster::Pairs(*restarted), rows);
    EXPECT_EQ(restarted->state(), proto::RUN_RUNNING);
  }
  proto::RunStatus status = cluster.WaitFor(
      *run, [](const proto::RunStatus& s) { return s.state() == proto::RUN_FINISHED; });
  EXPECT_EQ(Cluster::Pairs(status), 24);
  cluster.coordinator().Stop(SIGTERM, 5000);
  int64_t rows = 0;
  std::vector<int64_t> counts;
  StoredPairs(cluster.db(), *run, &rows, &counts);
  EXPECT_EQ(rows, 24);
  EXPECT_EQ(counts, CountsOf(status));
}

proto::PairResult FakePair(const proto::Batch& batch, int which) {
  proto::PairResult pair;
  pair.set_run_id(batch.run_id());
  pair.set_batch_id(batch.batch_id());
  pair.set_pair_index(batch.pair(which).pair_index());
  pair.set_pentanomial_index(2);
  for (int g = 0; g < 2; ++g) {
    proto::GameSummary* game = pair.add_game();
    game->set_result("1/2-1/2");
    game->set_reason("max-length");
  }
  return pair;
}

TEST(Fault, RepeatedReportIsIgnoredAndForgedOneRefused) {
  Cluster cluster;
  cluster.StartCoordinator();
  absl::StatusOr<int64_t> run = cluster.client().Submit(TinyRun(4, 2));
  ASSERT_TRUE(run.ok());
  auto stub = cluster.WorkerStub();
  auto call_register = [&]() {
    proto::RegisterRequest request;
    request.set_protocol_version(common::kProtocolVersion);
    proto::RegisterReply reply;
    auto context = common::MakeContext(cluster.token(), 5000);
    EXPECT_TRUE(stub->Register(context.get(), request, &reply).ok());
    return reply.worker_id();
  };
  const int64_t honest = call_register();
  const int64_t forger = call_register();
  proto::AcquireRequest acquire;
  acquire.set_worker_id(honest);
  acquire.set_max_pairs(2);
  proto::AcquireReply lease;
  {
    auto context = common::MakeContext(cluster.token(), 5000);
    ASSERT_TRUE(stub->AcquireWork(context.get(), acquire, &lease).ok());
  }
  ASSERT_TRUE(lease.has_batch());
  auto report = [&](int64_t worker, const proto::PairResult& pair, proto::ReportReply* reply) {
    proto::ReportRequest request;
    request.set_worker_id(worker);
    *request.add_pair() = pair;
    auto context = common::MakeContext(cluster.token(), 5000);
    return stub->ReportPairs(context.get(), request, reply);
  };
  proto::ReportReply first, second, forged;
  ASSERT_TRUE(report(honest, FakePair(lease.batch(), 0), &first).ok());
  EXPECT_EQ(first.accepted(), 1);
  ASSERT_TRUE(report(honest, FakePair(lease.batch(), 0), &second).ok());
  EXPECT_EQ(second.accepted(), 0);
  EXPECT_EQ(second.duplicates(), 1);
  grpc::Status status = report(forger, FakePair(lease.batch(), 1), &forged);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::PERMISSION_DENIED) << status.error_message();
  proto::PairResult lie = FakePair(lease.batch(), 1);
  lie.set_pentanomial_index(4);  // two draws are no 2-0
  status = report(honest, lie, &forged);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << status.error_message();
  absl::StatusOr<proto::RunStatus> run_status = cluster.client().Status(*run);
  ASSERT_TRUE(run_status.ok());
  EXPECT_EQ(Cluster::Pairs(*run_status), 1);
}

TEST(Fault, CallersWithoutTheTokenAreRefused) {
  Cluster cluster;
  cluster.StartCoordinator();
  auto stub = cluster.WorkerStub();
  for (const std::string& token : {std::string(), std::string("not-the-token")}) {
    proto::RegisterRequest request;
    proto::RegisterReply reply;
    auto context = common::MakeContext(token, 5000);
    grpc::Status status = stub->Register(context.get(), request, &reply);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAUTHENTICATED) << token;
  }
  // The user service too.
  absl::StatusOr<std::unique_ptr<coordinator::cli::UserClient>> anonymous =
      coordinator::cli::UserClient::Connect(cluster.address(), "", "");
  ASSERT_TRUE(anonymous.ok());
  EXPECT_EQ((*anonymous)->List().status().code(), absl::StatusCode::kUnauthenticated);
  // And a worker process with the wrong secret gives up rather than retrying forever.
  const std::string wrong = cluster.dir() + "/wrong-token";
  std::ofstream(wrong) << "wrong\n";
  const int worker = cluster.StartWorker(1, wrong);
  for (int i = 0; i < 500 && cluster.worker(worker).Running(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ASSERT_FALSE(cluster.worker(worker).Running());
  EXPECT_NE(cluster.worker(worker).wait_status(), 0);
}

}  // namespace
}  // namespace gc9::testing
