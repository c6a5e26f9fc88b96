// Fleet mode: a worker that ends by itself, for schedulers (Slurm, Kubernetes) that give its
// cores back when it exits. It drains rather than stops: what it played is reported and what
// it holds but will not play is handed back, so that nothing waits for a lease to run out.
#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "common/rpc.h"
#include "worker/client/worker.h"

namespace gc9::worker {

void Worker::Drain(const std::string& why) {
  absl::MutexLock lock(&mutex_);
  if (draining_ || stopping_) return;
  draining_ = true;
  drain_news_ = true;
  drain_deadline_ = Clock::now() + std::chrono::milliseconds(options_.drain_ms);
  // Pairs not started, and batches not prepared, are given back at the end.
  for (const Item& item : queue_) {
    --item.batch->unfinished;
    to_release_.insert(item.batch->batch.batch_id());
  }
  queue_.clear();
  for (const std::shared_ptr<ActiveBatch>& batch : to_prepare_) {
    batch->unfinished = 0;
    --unprepared_;
    to_release_.insert(batch->batch.batch_id());
  }
  to_prepare_.clear();
  Log(absl::StrCat("draining (", why, "): ", busy_players_, " pair(s) in play, at most ",
                   options_.drain_ms / 1000, " s"));
  // Not registered yet: there is nothing to drain.
  if (worker_id_ == 0) {
    stopping_ = true;
    cancel_builds_ = true;
  }
}

bool Worker::Idle() {
  if (!queue_.empty() || unprepared_ > 0 || busy_players_ > 0) return false;
  for (const auto& [id, batch] : batches_) {
    if (batch->unfinished > 0) return false;
  }
  return true;
}

int Worker::PairsToAcquire() {
  if (options_.max_pairs <= 0) return options_.concurrency;
  absl::MutexLock lock(&mutex_);
  const int64_t left =
      options_.max_pairs - played_ - static_cast<int64_t>(queue_.size()) - busy_players_;
  return static_cast<int>(std::clamp<int64_t>(left, 0, options_.concurrency));
}

void Worker::LifetimeStep() {
  const Clock::time_point now = Clock::now();
  const size_t unreported = outbox_.size();  // outside mutex_: the outbox has its own lock
  std::string why;
  bool draining;
  {
    absl::MutexLock lock(&mutex_);
    if (stopping_) return;
    draining = draining_;
    if (!draining) {
      const bool idle = Idle() && unreported == 0;
      if (!idle) idle_since_ = now;
      if (options_.max_pairs > 0 && played_ >= options_.max_pairs) {
        why = absl::StrCat("played ", played_, " pair(s), --max-pairs");
      } else if (options_.max_ms > 0 &&
                 now - started_ >= std::chrono::milliseconds(options_.max_ms)) {
        why = absl::StrCat("ran ", options_.max_ms / 60000, " minute(s), --max-minutes");
      } else if (options_.exit_when_idle_ms > 0 && idle &&
                 now - idle_since_ >= std::chrono::milliseconds(options_.exit_when_idle_ms)) {
        why =
            absl::StrCat("no work for ", options_.exit_when_idle_ms / 1000, " s, --exit-when-idle");
      }
    }
  }
  if (!why.empty()) Drain(why);
  if (!draining && why.empty()) return;
  {
    absl::MutexLock lock(&mutex_);
    const bool overdue = now >= drain_deadline_;
    if (overdue && !drain_cancelled_) {
      // The bound: games still in play are given up and their batches handed back.
      drain_cancelled_ = true;
      cancel_builds_ = true;
      for (auto& [id, batch] : batches_) {
        if (batch->unfinished == 0) continue;
        batch->stop = true;
        to_release_.insert(id);
      }
      Log(absl::StrCat("the drain's bound: ", busy_players_,
                       " pair(s) in play given up (each ends after its current move)"));
    }
    if (busy_players_ > 0 || unprepared_ > 0) return;  // games end, or stop at once if given up
    if (!overdue && unreported > 0) return;            // the reporter is sending
  }
  ReleaseHeldBatches();
  Stop();
}

void Worker::ReleaseHeldBatches() {
  proto::ReleaseRequest request;
  request.set_worker_id(worker_id_);
  {
    absl::MutexLock lock(&mutex_);
    for (int64_t id : to_release_) request.add_batch_id(id);
  }
  if (request.batch_id_size() == 0) return;
  proto::ReleaseReply reply;
  auto context = common::MakeContext(options_.token, options_.rpc_timeout_ms);
  grpc::Status status = stub_->Release(context.get(), request, &reply);
  if (!status.ok()) {
    Log(absl::StrCat("handing back ", request.batch_id_size(),
                     " batch(es) failed (their leases will run out): ", status.error_message()));
  } else if (options_.verbose) {
    Log(absl::StrCat("handed back ", request.batch_id_size(), " batch(es)"));
  }
}

}  // namespace gc9::worker
