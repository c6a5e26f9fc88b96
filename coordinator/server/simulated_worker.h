// Simulated workers for gc9_load_benchmark: each has its own channel, registers, takes leases
// and reports `pairs_per_report` pairs per ReportPairs call with one call in flight, as a
// worker finishing pairs back to back would (or one report every `report_interval_ms`); a
// real worker with several games in flight sends what has finished in one call. They use gRPC's
// callback API, so a thousand of them need no thousand threads; waits go through one Timer thread.
//
// In a benchmark an error ends the simulated worker and is counted. In a soak, where the
// coordinator is killed on purpose, a failed call is retried (the same pair until it is
// acknowledged, as the real worker's outbox does), so that every pair sent is counted once.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "grpcpp/grpcpp.h"
#include "proto/coordinator.grpc.pb.h"

namespace gc9::coordinator {

using Clock = std::chrono::steady_clock;

// Runs callbacks at their time, in one thread.
class Timer {
 public:
  Timer();
  ~Timer();
  void After(int64_t ms, std::function<void()> callback);

 private:
  void Loop();

  std::mutex mutex_;
  std::condition_variable wake_;
  std::multimap<Clock::time_point, std::function<void()>> due_;
  bool stopping_ = false;
  std::thread thread_;
};

struct SimulationOptions {
  std::string token;
  int64_t report_interval_ms = 0;  // 0: back to back
  int pairs_per_report = 1;        // pairs in each ReportPairs call
  bool retry = false;              // soak: retry failed calls instead of stopping
  int64_t retry_ms = 500;
};

// What all simulated workers add up.
struct SimulationTotals {
  std::atomic<bool> measuring{false};
  std::atomic<bool> stopping{false};
  std::atomic<int64_t> acknowledged{0};  // pairs the coordinator confirmed (accepted or duplicate)
  std::atomic<int64_t> measured{0};      // of those, in the measured window
  std::atomic<int64_t> errors{0};        // failed calls
  std::atomic<int> running{0};
  std::mutex mutex;
  std::condition_variable all_done;
  std::vector<double> latencies_ms;  // measured window only, under mutex
};

class SimulatedWorker {
 public:
  SimulatedWorker(std::shared_ptr<grpc::Channel> channel, const SimulationOptions* options,
                  SimulationTotals* totals, Timer* timer)
      : stub_(proto::WorkerService::NewStub(channel)),
        options_(options),
        totals_(totals),
        timer_(timer) {}

  // Registers after `delay_ms`: a fleet's workers start at scattered moments, so their
  // reports do not all fall in the same instant of every interval.
  void Start(int64_t delay_ms = 0);

 private:
  void Finish();
  // After a failed call: again later in a soak, the end in a benchmark.
  void Failed(void (SimulatedWorker::*again)());
  void Register();
  void Acquire();
  void Report();
  void SendReport();

  std::unique_ptr<proto::WorkerService::Stub> stub_;
  const SimulationOptions* options_;
  SimulationTotals* totals_;
  Timer* timer_;
  std::unique_ptr<grpc::ClientContext> context_;
  int64_t worker_id_ = 0;
  int next_ = 0;
  proto::RegisterRequest register_request_;
  proto::RegisterReply register_reply_;
  proto::AcquireRequest acquire_request_;
  proto::AcquireReply acquire_reply_;
  proto::ReportRequest report_request_;
  proto::ReportReply report_reply_;
};

}  // namespace gc9::coordinator
