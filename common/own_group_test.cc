// LeadOwnGroupTiedToParent with real processes: the test forks a parent, which forks the child
// that calls it. The test is the children's subreaper, so an orphaned child is reparented to it
// and it can see how the child ended.
#include "common/own_group.h"

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "gtest/gtest.h"

namespace gc9::common {
namespace {

// Makes the test the subreaper of its descendants for its own lifetime.
class Subreaper {
 public:
  Subreaper() { ok_ = prctl(PR_SET_CHILD_SUBREAPER, 1) == 0; }
  ~Subreaper() { prctl(PR_SET_CHILD_SUBREAPER, 0); }
  bool ok() const { return ok_; }

 private:
  bool ok_ = false;
};

// Waits up to `limit_ms` for `pid` (a guard against hangs, not a measurement); SIGKILLs it when
// it is still running then, and returns its wait status either way.
int WaitOrKill(pid_t pid, int64_t limit_ms, bool* ended_in_time) {
  const auto limit = std::chrono::steady_clock::now() + std::chrono::milliseconds(limit_ms);
  int status = 0;
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > limit) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      *ended_in_time = false;
      return status;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  *ended_in_time = true;
  return status;
}

// What the child says once it has called LeadOwnGroupTiedToParent.
struct ChildReport {
  pid_t pid = -1;
  int tied = -1;
};
constexpr ssize_t kReportSize = sizeof(ChildReport);

TEST(LeadOwnGroupTiedToParent, ChildGetsSigtermWhenItsParentIsKilled) {
  Subreaper subreaper;
  ASSERT_TRUE(subreaper.ok());
  int report_fds[2];
  ASSERT_EQ(pipe(report_fds), 0);
  const pid_t parent = fork();
  ASSERT_GE(parent, 0);
  if (parent == 0) {
    close(report_fds[0]);
    const pid_t its_parent = getpid();
    const pid_t child = fork();
    if (child == 0) {
      signal(SIGTERM, SIG_DFL);
      const ChildReport report = {getpid(), LeadOwnGroupTiedToParent(its_parent) ? 1 : 0};
      if (write(report_fds[1], &report, sizeof(report)) != kReportSize) _exit(2);
      close(report_fds[1]);
      for (;;) pause();  // until a signal ends it
    }
    // Only the child holds the pipe now, so that the test sees its end if it never reports.
    close(report_fds[1]);
    for (;;) pause();  // until the test kills it
  }
  close(report_fds[1]);
  ChildReport report;
  const bool reported = read(report_fds[0], &report, sizeof(report)) == kReportSize;
  close(report_fds[0]);
  if (!reported || report.tied != 1) {
    kill(parent, SIGKILL);
    waitpid(parent, nullptr, 0);
    if (reported) {
      kill(report.pid, SIGKILL);
      waitpid(report.pid, nullptr, 0);
    }
    FAIL() << "the child did not report itself tied to its parent";
  }
  EXPECT_EQ(getpgid(report.pid), report.pid);
  EXPECT_NE(getpgid(report.pid), getpgrp());

  kill(parent, SIGKILL);
  waitpid(parent, nullptr, 0);
  // The child, reparented to the test, ends by the death signal; without it, it would pause on.
  bool ended_in_time = false;
  const int status = WaitOrKill(report.pid, 10000, &ended_in_time);
  EXPECT_TRUE(ended_in_time) << "the child outlived its parent";
  ASSERT_TRUE(WIFSIGNALED(status));
  EXPECT_EQ(WTERMSIG(status), SIGTERM);
}

// The parent dies (and is reaped, so its child is reparented) before the child calls in: no
// death signal will come, which the call must say.
TEST(LeadOwnGroupTiedToParent, SaysWhenTheParentDiedBeforeTheCall) {
  Subreaper subreaper;
  ASSERT_TRUE(subreaper.ok());
  int go_fds[2];
  ASSERT_EQ(pipe(go_fds), 0);
  int pid_fds[2];
  ASSERT_EQ(pipe(pid_fds), 0);
  const pid_t parent = fork();
  ASSERT_GE(parent, 0);
  if (parent == 0) {
    const pid_t its_parent = getpid();
    const pid_t child = fork();
    if (child == 0) {
      close(go_fds[1]);
      char go = 0;
      // Until the test has reaped the parent (or has gone itself, closing the pipe).
      if (read(go_fds[0], &go, 1) < 0) _exit(2);
      _exit(LeadOwnGroupTiedToParent(its_parent) ? 1 : 0);
    }
    const bool sent = write(pid_fds[1], &child, sizeof(child)) == ssize_t{sizeof(child)};
    _exit(sent ? 0 : 2);
  }
  close(go_fds[0]);
  close(pid_fds[1]);
  pid_t child = -1;
  const bool got_pid = read(pid_fds[0], &child, sizeof(child)) == ssize_t{sizeof(child)};
  close(pid_fds[0]);
  int parent_status = 0;
  waitpid(parent, &parent_status, 0);
  // The child goes on (and ends) once the pipe is written to or closed.
  const bool went = write(go_fds[1], "x", 1) == 1;
  close(go_fds[1]);
  ASSERT_TRUE(got_pid);
  ASSERT_TRUE(went);
  bool ended_in_time = false;
  const int status = WaitOrKill(child, 10000, &ended_in_time);
  ASSERT_TRUE(ended_in_time);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "the call took a dead parent for a live one";
}

}  // namespace
}  // namespace gc9::common
