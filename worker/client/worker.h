// The worker process's client: registers with the coordinator, acquires leases, plays their
// pairs on `concurrency` threads with the match library, reports each pair as it finishes,
// heartbeats its leases and abandons a batch when told to. Results the coordinator has not
// acknowledged stay in the Outbox and are sent again with exponential backoff.
//
// Threads: the control loop (Run: register, acquire, heartbeat), one reporter, and the
// players. They share the work queue and the batch table under one mutex; games are played
// outside it.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "grpcpp/grpcpp.h"
#include "proto/coordinator.grpc.pb.h"
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
};

class Worker {
 public:
  explicit Worker(WorkerOptions options);
  ~Worker();

  // Runs until Stop(); errors only for what retrying cannot fix (the outbox, credentials).
  absl::Status Run();
  // Asks Run to return: no new work, games in progress abandoned, unreported results sent
  // once more and kept in the outbox. Safe from any thread (not from a signal handler).
  void Stop();

 private:
  struct ActiveBatch {
    proto::Batch batch;
    MatchSettings settings;
    std::atomic<bool> stop{false};
    int unfinished = 0;  // pairs neither played nor abandoned, under mutex_
  };
  struct Item {
    std::shared_ptr<ActiveBatch> batch;
    int which;  // index into batch.pair
  };

  absl::Status Register();
  void Acquire();
  void Heartbeat();
  void StopBatch(int64_t batch_id);
  void PlayerLoop(int slot);
  void ReporterLoop();
  bool ReportOnce();  // false when the coordinator did not answer
  void Log(const std::string& message);

  WorkerOptions options_;
  std::unique_ptr<proto::WorkerService::Stub> stub_;
  Outbox outbox_;
  std::atomic<int64_t> worker_id_{0};
  int64_t heartbeat_ms_ = 10000;

  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::deque<Item> queue_;
  int busy_players_ = 0;
  std::map<int64_t, std::shared_ptr<ActiveBatch>> batches_;

  std::mutex report_mutex_;
  std::condition_variable report_wake_;
  std::vector<std::thread> threads_;
};

}  // namespace gc9::worker
