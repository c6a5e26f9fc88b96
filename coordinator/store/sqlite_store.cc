#include "coordinator/store/sqlite_store.h"

#include <sqlite3.h>

#include <utility>

#include "absl/strings/str_cat.h"
#include "common/status_macros.h"

namespace gc9::coordinator::store {
namespace {

// Each table keeps records as serialized protos; pairs keep their PGN apart so that loading
// the state at start reads only the small part.
constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS runs (run_id INTEGER PRIMARY KEY, record BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS pairs (
  run_id INTEGER NOT NULL, pair_index INTEGER NOT NULL, result BLOB NOT NULL, pgn BLOB,
  PRIMARY KEY (run_id, pair_index)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS leases (lease_id INTEGER PRIMARY KEY, record BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS workers (worker_id INTEGER PRIMARY KEY, record BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS failures (failure_id INTEGER PRIMARY KEY, record BLOB NOT NULL);
)sql";

// A statement reset after use whatever the outcome.
class Resetter {
 public:
  explicit Resetter(sqlite3_stmt* stmt) : stmt_(stmt) {}
  ~Resetter() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }

 private:
  sqlite3_stmt* stmt_;
};

void BindBlob(sqlite3_stmt* stmt, int index, const std::string& bytes) {
  sqlite3_bind_blob(stmt, index, bytes.data(), static_cast<int>(bytes.size()), SQLITE_TRANSIENT);
}

template <typename Message>
absl::Status ParseColumn(sqlite3_stmt* stmt, int column, Message* message) {
  const void* data = sqlite3_column_blob(stmt, column);
  const int size = sqlite3_column_bytes(stmt, column);
  if (!message->ParseFromArray(data, size)) {
    return absl::DataLossError(
        absl::StrCat("unparsable ", Message::descriptor()->name(), " in the database"));
  }
  return absl::OkStatus();
}

absl::Status ErrorOf(sqlite3* db, absl::string_view what) {
  return absl::InternalError(absl::StrCat("sqlite: ", what, ": ", sqlite3_errmsg(db)));
}

absl::StatusOr<sqlite3*> OpenDatabase(const std::string& path, int flags) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, flags, nullptr) != SQLITE_OK) {
    std::string message = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    return absl::UnavailableError(absl::StrCat("cannot open database ", path, ": ", message));
  }
  sqlite3_busy_timeout(db, 5000);
  return db;
}

}  // namespace

absl::StatusOr<std::unique_ptr<SqliteStore>> SqliteStore::Open(const std::string& path) {
  ASSIGN_OR_RETURN(sqlite3 * db, OpenDatabase(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE));
  std::unique_ptr<SqliteStore> store(new SqliteStore(db));
  RETURN_IF_ERROR(store->Exec("PRAGMA journal_mode=WAL"));
  RETURN_IF_ERROR(store->Exec("PRAGMA synchronous=FULL"));
  // 64 MiB of page cache (SQLite's default is 2 MiB): the pairs table's index pages stay in
  // memory as it grows to millions of rows, so a commit reads nothing back from the file.
  RETURN_IF_ERROR(store->Exec("PRAGMA cache_size=-65536"));
  RETURN_IF_ERROR(store->Exec(kSchema));
  RETURN_IF_ERROR(store->Prepare());
  return store;
}

SqliteStore::~SqliteStore() {
  for (sqlite3_stmt* stmt :
       {put_run_, put_pair_, put_lease_, delete_lease_, put_worker_, put_failure_}) {
    sqlite3_finalize(stmt);
  }
  sqlite3_close(db_);
}

absl::Status SqliteStore::Error(absl::string_view what) const { return ErrorOf(db_, what); }

absl::Status SqliteStore::Exec(const char* sql) {
  char* message = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) != SQLITE_OK) {
    absl::Status status =
        absl::InternalError(absl::StrCat("sqlite: ", message ? message : "error", " in ", sql));
    sqlite3_free(message);
    return status;
  }
  return absl::OkStatus();
}

absl::Status SqliteStore::Prepare() {
  const std::pair<sqlite3_stmt**, const char*> statements[] = {
      {&put_run_, "INSERT OR REPLACE INTO runs (run_id, record) VALUES (?, ?)"},
      // A pair is written once: the core never sends a pair twice, and if it ever did the
      // first result stays, which is what counting it exactly once means.
      {&put_pair_,
       "INSERT OR IGNORE INTO pairs (run_id, pair_index, result, pgn) VALUES (?, ?, ?, ?)"},
      {&put_lease_, "INSERT OR REPLACE INTO leases (lease_id, record) VALUES (?, ?)"},
      {&delete_lease_, "DELETE FROM leases WHERE lease_id = ?"},
      {&put_worker_, "INSERT OR REPLACE INTO workers (worker_id, record) VALUES (?, ?)"},
      {&put_failure_, "INSERT INTO failures (failure_id, record) VALUES (?, ?)"},
  };
  for (const auto& [stmt, sql] : statements) {
    if (sqlite3_prepare_v2(db_, sql, -1, stmt, nullptr) != SQLITE_OK) return Error(sql);
  }
  return absl::OkStatus();
}

