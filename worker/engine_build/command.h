// Running a program to its end: git, tar, cmake and an engine's bench. Its output goes to a log
// file or is captured; a timeout or a cancel flag kills it with everything it started (its own
// process group), so a build that hangs or is abandoned leaves no compiler behind.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"

namespace gc9::worker::engine_build {

struct CommandOptions {
  std::string dir;                                       // working folder; "" keeps ours
  std::vector<std::pair<std::string, std::string>> env;  // set in the child's environment
  std::string log_path;                                  // stdout and stderr appended here;
                                                         // "" captures them (output)
  int64_t timeout_ms = 0;                                // 0: none
  const std::atomic<bool>* cancel = nullptr;             // set: killed within 100 ms
  int64_t max_output = 4 << 20;                          // captured bytes kept (the last)
};

struct CommandResult {
  int exit_code = -1;  // when it exited on its own
  int signal = 0;      // when a signal ended it
  bool timed_out = false;
  bool cancelled = false;
  std::string output;  // captured stdout and stderr, interleaved

  bool ok() const { return exit_code == 0 && !timed_out && !cancelled; }
  // "exit 1", "killed by signal 9", "timed out after 600 s", "cancelled".
  std::string Describe() const;
};

// Starts argv[0] (looked up in PATH) and waits for it. An error only when it cannot be started;
// how it ended is in the result.
absl::StatusOr<CommandResult> RunCommand(const std::vector<std::string>& argv,
                                         const CommandOptions& options = {});

// Runs and wants exit 0: the captured output, or an error naming the command, how it ended and
// the end of what it said.
absl::StatusOr<std::string> RunForOutput(const std::vector<std::string>& argv,
                                         const CommandOptions& options = {});

// The last `bytes` of a text (from a line start when one is near), for error details.
std::string Tail(const std::string& text, size_t bytes);

}  // namespace gc9::worker::engine_build
