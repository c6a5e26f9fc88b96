// The whole system on loopback: a real coordinator and several real gc9-worker processes
// playing a small run to the end, the PGN exported, the database agreeing with the status.
#include <signal.h>

#include <cstdlib>
#include <map>
#include <string>

#include "absl/strings/str_cat.h"
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
  const std::string key = cluster.dir() + "/key.pem";
  const std::string openssl = absl::StrCat(
      "openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost -addext "
      "subjectAltName=IP:127.0.0.1,DNS:localhost -keyout ",
      key, " -out ", cert, " > /dev/null 2>&1");
  if (std::system(openssl.c_str()) != 0) GTEST_SKIP() << "no openssl to make a certificate";
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

}  // namespace
}  // namespace gc9::testing
