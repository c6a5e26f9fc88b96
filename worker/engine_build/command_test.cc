#include "worker/engine_build/command.h"

#include <signal.h>
#include <sys/wait.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "common/file.h"
#include "gtest/gtest.h"

namespace gc9::worker::engine_build {
namespace {

TEST(RunCommand, CapturesOutputAndExitCode) {
  absl::StatusOr<CommandResult> result = RunCommand({"sh", "-c", "echo out; echo err >&2; exit 3"});
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_EQ(result->exit_code, 3);
  EXPECT_FALSE(result->ok());
  EXPECT_NE(result->output.find("out\n"), std::string::npos);
  EXPECT_NE(result->output.find("err\n"), std::string::npos);
  EXPECT_EQ(result->Describe(), "exit 3");
  absl::StatusOr<std::string> failed = RunForOutput({"sh", "-c", "echo why; exit 1"});
  EXPECT_NE(failed.status().message().find("`sh -c echo why; exit 1` failed (exit 1): why"),
            std::string::npos)
      << failed.status();
}

TEST(RunCommand, RunsInAFolderWithAddedEnvironmentAndALog) {
  const std::string dir = ::testing::TempDir() + "/command_test_dir";
  std::filesystem::create_directories(dir);
  CommandOptions options;
  options.dir = dir;
  options.env = {{"GC9_TEST_VALUE", "forty-two"}};
  options.log_path = dir + "/log";
  std::filesystem::remove(options.log_path);
  absl::StatusOr<CommandResult> result =
      RunCommand({"sh", "-c", "pwd; echo $GC9_TEST_VALUE"}, options);
  ASSERT_TRUE(result.ok());
  EXPECT_TRUE(result->ok());
  EXPECT_EQ(result->output, "");
  const std::string log = *common::ReadWholeFile(options.log_path);
  EXPECT_NE(log.find("command_test_dir\n"), std::string::npos) << log;
  EXPECT_NE(log.find("forty-two\n"), std::string::npos) << log;
}

TEST(RunCommand, ATimeoutKillsWhatTheCommandStarted) {
  const std::string marker = ::testing::TempDir() + "/command_test_grandchild";
  std::filesystem::remove(marker);
  CommandOptions options;
  options.timeout_ms = 300;
  // The grandchild would write the marker after two seconds, were it not killed with its group.
  absl::StatusOr<CommandResult> result =
      RunCommand({"sh", "-c", "(sleep 2; touch " + marker + ") & sleep 30"}, options);
  ASSERT_TRUE(result.ok());
  EXPECT_TRUE(result->timed_out);
  EXPECT_FALSE(result->ok());
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));
  EXPECT_FALSE(std::filesystem::exists(marker));
}

TEST(RunCommand, ACancelFlagStopsIt) {
  std::atomic<bool> cancel{false};
  CommandOptions options;
  options.cancel = &cancel;
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    cancel = true;
  });
  absl::StatusOr<CommandResult> result = RunCommand({"sleep", "30"}, options);
  canceller.join();
  ASSERT_TRUE(result.ok());
  EXPECT_TRUE(result->cancelled);
  EXPECT_EQ(result->Describe(), "cancelled");
}

TEST(RunCommand, ASignalThatEndsTheCommandIsReported) {
  absl::StatusOr<CommandResult> result = RunCommand({"sh", "-c", "kill -9 $$"});
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(result->signal, 9);
  EXPECT_EQ(result->Describe(), "killed by signal 9");
}

// The process that runs a command dies (a worker SIGKILLed mid-build): the command and what it
// started die with it.
TEST(RunCommand, ACommandDiesWithTheProcessThatStartedIt) {
  const std::string marker = ::testing::TempDir() + "/command_test_orphan";
  std::filesystem::remove(marker);
  const pid_t runner = fork();
  if (runner == 0) {
    RunCommand({"sh", "-c", "(sleep 2; touch " + marker + ") & sleep 30"}).IgnoreError();
    _exit(0);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  kill(runner, SIGKILL);
  waitpid(runner, nullptr, 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(2500));
  EXPECT_FALSE(std::filesystem::exists(marker));
}

TEST(RunCommand, AMissingProgramExits127) {
  absl::StatusOr<CommandResult> result = RunCommand({"/nonexistent/program"});
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(result->exit_code, 127);
  EXPECT_NE(result->output.find("cannot run /nonexistent/program"), std::string::npos);
}

TEST(Tail, KeepsTheEndFromALineStart) {
  EXPECT_EQ(Tail("short", 100), "short");
  EXPECT_EQ(Tail("first line\nsecond line\nthird", 14), "third");
}

}  // namespace
}  // namespace gc9::worker::engine_build
