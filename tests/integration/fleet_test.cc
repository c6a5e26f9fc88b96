// The fleet on the real system: a run whose engine cannot start fails within seconds with the
// worker's reason (and `gc9 run` says so and exits 1), a blocked worker stops getting leases
// while another finishes the run, blocking and failures survive a coordinator SIGKILL, `gc9
// workers` counts the crashes, time losses and illegal moves of games, and a worker of another
// protocol version is refused and stops. gc9_bad_engine is the engine that misbehaves.
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <chrono>
#include <fstream>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "common/file.h"
#include "common/protocol.h"
#include "common/rpc.h"
#include "coordinator/store/sqlite_store.h"
#include "google/protobuf/text_format.h"
#include "gtest/gtest.h"
#include "tests/integration/cluster.h"

namespace gc9::testing {
namespace {

// A command's exit status and what it printed (stdout and stderr together).
struct Output {
  int exit_status = -1;
  std::string text;
};

// Runs `argv` to its end, at most `limit_ms` (a guard against hangs; past it the command is
// killed and the test fails).
Output RunCommand(const Cluster& cluster, const std::vector<std::string>& argv,
                  int64_t limit_ms = 60000) {
  static int count = 0;
  const std::string log = absl::StrCat(cluster.dir(), "/command-", ++count, ".log");
  absl::StatusOr<cli::ChildProcess> child = cli::ChildProcess::Start(argv, log);
  EXPECT_TRUE(child.ok()) << child.status();
  Output output;
  if (!child.ok()) return output;
  const auto limit = std::chrono::steady_clock::now() + std::chrono::milliseconds(limit_ms);
  while (child->Running() && std::chrono::steady_clock::now() < limit) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_FALSE(child->Running()) << argv[0] << " did not end within " << limit_ms << " ms";
  const int status = child->Stop(SIGKILL, 0);
  output.exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  output.text = common::ReadWholeFile(log).value_or("");
  return output;
}

// gc9-cli COMMAND ARGS... against the cluster's coordinator.
Output Cli(const Cluster& cluster, std::vector<std::string> args) {
  args.insert(args.begin(), GC9_CLI_BINARY);
  for (const std::string& flag : {std::string("--coordinator"), cluster.address(),
                                  std::string("--token-file"), cluster.token_file()}) {
    args.push_back(flag);
  }
  return RunCommand(cluster, args);
}

// TinyRun with gc9_bad_engine as the engine under test, misbehaving (MODE) from its AT-th move
// of every process.
proto::RunConfig BadEngineRun(const std::string& mode, int at, int pairs) {
  proto::RunConfig config = TinyRun(pairs, 2);
  config.set_name(absl::StrCat("bad engine ", mode));
  proto::EngineConfig* engine = config.mutable_engine();
  engine->set_name("bad");
  engine->mutable_external()->set_path(GC9_BAD_ENGINE);
  engine->mutable_external()->add_arg(mode);
  engine->mutable_external()->add_arg(absl::StrCat(at));
  return config;
}

proto::WorkerStatus WorkerOf(Cluster& cluster, int64_t worker_id) {
  absl::StatusOr<proto::ListWorkersReply> workers = cluster.client().ListWorkers();
  EXPECT_TRUE(workers.ok()) << workers.status();
  if (workers.ok()) {
    for (const proto::WorkerStatus& worker : workers->worker()) {
      if (worker.worker_id() == worker_id) return worker;
    }
  }
  ADD_FAILURE() << "worker " << worker_id << " is not listed";
  return proto::WorkerStatus();
}

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(Fleet, ARunWhoseEngineCannotStartFailsWithTheWorkersReason) {
  Cluster cluster;
  cluster.StartCoordinator();
  cluster.StartWorker();
  cluster.StartWorker();
  // The engine dies at its first `go`, in every process, on every worker.
  absl::StatusOr<int64_t> run = cluster.client().Submit(BadEngineRun("abort", 1, 4));
  ASSERT_TRUE(run.ok()) << run.status();
  const proto::RunStatus failed = cluster.WaitFor(
      *run, [](const proto::RunStatus& s) { return s.state() == proto::RUN_FAILED; },
      /*limit_ms=*/30000);
  ASSERT_EQ(failed.state(), proto::RUN_FAILED);
  EXPECT_EQ(Cluster::Pairs(failed), 0);

  const Output json = Cli(cluster, {"status", absl::StrCat(*run), "--json"});
  ASSERT_EQ(json.exit_status, 0) << json.text;
  EXPECT_TRUE(Contains(json.text, "\"state\": \"failed\"")) << json.text;
  EXPECT_TRUE(Contains(json.text, "\"failure\": [{\"failure_id\": ")) << json.text;
  EXPECT_TRUE(Contains(json.text, "\"kind\": \"engine_did_not_start\"")) << json.text;
  EXPECT_TRUE(Contains(json.text, "\"engine\": \"bad\"")) << json.text;
  EXPECT_TRUE(Contains(json.text, "bad died before its first move: killed by signal 6"))
      << json.text;
  const Output text = Cli(cluster, {"status", absl::StrCat(*run)});
  EXPECT_TRUE(Contains(text.text, "failed, 0 of 4 pairs")) << text.text;
  EXPECT_TRUE(Contains(text.text, "engine did not start, engine 'bad'")) << text.text;

  // The failures are on disk: after a SIGKILL the run is still failed, with its reasons.
  cluster.coordinator().Stop(SIGKILL, 1000);
  cluster.StartCoordinator();
  absl::StatusOr<proto::RunStatus> restarted = cluster.client().Status(*run);
  ASSERT_TRUE(restarted.ok()) << restarted.status();
  EXPECT_EQ(restarted->state(), proto::RUN_FAILED);
  EXPECT_EQ(restarted->failures(), failed.failures());
  ASSERT_EQ(restarted->failure_size(), failed.failure_size());
  EXPECT_EQ(restarted->failure(0).message(), failed.failure(0).message());
  EXPECT_EQ(WorkerOf(cluster, failed.failure(0).worker_id()).failures(), 1);
}

TEST(Fleet, Gc9RunStopsOnAMissingEngineAndNamesIt) {
  Cluster scratch;  // for its directory
  proto::RunConfig config = TinyRun(4, 2);
  config.mutable_baseline()->mutable_external()->set_path("/nonexistent/gc9-test-engine");
  std::string text;
  google::protobuf::TextFormat::PrintToString(config, &text);
  const std::string path = scratch.dir() + "/missing-engine.textproto";
  std::ofstream(path) << text;
  const Output run = RunCommand(scratch, {GC9_RUN_BINARY, path, "--workers", "2"},
                                /*limit_ms=*/30000);
  EXPECT_EQ(run.exit_status, 1) << run.text;
  EXPECT_TRUE(Contains(run.text, "failed, 0 of 4 pairs")) << run.text;
  EXPECT_TRUE(Contains(run.text,
                       "engine missing, engine 'b': cannot execute /nonexistent/gc9-test-engine: "
                       "No such file or directory"))
      << run.text;
  EXPECT_TRUE(Contains(run.text, "run 1 failed")) << run.text;
  // A failed gc9 run keeps its logs for the user; not for the test.
  const size_t kept = run.text.find("logs kept in ");
  ASSERT_NE(kept, std::string::npos) << run.text;
  const std::string logs = run.text.substr(kept + 13, run.text.find('\n', kept) - kept - 13);
  ASSERT_EQ(logs.rfind("/tmp/gc9-run-", 0), 0u) << logs;
  cli::RemoveTree(logs);
}

TEST(Fleet, ABlockedWorkerStopsGettingLeasesAndTheBlockSurvivesARestart) {
  Cluster cluster;
  cluster.StartCoordinator(/*lease_ms=*/3000);
  const int blocked_index = cluster.StartWorker();
  absl::StatusOr<int64_t> run = cluster.client().Submit(TinyRun(16, 2));
  ASSERT_TRUE(run.ok());
  cluster.WaitFor(*run, [](const proto::RunStatus& s) {
    return Cluster::Pairs(s) >= 2 && s.leased_pairs() >= 1;
  });
  const int64_t blocked = 1;  // the only worker so far
  const Output block = Cli(cluster, {"block", "1"});
  ASSERT_EQ(block.exit_status, 0) << block.text;
  EXPECT_TRUE(Contains(block.text, "blocked")) << block.text;
  const int64_t pairs_when_blocked = WorkerOf(cluster, blocked).pairs();
  // What it holds goes back: nothing leased now, though it still runs and heartbeats.
  absl::StatusOr<proto::RunStatus> status = cluster.client().Status(*run);
  ASSERT_TRUE(status.ok());
  EXPECT_EQ(status->leased_pairs(), 0);

  // Killed and restarted, the coordinator still knows the block.
  cluster.coordinator().Stop(SIGKILL, 1000);
  cluster.StartCoordinator(/*lease_ms=*/3000);
  EXPECT_EQ(WorkerOf(cluster, blocked).state(), proto::WORKER_BLOCKED);
  // Nobody gets a lease while the only worker is blocked, though it keeps asking (and may
  // still report a pair it had finished).
  for (int i = 0; i < 6; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
    absl::StatusOr<proto::RunStatus> waiting = cluster.client().Status(*run);
    ASSERT_TRUE(waiting.ok());
    EXPECT_EQ(waiting->leased_pairs(), 0);
  }
  // It has asked at least once since (its backoff after the restart may be long under load).
  const auto asked_by = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (!Contains(common::ReadWholeFile(cluster.WorkerLog(blocked_index)).value_or(""),
                   "gives this worker no work")) {
    ASSERT_LT(std::chrono::steady_clock::now(), asked_by) << "the blocked worker never asked";
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }

  cluster.StartWorker();
  const proto::RunStatus done = cluster.WaitFor(
      *run, [](const proto::RunStatus& s) { return s.state() == proto::RUN_FINISHED; });
  EXPECT_EQ(Cluster::Pairs(done), 16);
  const proto::WorkerStatus after = WorkerOf(cluster, blocked);
  EXPECT_EQ(after.state(), proto::WORKER_BLOCKED);
  EXPECT_EQ(after.run_id_size(), 0);
  // At most the pairs it had finished when it was blocked came in after it.
  EXPECT_LE(after.pairs(), pairs_when_blocked + 2);
  const std::string log = common::ReadWholeFile(cluster.WorkerLog(blocked_index)).value_or("");
  size_t refusals = 0;
  for (size_t at = log.find("gives this worker no work"); at != std::string::npos;
       at = log.find("gives this worker no work", at + 1)) {
    ++refusals;
  }
  EXPECT_EQ(refusals, 1u) << "logged once, not at every ask: " << log;

  const Output unblock = Cli(cluster, {"unblock", "1"});
  ASSERT_EQ(unblock.exit_status, 0) << unblock.text;
  EXPECT_NE(WorkerOf(cluster, blocked).state(), proto::WORKER_BLOCKED);
  cluster.coordinator().Stop(SIGTERM, 5000);
  const std::vector<int64_t> reporters = StoredReporters(cluster.db(), *run);
  EXPECT_EQ(reporters.size(), 16u);
  int64_t by_blocked = 0;
  for (int64_t worker : reporters) by_blocked += worker == blocked ? 1 : 0;
  EXPECT_EQ(by_blocked, after.pairs());
}

TEST(Fleet, TheWorkerListCountsCrashesTimeLossesAndIllegalMoves) {
  Cluster cluster;
  cluster.StartCoordinator();
  cluster.StartWorker();
  // From its second move on, gc9_bad_engine crashes, hangs (on a clock: a time loss) or plays
  // an illegal move, in every game of a pair: two games of each.
  for (const char* mode : {"abort", "hang", "illegal"}) {
    proto::RunConfig config = BadEngineRun(mode, 2, 1);
    proto::TimeControl* tc = config.mutable_time_control();
    tc->mutable_clock()->set_base_ms(1000);
    tc->set_margin_ms(200);
    absl::StatusOr<int64_t> run = cluster.client().Submit(config);
    ASSERT_TRUE(run.ok()) << run.status();
    const proto::RunStatus done = cluster.WaitFor(
        *run, [](const proto::RunStatus& s) { return s.state() == proto::RUN_FINISHED; });
    EXPECT_EQ(done.failures(), 0) << mode;
  }
  const Output json = Cli(cluster, {"workers", "--json"});
  ASSERT_EQ(json.exit_status, 0) << json.text;
  EXPECT_TRUE(Contains(json.text, "\"worker_id\": 1, ")) << json.text;
  EXPECT_TRUE(Contains(json.text, "\"state\": \"idle\"")) << json.text;
  EXPECT_TRUE(Contains(json.text,
                       "\"pairs\": 3, \"failures\": 0, \"crashes\": 2, \"time_losses\": 2, "
                       "\"illegal_moves\": 2"))
      << json.text;
  const Output table = Cli(cluster, {"workers"});
  ASSERT_EQ(table.exit_status, 0) << table.text;
  EXPECT_TRUE(Contains(table.text, "TIME-LOSSES")) << table.text;
  EXPECT_TRUE(Contains(table.text, "idle")) << table.text;
}

TEST(Fleet, AWorkerWhoseEngineShowsAnotherBenchRefusesTheRunWhichFinishesElsewhere) {
  Cluster cluster;
  cluster.StartCoordinator();
  // An engine installed at the same path on every worker, whose bench differs on one of them
  // (as a binary built with other flags would): it prints what $GC9_TEST_BENCH says. On the
  // good worker the bench waits (30 s at most) for the file `go`, so that this worker cannot
  // finish the run before the other one has asked for a share of it.
  const std::string engine = absl::StrCat(cluster.dir(), "/engine.sh");
  const std::string go = absl::StrCat(cluster.dir(), "/go");
  {
    std::ofstream script(engine);
    script << "#!/bin/sh\nif [ \"$1\" = bench ]; then\n"
           << "  i=0\n  while [ -z \"$GC9_TEST_BENCH\" ] && [ ! -e " << go
           << " ] && [ $i -lt 600 ]; do sleep 0.05; i=$((i + 1)); done\n"
           << "  echo \"Nodes searched: ${GC9_TEST_BENCH:-4242}\"\n  exit 0\nfi\nexec "
           << GC9_BAD_ENGINE << " good\n";
  }
  ASSERT_EQ(chmod(engine.c_str(), 0755), 0);
  proto::RunConfig config = TinyRun(8, 1);
  config.mutable_engine()->set_name("installed");
  config.mutable_engine()->mutable_external()->set_path(engine);
  config.mutable_engine()->set_bench(4242);
  absl::StatusOr<int64_t> run = cluster.client().Submit(config);
  ASSERT_TRUE(run.ok()) << run.status();
  cluster.StartWorker(1, "", {"--cache-dir", absl::StrCat(cluster.dir(), "/cache-good")});
  // Worker ids follow the order of registration: the good worker is 1 once it is listed.
  auto listed = [&] {
    absl::StatusOr<proto::ListWorkersReply> workers = cluster.client().ListWorkers();
    return workers.ok() ? workers->worker_size() : 0;
  };
  for (int i = 0; i < 300 && listed() == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_EQ(listed(), 1);
  ASSERT_EQ(setenv("GC9_TEST_BENCH", "4243", 1), 0);
  cluster.StartWorker(1, "", {"--cache-dir", absl::StrCat(cluster.dir(), "/cache-other")});
  ASSERT_EQ(unsetenv("GC9_TEST_BENCH"), 0);
  const int64_t other = 2;

  // It registers, reports the mismatch at once, and the run goes on with the first worker.
  auto failures_of_other = [&] {
    absl::StatusOr<proto::ListWorkersReply> workers = cluster.client().ListWorkers();
    if (!workers.ok()) return int64_t{0};
    for (const proto::WorkerStatus& worker : workers->worker()) {
      if (worker.worker_id() == other) return worker.failures();
    }
    return int64_t{0};
  };
  for (int i = 0; i < 300 && failures_of_other() == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  const proto::WorkerStatus refused = WorkerOf(cluster, other);
  ASSERT_TRUE(std::ofstream(go).good());
  ASSERT_EQ(refused.failures(), 1);
  EXPECT_EQ(refused.last_failure().kind(), proto::FAILURE_BENCH_MISMATCH);
  EXPECT_TRUE(
      Contains(refused.last_failure().message(), "has bench 4243 here; the run expects 4242"))
      << refused.last_failure().message();
  const proto::RunStatus done = cluster.WaitFor(
      *run, [](const proto::RunStatus& s) { return s.state() == proto::RUN_FINISHED; });
  EXPECT_EQ(Cluster::Pairs(done), 8);
  EXPECT_EQ(WorkerOf(cluster, other).pairs(), 0);
  EXPECT_EQ(WorkerOf(cluster, 1).pairs(), 8);
  const Output workers = Cli(cluster, {"workers"});
  ASSERT_EQ(workers.exit_status, 0) << workers.text;
  EXPECT_TRUE(Contains(workers.text, absl::StrCat("last failure, run ", *run, ": bench mismatch")))
      << workers.text;
  cluster.coordinator().Stop(SIGTERM, 5000);
  EXPECT_EQ(StoredReporters(cluster.db(), *run), std::vector<int64_t>(8, 1));
}

TEST(Fleet, AWorkerOfAnotherProtocolVersionIsRefusedAndStops) {
  Cluster cluster;
  // A coordinator that speaks the next version, as after an upgrade of the coordinator only.
  cluster.StartCoordinator(60000,
                           {"--protocol-version", absl::StrCat(common::kProtocolVersion + 1)});
  auto stub = cluster.WorkerStub();
  proto::RegisterRequest request;
  request.set_protocol_version(common::kProtocolVersion);
  proto::RegisterReply reply;
  auto context = common::MakeContext(cluster.token(), 5000);
  grpc::Status refused = stub->Register(context.get(), request, &reply);
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  const std::string versions =
      absl::StrCat("protocol version ", common::kProtocolVersion, " and the coordinator version ",
                   common::kProtocolVersion + 1);
  EXPECT_TRUE(Contains(refused.error_message(), versions)) << refused.error_message();

  // A real worker stops with that message rather than retrying forever.
  const int worker = cluster.StartWorker();
  for (int i = 0; i < 500 && cluster.worker(worker).Running(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ASSERT_FALSE(cluster.worker(worker).Running());
  EXPECT_EQ(WEXITSTATUS(cluster.worker(worker).wait_status()), 1);
  const std::string log = common::ReadWholeFile(cluster.WorkerLog(worker)).value_or("");
  EXPECT_TRUE(Contains(log, versions)) << log;
  EXPECT_FALSE(Contains(log, "retrying")) << log;
}

}  // namespace
}  // namespace gc9::testing
