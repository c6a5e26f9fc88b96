// The coordinator's single owner of state: runs, leases, workers and every counted pair. All
// methods run on one executor thread (see executor.h), so nothing here locks; nothing here
// knows gRPC either, which is why the tests drive it directly.
//
// Every handler answers through `done`, and only from Flush: changes are applied in memory,
// written to the store in one transaction per Flush (group commit), and the replies of all
// requests handled since the previous Flush go out after that commit. So a reply never shows
// the caller anything that is not on disk, and an acknowledged pair survives a crash.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "common/protocol.h"
#include "coordinator/core/fleet.h"
#include "coordinator/core/pair_score.h"
#include "coordinator/core/rate_meter.h"
#include "coordinator/core/run_figures.h"
#include "coordinator/core/run_kind.h"
#include "coordinator/store/store.h"
#include "proto/coordinator.pb.h"

namespace gc9::coordinator::core {

using Done = std::function<void(absl::Status)>;

struct CoreOptions {
  int64_t lease_ms = 60000;         // a lease's life without a heartbeat
  int64_t heartbeat_ms = 10000;     // what workers are told to use; well under lease_ms
  int64_t acquire_retry_ms = 1000;  // how long a worker without work waits
  // The worker protocol version this coordinator speaks: its build's, except in tests of
  // workers of another version.
  int32_t protocol_version = common::kProtocolVersion;
};

class Core {
 public:
  // `now_ms` is wall time in Unix milliseconds (a function so tests can move it).
  Core(store::Store* store, CoreOptions options, std::function<int64_t()> now_ms);

  // Rebuilds the state from the store. Leases that were live get a fresh deadline, since
  // their workers could not heartbeat while the coordinator was down.
  absl::Status Recover();

  // A worker speaking another protocol version (common/protocol.h) is refused.
  void HandleRegister(const proto::RegisterRequest& request, proto::RegisterReply* reply,
                      Done done);
  // A blocked worker gets no batch, and the reason in `refusal`.
  void HandleAcquire(const proto::AcquireRequest& request, proto::AcquireReply* reply, Done done);
  void HandleReport(const proto::ReportRequest& request, proto::ReportReply* reply, Done done);
  void HandleHeartbeat(const proto::HeartbeatRequest& request, proto::HeartbeatReply* reply,
                       Done done);
  // Batches a worker cannot play (core_fleet.cc): each failure is stored, its batch's pairs go
  // back to the queue at once, the worker gets no more of that run until it registers again,
  // and the run fails after kFailureStreakLimit failures in a row or when no worker that could
  // take it is left.
  void HandleReportFailure(const proto::FailureRequest& request, proto::FailureReply* reply,
                           Done done);
  // Leases handed back unplayed by their holder: their unreported pairs go back to the queue.
  void HandleRelease(const proto::ReleaseRequest& request, proto::ReleaseReply* reply, Done done);

  void HandleSubmit(const proto::SubmitRequest& request, proto::SubmitReply* reply, Done done);
  void HandleList(const proto::ListRequest& request, proto::ListReply* reply, Done done);
  void HandleStatus(const proto::StatusRequest& request, proto::StatusReply* reply, Done done);
  void HandleCancel(const proto::CancelRequest& request, proto::CancelReply* reply, Done done);
  void HandleListWorkers(const proto::ListWorkersRequest& request, proto::ListWorkersReply* reply,
                         Done done);
  // Blocking takes the worker's live leases back (others replay their pairs) and persists, so
  // it survives a restart; the worker's reports of pairs it already played are still taken.
  void HandleSetWorkerBlocked(const proto::SetWorkerBlockedRequest& request,
                              proto::SetWorkerBlockedReply* reply, Done done);
  // Reads of the database (PGN export) are the read side's (read_side.h), not the core's.

  // Expires the leases whose deadline has passed: their unreported pairs go back to the
  // queue of their run.
  void Tick();

  // Decides the runs whose counts changed, commits everything since the last Flush and then
  // answers the requests in the order they came. If the commit fails they are answered with
  // its error and the state is rebuilt from the store, which still holds the last commit.
  void Flush();
  bool HasPending() const { return !waiting_.empty() || !batch_.empty(); }

