// SPSA runs on the real system: the coordinator and worker processes on loopback play a short
// tuning, `gc9 run` prints theta and writes the parameter file and plot, `gc9 spsa export/plot`
// read a live run, and a coordinator SIGKILLed mid-run comes back with theta, the iteration
// counter and every outstanding batch exactly as they were. Every check of theta replays the
// stored trajectory (each pair's k, flips and W - L) through the SPSA library from the start.
#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "common/file.h"
#include "coordinator/config/spsa_config.h"
#include "coordinator/spsa/step.h"
#include "coordinator/store/sqlite_store.h"
#include "google/protobuf/text_format.h"
#include "gtest/gtest.h"
#include "proto/spsa.pb.h"
#include "tests/integration/cluster.h"

namespace gc9::testing {
namespace {

proto::RunConfig TinySpsa(int pairs, int batch_pairs) {
  proto::RunConfig config = TinyRun(pairs, batch_pairs);
  config.set_name("tiny spsa");
  config.mutable_baseline()->mutable_builtin()->clear_param();
  config.clear_store_pgn();
  config.mutable_spsa()->set_pairs(pairs);
  config.mutable_spsa()->set_params(
      "SceptreValueMg,900,600,2000,80,0.04\n"
      "CharioteerValueMg,200,0,1000,40,0.05\n");
  return config;
}

struct Stored {
  proto::RunRecord run;
  std::vector<proto::PairResult> pairs;
  std::vector<proto::LeaseRecord> leases;
};

Stored Load(const std::string& db, int64_t run_id) {
  Stored stored;
  auto store = coordinator::store::SqliteStore::Open(db);
  EXPECT_TRUE(store.ok());
  if (!store.ok()) return stored;
  absl::StatusOr<coordinator::store::Snapshot> snapshot = (*store)->Load();
  EXPECT_TRUE(snapshot.ok());
  if (!snapshot.ok()) return stored;
  for (const proto::RunRecord& run : snapshot->runs) {
    if (run.run_id() == run_id) stored.run = run;
  }
  for (const proto::PairResult& pair : snapshot->pairs) {
    if (pair.run_id() == run_id) stored.pairs.push_back(pair);
  }
  for (const proto::LeaseRecord& lease : snapshot->leases) {
    if (lease.run_id() == run_id) stored.leases.push_back(lease);
  }
  return stored;
}

// Replays every stored pair in counting order from the start values and checks each step
// against the theta stored with it; returns the final theta.
std::vector<double> Replay(const proto::RunConfig& config,
                           const std::vector<proto::PairResult>& pairs) {
  coordinator::config::SpsaErrorSite site;
  absl::StatusOr<coordinator::config::SpsaSetup> setup =
      coordinator::config::ResolveSpsa(config.spsa(), &site);
  EXPECT_TRUE(setup.ok());
  if (!setup.ok()) return {};
  std::vector<proto::SpsaPairRecord> records;
  for (const proto::PairResult& pair : pairs) {
    proto::SpsaPairRecord& record = records.emplace_back();
    EXPECT_TRUE(record.ParseFromString(pair.kind_record())) << "pair " << pair.pair_index();
  }
  std::sort(records.begin(), records.end(),
            [](const auto& a, const auto& b) { return a.sequence() < b.sequence(); });
  coordinator::spsa::SpsaState state = coordinator::spsa::InitialState(setup->params);
  for (size_t i = 0; i < records.size(); ++i) {
    const proto::SpsaPairRecord& record = records[i];
    EXPECT_EQ(record.sequence(), static_cast<int64_t>(i + 1)) << "each pair applied once";
    coordinator::spsa::PairDispatch dispatch;
    dispatch.k = record.k();
    dispatch.flips.assign(record.flip().begin(), record.flip().end());
    coordinator::spsa::PairOutcome outcome;
    outcome.wins = std::max(0, record.result());
    outcome.losses = std::max(0, -record.result());
    EXPECT_TRUE(coordinator::spsa::ApplyPairResult(setup->params, setup->schedule, dispatch,
                                                   outcome, &state)
                    .ok());
    EXPECT_EQ(std::vector<double>(record.theta().begin(), record.theta().end()), state.theta)
        << "sequence " << record.sequence();
  }
  return state.theta;
}

std::vector<double> Theta(const proto::RunStatus& status) {
  std::vector<double> theta;
  for (const proto::SpsaParamStatus& param : status.spsa().param()) theta.push_back(param.theta());
  return theta;
}

int Shell(const std::string& command) {
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(Spsa, TunesOverLoopbackAndExportsTheValues) {
  Cluster cluster;
  cluster.StartCoordinator();
  cluster.StartWorker();
  cluster.StartWorker();
  absl::StatusOr<int64_t> run = cluster.client().Submit(TinySpsa(12, 2));
  ASSERT_TRUE(run.ok()) << run.status();
  proto::RunStatus status = cluster.WaitFor(
      *run, [](const proto::RunStatus& s) { return s.state() == proto::RUN_FINISHED; });
  EXPECT_EQ(status.spsa().applied(), 12);
  EXPECT_GE(status.spsa().next_k(), 12);

  const std::string flags =
      absl::StrCat(" --coordinator ", cluster.address(), " --token-file ", cluster.token_file());
  const std::string params = cluster.dir() + "/tuned.params";
  const std::string plot = cluster.dir() + "/tuned.svg";
  ASSERT_EQ(Shell(absl::StrCat(GC9_CLI_BINARY, " spsa-export ", *run, flags, " --out ", params,
                               " 2>/dev/null")),
            0);
  ASSERT_EQ(Shell(absl::StrCat(GC9_CLI_BINARY, " spsa-plot ", *run, flags, " --out ", plot,
                               " 2>/dev/null")),
            0);
  const std::string text = common::ReadWholeFile(params).value_or("");
  EXPECT_NE(text.find(absl::StrCat("SceptreValueMg,", std::lround(Theta(status)[0]), "\n")),
            std::string::npos)
      << text;
  EXPECT_NE(common::ReadWholeFile(plot).value_or("").find("CharioteerValueMg"), std::string::npos);

  cluster.coordinator().Stop(SIGTERM, 5000);
  const Stored stored = Load(cluster.db(), *run);
  ASSERT_EQ(stored.pairs.size(), 12u);
  EXPECT_EQ(Replay(stored.run.config(), stored.pairs), Theta(status));
}

TEST(Spsa, RunCommandPrintsThetaAndWritesParamsAndPlot) {
  Cluster scratch;  // only for its directory
  std::string text;
  google::protobuf::TextFormat::PrintToString(TinySpsa(6, 2), &text);
  const std::string config = scratch.dir() + "/tune.textproto";
  std::ofstream(config) << text;
  const std::string out = scratch.dir() + "/out.txt";
  ASSERT_EQ(Shell(absl::StrCat(GC9_RUN_BINARY, " ", config, " --workers 2 --quiet --results ",
                               scratch.dir(), "/results > ", out, " 2>/dev/null")),
            0);
  const std::string summary = common::ReadWholeFile(out).value_or("");
  EXPECT_NE(summary.find("SPSA: iteration k"), std::string::npos) << summary;
  EXPECT_NE(summary.find("SceptreValueMg"), std::string::npos) << summary;
  EXPECT_NE(summary.find("Trajectory plot: " + scratch.dir() + "/results/tiny-spsa.svg"),
            std::string::npos)
      << summary;
  EXPECT_NE(common::ReadWholeFile(scratch.dir() + "/results/tiny-spsa.params")
                .value_or("")
                .find("CharioteerValueMg,"),
            std::string::npos);
}

TEST(SpsaFault, CoordinatorKilledMidRunKeepsThetaAndOutstandingBatches) {
  Cluster cluster;
  cluster.StartCoordinator(/*lease_ms=*/20000);
  const int a = cluster.StartWorker();
  const int b = cluster.StartWorker();
  absl::StatusOr<int64_t> run = cluster.client().Submit(TinySpsa(30, 2));
  ASSERT_TRUE(run.ok()) << run.status();
  std::map<int64_t, proto::SpsaBatchState> outstanding;  // batch id -> its state at a crash
  for (int crash = 1; crash <= 2; ++crash) {
    cluster.WaitFor(*run, [&](const proto::RunStatus& s) {
      return s.spsa().applied() >= 8 * crash && s.leased_pairs() >= 1;
    });
    // Frozen workers cannot report between the crash and the first look after the restart.
    cluster.worker(a).Signal(SIGSTOP);
    cluster.worker(b).Signal(SIGSTOP);
    cluster.coordinator().Stop(SIGKILL, 1000);
    const Stored stored = Load(cluster.db(), *run);
    proto::SpsaRunState saved;
    ASSERT_TRUE(saved.ParseFromString(stored.run.kind_state()));
    EXPECT_EQ(std::vector<double>(saved.theta().begin(), saved.theta().end()),
              Replay(stored.run.config(), stored.pairs));
    for (const proto::LeaseRecord& lease : stored.leases) {
      ASSERT_TRUE(outstanding[lease.lease_id()].ParseFromString(lease.opaque_state()));
    }
    cluster.StartCoordinator(/*lease_ms=*/20000);
    absl::StatusOr<proto::RunStatus> restarted = cluster.client().Status(*run);
    ASSERT_TRUE(restarted.ok());
    EXPECT_EQ(Theta(*restarted), std::vector<double>(saved.theta().begin(), saved.theta().end()));
    EXPECT_EQ(restarted->spsa().next_k(), saved.next_k());
    EXPECT_EQ(restarted->spsa().applied(), static_cast<int64_t>(stored.pairs.size()));
    cluster.worker(a).Signal(SIGCONT);
    cluster.worker(b).Signal(SIGCONT);
  }
  const proto::RunStatus status = cluster.WaitFor(
      *run, [](const proto::RunStatus& s) { return s.state() == proto::RUN_FINISHED; });
  EXPECT_EQ(status.spsa().applied(), 30);
  cluster.coordinator().Stop(SIGTERM, 5000);
  const Stored stored = Load(cluster.db(), *run);
  ASSERT_EQ(stored.pairs.size(), 30u);
  EXPECT_EQ(Replay(stored.run.config(), stored.pairs), Theta(status));
  // Pairs of batches that were outstanding at a crash moved theta with those batches' k and
  // flips, restored from the store.
  int checked = 0;
  for (const proto::PairResult& pair : stored.pairs) {
    auto it = outstanding.find(pair.batch_id());
    if (it == outstanding.end()) continue;
    proto::SpsaPairRecord record;
    ASSERT_TRUE(record.ParseFromString(pair.kind_record()));
    EXPECT_EQ(record.k(), it->second.k());
    EXPECT_EQ(record.flip().size(), it->second.flip().size());
    EXPECT_TRUE(std::equal(record.flip().begin(), record.flip().end(), it->second.flip().begin()));
    ++checked;
  }
  EXPECT_GE(checked, 1) << "no pair of an outstanding batch was reported after a restart";
}

}  // namespace
}  // namespace gc9::testing
