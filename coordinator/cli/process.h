// Child processes for `gc9 run` and the integration tests: start with output to a file,
// signal, wait.
#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace gc9::coordinator::cli {

class ChildProcess {
 public:
  // Starts argv[0] with stdout and stderr appended to `log_path` ("" keeps the parent's).
  static absl::StatusOr<ChildProcess> Start(const std::vector<std::string>& argv,
                                            const std::string& log_path);
  ChildProcess() = default;

  pid_t pid() const { return pid_; }
  void Signal(int signal_number) const;
  // Whether it is still running; reaps it (and keeps its status) if it is not.
  bool Running();
  // Waits up to `timeout_ms` for the exit, then SIGKILLs it; returns the wait status.
  int Stop(int signal_number, int64_t timeout_ms);
  int wait_status() const { return wait_status_; }

 private:
  pid_t pid_ = -1;
  bool reaped_ = false;
  int wait_status_ = 0;
};

// The port a child writes to `port_file` once it listens (gc9-coordinator --port-file), waited
// for up to `timeout_ms`; an error when the child ends or the time runs out first.
absl::StatusOr<int> WaitForPortFile(const std::string& port_file, ChildProcess& child,
                                    int64_t timeout_ms);

// A new temporary directory /tmp/PREFIX-XXXXXX.
absl::StatusOr<std::string> MakeTempDir(const std::string& prefix);
void RemoveTree(const std::string& path);
// 32 random hexadecimal digits from /dev/urandom.
std::string RandomToken();

}  // namespace gc9::coordinator::cli
