// The SQLite store on real files: what is committed comes back after reopening, a pair is
// written once, PGN stays on disk until the reader asks for it, on a connection of its own.
#include "coordinator/store/sqlite_store.h"

#include <unistd.h>

#include <string>

#include "gtest/gtest.h"

namespace gc9::coordinator::store {
namespace {

std::string TempDb(const std::string& name) {
  const std::string path = ::testing::TempDir() + "/" + name + "_" + std::to_string(getpid());
  unlink(path.c_str());
  unlink((path + "-wal").c_str());
  unlink((path + "-shm").c_str());
  return path;
}

proto::PairResult Pair(int64_t run, int64_t index, int pentanomial, const std::string& pgn) {
  proto::PairResult pair;
  pair.set_run_id(run);
  pair.set_pair_index(index);
  pair.set_pentanomial_index(pentanomial);
  if (!pgn.empty()) pair.add_pgn(pgn);
  return pair;
}

TEST(SqliteStore, CommitsSurviveReopening) {
  const std::string path = TempDb("reopen.db");
  {
    auto store = SqliteStore::Open(path);
    ASSERT_TRUE(store.ok()) << store.status();
    WriteBatch batch;
    proto::RunRecord run;
    run.set_run_id(7);
    run.set_state(proto::RUN_RUNNING);
    run.mutable_config()->set_name("x");
    batch.runs.push_back(run);
    batch.pairs.push_back(Pair(7, 0, 2, "[Event \"a\"]"));
    batch.pairs.push_back(Pair(7, 1, 4, ""));
    proto::LeaseRecord lease;
    lease.set_lease_id(3);
    lease.set_run_id(7);
    lease.add_pair_index(2);
    batch.leases.push_back(lease);
    proto::WorkerRecord worker;
    worker.set_worker_id(5);
    batch.workers.push_back(worker);
    ASSERT_TRUE((*store)->Commit(batch).ok());
  }
  auto store = SqliteStore::Open(path);
  ASSERT_TRUE(store.ok());
  absl::StatusOr<Snapshot> snapshot = (*store)->Load();
  ASSERT_TRUE(snapshot.ok()) << snapshot.status();
  ASSERT_EQ(snapshot->runs.size(), 1u);
  EXPECT_EQ(snapshot->runs[0].config().name(), "x");
  ASSERT_EQ(snapshot->pairs.size(), 2u);
  EXPECT_EQ(snapshot->pairs[1].pentanomial_index(), 4);
  EXPECT_EQ(snapshot->pairs[0].pgn_size(), 0) << "PGN is not loaded at start";
  ASSERT_EQ(snapshot->leases.size(), 1u);
  ASSERT_EQ(snapshot->workers.size(), 1u);

  // PGN is read by the read side, on a connection of its own.
  auto reader = SqliteReader::Open(path);
  ASSERT_TRUE(reader.ok()) << reader.status();
  absl::StatusOr<std::vector<proto::PairResult>> pairs = (*reader)->ReadPairs(7, -1, 10);
  ASSERT_TRUE(pairs.ok());
  ASSERT_EQ(pairs->size(), 2u);
  ASSERT_EQ((*pairs)[0].pgn_size(), 1);
  EXPECT_EQ((*pairs)[0].pgn(0), "[Event \"a\"]");
  pairs = (*reader)->ReadPairs(7, 0, 10);
  ASSERT_EQ(pairs->size(), 1u);
  EXPECT_EQ((*pairs)[0].pair_index(), 1);
}

TEST(SqliteStore, ReaderSeesWhatIsCommittedAfterItOpened) {
  const std::string path = TempDb("reader.db");
  auto store = SqliteStore::Open(path);
  ASSERT_TRUE(store.ok());
  auto reader = SqliteReader::Open(path);
  ASSERT_TRUE(reader.ok()) << reader.status();
  EXPECT_TRUE((*reader)->ReadPairs(3, -1, 10)->empty());
  WriteBatch batch;
  batch.pairs.push_back(Pair(3, 0, 2, "[Event \"r\"]"));
  ASSERT_TRUE((*store)->Commit(batch).ok());
  absl::StatusOr<std::vector<proto::PairResult>> pairs = (*reader)->ReadPairs(3, -1, 10);
  ASSERT_TRUE(pairs.ok()) << pairs.status();
  ASSERT_EQ(pairs->size(), 1u);
  EXPECT_EQ((*pairs)[0].pgn(0), "[Event \"r\"]");
}

TEST(SqliteStore, PairIsWrittenOnceAndLeaseDeletes) {
  const std::string path = TempDb("once.db");
  auto store = SqliteStore::Open(path);
  ASSERT_TRUE(store.ok());
  WriteBatch batch;
  batch.pairs.push_back(Pair(1, 0, 0, ""));
  proto::LeaseRecord lease;
  lease.set_lease_id(9);
  batch.leases.push_back(lease);
  ASSERT_TRUE((*store)->Commit(batch).ok());
  batch.Clear();
  batch.pairs.push_back(Pair(1, 0, 4, ""));
  batch.deleted_leases.push_back(9);
  ASSERT_TRUE((*store)->Commit(batch).ok());
  absl::StatusOr<Snapshot> snapshot = (*store)->Load();
  ASSERT_EQ(snapshot->pairs.size(), 1u);
  EXPECT_EQ(snapshot->pairs[0].pentanomial_index(), 0) << "the first result stays";
  EXPECT_TRUE(snapshot->leases.empty());
}

proto::FailureRecord Failure(int64_t id, int64_t run, const std::string& message) {
  proto::FailureRecord failure;
  failure.set_failure_id(id);
  failure.set_run_id(run);
  failure.set_kind(proto::FAILURE_ENGINE_MISSING);
  failure.set_message(message);
  return failure;
}

TEST(SqliteStore, FailuresComeBackInOrderAndShareTheTransaction) {
  const std::string path = TempDb("failures.db");
  {
    auto store = SqliteStore::Open(path);
    ASSERT_TRUE(store.ok());
    WriteBatch batch;
    batch.failures.push_back(Failure(2, 1, "second"));
    batch.failures.push_back(Failure(1, 1, "first"));
    ASSERT_TRUE((*store)->Commit(batch).ok());
    // A failure id written twice is the core's bug: the whole batch is refused, the pair in it
    // included, rather than half of it kept.
    batch.Clear();
    batch.pairs.push_back(Pair(1, 0, 2, ""));
    batch.failures.push_back(Failure(2, 1, "again"));
    EXPECT_FALSE((*store)->Commit(batch).ok());
  }
  auto store = SqliteStore::Open(path);
  ASSERT_TRUE(store.ok());
  absl::StatusOr<Snapshot> snapshot = (*store)->Load();
  ASSERT_TRUE(snapshot.ok()) << snapshot.status();
  ASSERT_EQ(snapshot->failures.size(), 2u);
  EXPECT_EQ(snapshot->failures[0].message(), "first");
  EXPECT_EQ(snapshot->failures[1].message(), "second");
  EXPECT_TRUE(snapshot->pairs.empty());
}

TEST(SqliteStore, UsesWalAndFullSync) {
  const std::string path = TempDb("wal.db");
  auto store = SqliteStore::Open(path);
  ASSERT_TRUE(store.ok());
  WriteBatch batch;
  batch.pairs.push_back(Pair(1, 0, 0, ""));
  ASSERT_TRUE((*store)->Commit(batch).ok());
  EXPECT_EQ(access((path + "-wal").c_str(), F_OK), 0) << "a write-ahead log exists";
}

TEST(SqliteStore, UnopenablePathIsAnError) {
  auto store = SqliteStore::Open("/nonexistent-dir/x/y.db");
  EXPECT_FALSE(store.ok());
}

}  // namespace
}  // namespace gc9::coordinator::store
