#include "worker/engine_build/command.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "common/own_group.h"

namespace gc9::worker::engine_build {
namespace {

int64_t SteadyMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// The child: stays as the leader of the command's process group, runs the command as its own
// child and ends as the command ended. When the process that started it dies (a worker
// SIGKILLed mid-build), the kernel tells it (PR_SET_PDEATHSIG) and it kills the whole group,
// so no compiler outlives its worker. (The signal comes when the starting thread ends, in
// fact; RunCommand's callers wait for the command on that thread.)
[[noreturn]] void RunAsGroupLeader(pid_t parent, char* const* args) {
  sigset_t waited;
  sigemptyset(&waited);
  sigaddset(&waited, SIGTERM);
  sigaddset(&waited, SIGCHLD);
  sigprocmask(SIG_SETMASK, &waited, nullptr);
  // A group of its own, so that a kill reaches what it starts (ninja, the compilers); the death
  // signal waits, blocked, for the sigwait below.
  if (!common::LeadOwnGroupTiedToParent(parent)) _exit(127);
  const pid_t command = fork();
  if (command == 0) {
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    execvp(args[0], args);
    std::fprintf(stderr, "cannot run %s\n", args[0]);
    _exit(127);
  }
  if (command < 0) _exit(127);
  for (;;) {
    int signal_number = 0;
    sigwait(&waited, &signal_number);
    if (signal_number == SIGTERM) kill(0, SIGKILL);
    int status = 0;
    if (waitpid(command, &status, WNOHANG) != command) continue;
    if (WIFEXITED(status)) _exit(WEXITSTATUS(status));
    // Ended by a signal: end the same way, so that the parent sees it.
    const int ended_by = WTERMSIG(status);
    signal(ended_by, SIG_DFL);
    sigset_t only;
    sigemptyset(&only);
    sigaddset(&only, ended_by);
    sigprocmask(SIG_UNBLOCK, &only, nullptr);
    raise(ended_by);
    _exit(128 + ended_by);
  }
}

}  // namespace

std::string CommandResult::Describe() const {
  if (cancelled) return "cancelled";
  if (timed_out) return "timed out";
  if (signal != 0) return absl::StrCat("killed by signal ", signal);
  return absl::StrCat("exit ", exit_code);
}

std::string Tail(const std::string& text, size_t bytes) {
  if (text.size() <= bytes) return text;
  size_t start = text.size() - bytes;
  const size_t newline = text.find('\n', start);
  if (newline != std::string::npos && newline - start < 200) start = newline + 1;
  return text.substr(start);
}

absl::StatusOr<CommandResult> RunCommand(const std::vector<std::string>& argv,
                                         const CommandOptions& options) {
  if (argv.empty()) return absl::InvalidArgumentError("no command");
  int output_fd = -1;
  int pipe_fds[2] = {-1, -1};
  if (!options.log_path.empty()) {
    output_fd = open(options.log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (output_fd < 0) {
      return absl::ErrnoToStatus(errno, absl::StrCat("cannot open '", options.log_path, "'"));
    }
  } else if (pipe2(pipe_fds, O_CLOEXEC) != 0) {
    return absl::ErrnoToStatus(errno, "cannot make a pipe");
  }
  std::vector<char*> args;
  for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) {
    const int error = errno;
    for (int fd : {output_fd, pipe_fds[0], pipe_fds[1]}) {
      if (fd >= 0) close(fd);
    }
    return absl::ErrnoToStatus(error, "fork failed");
  }
  if (pid == 0) {
    const int out = output_fd >= 0 ? output_fd : pipe_fds[1];
    dup2(out, STDOUT_FILENO);
    dup2(out, STDERR_FILENO);
    const int null = open("/dev/null", O_RDONLY);
    if (null >= 0) dup2(null, STDIN_FILENO);
    if (!options.dir.empty() && chdir(options.dir.c_str()) != 0) {
      std::fprintf(stderr, "cannot enter %s\n", options.dir.c_str());
      _exit(127);
    }
    for (const auto& [name, value] : options.env) setenv(name.c_str(), value.c_str(), 1);
    RunAsGroupLeader(parent, args.data());
  }
  setpgid(pid, pid);  // also here, so that a kill right away finds the group
  if (output_fd >= 0) close(output_fd);
  if (pipe_fds[1] >= 0) close(pipe_fds[1]);

  CommandResult result;
  auto keep = [&result, &options](const char* data, ssize_t n) {
    result.output.append(data, static_cast<size_t>(n));
    if (static_cast<int64_t>(result.output.size()) > 2 * options.max_output) {
      result.output.erase(0, result.output.size() - options.max_output);
    }
  };
  const int64_t deadline = options.timeout_ms > 0 ? SteadyMs() + options.timeout_ms : 0;
  bool open_pipe = pipe_fds[0] >= 0;
  for (;;) {
    if (open_pipe) {
      pollfd poll_fd = {pipe_fds[0], POLLIN, 0};
      if (poll(&poll_fd, 1, 100) > 0) {
        char buffer[1 << 14];
        const ssize_t n = read(pipe_fds[0], buffer, sizeof(buffer));
        if (n > 0) keep(buffer, n);
        if (n == 0 || (n < 0 && errno != EINTR)) open_pipe = false;
      }
    } else {
      usleep(20000);
    }
    // Exited? Looked at without reaping, so that the group's id stays ours for the kill below.
    siginfo_t info = {};
    if (waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
        info.si_pid == pid) {
      break;
    }
    const bool cancelled = options.cancel != nullptr && options.cancel->load();
    if (cancelled || (deadline > 0 && SteadyMs() > deadline)) {
      result.cancelled = cancelled;
      result.timed_out = !cancelled;
      break;
    }
  }
  // Whatever is left of the group (everything, after a timeout) goes with it; then the reap.
  kill(-pid, SIGKILL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  // What the pipe still holds; a descendant that escaped the group may keep it open, so only
  // what is there now.
  while (open_pipe) {
    pollfd poll_fd = {pipe_fds[0], POLLIN, 0};
    if (poll(&poll_fd, 1, 0) <= 0) break;
    char buffer[1 << 14];
    const ssize_t n = read(pipe_fds[0], buffer, sizeof(buffer));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    keep(buffer, n);
  }
  if (pipe_fds[0] >= 0) close(pipe_fds[0]);
  if (static_cast<int64_t>(result.output.size()) > options.max_output) {
    result.output.erase(0, result.output.size() - options.max_output);
  }
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) result.signal = WTERMSIG(status);
  return result;
}

absl::StatusOr<std::string> RunForOutput(const std::vector<std::string>& argv,
                                         const CommandOptions& options) {
  absl::StatusOr<CommandResult> result = RunCommand(argv, options);
  if (!result.ok()) return result.status();
  if (result->ok()) return result->output;
  return absl::FailedPreconditionError(absl::StrCat("`", absl::StrJoin(argv, " "), "` failed (",
                                                    result->Describe(),
                                                    "): ", Tail(result->output, 2000)));
}

}  // namespace gc9::worker::engine_build
