// The command line as users run it: `gc9 run` end to end with its summary and JSON, the
// user commands against a coordinator, and exit status 2 with the problem named for bad
// flags and bad configs.

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "common/file.h"
#include "gtest/gtest.h"
#include "tests/integration/cluster.h"

namespace gc9::testing {
namespace {

TEST(Cli, RunPlaysTheConfigAndPrintsTheSummary) {
  Cluster scratch;  // only for its directory
  const std::string config = WriteConfig(scratch.dir(), TinyRun(6, 2));
  const std::string json = scratch.dir() + "/summary.json";
  const std::string pgn = scratch.dir() + "/games.pgn";
  Result result = Shell(scratch.dir(), absl::StrCat(GC9_RUN_BINARY, " ", config,
                                                    " --workers 2 --json ", json, " --pgn ", pgn));
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("finished (complete), 6 of 6 pairs"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("Elo: "), std::string::npos);
  EXPECT_NE(result.out.find("Games: 12, W: "), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("Ptnml(0-2): ["), std::string::npos);
  const std::string summary = common::ReadWholeFile(json).value_or("");
  EXPECT_NE(summary.find("\"pairs\": 6"), std::string::npos) << summary;
  EXPECT_NE(summary.find("\"state\": \"finished\""), std::string::npos) << summary;
  const std::string games = common::ReadWholeFile(pgn).value_or("");
  EXPECT_NE(games.find("[Variant \"grandchess9\"]"), std::string::npos);
}

TEST(Cli, UserCommandsTalkToTheCoordinator) {
  Cluster cluster;
  cluster.StartCoordinator();
  const std::string config = WriteConfig(cluster.dir(), TinyRun(2, 2));
  const std::string common_flags =
      absl::StrCat(" --coordinator ", cluster.address(), " --token-file ", cluster.token_file());
  Result submit =
      Shell(cluster.dir(), absl::StrCat(GC9_CLI_BINARY, " submit ", config, common_flags));
  ASSERT_EQ(submit.exit_code, 0) << submit.err;
  EXPECT_EQ(submit.out, "1\n");
  Result status = Shell(cluster.dir(), absl::StrCat(GC9_CLI_BINARY, " status 1", common_flags));
  ASSERT_EQ(status.exit_code, 0) << status.err;
  EXPECT_NE(status.out.find("Run 1 'tiny': pending"), std::string::npos) << status.out;
  Result list = Shell(cluster.dir(), absl::StrCat(GC9_CLI_BINARY, " status", common_flags));
  EXPECT_NE(list.out.find("Run 1 'tiny'"), std::string::npos) << list.out;
  Result cancel = Shell(cluster.dir(), absl::StrCat(GC9_CLI_BINARY, " cancel 1", common_flags));
  ASSERT_EQ(cancel.exit_code, 0) << cancel.err;
  EXPECT_NE(cancel.out.find("cancelled"), std::string::npos);
  Result pgn = Shell(cluster.dir(), absl::StrCat(GC9_CLI_BINARY, " pgn 1", common_flags));
  EXPECT_EQ(pgn.exit_code, 0) << pgn.err;
  Result missing = Shell(cluster.dir(), absl::StrCat(GC9_CLI_BINARY, " status 9", common_flags));
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.err.find("no run 9"), std::string::npos) << missing.err;
}

TEST(Cli, WaitsForACoordinatorThatIsStillStarting) {
  Cluster cluster;  // its port is chosen before anything listens there
  // The command starts first, in the background; the coordinator comes up after it.
  const std::string out = cluster.dir() + "/status.out";
  const std::string rc_file = cluster.dir() + "/status.rc";
  Shell(cluster.dir(), absl::StrCat("(", GC9_CLI_BINARY, " status --coordinator ",
                                    cluster.address(), " --token-file ", cluster.token_file(),
                                    " > ", out, " 2>&1; echo $? > ", rc_file, ") &"));
  cluster.StartCoordinator();
  std::string rc;
  for (int i = 0; i < 300 && rc.empty(); ++i) {  // a guard against a hang, not a measurement
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    rc = common::ReadWholeFile(rc_file).value_or("");
  }
  EXPECT_EQ(rc, "0\n") << common::ReadWholeFile(out).value_or("");
}

TEST(Cli, BadFlagsExitTwoAndNameTheProblem) {
  Cluster scratch;
  for (const std::string& binary :
       {std::string(GC9_COORDINATOR_BINARY), std::string(GC9_WORKER_BINARY),
        std::string(GC9_RUN_BINARY), std::string(GC9_CLI_BINARY) + " status"}) {
    Result bad = Shell(scratch.dir(), binary + " --bogus 1");
    EXPECT_EQ(bad.exit_code, 2) << binary;
    EXPECT_NE(bad.err.find("--bogus"), std::string::npos) << binary << ": " << bad.err;
    Result help = Shell(scratch.dir(), binary + " --help");
    EXPECT_EQ(help.exit_code, 0) << binary;
    EXPECT_NE(help.out.find("usage:"), std::string::npos) << binary;
  }
  Result no_db = Shell(scratch.dir(), GC9_COORDINATOR_BINARY);
  EXPECT_EQ(no_db.exit_code, 2);
  EXPECT_NE(no_db.err.find("--db is required"), std::string::npos);
  Result bad_number = Shell(scratch.dir(), absl::StrCat(GC9_RUN_BINARY, " --workers many"));
  EXPECT_EQ(bad_number.exit_code, 2);
  EXPECT_NE(bad_number.err.find("--workers takes an integer"), std::string::npos);
}

TEST(Cli, BadConfigNamesFileLineAndField) {
  Cluster scratch;
  const std::string path = scratch.dir() + "/bad.textproto";
  std::ofstream(path) << "variant: \"grandchess9\"\nengine { builtin {} }\n"
                      << "baseline { builtin {} }\ntime_control { depth: 0 }\n";
  for (const std::string& command :
       {absl::StrCat(GC9_RUN_BINARY, " ", path), absl::StrCat(GC9_CLI_BINARY, " submit ", path)}) {
    Result result = Shell(scratch.dir(), command);
    EXPECT_EQ(result.exit_code, 2) << command;
    EXPECT_NE(result.err.find(path + ":4: time_control.depth: must be in 1..128"),
              std::string::npos)
        << result.err;
  }
  std::ofstream(path) << "variant: \"grandchess9\"\nengines { }\n";
  Result unknown = Shell(scratch.dir(), absl::StrCat(GC9_RUN_BINARY, " ", path));
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find(path + ":2:"), std::string::npos) << unknown.err;
  EXPECT_NE(unknown.err.find("engines"), std::string::npos) << unknown.err;
}

}  // namespace
}  // namespace gc9::testing
