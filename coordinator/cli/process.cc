#include "coordinator/cli/process.h"

#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>

#include "absl/strings/str_cat.h"
#include "common/own_group.h"

namespace gc9::coordinator::cli {

absl::StatusOr<ChildProcess> ChildProcess::Start(const std::vector<std::string>& argv,
                                                 const std::string& log_path, ProcessGroup group) {
  std::vector<char*> args;
  for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  int log_fd = -1;
  if (!log_path.empty()) {
    log_fd = open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (log_fd < 0) return absl::UnavailableError(absl::StrCat("cannot open ", log_path));
  }
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) return absl::ResourceExhaustedError("fork failed");
  if (pid == 0) {
    if (group == ProcessGroup::kOwn) {
      // The parent's handler, inherited until execv, would swallow the death signal.
      signal(SIGTERM, SIG_DFL);
      if (!common::LeadOwnGroupTiedToParent(parent)) _exit(1);
    }
    // The child starts with no blocked signals, whatever the parent blocked for sigwait.
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    if (log_fd >= 0) {
      dup2(log_fd, STDOUT_FILENO);
      dup2(log_fd, STDERR_FILENO);
    }
    execv(args[0], args.data());
    std::fprintf(stderr, "cannot run %s\n", args[0]);
    _exit(127);
  }
  if (log_fd >= 0) close(log_fd);
  // Also here, so that the group exists when Start returns, whichever process runs first (the
  // child's own call may come later; this one fails harmlessly once the child has exec'd).
  if (group == ProcessGroup::kOwn) setpgid(pid, pid);
  ChildProcess child;
  child.pid_ = pid;
  return child;
}

void ChildProcess::Signal(int signal_number) const {
  if (pid_ > 0 && !reaped_) kill(pid_, signal_number);
}

bool ChildProcess::Running() {
  if (pid_ <= 0 || reaped_) return false;
  int status = 0;
  if (waitpid(pid_, &status, WNOHANG) == pid_) {
    reaped_ = true;
    wait_status_ = status;
    return false;
  }
  return true;
}

int ChildProcess::Stop(int signal_number, int64_t timeout_ms) {
  if (!Running()) return wait_status_;
  Signal(signal_number);
  return WaitOrKill(timeout_ms);
}

int ChildProcess::WaitOrKill(int64_t timeout_ms) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (Running()) {
    if (std::chrono::steady_clock::now() > deadline) {
      Signal(SIGKILL);
      waitpid(pid_, &wait_status_, 0);
      reaped_ = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return wait_status_;
}

void StopAll(std::vector<ChildProcess>& children, int signal_number, int64_t timeout_ms) {
  for (ChildProcess& child : children) {
    if (child.Running()) child.Signal(signal_number);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  for (ChildProcess& child : children) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    child.WaitOrKill(std::max<int64_t>(0, left.count()));
  }
}

absl::StatusOr<int> WaitForPortFile(const std::string& port_file, ChildProcess& child,
                                    int64_t timeout_ms, const std::atomic<bool>* cancel) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    int port = 0;
    if (std::ifstream(port_file) >> port && port > 0) return port;
    if (cancel != nullptr && cancel->load()) return absl::CancelledError("interrupted");
    if (!child.Running()) return absl::UnavailableError("the coordinator did not start");
    if (std::chrono::steady_clock::now() > deadline) {
      return absl::DeadlineExceededError("the coordinator did not start in time");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

absl::StatusOr<std::string> MakeTempDir(const std::string& prefix) {
  const char* base = std::getenv("TMPDIR");
  std::string pattern =
      absl::StrCat(base != nullptr && *base ? base : "/tmp", "/", prefix, "-XXXXXX");
  if (mkdtemp(pattern.data()) == nullptr) {
    return absl::UnavailableError(absl::StrCat("cannot create a directory like ", pattern));
  }
  return pattern;
}

void RemoveTree(const std::string& path) {
  std::error_code ignored;
  std::filesystem::remove_all(path, ignored);
}

std::string RandomToken() {
  unsigned char bytes[16] = {};
  if (FILE* random = std::fopen("/dev/urandom", "rb")) {
    if (std::fread(bytes, 1, sizeof(bytes), random) != sizeof(bytes)) bytes[0] ^= 1;
    std::fclose(random);
  }
  std::string token;
  for (unsigned char b : bytes) absl::StrAppend(&token, absl::Hex(b, absl::kZeroPad2));
  return token;
}

}  // namespace gc9::coordinator::cli
