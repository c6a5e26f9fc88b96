// The coordinator's persistence: a narrow interface over serialized protos (proto/
// coordinator.proto's records), so the core never sees SQL. One WriteBatch is one
// transaction: either all of it is durable when Commit returns OK, or none of it is.
//
// Two sides: the Store, which only the core uses (on its executor), writes and loads the state
// at start; a Reader reads what is committed, with a connection of its own, from the read
// side's thread (coordinator/core/read_side.h), so that the core never waits for such reads.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "proto/coordinator.pb.h"

namespace gc9::coordinator::store {

struct WriteBatch {
  std::vector<proto::RunRecord> runs;      // insert or replace by run_id
  std::vector<proto::PairResult> pairs;    // insert; a pair already stored is kept as it was
  std::vector<proto::LeaseRecord> leases;  // insert or replace by lease_id
  std::vector<int64_t> deleted_leases;
  std::vector<proto::WorkerRecord> workers;    // insert or replace by worker_id
  std::vector<proto::FailureRecord> failures;  // insert; never changed afterwards

  bool empty() const {
    return runs.empty() && pairs.empty() && leases.empty() && deleted_leases.empty() &&
           workers.empty() && failures.empty();
  }
  void Clear() { *this = WriteBatch(); }
};

// What the coordinator needs to rebuild its state. Pairs come without PGN (kept on disk only),
// and only from Load: a coordinator recovers with LoadState and ForEachPair, so that millions
// of pairs never sit in memory at once.
struct Snapshot {
  std::vector<proto::RunRecord> runs;
  std::vector<proto::PairResult> pairs;
  std::vector<proto::LeaseRecord> leases;
  std::vector<proto::WorkerRecord> workers;
  std::vector<proto::FailureRecord> failures;  // in failure_id order
};

class Store {
 public:
  virtual ~Store() = default;

  virtual absl::Status Commit(const WriteBatch& batch) = 0;
  // Everything but the pairs.
  virtual absl::StatusOr<Snapshot> LoadState() = 0;
  // Each pair in (run, pair index) order; the first error from `on_pair` stops the scan.
  virtual absl::Status ForEachPair(
      const std::function<absl::Status(const proto::PairResult&)>& on_pair) = 0;
  // Everything, pairs included (for tests and tools that read a small database whole).
  absl::StatusOr<Snapshot> Load() {
    absl::StatusOr<Snapshot> snapshot = LoadState();
    if (!snapshot.ok()) return snapshot;
    absl::Status pairs = ForEachPair([&](const proto::PairResult& pair) {
      snapshot->pairs.push_back(pair);
      return absl::OkStatus();
    });
    if (!pairs.ok()) return pairs;
    return snapshot;
  }
};

// Used by one thread at a time.
class Reader {
 public:
  virtual ~Reader() = default;

  // The run's pairs with pair_index > after_pair, in index order, at most `limit`, PGN
  // included.
  virtual absl::StatusOr<std::vector<proto::PairResult>> ReadPairs(int64_t run_id,
                                                                   int64_t after_pair,
                                                                   int limit) = 0;
};

}  // namespace gc9::coordinator::store
