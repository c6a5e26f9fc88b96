// The Store and the Reader on one SQLite file: a table per record kind, each row a serialized
// proto.
#pragma once

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "coordinator/store/store.h"

struct sqlite3;
struct sqlite3_stmt;

namespace gc9::coordinator::store {

class SqliteStore : public Store {
 public:
  // Opens (creating if needed) the database in WAL mode with synchronous=FULL: a commit has
  // reached the disk when Commit returns, so an acknowledged report survives a SIGKILL of the
  // coordinator and a power cut. (NORMAL would survive SIGKILL too, since the WAL pages sit in
  // the OS cache, but not a power cut; group commit makes FULL's fsync cheap enough.)
  static absl::StatusOr<std::unique_ptr<SqliteStore>> Open(const std::string& path);
  ~SqliteStore() override;

  absl::Status Commit(const WriteBatch& batch) override;
  absl::StatusOr<Snapshot> LoadState() override;
  absl::Status ForEachPair(
      const std::function<absl::Status(const proto::PairResult&)>& on_pair) override;

 private:
  explicit SqliteStore(sqlite3* db) : db_(db) {}
  absl::Status Exec(const char* sql);
  absl::Status Prepare();
  absl::Status Error(absl::string_view what) const;

  sqlite3* db_;
  sqlite3_stmt* put_run_ = nullptr;
  sqlite3_stmt* put_pair_ = nullptr;
  sqlite3_stmt* put_lease_ = nullptr;
  sqlite3_stmt* delete_lease_ = nullptr;
  sqlite3_stmt* put_worker_ = nullptr;
  sqlite3_stmt* put_failure_ = nullptr;
};

class SqliteReader : public Reader {
 public:
  // A read-only connection to the database a SqliteStore has created. WAL mode lets it read
  // the last commit while the store writes the next.
  static absl::StatusOr<std::unique_ptr<SqliteReader>> Open(const std::string& path);
  ~SqliteReader() override;

  absl::StatusOr<std::vector<proto::PairResult>> ReadPairs(int64_t run_id, int64_t after_pair,
                                                           int limit) override;

 private:
  explicit SqliteReader(sqlite3* db) : db_(db) {}

  sqlite3* db_;
};

}  // namespace gc9::coordinator::store