absl::Status SqliteStore::Commit(const WriteBatch& batch) {
  if (batch.empty()) return absl::OkStatus();
  RETURN_IF_ERROR(Exec("BEGIN IMMEDIATE"));
  auto step = [&](sqlite3_stmt* stmt) -> absl::Status {
    Resetter reset(stmt);
    if (sqlite3_step(stmt) != SQLITE_DONE) return Error("write");
    return absl::OkStatus();
  };
  absl::Status status = [&]() -> absl::Status {
    for (const proto::RunRecord& run : batch.runs) {
      sqlite3_bind_int64(put_run_, 1, run.run_id());
      BindBlob(put_run_, 2, run.SerializeAsString());
      RETURN_IF_ERROR(step(put_run_));
    }
    for (const proto::PairResult& pair : batch.pairs) {
      proto::PairResult small = pair;
      small.clear_pgn();
      sqlite3_bind_int64(put_pair_, 1, pair.run_id());
      sqlite3_bind_int64(put_pair_, 2, pair.pair_index());
      BindBlob(put_pair_, 3, small.SerializeAsString());
      if (pair.pgn_size() > 0) {
        proto::PairResult pgn_only;
        *pgn_only.mutable_pgn() = pair.pgn();
        BindBlob(put_pair_, 4, pgn_only.SerializeAsString());
      } else {
        sqlite3_bind_null(put_pair_, 4);
      }
      RETURN_IF_ERROR(step(put_pair_));
    }
    for (const proto::LeaseRecord& lease : batch.leases) {
      sqlite3_bind_int64(put_lease_, 1, lease.lease_id());
      BindBlob(put_lease_, 2, lease.SerializeAsString());
      RETURN_IF_ERROR(step(put_lease_));
    }
    for (int64_t lease_id : batch.deleted_leases) {
      sqlite3_bind_int64(delete_lease_, 1, lease_id);
      RETURN_IF_ERROR(step(delete_lease_));
    }
    for (const proto::WorkerRecord& worker : batch.workers) {
      sqlite3_bind_int64(put_worker_, 1, worker.worker_id());
      BindBlob(put_worker_, 2, worker.SerializeAsString());
      RETURN_IF_ERROR(step(put_worker_));
    }
    for (const proto::FailureRecord& failure : batch.failures) {
      sqlite3_bind_int64(put_failure_, 1, failure.failure_id());
      BindBlob(put_failure_, 2, failure.SerializeAsString());
      RETURN_IF_ERROR(step(put_failure_));
    }
    return absl::OkStatus();
  }();
  if (!status.ok()) {
    Exec("ROLLBACK").IgnoreError();
    return status;
  }
  return Exec("COMMIT");
}

namespace {

// Runs `sql`, whose rows are one serialized record each, through `on_row`.
template <typename Record>
absl::Status Scan(sqlite3* db, const char* sql,
                  const std::function<absl::Status(const Record&)>& on_row) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db, sql, -1, &stmt, nullptr) != SQLITE_OK) return ErrorOf(db, sql);
  absl::Status status;
  int rc;
  Record record;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    record.Clear();
    status = ParseColumn(stmt, 0, &record);
    if (status.ok()) status = on_row(record);
    if (!status.ok()) break;
  }
  if (status.ok() && rc != SQLITE_DONE) status = ErrorOf(db, sql);
  sqlite3_finalize(stmt);
  return status;
}

template <typename Record>
absl::Status ScanAll(sqlite3* db, const char* sql, std::vector<Record>* out) {
  return Scan<Record>(db, sql, [out](const Record& record) {
    out->push_back(record);
    return absl::OkStatus();
  });
}

}  // namespace

absl::StatusOr<Snapshot> SqliteStore::LoadState() {
  Snapshot snapshot;
  RETURN_IF_ERROR(ScanAll(db_, "SELECT record FROM runs ORDER BY run_id", &snapshot.runs));
  RETURN_IF_ERROR(ScanAll(db_, "SELECT record FROM leases ORDER BY lease_id", &snapshot.leases));
  RETURN_IF_ERROR(ScanAll(db_, "SELECT record FROM workers ORDER BY worker_id", &snapshot.workers));
  RETURN_IF_ERROR(
      ScanAll(db_, "SELECT record FROM failures ORDER BY failure_id", &snapshot.failures));
  return snapshot;
}

absl::Status SqliteStore::ForEachPair(
    const std::function<absl::Status(const proto::PairResult&)>& on_pair) {
  return Scan<proto::PairResult>(db_, "SELECT result FROM pairs ORDER BY run_id, pair_index",
                                 on_pair);
}

absl::StatusOr<std::unique_ptr<SqliteReader>> SqliteReader::Open(const std::string& path) {
  ASSIGN_OR_RETURN(sqlite3 * db, OpenDatabase(path, SQLITE_OPEN_READONLY));
  return std::unique_ptr<SqliteReader>(new SqliteReader(db));
}

SqliteReader::~SqliteReader() { sqlite3_close(db_); }

absl::StatusOr<std::vector<proto::PairResult>> SqliteReader::ReadPairs(int64_t run_id,
                                                                       int64_t after_pair,
                                                                       int limit) {
  const char* sql =
      "SELECT result, pgn FROM pairs WHERE run_id = ? AND pair_index > ? "
      "ORDER BY pair_index LIMIT ?";
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db_, sql, -1, &stmt, nullptr) != SQLITE_OK) return ErrorOf(db_, sql);
  sqlite3_bind_int64(stmt, 1, run_id);
  sqlite3_bind_int64(stmt, 2, after_pair);
  sqlite3_bind_int(stmt, 3, limit);
  std::vector<proto::PairResult> pairs;
  absl::Status status;
  int rc;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    proto::PairResult& pair = pairs.emplace_back();
    status = ParseColumn(stmt, 0, &pair);
    if (status.ok() && sqlite3_column_type(stmt, 1) != SQLITE_NULL) {
      proto::PairResult pgn_only;
      status = ParseColumn(stmt, 1, &pgn_only);
      *pair.mutable_pgn() = pgn_only.pgn();
    }
    if (!status.ok()) break;
  }
  if (status.ok() && rc != SQLITE_DONE) status = ErrorOf(db_, sql);
  sqlite3_finalize(stmt);
  if (!status.ok()) return status;
  return pairs;
}

}  // namespace gc9::coordinator::store
