#include "worker/match/child_process.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "absl/strings/str_cat.h"

extern char** environ;

namespace gc9::worker {

int64_t NowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

namespace {

// A child that closes its input must not kill the worker with SIGPIPE: writes then fail with
// EPIPE instead, which the caller reports as a crash. gRPC ignores SIGPIPE for the same reason.
void IgnoreSigpipeOnce() {
  static const bool done = [] {
    signal(SIGPIPE, SIG_IGN);
    return true;
  }();
  (void)done;
}

void CloseFd(int* fd) {
  if (*fd >= 0) close(*fd);
  *fd = -1;
}

}  // namespace

absl::StatusOr<std::unique_ptr<ChildProcess>> ChildProcess::Start(
    const std::string& path, const std::vector<std::string>& args) {
  IgnoreSigpipeOnce();
  // O_CLOEXEC: the worker starts engines from several threads at once, and no child may
  // inherit another engine's pipe (it would keep that pipe open past the engine's death).
  int in_pipe[2], out_pipe[2];
  if (pipe2(in_pipe, O_CLOEXEC) != 0) return absl::InternalError("pipe2 failed");
  if (pipe2(out_pipe, O_CLOEXEC) != 0) {
    close(in_pipe[0]);
    close(in_pipe[1]);
    return absl::InternalError("pipe2 failed");
  }

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in_pipe[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], STDOUT_FILENO);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  // The engine gets SIGPIPE back at its default: the ignore above is the worker's policy.
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  // Nor does it inherit a calling thread's blocked signals (servers often block SIGTERM).
  sigset_t unblocked;
  sigemptyset(&unblocked);
  posix_spawnattr_setsigmask(&attr, &unblocked);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(path.c_str()));
  for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);

  pid_t pid = -1;
  int error = posix_spawn(&pid, path.c_str(), &actions, &attr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  close(in_pipe[0]);
  close(out_pipe[1]);
  if (error != 0) {
    // glibc's posix_spawn reports a failed exec (ENOENT, EACCES, ENOEXEC: a file that is no
    // executable) here rather than in a child that exits 127, so it is seen at once.
    close(in_pipe[1]);
    close(out_pipe[0]);
    return absl::NotFoundError(absl::StrCat("cannot execute ", path, ": ", strerror(error)));
  }
  std::unique_ptr<ChildProcess> child(new ChildProcess());
  child->pid_ = pid;
  child->stdin_fd_ = in_pipe[1];
  child->stdout_fd_ = out_pipe[0];
  fcntl(child->stdout_fd_, F_SETFL, fcntl(child->stdout_fd_, F_GETFL) | O_NONBLOCK);
  return child;
}

ChildProcess::~ChildProcess() { Terminate(0); }

absl::Status ChildProcess::WriteLine(absl::string_view line) {
  if (stdin_fd_ < 0) return absl::FailedPreconditionError("the engine's input is closed");
  std::string data = absl::StrCat(line, "\n");
  size_t written = 0;
  while (written < data.size()) {
    ssize_t n = write(stdin_fd_, data.data() + written, data.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      return absl::UnavailableError(absl::StrCat("write to the engine failed: ", strerror(errno)));
    }
    written += size_t(n);
  }
  return absl::OkStatus();
}

ChildProcess::ReadResult ChildProcess::ReadLine(int64_t timeout_ms, std::string* line) {
  const int64_t deadline = NowMs() + timeout_ms;
  while (true) {
    size_t newline = buffer_.find('\n');
    if (newline != std::string::npos) {
      *line = buffer_.substr(0, newline);
      buffer_.erase(0, newline + 1);
      if (!line->empty() && line->back() == '\r') line->pop_back();
      return ReadResult::kLine;
    }
    if (buffer_.size() >= kMaxLineBytes) {
      *line = buffer_.substr(0, kMaxLineBytes);
      buffer_.erase(0, kMaxLineBytes);
      return ReadResult::kLine;
    }
    if (eof_) {
      // A last line without its newline still counts; then the end.
      if (buffer_.empty()) return ReadResult::kEof;
      *line = std::move(buffer_);
      buffer_.clear();
      return ReadResult::kLine;
    }
    int64_t left = deadline - NowMs();
    if (left < 0) left = 0;
    pollfd pfd{stdout_fd_, POLLIN, 0};
    int ready = poll(&pfd, 1, int(std::min<int64_t>(left, 1 << 30)));
    if (ready < 0) {
      if (errno == EINTR) continue;
      eof_ = true;
      continue;
    }
    if (ready == 0) return ReadResult::kTimeout;
    char chunk[4096];
    ssize_t n = read(stdout_fd_, chunk, sizeof(chunk));
    if (n > 0) {
      buffer_.append(chunk, size_t(n));
    } else if (n == 0) {
      eof_ = true;
    } else if (errno != EINTR && errno != EAGAIN) {
      eof_ = true;
    }
  }
}

void ChildProcess::Reaped(int status) {
  reaped_ = true;
  if (WIFEXITED(status)) {
    exit_description_ = absl::StrCat("exited with status ", WEXITSTATUS(status));
  } else if (WIFSIGNALED(status)) {
    exit_description_ =
        absl::StrCat("killed by signal ", WTERMSIG(status), " (", strsignal(WTERMSIG(status)), ")");
  } else {
    exit_description_ = "ended";
  }
}

bool ChildProcess::Exited() {
  if (reaped_) return true;
  int status = 0;
  pid_t r = waitpid(pid_, &status, WNOHANG);
  if (r == pid_) Reaped(status);
  return reaped_;
}

void ChildProcess::Terminate(int64_t timeout_ms) {
  CloseFd(&stdin_fd_);
  if (pid_ > 0 && !reaped_) {
    const int64_t deadline = NowMs() + timeout_ms;
    while (!Exited() && NowMs() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    if (!reaped_) {
      kill(pid_, SIGKILL);
      int status = 0;
      while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
      }
      Reaped(status);
    }
  }
  CloseFd(&stdout_fd_);
  eof_ = true;
  buffer_.clear();
}

}  // namespace gc9::worker
