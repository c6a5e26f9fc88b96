// What a run does with its game pairs, behind one interface, so the core (core.cc) keeps only
// what every run shares: pair indices, leases, replays, counting, fairness and the store.
//
// Adding a kind (e.g. placement_study):
//   1. Add its message to RunConfig's `kind` oneof (proto/run.proto) and validate it in
//      coordinator/config/run_config.cc (ValidateRunConfig, TargetPairs).
//   2. Implement RunKind in coordinator/core/<kind>_kind.{h,cc}; keep its persisted state in
//      proto messages of its own, serialized into the strings below.
//   3. Add one case to MakeRunKind (run_kind.cc) and the files to core/CMakeLists.txt.
//   4. Its status goes into a field of its own in proto::RunStatus (coordinator.proto).
// The core calls every method on its executor thread, so a kind needs no locks. Persisted
// state flows through three places, all written in the same transaction as the pair counts:
//   - RunRecord.kind_state: SaveState() after every change, Restore() at start-up;
//   - LeaseRecord.opaque_state: what PrepareBatch returned, handed back to CountPair for each
//     pair of that lease (also after a restart: outstanding leases are persisted);
//   - PairResult.kind_record: what CountPair wrote into the pair, replayed by RecoverPair.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "coordinator/core/pair_score.h"
#include "proto/coordinator.pb.h"

namespace gc9::coordinator::core {

// The counts the core keeps for every run, whatever its kind.
struct PairTally {
  std::array<int64_t, 5> pentanomial{};  // fishtest's order, from the engine under test
  int64_t counted = 0;                   // distinct pairs counted
  int64_t target = 0;                    // pair indices the run may hand out
};

// What the user asked `gc9 status` for.
struct StatusOptions {
  bool history = false;  // include the kind's whole history (e.g. SPSA's trajectory)
};

class RunKind {
 public:
  virtual ~RunKind() = default;

  // State saved by SaveState before a restart; called once, before any other method, on a
  // run that comes back from the store. A new run never sees it.
  virtual absl::Status Restore(const std::string& state) { return absl::OkStatus(); }
  // Every stored pair of the run and its score, after Restore, in pair-index order (not
  // counting order): for history the kind keeps in memory. The run's counts must not change
  // from this.
  virtual void RecoverPair(const proto::PairResult& pair, const ScoredPair& scored) {}
  // Written into RunRecord.kind_state whenever the run changed.
  virtual std::string SaveState() const { return std::string(); }

  // A lease is being handed out. `batch` already holds the run's config (openings cleared
  // unless random, which the worker draws from each pair's seed) and each pair's index, seed
  // and opening; the kind may change the engines' parameters and set the pairs' openings. The
  // returned string is persisted with the lease and given back to CountPair for each of its pairs.
  virtual std::string PrepareBatch(proto::Batch* batch) { return std::string(); }

  // A pair counted for the first time (never for a repeat), played under the lease whose
  // PrepareBatch returned `batch_state`, with its score (pair_score.h: the kind never reads
  // game results itself). The kind may set pair->kind_record, which is stored with the pair.
  virtual void CountPair(const std::string& batch_state, const ScoredPair& scored,
                         proto::PairResult* pair) {}

  // Asked after the counts changed: DECISION_NONE keeps the run going, anything else ends it.
  virtual proto::Decision Decide(const PairTally& tally) const = 0;

  // How many more pairs the run is expected to count before it ends, for its time remaining:
  // all it may still hand out, unless the kind can tell it will stop sooner (an SPRT).
  virtual int64_t PairsLeft(const PairTally& tally) const {
    return tally.target > tally.counted ? tally.target - tally.counted : 0;
  }

  // The kind's part of the run's status (the core fills the common fields).
  virtual void FillStatus(const StatusOptions& options, proto::RunStatus* status) const {}
};

// The kind of `config` (already validated), fresh.
absl::StatusOr<std::unique_ptr<RunKind>> MakeRunKind(const proto::RunConfig& config);

}  // namespace gc9::coordinator::core
