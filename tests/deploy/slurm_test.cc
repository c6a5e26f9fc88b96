// deploy/slurm for real: a Slurm cluster of one node on this machine runs
// deploy/slurm/gc9-worker.sbatch as an array of two workers against a coordinator on loopback,
// and the run finishes with exact counts. Skipped where Slurm is not installed.
#include <chrono>
#include <string>
#include <thread>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "common/file.h"
#include "gtest/gtest.h"
#include "tests/deploy/slurm_cluster.h"
#include "tests/integration/cluster.h"

namespace gc9::testing {
namespace {

// Polls squeue until it lists no job; false after `limit_ms` (a guard against hangs).
bool WaitForEmptyQueue(SlurmCluster& slurm, int64_t limit_ms) {
  const auto limit = std::chrono::steady_clock::now() + std::chrono::milliseconds(limit_ms);
  while (std::chrono::steady_clock::now() < limit) {
    absl::StatusOr<std::string> queue = slurm.Queue();
    if (queue.ok() && queue->empty()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  return false;
}

// Polls a file until it holds `text`; false after `limit_ms` (a guard against hangs).
bool WaitForText(const std::string& path, const std::string& text, int64_t limit_ms) {
  const auto limit = std::chrono::steady_clock::now() + std::chrono::milliseconds(limit_ms);
  while (std::chrono::steady_clock::now() < limit) {
    absl::StatusOr<std::string> content = common::ReadWholeFile(path);
    if (content.ok() && content->find(text) != std::string::npos) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return false;
}

TEST(Slurm, AnArrayOfTwoWorkersFinishesARun) {
  if (const std::string why = SlurmCluster::Unavailable(); !why.empty()) GTEST_SKIP() << why;
  Cluster cluster;
  cluster.StartCoordinator();

  SlurmCluster slurm;
  const absl::Status started = slurm.Start();
  ASSERT_TRUE(started.ok()) << started;
  absl::StatusOr<int64_t> run = cluster.client().Submit(TinyRun(8, 2));
  ASSERT_TRUE(run.ok()) << run.status();
  absl::StatusOr<std::string> job =
      slurm.Run({"sbatch", "--parsable", "--array=0-1", "--cpus-per-task=1",
                 absl::StrCat("--output=", slurm.dir(), "/gc9-worker-%A_%a.log"),
                 absl::StrCat("--export=ALL,GC9_COORDINATOR=", cluster.address(),
                              ",GC9_TOKEN_FILE=", cluster.token_file(),
                              ",GC9_WORKER=", GC9_WORKER_BINARY, ",GC9_OUTBOX_DIR=", slurm.dir(),
                              "/outbox,GC9_EXIT_WHEN_IDLE=3,GC9_WORKER_ARGS=--verbose"),
                 GC9_SLURM_SCRIPT});
  ASSERT_TRUE(job.ok()) << job.status();
  const std::string job_id(absl::StripAsciiWhitespace(*job));
  // Slurm starts the array's tasks one after the other, each with the task's one CPU.
  for (int task = 0; task < 2; ++task) {
    const std::string log = absl::StrCat(slurm.dir(), "/gc9-worker-", job_id, "_", task, ".log");
    EXPECT_TRUE(WaitForText(
        log, absl::StrCat("registered with ", cluster.address(), ", 1 thread(s)"), 60000))
        << log << ": " << common::ReadWholeFile(log).value_or("(none)");
  }

  proto::RunStatus status = cluster.WaitFor(
      *run, [](const proto::RunStatus& s) { return s.state() == proto::RUN_FINISHED; });
  EXPECT_EQ(status.decision(), proto::DECISION_COMPLETE);
  EXPECT_EQ(Cluster::Pairs(status), 8);
  EXPECT_EQ(status.wins() + status.losses() + status.draws(), 16);
  EXPECT_EQ(status.leased_pairs(), 0);

  // With no more work the workers end by themselves (fleet mode), and so does the job: no
  // scancel. The logs say why.
  EXPECT_TRUE(WaitForEmptyQueue(slurm, 60000)) << slurm.Queue().value_or("");
  for (int task = 0; task < 2; ++task) {
    const std::string log = absl::StrCat(slurm.dir(), "/gc9-worker-", job_id, "_", task, ".log");
    EXPECT_TRUE(WaitForText(log, "no work for 3 s, --exit-when-idle", 1000))
        << log << ": " << common::ReadWholeFile(log).value_or("(none)");
  }
}

}  // namespace
}  // namespace gc9::testing
