// The workers as the core keeps them, and the failures they report. A worker's record is
// persisted (its capabilities, whether it is blocked); its counters and the runs it may not
// take are derived at recovery from the stored pairs and failures and kept up to date after;
// its last contact is known only in memory.
#pragma once

#include <cstdint>
#include <set>
#include <string>

#include "absl/status/statusor.h"
#include "proto/coordinator.pb.h"

namespace gc9::coordinator::core {

// Failures kept in a run's status, and how many in a row (no pair counted in between) end it.
inline constexpr int kRecentFailures = 20;
inline constexpr int kFailureStreakLimit = 8;
// What is kept of a failure's text: a build log's end fits in the detail, the message is a line.
inline constexpr size_t kMaxFailureDetail = 8192;
inline constexpr size_t kMaxFailureMessage = 1024;
inline constexpr size_t kMaxFailureEngine = 256;

struct WorkerEntry {
  proto::WorkerRecord record;
  int64_t last_contact_ms = 0;  // any call; after a restart, its registration or the restart
  int64_t pairs = 0;            // its reports that were counted
  int64_t failures = 0;
  // Games of its counted pairs that ended so, whichever engine was at fault.
  int64_t crashes = 0;
  int64_t time_losses = 0;
  int64_t illegal_moves = 0;
  proto::FailureRecord last_failure;
  std::set<int64_t> excluded_runs;  // runs it reported a failure of since it last registered
};

// A counted pair reported by the worker.
void CountWorkerPair(const proto::PairResult& pair, WorkerEntry* worker);
// A failure the worker reported (stored or new): counted, and its run excluded when the
// failure came after the worker's last registration.
void CountWorkerFailure(const proto::FailureRecord& failure, WorkerEntry* worker);

// Whether the worker can play the variant (a worker that lists none is taken to play all).
bool KnowsVariant(const proto::WorkerRecord& worker, const std::string& variant);
// No contact for longer than a lease lives.
bool IsLost(const WorkerEntry& worker, int64_t now_ms, int64_t lease_ms);
proto::WorkerState StateOf(const WorkerEntry& worker, bool holds_live_lease, int64_t now_ms,
                           int64_t lease_ms);

// A failure as a worker sent it, checked (a kind; a message) and trimmed to what is kept: the
// message and engine cut to their limits and to one line, the detail to its last
// kMaxFailureDetail bytes (the end of a log is what explains it). The coordinator's fields
// (ids, time) are left for the caller.
absl::StatusOr<proto::FailureRecord> CleanFailure(const proto::FailureRecord& sent);

}  // namespace gc9::coordinator::core
