// The whole system on loopback: a real coordinator and several real gc9-worker processes
// playing a small run to the end, the PGN exported, the database agreeing with the status.
#include <signal.h>

#include <chrono>
#include <cstdlib>
#include <map>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "common/file.h"
#include "coordinator/store/sqlite_store.h"
#include "gtest/gtest.h"
#include "tests/integration/cluster.h"

namespace gc9::testing {
namespace {

// Counts per pentanomial index as stored, after the coordinator has stopped.
std::vector<int64_t> StoredPentanomial(const std::string& db, int64_t run_id, int64_t* rows) {
  auto store = coordinator::store::SqliteStore::Open(db);
  EXPECT_TRUE(store.ok());
  absl::StatusOr<coordinator::store::Snapshot> snapshot = (*store)->Load();
  EXPECT_TRUE(snapshot.ok());
  std::vector<int64_t> counts(5, 0);
  *rows = 0;
  for (const proto::PairResult& pair : snapshot->pairs) {
    if (pair.run_id() != run_id) continue;
    ++counts[pair.pentanomial_index()];
    ++*rows;
  }
  return counts;
}

TEST(Integration, SeveralWorkersFinishARunExactly) {
  Cluster cluster;
  cluster.StartCoordinator();
  for (int i = 0; i < 3; ++i) cluster.StartWorker();
  absl::StatusOr<int64_t> run = cluster.client().Submit(TinyRun(12, 2));
  ASSERT_TRUE(run.ok()) << run.status();
  proto::RunStatus status = cluster.WaitFor(
      *run, [](const proto::RunStatus& s) { return s.state() == proto::RUN_FINISHED; });
  EXPECT_EQ(status.decision(), proto::DECISION_COMPLETE);
  EXPECT_EQ(Cluster::Pairs(status), 12);
  EXPECT_EQ(status.wins() + status.losses() + status.draws(), 24);
  EXPECT_EQ(status.leased_pairs(), 0);

  std::string pgn;
  ASSERT_TRUE(cluster.client().ExportPgn(*run, [&](const std::string& text) { pgn += text; }).ok());
  int games = 0;
  for (size_t at = pgn.find("[Variant \"grandchess9\"]"); at != std::string::npos;
       at = pgn.find("[Variant \"grandchess9\"]", at + 1)) {
    ++games;
  }
  EXPECT_EQ(games, 24);
  EXPECT_NE(pgn.find("[FEN "), std::string::npos);
  EXPECT_NE(pgn.find("[SetUp \"1\"]"), std::string::npos);

  // Several workers took part.
  absl::StatusOr<proto::ListReply> list = cluster.client().List();
  ASSERT_TRUE(list.ok());
  ASSERT_EQ(list->run_size(), 1);

  cluster.coordinator().Stop(SIGTERM, 5000);
  int64_t rows = 0;
  const std::vector<int64_t> stored = StoredPentanomial(cluster.db(), *run, &rows);
  EXPECT_EQ(rows, 12);
  EXPECT_EQ(stored, std::vector<int64_t>(status.pentanomial().begin(), status.pentanomial().end()));
}

TEST(Integration, RunsShareTheWorkersAndCancelStopsOne) {
  Cluster cluster;
  cluster.StartCoordinator();
  cluster.StartWorker(2);
  absl::StatusOr<int64_t> big = cluster.client().Submit(TinyRun(1000, 2));
  absl::StatusOr<int64_t> small = cluster.client().Submit(TinyRun(6, 2));
  ASSERT_TRUE(big.ok() && small.ok());
  // The small run finishes although the big one came first: the worker is shared.
  cluster.WaitFor(*small,
                  [](const proto::RunStatus& s) { return s.state() == proto::RUN_FINISHED; });
  absl::StatusOr<proto::RunStatus> cancelled = cluster.client().Cancel(*big);
  ASSERT_TRUE(cancelled.ok()) << cancelled.status();
  EXPECT_EQ(cancelled->state(), proto::RUN_CANCELLED);
  const int64_t at_cancel = Cluster::Pairs(*cancelled);
  // Later reports of the cancelled run are discarded, so its count stays.
  proto::RunStatus later =
      cluster.WaitFor(*big, [](const proto::RunStatus& s) { return s.leased_pairs() == 0; });
  EXPECT_EQ(Cluster::Pairs(later), at_cancel);
  EXPECT_FALSE(cluster.client().Cancel(*big).ok());
}

TEST(Integration, TlsWhenACertificateIsConfigured) {
  Cluster cluster;
  const std::string cert = cluster.dir() + "/cert.pem";
  const std::string key = cluster.dir() + "/cert.key";
  if (!MakeCertificate(cluster.dir(), "cert")) GTEST_SKIP() << "no openssl to make a certificate";
  cluster.UseTls(cert);
  cluster.StartCoordinator(60000, {"--tls-cert", cert, "--tls-key", key});
  cluster.StartWorker(1, "", {"--tls-ca", cert});
  absl::StatusOr<int64_t> run = cluster.client().Submit(TinyRun(2, 2));
  ASSERT_TRUE(run.ok()) << run.status();
  proto::RunStatus status = cluster.WaitFor(
      *run, [](const proto::RunStatus& s) { return s.state() == proto::RUN_FINISHED; });
  EXPECT_EQ(Cluster::Pairs(status), 2);
  // A plaintext client gets nowhere.
  auto plain = coordinator::cli::UserClient::Connect(cluster.address(), cluster.token_file(), "");
  ASSERT_TRUE(plain.ok());
  EXPECT_FALSE((*plain)->List().ok());
}

TEST(Integration, AWorkerRefusesACoordinatorWhoseCertificateItDoesNotTrust) {
  Cluster cluster;
  // The coordinator shows one certificate; the worker trusts only another, made the same way
  // for the same address (as an impostor on the coordinator's address would).
  if (!MakeCertificate(cluster.dir(), "real") || !MakeCertificate(cluster.dir(), "other")) {
    GTEST_SKIP() << "no openssl to make a certificate";
  }
  const std::string real = cluster.dir() + "/real.pem";
  cluster.UseTls(real);
  cluster.StartCoordinator(60000, {"--tls-cert", real, "--tls-key", cluster.dir() + "/real.key"});
  absl::StatusOr<int64_t> run = cluster.client().Submit(TinyRun(2, 2));
  ASSERT_TRUE(run.ok()) << run.status();
  const int refusing = cluster.StartWorker(1, "", {"--tls-ca", cluster.dir() + "/other.pem"});
  // It never registers: it says why and keeps trying, and the run gets nothing from it.
  std::string log;
  for (int i = 0; i < 100 && log.find("cannot register") == std::string::npos; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    log = common::ReadWholeFile(cluster.WorkerLog(refusing)).value_or("");
  }
  EXPECT_NE(log.find("cannot register"), std::string::npos) << log;
  EXPECT_NE(log.find("certificate verify failed"), std::string::npos) << log;
  EXPECT_EQ(log.find("registered with"), std::string::npos) << log;
  absl::StatusOr<proto::ListWorkersReply> workers = cluster.client().ListWorkers();
  ASSERT_TRUE(workers.ok()) << workers.status();
  EXPECT_EQ(workers->worker_size(), 0);
  absl::StatusOr<proto::RunStatus> status = cluster.client().Status(*run);
  ASSERT_TRUE(status.ok()) << status.status();
  EXPECT_EQ(Cluster::Pairs(*status), 0);
  EXPECT_EQ(status->leased_pairs(), 0);
  // The same worker trusting the real certificate plays the run.
  cluster.StartWorker(1, "", {"--tls-ca", real});
  const proto::RunStatus done = cluster.WaitFor(
      *run, [](const proto::RunStatus& s) { return s.state() == proto::RUN_FINISHED; });
  EXPECT_EQ(Cluster::Pairs(done), 2);
}

}  // namespace
}  // namespace gc9::testing
