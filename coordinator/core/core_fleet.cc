// The core's handlers for the fleet: failures workers report, leases they hand back, the
// worker list, blocking. Beside core.cc, on the same executor thread (see core.h).
#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "coordinator/core/core.h"

namespace gc9::coordinator::core {

WorkerEntry* Core::Touch(int64_t worker_id) {
  auto it = workers_.find(worker_id);
  if (it == workers_.end()) return nullptr;
  it->second.last_contact_ms = now_ms_();
  return &it->second;
}

void Core::RecoverFleet(const std::vector<proto::FailureRecord>& failures) {
  for (const proto::FailureRecord& failure : failures) {
    next_failure_id_ = std::max(next_failure_id_, failure.failure_id() + 1);
    auto run = runs_.find(failure.run_id());
    if (run != runs_.end()) {
      ++run->second.failures;
      CountWorkerFailure(failure, &run->second.by_worker[failure.worker_id()]);
      run->second.recent_failures.push_back(failure);
      if (run->second.recent_failures.size() > kRecentFailures) {
        run->second.recent_failures.pop_front();
      }
    }
    auto worker = workers_.find(failure.worker_id());
    if (worker != workers_.end()) CountWorkerFailure(failure, &worker->second);
  }
  // A worker with a live lease was playing when the coordinator went down; it is given the
  // same grace as its lease instead of showing as lost until its next call.
  const int64_t now = now_ms_();
  for (const auto& [id, lease] : leases_) {
    if (lease.record.expired()) continue;
    auto worker = workers_.find(lease.record.worker_id());
    if (worker != workers_.end()) worker->second.last_contact_ms = now;
  }
}

absl::Status Core::CheckFailure(const proto::FailureRecord& failure, int64_t worker_id) const {
  if (runs_.count(failure.run_id()) == 0) {
    return absl::NotFoundError(absl::StrCat("failure of run ", failure.run_id(), ": no such run"));
  }
  auto lease = leases_.find(failure.batch_id());
  // A lease that is gone was settled or dropped (its run ended, or the worker was blocked);
  // the failure is still the worker's to tell.
  if (lease == leases_.end()) return absl::OkStatus();
  if (lease->second.record.worker_id() != worker_id ||
      lease->second.record.run_id() != failure.run_id()) {
    return absl::PermissionDeniedError(absl::StrCat("batch ", failure.batch_id(), " of run ",
                                                    failure.run_id(), " is not leased to worker ",
                                                    worker_id));
  }
  return absl::OkStatus();
}

void Core::RecordFailure(proto::FailureRecord failure, WorkerEntry& worker) {
  Run& run = runs_.at(failure.run_id());
  failure.set_failure_id(next_failure_id_++);
  failure.set_worker_id(worker.record.worker_id());
  failure.set_unix_ms(now_ms_());
  batch_.failures.push_back(failure);
  CountWorkerFailure(failure, &worker);
  CountWorkerFailure(failure, &run.by_worker[failure.worker_id()]);
  ++run.failures;
  ++run.failure_streak;
  run.recent_failures.push_back(failure);
  if (run.recent_failures.size() > kRecentFailures) run.recent_failures.pop_front();
  // The batch's pairs go back to the queue now rather than when the lease would run out. The
  // lease stays, expired, for reports of pairs the worker played before it failed.
  auto lease = leases_.find(failure.batch_id());
  if (lease != leases_.end() && !lease->second.record.expired()) ExpireLease(lease->second);
  if (run.failure_streak >= kFailureStreakLimit || NobodyCanTake(run)) {
    EndRun(run, proto::RUN_FAILED, proto::DECISION_NONE);
  }
  MarkChanged(run);
}

bool Core::NobodyCanTake(const Run& run) const {
  const int64_t now = now_ms_();
  bool candidates = false;
  for (const auto& [id, worker] : workers_) {
    if (worker.record.blocked() || IsLost(worker, now, options_.lease_ms) ||
        !KnowsVariant(worker.record, run.record.config().variant())) {
      continue;
    }
    if (worker.excluded_runs.count(run.record.run_id()) == 0) return false;
    candidates = true;
  }
  return candidates;
}

void Core::HandleReportFailure(const proto::FailureRequest& request, proto::FailureReply* reply,
                               Done done) {
  WorkerEntry* worker = Touch(request.worker_id());
  if (worker == nullptr) {
    return Answer(std::move(done), absl::NotFoundError(absl::StrCat(
                                       "unknown worker ", request.worker_id(), "; register")));
  }
  // All or nothing, as reports are.
  std::vector<proto::FailureRecord> clean;
  for (const proto::FailureRecord& sent : request.failure()) {
    absl::StatusOr<proto::FailureRecord> failure = CleanFailure(sent);
    if (!failure.ok()) return Answer(std::move(done), failure.status());
    if (absl::Status status = CheckFailure(*failure, request.worker_id()); !status.ok()) {
      return Answer(std::move(done), status);
    }
    clean.push_back(*std::move(failure));
  }
  for (proto::FailureRecord& failure : clean) {
    // A run that has ended has no use for it (it may have failed by the one before).
    if (Active(runs_.at(failure.run_id()))) RecordFailure(std::move(failure), *worker);
  }
  Answer(std::move(done));
}

void Core::HandleRelease(const proto::ReleaseRequest& request, proto::ReleaseReply* reply,
                         Done done) {
  if (Touch(request.worker_id()) == nullptr) {
    return Answer(std::move(done), absl::NotFoundError(absl::StrCat(
                                       "unknown worker ", request.worker_id(), "; register")));
  }
  for (int64_t id : request.batch_id()) {
    auto lease = leases_.find(id);
    if (lease != leases_.end() && lease->second.record.worker_id() != request.worker_id()) {
      return Answer(std::move(done),
                    absl::PermissionDeniedError(absl::StrCat(
                        "batch ", id, " is not leased to worker ", request.worker_id())));
    }
  }
  // Expired rather than dropped: a report of a pair played before the release may still come.
  for (int64_t id : request.batch_id()) {
    auto lease = leases_.find(id);
    if (lease != leases_.end() && !lease->second.record.expired()) ExpireLease(lease->second);
  }
  Answer(std::move(done));
}

void Core::FillWorkerStatus(const WorkerEntry& worker, proto::WorkerStatus* status) const {
  const proto::WorkerRecord& record = worker.record;
  status->set_worker_id(record.worker_id());
  status->set_hostname(record.capabilities().hostname());
  status->set_cores(record.capabilities().cores());
  status->set_bench_signature(record.capabilities().bench_signature());
  status->set_engine_build(record.capabilities().engine_build());
  std::set<int64_t> runs;
  for (const auto& [id, lease] : leases_) {
    if (lease.record.worker_id() == record.worker_id() && !lease.record.expired()) {
      runs.insert(lease.record.run_id());
    }
  }
  for (int64_t run : runs) status->add_run_id(run);
  status->set_state(StateOf(worker, !runs.empty(), now_ms_(), options_.lease_ms));
  status->set_pairs(worker.pairs);
  status->set_failures(worker.failures);
  status->set_crashes(worker.crashes);
  status->set_time_losses(worker.time_losses);
  status->set_illegal_moves(worker.illegal_moves);
  status->set_last_contact_unix_ms(worker.last_contact_ms);
  status->set_registered_unix_ms(record.registered_unix_ms());
  if (worker.failures > 0) *status->mutable_last_failure() = worker.last_failure;
}

void Core::HandleListWorkers(const proto::ListWorkersRequest&, proto::ListWorkersReply* reply,
                             Done done) {
  for (const auto& [id, worker] : workers_) FillWorkerStatus(worker, reply->add_worker());
  reply->set_now_unix_ms(now_ms_());
  Answer(std::move(done));
}

void Core::HandleSetWorkerBlocked(const proto::SetWorkerBlockedRequest& request,
                                  proto::SetWorkerBlockedReply* reply, Done done) {
  auto it = workers_.find(request.worker_id());
  if (it == workers_.end()) {
    return Answer(std::move(done),
                  absl::NotFoundError(absl::StrCat("no worker ", request.worker_id())));
  }
  WorkerEntry& worker = it->second;
  if (worker.record.blocked() != request.blocked()) {
    worker.record.set_blocked(request.blocked());
    worker.record.set_blocked_unix_ms(request.blocked() ? now_ms_() : 0);
    batch_.workers.push_back(worker.record);
  }
  if (request.blocked()) {
    // Its pairs in flight are replayed by others; what it already played it may still report.
    for (auto& [id, lease] : leases_) {
      if (lease.record.worker_id() == request.worker_id() && !lease.record.expired()) {
        ExpireLease(lease);
      }
    }
  }
  FillWorkerStatus(worker, reply->mutable_worker());
  Answer(std::move(done));
}

}  // namespace gc9::coordinator::core
