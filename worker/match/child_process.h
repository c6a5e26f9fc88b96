// A child process with pipes to its stdin and stdout, read line by line with timeouts. It is
// always reaped: the destructor kills and waits, so no zombie outlives its owner.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace gc9::worker {

// Milliseconds on the steady clock, for the deadlines of reads from a child.
int64_t NowMs();

class ChildProcess {
 public:
  // Starts `path` with `args` (argv[1..]); stderr is inherited. A path that does not exist or
  // cannot be executed (a directory, no execute permission, no executable format) is a
  // NotFound error naming it, at once.
  static absl::StatusOr<std::unique_ptr<ChildProcess>> Start(const std::string& path,
                                                             const std::vector<std::string>& args);
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Writes `line` and a newline. Fails (without SIGPIPE) if the child closed its input.
  absl::Status WriteLine(absl::string_view line);

  enum class ReadResult { kLine, kTimeout, kEof };
  // The next line without its line ending, waiting at most timeout_ms (0: only what is
  // already there). A line longer than kMaxLineBytes arrives in pieces of that size: a child
  // that never ends its line filled the worker's memory until its deadline.
  ReadResult ReadLine(int64_t timeout_ms, std::string* line);
  static constexpr size_t kMaxLineBytes = 64 * 1024;

  // Whether the child has exited (reaping it if so); exit_description() then says how.
  bool Exited();
  const std::string& exit_description() const { return exit_description_; }
  // Waits up to timeout_ms for the child to exit on its own, then kills it; always reaps.
  void Terminate(int64_t timeout_ms);
  pid_t pid() const { return pid_; }

 private:
  ChildProcess() = default;
  void Reaped(int status);

  pid_t pid_ = -1;
  int stdin_fd_ = -1;
  int stdout_fd_ = -1;
  bool eof_ = false;
  bool reaped_ = false;
  std::string buffer_;
  std::string exit_description_;
};

}  // namespace gc9::worker
