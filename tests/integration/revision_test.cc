// Runs of revisions end to end: gc9 submit packs, builds, benches and uploads HEAD and HEAD~1
// of a repository made by the test; real workers download the archives, build each revision
// once, check its bench and play it as a UCI child; a worker SIGKILLed mid-build leaves
// nothing half-built behind. The builds go through ccache, so they take seconds once the
// sources have been compiled anywhere on the machine.
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <thread>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "common/file.h"
#include "common/sha256.h"
#include "gtest/gtest.h"
#include "tests/integration/cluster.h"
#include "tests/integration/test_repo.h"

namespace gc9::testing {
namespace {

namespace fs = std::filesystem;

// The builds' guard against hangs, not a measurement.
constexpr int64_t kRunLimitMs = 420000;

class Revisions : public ::testing::Test {
 protected:
  // One repository (and one submitter's cache) for the suite: the same commits every time.
  static void SetUpTestSuite() {
    shared_ = *cli::MakeTempDir("gc9-revisions");
    MakeEngineRepository(shared_ + "/repo");
  }
  static void TearDownTestSuite() { cli::RemoveTree(shared_); }

  // HEAD against HEAD~1, a fixed run of `pairs` pairs; the config sits untracked in the repo.
  static std::string Config(int pairs) {
    proto::RunConfig config = TinyRun(pairs, 2);
    config.set_name("head vs previous");
    config.mutable_engine()->set_name("head");
    config.mutable_engine()->mutable_builtin()->set_revision("HEAD");
    config.mutable_baseline()->set_name("previous");
    config.mutable_baseline()->mutable_builtin()->set_revision("HEAD~1");
    return WriteConfig(shared_ + "/repo", config, "revisions.textproto");
  }

  static int64_t Submit(Cluster& cluster, int pairs) {
    Result submit = Shell(cluster.dir(),
                          absl::StrCat(GC9_CLI_BINARY, " submit ", Config(pairs), " --coordinator ",
                                       cluster.address(), " --token-file ", cluster.token_file(),
                                       " --cache-dir ", shared_, "/submit-cache"));
    EXPECT_EQ(submit.exit_code, 0) << submit.err;
    int64_t run = 0;
    EXPECT_TRUE(absl::SimpleAtoi(absl::StripAsciiWhitespace(submit.out), &run)) << submit.out;
    return run;
  }

  static std::string shared_;
};

std::string Revisions::shared_;

std::vector<std::string> Names(const std::string& dir) {
  std::vector<std::string> names;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(dir, error)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

int Count(const std::string& text, const std::string& what) {
  int count = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
    ++count;
  }
  return count;
}

// The worker cache holds each revision's build, whole, with the bench the run expects.
void ExpectBuilds(const std::string& cache, const proto::RunConfig& config) {
  std::vector<std::string> expected;
  for (const proto::EngineConfig* engine : {&config.engine(), &config.baseline()}) {
    const std::string sha = engine->builtin().source().sha256();
    expected.push_back(sha);
    const std::string entry = cache + "/builds/" + sha;
    EXPECT_EQ(access((entry + "/gc9-engine").c_str(), X_OK), 0) << entry;
    EXPECT_EQ(common::ReadWholeFile(entry + "/bench").value_or(""),
              absl::StrCat(engine->bench(), "\n"));
    // The archive came from the coordinator, checked against the same hash.
    EXPECT_EQ(common::Sha256OfFile(cache + "/files/" + sha).value_or(""), sha);
  }
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(Names(cache + "/builds"), expected);  // and nothing half-made beside them
}

TEST_F(Revisions, HeadAgainstPreviousOnTwoWorkersSharingACache) {
  Cluster cluster;
  cluster.StartCoordinator();
  const std::string cache = cluster.dir() + "/worker-cache";
  cluster.StartWorker(1, "", {"--cache-dir", cache});
  cluster.StartWorker(1, "", {"--cache-dir", cache});
  const int64_t run = Submit(cluster, 6);
  ASSERT_GT(run, 0);
  proto::RunStatus status = cluster.WaitFor(
      run, [](const proto::RunStatus& s) { return s.state() == proto::RUN_FINISHED; }, kRunLimitMs);
  EXPECT_EQ(Cluster::Pairs(status), 6);
  // What gc9 submit filled in: the commits, the uploaded archives, and two benches (the last
  // commit changed a parameter default).
  const proto::RunConfig& config = status.config();
  EXPECT_EQ(config.engine().builtin().commit(),
            Git(shared_ + "/repo", {"rev-parse", "HEAD"}).substr(0, 40));
  EXPECT_NE(config.engine().bench(), config.baseline().bench());
  EXPECT_NE(config.engine().builtin().source().sha256(),
            config.baseline().builtin().source().sha256());
  ExpectBuilds(cache, config);
  // The workers shared one cache: each revision was compiled once between them.
  const std::string logs = common::ReadWholeFile(cluster.WorkerLog(0)).value_or("") +
                           common::ReadWholeFile(cluster.WorkerLog(1)).value_or("");
  EXPECT_EQ(Count(logs, ": compiling"), 2) << logs;
  // Played as UCI children under the run's names, exactly counted.
  std::string pgn;
  ASSERT_TRUE(cluster.client().ExportPgn(run, [&](const std::string& text) { pgn += text; }).ok());
  EXPECT_EQ(Count(pgn, "[White \"head\"]"), 6);
  EXPECT_EQ(Count(pgn, "[Black \"head\"]"), 6);
  cluster.coordinator().Stop(SIGTERM, 5000);
  int64_t rows = 0;
  std::vector<int64_t> counts;
  StoredPairs(cluster.db(), run, &rows, &counts);
  EXPECT_EQ(rows, 6);
  EXPECT_EQ(counts, CountsOf(status));
}

TEST_F(Revisions, AWorkerKilledMidBuildLeavesNothingHalfBuilt) {
  Cluster cluster;
  cluster.StartCoordinator(/*lease_ms=*/3000);
  const std::string cache = cluster.dir() + "/worker-cache";
  const int doomed = cluster.StartWorker(1, "", {"--cache-dir", cache});
  const int64_t run = Submit(cluster, 4);
  ASSERT_GT(run, 0);
  // Killed while it compiles.
  bool compiling = false;
  for (int i = 0; i < 6000 && !compiling; ++i) {
    compiling = common::ReadWholeFile(cluster.WorkerLog(doomed)).value_or("").find(": compiling") !=
                std::string::npos;
    if (!compiling) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ASSERT_TRUE(compiling);
  cluster.worker(doomed).Signal(SIGKILL);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  for (const std::string& name : Names(cache + "/builds")) {
    EXPECT_EQ(name.rfind("tmp-", 0), 0u) << name << ": a build entry from a killed build";
  }
  // A new worker on the same cache clears what is left, builds afresh and finishes the run.
  cluster.StartWorker(1, "", {"--cache-dir", cache});
  proto::RunStatus status = cluster.WaitFor(
      run, [](const proto::RunStatus& s) { return s.state() == proto::RUN_FINISHED; }, kRunLimitMs);
  EXPECT_EQ(Cluster::Pairs(status), 4);
  ExpectBuilds(cache, status.config());
  cluster.coordinator().Stop(SIGTERM, 5000);
  int64_t rows = 0;
  std::vector<int64_t> counts;
  StoredPairs(cluster.db(), run, &rows, &counts);
  EXPECT_EQ(rows, 4);
  EXPECT_EQ(counts, CountsOf(status));
}

}  // namespace
}  // namespace gc9::testing
