// ChildProcess with real processes (sleep, sh): whose process group a child is in, a child of
// its own group stopping when its parent dies, StopAll's SIGKILL for a child that stays, and
// WaitForPortFile's port and its cancel flag.
#include "coordinator/cli/process.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

namespace gc9::coordinator::cli {
namespace {

// Whether `pid` is a live process (not gone, not a zombie nobody has reaped yet).
bool Alive(pid_t pid) {
  std::ifstream stat(absl::StrCat("/proc/", pid, "/stat"));
  std::string line;
  if (!std::getline(stat, line)) return false;
  // "PID (COMM) STATE ...", where COMM may hold spaces and parentheses.
  const size_t after_name = line.rfind(')');
  return after_name != std::string::npos && after_name + 2 < line.size() &&
         line[after_name + 2] != 'Z';
}

// Polls until `pid` is no longer alive; false if it still is after `limit_ms` (a guard against
// hangs, not a measurement).
bool GoneWithin(pid_t pid, int64_t limit_ms) {
  const auto limit = std::chrono::steady_clock::now() + std::chrono::milliseconds(limit_ms);
  while (Alive(pid)) {
    if (std::chrono::steady_clock::now() > limit) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

TEST(ChildProcess, SharesItsParentsProcessGroupByDefault) {
  absl::StatusOr<ChildProcess> child = ChildProcess::Start({"/bin/sleep", "30"}, "");
  ASSERT_TRUE(child.ok()) << child.status();
  EXPECT_EQ(getpgid(child->pid()), getpgrp());
  child->Stop(SIGKILL, 1000);
}

TEST(ChildProcess, InItsOwnProcessGroupLeadsIt) {
  absl::StatusOr<ChildProcess> child =
      ChildProcess::Start({"/bin/sleep", "30"}, "", ProcessGroup::kOwn);
  ASSERT_TRUE(child.ok()) << child.status();
  // At once, whichever of parent and child ran first after the fork.
  EXPECT_EQ(getpgid(child->pid()), child->pid());
  EXPECT_NE(getpgid(child->pid()), getpgrp());
  child->Stop(SIGKILL, 1000);
}

// A parent process (forked from the test) starts one child of each kind and is SIGKILLed, as
// `gc9 run` may be: the child of its own group stops, the other is left running.
TEST(ChildProcess, InItsOwnProcessGroupStopsWhenItsParentIsKilled) {
  int pipe_fds[2];
  ASSERT_EQ(pipe(pipe_fds), 0);
  const pid_t parent = fork();
  ASSERT_GE(parent, 0);
  if (parent == 0) {
    close(pipe_fds[0]);
    absl::StatusOr<ChildProcess> own =
        ChildProcess::Start({"/bin/sleep", "30"}, "", ProcessGroup::kOwn);
    absl::StatusOr<ChildProcess> shared = ChildProcess::Start({"/bin/sleep", "30"}, "");
    const std::string pids =
        absl::StrCat(own.ok() ? own->pid() : -1, " ", shared.ok() ? shared->pid() : -1, "\n");
    if (write(pipe_fds[1], pids.data(), pids.size()) != static_cast<ssize_t>(pids.size())) {
      _exit(1);
    }
    pause();  // until the test kills it
    _exit(0);
  }
  close(pipe_fds[1]);
  std::string text;
  char buffer[64];
  for (ssize_t n; (n = read(pipe_fds[0], buffer, sizeof(buffer))) > 0;) {
    text.append(buffer, n);
    if (text.find('\n') != std::string::npos) break;
  }
  close(pipe_fds[0]);
  pid_t own = -1, shared = -1;
  std::istringstream(text) >> own >> shared;
  ASSERT_GT(own, 0) << text;
  ASSERT_GT(shared, 0) << text;
  ASSERT_TRUE(Alive(own));

  kill(parent, SIGKILL);
  waitpid(parent, nullptr, 0);
  EXPECT_TRUE(GoneWithin(own, 10000)) << "the child of its own group outlived its parent";
  // The control: without the death signal a child outlives its parent.
  EXPECT_TRUE(Alive(shared));
  kill(shared, SIGKILL);
  if (Alive(own)) kill(own, SIGKILL);
}

TEST(ChildProcess, StopAllSignalsEveryChildAndKillsOneThatStays) {
  char dir[] = "/tmp/gc9-process-test-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  const std::string ready = absl::StrCat(dir, "/ready");
  std::vector<ChildProcess> children;
  absl::StatusOr<ChildProcess> ends = ChildProcess::Start({"/bin/sleep", "30"}, "");
  ASSERT_TRUE(ends.ok()) << ends.status();
  children.push_back(*ends);
  // Ignores SIGTERM, and says so once it does (a SIGTERM before the trap would end it).
  absl::StatusOr<ChildProcess> stays = ChildProcess::Start(
      {"/bin/sh", "-c", absl::StrCat("trap '' TERM; : > ", ready, "; while :; do sleep 0.1; done")},
      "");
  ASSERT_TRUE(stays.ok()) << stays.status();
  children.push_back(*stays);
  for (int i = 0; i < 500 && !std::ifstream(ready); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ASSERT_TRUE(std::ifstream(ready)) << "the shell never set its trap";

  StopAll(children, SIGTERM, 500);
  EXPECT_FALSE(children[0].Running());
  EXPECT_FALSE(children[1].Running());
  ASSERT_TRUE(WIFSIGNALED(children[0].wait_status()));
  EXPECT_EQ(WTERMSIG(children[0].wait_status()), SIGTERM);
  ASSERT_TRUE(WIFSIGNALED(children[1].wait_status()));
  EXPECT_EQ(WTERMSIG(children[1].wait_status()), SIGKILL);
  unlink(ready.c_str());
  rmdir(dir);
}

TEST(WaitForPortFile, ReturnsThePortItsChildWrites) {
  char dir[] = "/tmp/gc9-process-test-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  const std::string port_file = absl::StrCat(dir, "/port");
  absl::StatusOr<ChildProcess> child = ChildProcess::Start(
      {"/bin/sh", "-c", absl::StrCat("echo 4321 > ", port_file, "; exec sleep 30")}, "");
  ASSERT_TRUE(child.ok()) << child.status();
  const std::atomic<bool> cancel{false};
  absl::StatusOr<int> port = WaitForPortFile(port_file, *child, 30000, &cancel);
  child->Stop(SIGKILL, 1000);
  ASSERT_TRUE(port.ok()) << port.status();
  EXPECT_EQ(*port, 4321);
  unlink(port_file.c_str());
  rmdir(dir);
}

// `gc9 run`'s Ctrl-C while its coordinator starts: the flag, set from elsewhere while the child
// is still running and has written nothing, ends the wait long before its time is out.
TEST(WaitForPortFile, GivesUpWhenCancelled) {
  absl::StatusOr<ChildProcess> child = ChildProcess::Start({"/bin/sleep", "30"}, "");
  ASSERT_TRUE(child.ok()) << child.status();
  std::atomic<bool> cancel{false};
  std::thread interrupter([&cancel] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    cancel = true;
  });
  // Ignoring the flag would end in DeadlineExceeded (the child never writes the file).
  absl::StatusOr<int> port =
      WaitForPortFile("/nonexistent/gc9-process-test/port", *child, 20000, &cancel);
  interrupter.join();
  EXPECT_EQ(port.status().code(), absl::StatusCode::kCancelled) << port.status();
  EXPECT_TRUE(child->Running());
  child->Stop(SIGKILL, 1000);
}

}  // namespace
}  // namespace gc9::coordinator::cli
