// The worker process's client: registers with the coordinator, acquires leases, prepares each
// batch's engines (downloads, builds of revisions, bench checks: engine_prep.h), plays its
// pairs on `concurrency` threads with the match library, reports each pair as it finishes,
// heartbeats its leases and abandons a batch when told to. Results the coordinator has not
// acknowledged stay in the Outbox and are sent again with exponential backoff.
//
// Threads: the control loop (Run: register, acquire, heartbeat), the preparer (a batch's
// engines, which may take a build of minutes while the control loop goes on heartbeating the
// batch's lease), one reporter, and the players. They share the work queue, the batches
// waiting for preparation, the batch table and the stop flag under one mutex, which no thread
// holds while it talks to the coordinator, builds, plays or touches the outbox (which has a
// lock of its own).
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/status/status.h"
#include "absl/synchronization/mutex.h"
#include "proto/coordinator.grpc.pb.h"
#include "worker/client/engine_prep.h"
#include "worker/client/match_settings.h"
#include "worker/client/outbox.h"

namespace gc9::worker {

struct WorkerOptions {
  std::string coordinator;  // host:port
  std::string token;
  std::string tls_ca_file;  // empty: plaintext
  int concurrency = 1;
  std::string outbox_path;
  int64_t rpc_timeout_ms = 10000;
  int64_t max_backoff_ms = 8000;
  bool verbose = false;
  // The engine cache: downloaded artifacts, builds of revisions, bench signatures.
  std::string cache_dir;
  int64_t cache_max_bytes = int64_t{2048} << 20;
  // Fleet mode (worker_lifetime.cc): a worker that ends by itself. 0 turns each off.
  int64_t exit_when_idle_ms = 0;  // no work for this long, and nothing unreported: exit
  int64_t max_pairs = 0;          // drain after playing this many pairs
  int64_t max_ms = 0;             // drain after running this long
  int64_t drain_ms = 25000;       // a drain's bound (Kubernetes' grace period is 30 s)
};

class Worker {
 public:
  explicit Worker(WorkerOptions options);
  ~Worker();

  // Runs until Stop(); errors only for what retrying cannot fix (the outbox, credentials, a
  // coordinator that refuses this worker's token or protocol version).
  absl::Status Run();
  // Asks Run to return: no new work, games in progress abandoned, unreported results sent
  // once more and kept in the outbox. Safe from any thread (not from a signal handler).
  void Stop();
  // Asks Run to return gracefully within options.drain_ms: no new leases, pairs not yet
  // started dropped, pairs in play finished if they end in time, everything played reported,
  // and every lease still held handed back (Release), so that others play its pairs at once.
  // Run then returns OK only if nothing is left unreported. Safe from any thread.
  void Drain(const std::string& why);

  // Tells the coordinator that this worker cannot play `batch`: why (`kind`), the engine at
  // fault by its name in the run (empty when none is), a one-line `message` and, e.g. for a
  // build, the end of its log as `detail` (the coordinator keeps 8 KB). The batch is given up
  // here too: its queued pairs leave the queue and pairs being played are abandoned. The
  // coordinator puts the batch's pairs back in its queue at once, shows the failure to the
  // user, and leases nothing more of that run to this worker until it registers again.
  // Reported once per batch (later calls for it do nothing), whether or not its pairs were
  // queued yet; from any thread that holds none of the worker's locks. One try: if the call is
  // lost, the lease runs out as it would have.
  void ReportFailure(const proto::Batch& batch, proto::FailureKind kind, const std::string& engine,
                     const std::string& message, const std::string& detail = "");

 private:
  using Clock = std::chrono::steady_clock;

  struct ActiveBatch {
    proto::Batch batch;
    MatchSettings settings;         // set by the preparer
    Preparation prepared;           // its engines' binaries, held in the cache while it plays
    std::atomic<bool> stop{false};  // read by PlayPair between moves
    int unfinished = 0;             // pairs neither played nor abandoned, under Worker::mutex_
  };
  struct Item {
    std::shared_ptr<ActiveBatch> batch;
    int which;  // index into batch.pair
  };
  // A player thread's engines, kept across pairs and batches of the same configuration (an
  // external engine is a process, worth keeping).
  struct Seat {
    std::array<std::string, 2> keys;                 // the engine configs they were made from
    std::array<std::unique_ptr<Player>, 2> players;  // the engine under test, the baseline
  };

  // Control thread.
  absl::Status Register();
  // Asks for a lease and queues its pairs; sets when to ask again.
  void Acquire();
  void Heartbeat();
  // Sleeps until the next heartbeat, the next acquire (while a player is idle), a player
  // freeing up, or Stop.
  void Sleep(Clock::time_point next_heartbeat);
  // Fleet mode (worker_lifetime.cc), on the control thread: starts a drain when the worker's
  // bounds or its idle time are reached, and moves a drain on until it ends in Stop.
  void LifetimeStep();
  // Whether this worker has nothing at all: no batch, no pair queued or unreported.
  bool Idle() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_);
  void ReleaseHeldBatches();
  // The pairs to ask for: the concurrency, or fewer near --max-pairs, and none once the pairs
  // played, queued and in play reach it (a pair may finish between LifetimeStep, which then
  // starts the drain, and the acquire that follows it).
  int PairsToAcquire();

