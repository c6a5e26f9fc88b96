// Child processes for `gc9 run` and the integration tests: start with output to a file,
// signal, wait.
#pragma once

#include <sys/types.h>

#include <atomic>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace gc9::coordinator::cli {

// Whether a child shares its parent's process group, and with it the terminal's Ctrl-C (a
// SIGINT to the whole foreground group).
enum class ProcessGroup {
  // The default, for parents that do not catch SIGINT (the benchmarks, the tests): a Ctrl-C
  // stops their children with them, where children out of its reach would be left running.
  kParents,
  // For a parent that catches SIGINT and must still reach its children afterwards (`gc9 run`
  // cancels its run on the coordinator it started, then stops the children itself). The
  // child also gets SIGTERM when the parent dies, as a parent killed outright (SIGKILL, the
  // OOM killer) cannot stop it; Linux sends it when the thread that started the child ends,
  // so start such children from the thread that lives as long as the process.
  kOwn,
};

class ChildProcess {
 public:
  // Starts argv[0] with stdout and stderr appended to `log_path` ("" keeps the parent's).
  static absl::StatusOr<ChildProcess> Start(const std::vector<std::string>& argv,
                                            const std::string& log_path,
                                            ProcessGroup group = ProcessGroup::kParents);
  ChildProcess() = default;

  pid_t pid() const { return pid_; }
  void Signal(int signal_number) const;
  // Whether it is still running; reaps it (and keeps its status) if it is not.
  bool Running();
  // Sends `signal_number`, then WaitOrKill(timeout_ms).
  int Stop(int signal_number, int64_t timeout_ms);
  // Waits up to `timeout_ms` for the exit, then SIGKILLs it; returns the wait status.
  int WaitOrKill(int64_t timeout_ms);
  int wait_status() const { return wait_status_; }

 private:
  pid_t pid_ = -1;
  bool reaped_ = false;
  int wait_status_ = 0;
};

// Stops children together: each gets `signal_number` at once and has `timeout_ms` in all to
// end before it is SIGKILLed, so that children who take their time (a worker's drain) take it
// side by side, not one after another.
void StopAll(std::vector<ChildProcess>& children, int signal_number, int64_t timeout_ms);

// The port a child writes to `port_file` once it listens (gc9-coordinator --port-file), waited
// for up to `timeout_ms`; an error when the child ends or the time runs out first, or a
// Cancelled error once `cancel` is set (`gc9 run`'s Ctrl-C, which must not wait the time out).
absl::StatusOr<int> WaitForPortFile(const std::string& port_file, ChildProcess& child,
                                    int64_t timeout_ms, const std::atomic<bool>* cancel = nullptr);

// A new temporary directory /tmp/PREFIX-XXXXXX.
absl::StatusOr<std::string> MakeTempDir(const std::string& prefix);
void RemoveTree(const std::string& path);
// 32 random hexadecimal digits from /dev/urandom.
std::string RandomToken();

}  // namespace gc9::coordinator::cli
