// `gc9 run` stopped from outside, mid-run: a Ctrl-C (SIGINT to its whole process group, as a
// terminal sends it) cancels the run on disk and stops every child; a SIGKILL, which it cannot
// handle, still leaves no coordinator or worker running.
#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "common/file.h"
#include "coordinator/store/sqlite_store.h"
#include "gtest/gtest.h"
#include "tests/integration/cluster.h"

namespace gc9::testing {
namespace {

// A process as it was seen: its command line tells it from a later process with its pid.
struct Seen {
  pid_t pid = 0;
  std::string cmdline;
};

// The arguments separated by spaces (/proc separates them by NULs).
std::string Cmdline(pid_t pid) {
  std::string text = common::ReadWholeFile(absl::StrCat("/proc/", pid, "/cmdline")).value_or("");
  std::replace(text.begin(), text.end(), '\0', ' ');
  return text;
}

// /proc/PID/stat's fields after "PID (COMM) ", where COMM may hold spaces and parentheses:
// the state, then the parent's pid.
bool StateAndParent(pid_t pid, char* state, pid_t* parent) {
  const std::string stat = common::ReadWholeFile(absl::StrCat("/proc/", pid, "/stat")).value_or("");
  const size_t after_name = stat.rfind(')');
  if (after_name == std::string::npos) return false;
  std::istringstream fields(stat.substr(after_name + 1));
  return static_cast<bool>(fields >> *state >> *parent);
}

std::vector<Seen> ChildrenOf(pid_t parent) {
  std::vector<Seen> children;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    pid_t pid = 0;
    if (!absl::SimpleAtoi(entry.path().filename().string(), &pid)) continue;
    char state = 0;
    pid_t its_parent = 0;
    if (StateAndParent(pid, &state, &its_parent) && its_parent == parent) {
      children.push_back({pid, Cmdline(pid)});
    }
  }
  return children;
}

// Still running: not gone, not a zombie, and not another process that got its pid.
bool Running(const Seen& process) {
  char state = 0;
  pid_t parent = 0;
  return StateAndParent(process.pid, &state, &parent) && state != 'Z' &&
         Cmdline(process.pid) == process.cmdline;
}

class RunInterrupt : public ::testing::Test {
 protected:
  // Starts `gc9 run` on a long run with two workers, in a process group of its own as a shell
  // starts a job, and waits until pairs are counted; returns its coordinator and workers.
  std::vector<Seen> StartMidRun() {
    const std::string config = WriteConfig(scratch_.dir(), TinyRun(100000, 2));
    // TMPDIR puts gc9 run's own directory (logs, token) in the scratch one, which the test
    // removes, whichever way gc9 run ends.
    absl::StatusOr<cli::ChildProcess> run =
        cli::ChildProcess::Start({"/usr/bin/env", "TMPDIR=" + scratch_.dir(), GC9_RUN_BINARY,
                                  config, "--workers", "2", "--db", db_},
                                 log_, cli::ProcessGroup::kOwn);
    EXPECT_TRUE(run.ok()) << run.status();
    if (!run.ok()) return {};
    run_ = *run;
    // A progress line has an Elo once a pair is counted.
    const auto limit = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (Log().find("Elo ") == std::string::npos) {
      if (!run_.Running() || std::chrono::steady_clock::now() > limit) {
        ADD_FAILURE() << "no pair was counted:\n" << Log();
        return {};
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return ChildrenOf(run_.pid());
  }

  // A test that failed early leaves gc9 run running; SIGTERM stops it and its children.
  void TearDown() override { run_.Stop(SIGTERM, 15000); }

  std::string Log() const { return common::ReadWholeFile(log_).value_or(""); }

  // The stored state of run 1, read once gc9 run and its coordinator are gone.
  proto::RunState StoredState() const {
    auto store = coordinator::store::SqliteStore::Open(db_);
    EXPECT_TRUE(store.ok()) << store.status();
    if (!store.ok()) return proto::RUN_STATE_UNSPECIFIED;
    absl::StatusOr<coordinator::store::Snapshot> snapshot = (*store)->LoadState();
    EXPECT_TRUE(snapshot.ok()) << snapshot.status();
    if (!snapshot.ok() || snapshot->runs.size() != 1) return proto::RUN_STATE_UNSPECIFIED;
    return snapshot->runs[0].state();
  }

  // Waits up to `limit_ms` for each process to end (a guard against hangs, not a measurement);
  // true when none is left. A test must not leave any behind: the survivors are killed.
  static bool AllEnd(const std::vector<Seen>& processes, int64_t limit_ms) {
    const auto limit = std::chrono::steady_clock::now() + std::chrono::milliseconds(limit_ms);
    bool all_ended = true;
    for (const Seen& process : processes) {
      while (Running(process) && std::chrono::steady_clock::now() < limit) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
      }
      if (Running(process)) {
        ADD_FAILURE() << "still running: " << process.pid << " " << process.cmdline;
        kill(process.pid, SIGKILL);
        all_ended = false;
      }
    }
    return all_ended;
  }

  Cluster scratch_;  // only for its directory
  const std::string db_ = scratch_.dir() + "/run.db";
  const std::string log_ = scratch_.dir() + "/gc9-run.log";
  cli::ChildProcess run_;
};

TEST_F(RunInterrupt, CtrlCCancelsTheRunAndStopsEveryChild) {
  const std::vector<Seen> children = StartMidRun();
  ASSERT_EQ(children.size(), 3u) << Log();  // the coordinator and two workers

  ASSERT_EQ(kill(-run_.pid(), SIGINT), 0);
  for (int i = 0; i < 3000 && run_.Running(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  const int status = run_.Stop(SIGKILL, 0);
  ASSERT_TRUE(WIFEXITED(status)) << Log();
  EXPECT_EQ(WEXITSTATUS(status), 130) << Log();
  EXPECT_NE(Log().find("gc9 run: run 1 cancelled\n"), std::string::npos) << Log();
  // gc9 run stopped and reaped its children before it exited.
  EXPECT_TRUE(AllEnd(children, 0));
  EXPECT_EQ(StoredState(), proto::RUN_CANCELLED);
}

TEST_F(RunInterrupt, SigkillLeavesNoChildRunning) {
  const std::vector<Seen> children = StartMidRun();
  ASSERT_EQ(children.size(), 3u) << Log();

  run_.Stop(SIGKILL, 0);
  // Each child gets SIGTERM as its parent dies. A worker drains within its bound (gc9 worker
  // --drain-seconds, 25 s by default), which it may use up in full here: the coordinator it
  // would report to is stopping at the same moment. Under the sanitizers that took 28 s.
  constexpr int64_t kWorkerDrainBoundMs = 25000;
  EXPECT_TRUE(AllEnd(children, kWorkerDrainBoundMs + 30000)) << Log();
}

}  // namespace
}  // namespace gc9::testing