  // Any thread.
  // Stops the worker with `status` as what Run returns.
  void Abort(const absl::Status& status);
  // Abandons the batch: queued pairs dropped, pairs in play cancelled; `why` for the log.
  void StopBatch(int64_t batch_id, const char* why);
  void Log(const std::string& message);

  // Preparer thread: readies each acquired batch's engines, then queues its pairs or reports
  // why it cannot play them.
  void PreparerLoop();
  void Prepare(const std::shared_ptr<ActiveBatch>& batch);
  // Drops a batch this worker cannot play and tells the coordinator why.
  void Refuse(const std::shared_ptr<ActiveBatch>& batch, proto::FailureRecord failure);

  // Player threads.
  void PlayerLoop();
  // Plays one queued pair and puts its result in the outbox.
  absl::Status Play(const Item& item, Seat& seat);
  // A pair that could not be played (not cancelled): the batch's failure, reported.
  void ReportPlayFailure(const ActiveBatch& batch, const absl::Status& status);

  // Reporter thread.
  void ReporterLoop();
  bool ReportOnce();  // false when the coordinator did not answer

  // Conditions waited for with mutex_ held.
  bool Stopping() const ABSL_SHARED_LOCKS_REQUIRED(mutex_) { return stopping_; }
  // No pair waiting, no batch being prepared, and a player free: time to ask for work.
  bool PlayerIdle() const ABSL_SHARED_LOCKS_REQUIRED(mutex_) {
    return queue_.empty() && unprepared_ == 0 && busy_players_ < options_.concurrency;
  }
  bool StoppingOrPlayerIdle() const ABSL_SHARED_LOCKS_REQUIRED(mutex_) {
    return stopping_ || drain_news_ || PlayerIdle();
  }
  // The control thread's sleep also ends when a drain begins.
  bool StoppingOrDrainNews() const ABSL_SHARED_LOCKS_REQUIRED(mutex_) {
    return stopping_ || drain_news_;
  }
  bool StoppingOrQueued() const ABSL_SHARED_LOCKS_REQUIRED(mutex_) {
    return stopping_ || !queue_.empty();
  }
  bool StoppingOrToPrepare() const ABSL_SHARED_LOCKS_REQUIRED(mutex_) {
    return stopping_ || !to_prepare_.empty();
  }
  bool StoppingOrReportDue() const ABSL_SHARED_LOCKS_REQUIRED(mutex_) {
    return stopping_ || report_due_;
  }

  const WorkerOptions options_;
  std::unique_ptr<proto::WorkerService::Stub> stub_;  // thread-safe; set before threads start
  Outbox outbox_;
  std::atomic<int64_t> worker_id_{0};
  std::unique_ptr<proto::ArtifactService::Stub> artifacts_;  // set before threads start
  std::atomic<bool> cancel_builds_{false};                   // Stop: builds and downloads end

  std::unique_ptr<EnginePreparer> preparer_;  // the preparer thread's; made before it starts

  // The control thread's own.
  int64_t heartbeat_ms_ = 10000;
  Clock::time_point next_acquire_;
  int64_t acquire_backoff_ms_ = 0;
  std::string refusal_;  // the coordinator's last reason for giving no work, logged once

  absl::Mutex mutex_;
  bool stopping_ ABSL_GUARDED_BY(mutex_) = false;
  absl::Status fatal_ ABSL_GUARDED_BY(mutex_);  // why Run stops on its own
  std::deque<Item> queue_ ABSL_GUARDED_BY(mutex_);
  std::deque<std::shared_ptr<ActiveBatch>> to_prepare_ ABSL_GUARDED_BY(mutex_);
  int unprepared_ ABSL_GUARDED_BY(mutex_) = 0;  // batches waiting for or in preparation
  int busy_players_ ABSL_GUARDED_BY(mutex_) = 0;
  std::map<int64_t, std::shared_ptr<ActiveBatch>> batches_ ABSL_GUARDED_BY(mutex_);
  bool report_due_ ABSL_GUARDED_BY(mutex_) = false;           // a pair went into the outbox
  std::set<int64_t> failed_batches_ ABSL_GUARDED_BY(mutex_);  // reported by ReportFailure

  // Fleet mode.
  const Clock::time_point started_ = Clock::now();
  Clock::time_point idle_since_ = Clock::now();  // the control thread's
  bool draining_ ABSL_GUARDED_BY(mutex_) = false;
  bool drain_news_ ABSL_GUARDED_BY(mutex_) = false;  // a drain began; the control thread wakes
  Clock::time_point drain_deadline_ ABSL_GUARDED_BY(mutex_);
  bool drain_cancelled_ ABSL_GUARDED_BY(mutex_) = false;  // pairs in play given up at the bound
  int64_t played_ ABSL_GUARDED_BY(mutex_) = 0;            // pairs played and put in the outbox
  std::set<int64_t> to_release_ ABSL_GUARDED_BY(mutex_);  // batches dropped by the drain

  std::vector<std::thread> threads_;  // the control thread's
};

}  // namespace gc9::worker