  // For the read side, which asks on the executor before it reads a run's pairs.
  bool HasRun(int64_t run_id) const;
  // The SHA-256 of every artifact a pending or running run's engines need (their uploaded
  // sources and binaries): what the artifact store must keep.
  std::set<std::string> ReferencedArtifacts() const;
  // For tests and the benchmark.
  int64_t CountedPairs(int64_t run_id) const;

 private:
  struct Run {
    proto::RunRecord record;
    std::vector<uint8_t> done;   // per pair index: 0 not counted, else 1 + pentanomial index
    std::deque<int64_t> replay;  // handed out, not counted, in no live lease
    std::array<int64_t, 5> pentanomial{};
    int64_t counted = 0;
    int64_t wins = 0, losses = 0, draws = 0;
    std::map<std::string, int64_t> reasons;
    int64_t leased = 0;      // outstanding pairs of live leases
    int64_t handed_out = 0;  // pair assignments since start, for fairness
    std::vector<int> opening_order;
    std::unique_ptr<RunKind> kind;  // what the run does with its pairs (run_kind.h)
    bool changed = false;
    int64_t failures = 0;
    std::deque<proto::FailureRecord> recent_failures;  // the last kRecentFailures, oldest first
    // Failures since the last counted pair; in memory only, so a restart starts it afresh.
    int failure_streak = 0;
    RateMeter rate;
    FiguresHistory history;
    // The figures of the counts at `figures_at` pairs: a status asked for many times between
    // two counts (a dashboard's polls) computes them once.
    mutable proto::RunFigures figures;
    mutable int64_t figures_at = -1;
    // The run's share of each worker's counters: its pairs here, their crashes and time
    // losses, its failures here (the entries' other fields are unused).
    std::map<int64_t, WorkerEntry> by_worker;
  };
  struct Lease {
    proto::LeaseRecord record;
    std::set<int64_t> outstanding;  // its pairs that nobody has reported yet
  };

  bool Active(const Run& run) const;
  void Answer(Done done, absl::Status status = absl::OkStatus());
  void ResetState();
  absl::Status InitRun(Run& run);
  void Count(Run& run, const proto::PairResult& pair, const ScoredPair& scored, int64_t worker_id);
  // Removes `pair_index` from the lease's outstanding pairs, keeping Run::leased in step.
  void Settle(Lease& lease, int64_t pair_index);
  void ExpireLease(Lease& lease);
  void DropLease(int64_t lease_id);
  static PairTally TallyOf(const Run& run);
  void EndRun(Run& run, proto::RunState state, proto::Decision decision);
  void CheckEnd(Run& run);
  void MarkChanged(Run& run);
  void PersistLease(const Lease& lease);
  Run* ChooseRun(const WorkerEntry& worker);
  void FillStatus(const Run& run, const StatusOptions& options, proto::RunStatus* status) const;
  // Whether the sender may report `pair`; scores it into *scored when it will be counted.
  absl::Status CheckPair(const proto::PairResult& pair, int64_t worker_id,
                         ScoredPair* scored) const;

  // The fleet (core_fleet.cc).
  // Notes a call from the worker, whatever it asks; the entry, or null for an unknown id.
  WorkerEntry* Touch(int64_t worker_id);
  // Rebuilds what the stored failures and leases say about runs and workers.
  void RecoverFleet(const std::vector<proto::FailureRecord>& failures);
  // Whether `failure` (already cleaned) may be recorded for the worker: its batch, if the
  // lease still exists, must be the worker's lease of that run.
  absl::Status CheckFailure(const proto::FailureRecord& failure, int64_t worker_id) const;
  void RecordFailure(proto::FailureRecord failure, WorkerEntry& worker);
  // After a failure of `run`: whether every worker that could take it is excluded from it.
  bool NobodyCanTake(const Run& run) const;
  void FillWorkerStatus(const WorkerEntry& worker, proto::WorkerStatus* status) const;

  store::Store* store_;
  CoreOptions options_;
  std::function<int64_t()> now_ms_;

  std::map<int64_t, Run> runs_;
  std::map<int64_t, Lease> leases_;  // live and expired
  std::map<int64_t, WorkerEntry> workers_;
  int64_t next_run_id_ = 1;
  int64_t next_lease_id_ = 1;
  int64_t next_worker_id_ = 1;
  int64_t next_failure_id_ = 1;

  store::WriteBatch batch_;                             // written by the next Flush
  std::vector<std::pair<Done, absl::Status>> waiting_;  // answered by the next Flush
};

}  // namespace gc9::coordinator::core
