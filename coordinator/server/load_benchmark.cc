// gc9_load_benchmark: many simulated workers against one real gc9-coordinator process on
// loopback. Each simulated worker has its own channel (and TCP connection), registers, takes
// leases of many pairs and reports them one pair per ReportPairs call, one call in flight,
// as a worker finishing pairs back to back would. A reply means the pair is committed to
// SQLite (synchronous=FULL), so replies per second are durable reports per second.
//
// Not a test: run it by hand, e.g. gc9_load_benchmark --workers 1000 --seconds 20.
#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <fstream>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "common/flags.h"
#include "common/protocol.h"
#include "common/rpc.h"
#include "coordinator/cli/process.h"
#include "coordinator/cli/user_client.h"
#include "proto/coordinator.grpc.pb.h"

namespace gc9::coordinator {
namespace {

using Clock = std::chrono::steady_clock;

struct Shared {
  std::string token;
  std::atomic<bool> measuring{false};
  std::atomic<bool> stopping{false};
  std::atomic<int64_t> ok_total{0};
  std::atomic<int64_t> ok_measured{0};
  std::atomic<int64_t> errors{0};
  std::atomic<int> running{0};
  std::mutex mutex;
  std::condition_variable all_done;
  std::vector<double> latencies_ms;  // measured window only, under mutex
};

proto::PairResult FakePair(const proto::Batch& batch, int which) {
  proto::PairResult pair;
  pair.set_run_id(batch.run_id());
  pair.set_batch_id(batch.batch_id());
  pair.set_pair_index(batch.pair(which).pair_index());
  // As a worker reports it: the games' results, which the coordinator scores (a WD pair).
  for (proto::GameResult result : {proto::RESULT_WHITE_WINS, proto::RESULT_DRAW}) {
    proto::GameSummary* game = pair.add_game();
    game->set_outcome(result);
    game->set_reason("checkmate");
    game->set_plies(80);
  }
  return pair;
}

// One simulated worker, driven by the gRPC callback client API: each reply issues the next
// call, so a thousand of them need no thousand threads.
class SimulatedWorker {
 public:
  SimulatedWorker(std::shared_ptr<grpc::Channel> channel, Shared* shared)
      : stub_(proto::WorkerService::NewStub(channel)), shared_(shared) {}

  void Start() {
    ++shared_->running;
    Register();
  }

 private:
  void Finish() {
    std::lock_guard<std::mutex> lock(shared_->mutex);
    if (--shared_->running == 0) shared_->all_done.notify_all();
  }

  void Register() {
    context_ = common::MakeContext(shared_->token, 60000);
    register_reply_.Clear();
    register_request_.set_protocol_version(common::kProtocolVersion);
    stub_->async()->Register(context_.get(), &register_request_, &register_reply_,
                             [this](grpc::Status status) {
                               if (!status.ok()) {
                                 ++shared_->errors;
                                 return Finish();
                               }
                               worker_id_ = register_reply_.worker_id();
                               Acquire();
                             });
  }

  void Acquire() {
    if (shared_->stopping) return Finish();
    context_ = common::MakeContext(shared_->token, 60000);
    acquire_request_.set_worker_id(worker_id_);
    acquire_request_.set_max_pairs(1000);
    acquire_reply_.Clear();
    stub_->async()->AcquireWork(context_.get(), &acquire_request_, &acquire_reply_,
                                [this](grpc::Status status) {
                                  if (!status.ok() || !acquire_reply_.has_batch()) {
                                    ++shared_->errors;
                                    return Finish();
                                  }
                                  next_ = 0;
                                  Report();
                                });
  }

  void Report() {
    if (shared_->stopping) return Finish();
    if (next_ >= acquire_reply_.batch().pair_size()) return Acquire();
    context_ = common::MakeContext(shared_->token, 60000);
    report_request_.Clear();
    report_request_.set_worker_id(worker_id_);
    *report_request_.add_pair() = FakePair(acquire_reply_.batch(), next_++);
    report_reply_.Clear();
    const bool measured = shared_->measuring;
    const Clock::time_point sent = Clock::now();
    stub_->async()->ReportPairs(
        context_.get(), &report_request_, &report_reply_,
        [this, sent, measured](grpc::Status status) {
          const double ms = std::chrono::duration<double, std::milli>(Clock::now() - sent).count();
          if (!status.ok() || report_reply_.accepted() != 1) {
            ++shared_->errors;
          } else {
            ++shared_->ok_total;
            if (measured && shared_->measuring) {
              ++shared_->ok_measured;
              std::lock_guard<std::mutex> lock(shared_->mutex);
              shared_->latencies_ms.push_back(ms);
            }
          }
          Report();
        });
  }

  std::unique_ptr<proto::WorkerService::Stub> stub_;
  Shared* shared_;
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

int Main(int argc, char** argv) {
  int64_t workers = 1000;
  int64_t seconds = 15;
  int64_t warmup_seconds = 3;
  std::string db;
  common::FlagParser flags(
      "gc9_load_benchmark", "gc9_load_benchmark [--workers N] [--seconds S] [--db FILE]",
      "Simulated workers against one gc9-coordinator on loopback: durable pair\n"
      "reports per second and their latency percentiles.");
  flags.AddInt("workers", &workers, "simulated workers, each with its own channel");
  flags.AddInt("seconds", &seconds, "length of the measured window");
  flags.AddInt("warmup", &warmup_seconds, "seconds of load before measuring");
  flags.AddString("db", &db, "coordinator database (default: a temporary file)");
  if (std::optional<int> exit_code = flags.ParseFlagsOnly(argc, argv)) return *exit_code;
  absl::StatusOr<std::string> dir = cli::MakeTempDir("gc9-load");
  if (!dir.ok()) return flags.Fail(dir.status());
  if (db.empty()) db = *dir + "/load.db";
  Shared shared;
  shared.token = cli::RandomToken();
  std::ofstream(*dir + "/token") << shared.token << "\n";
  absl::StatusOr<cli::ChildProcess> coordinator = cli::ChildProcess::Start(
      {GC9_COORDINATOR_BINARY, "--db", db, "--listen", "127.0.0.1:0", "--port-file", *dir + "/port",
       "--token-file", *dir + "/token", "--lease-ms", "600000"},
      *dir + "/coordinator.log");
  if (!coordinator.ok()) return flags.Fail(coordinator.status());
  absl::StatusOr<int> port = cli::WaitForPortFile(*dir + "/port", *coordinator, 10000);
  if (!port.ok()) return flags.Fail(port.status());
  const std::string address = absl::StrCat("127.0.0.1:", *port);
  std::this_thread::sleep_for(std::chrono::milliseconds(200));

  // One run big enough never to finish: pairs are counted for real, by the real core.
  proto::RunConfig config;
  config.set_name("load");
  config.set_variant("grandchess9");
  config.mutable_engine()->mutable_builtin();
  config.mutable_baseline()->mutable_builtin();
  config.mutable_time_control()->set_nodes(1);
  config.mutable_openings()->set_engines_place(true);
  config.mutable_fixed()->set_pairs(50'000'000);
  config.set_batch_pairs(1000);
  auto client = cli::UserClient::Connect(address, *dir + "/token", "");
  absl::StatusOr<int64_t> run = (*client)->Submit(config);
  if (!run.ok()) {
    std::fprintf(stderr, "submit: %s\n", std::string(run.status().message()).c_str());
    return 1;
  }

  std::vector<std::unique_ptr<SimulatedWorker>> simulated;
  for (int i = 0; i < workers; ++i) {
    grpc::ChannelArguments args;
    // Its own connection, as a separate worker machine would have.
    args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
    args.SetInt("gc9.worker", i);
    simulated.push_back(std::make_unique<SimulatedWorker>(
        grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), args), &shared));
  }
  for (auto& worker : simulated) worker->Start();
  std::this_thread::sleep_for(std::chrono::seconds(warmup_seconds));
  const int64_t before = shared.ok_total;
  shared.measuring = true;
  const Clock::time_point start = Clock::now();
  std::this_thread::sleep_for(std::chrono::seconds(seconds));
  shared.measuring = false;
  const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  const int64_t measured = shared.ok_total - before;
  shared.stopping = true;
  {
    std::unique_lock<std::mutex> lock(shared.mutex);
    shared.all_done.wait_for(lock, std::chrono::seconds(60), [&] { return shared.running == 0; });
  }
  std::vector<double> latencies;
  {
    std::lock_guard<std::mutex> lock(shared.mutex);
    latencies = shared.latencies_ms;
  }
  std::sort(latencies.begin(), latencies.end());
  auto percentile = [&](double p) {
    return latencies.empty()
               ? 0.0
               : latencies[std::min(latencies.size() - 1, size_t(p * latencies.size()))];
  };
  absl::StatusOr<proto::RunStatus> status = (*client)->Status(*run);
  int64_t counted = 0;
  if (status.ok()) {
    for (int64_t count : status->pentanomial()) counted += count;
  }
  std::printf("simulated workers:     %lld (one channel and connection each)\n",
              static_cast<long long>(workers));
  std::printf("measured window:       %.1f s after %lld s of warm-up\n", elapsed,
              static_cast<long long>(warmup_seconds));
  std::printf("durable pair reports:  %lld in the window, %.0f per second\n",
              static_cast<long long>(measured), measured / elapsed);
  std::printf("latency (ms):          p50 %.2f, p90 %.2f, p99 %.2f, max %.2f\n", percentile(0.5),
              percentile(0.9), percentile(0.99), latencies.empty() ? 0.0 : latencies.back());
  std::printf("errors:                %lld\n", static_cast<long long>(shared.errors.load()));
  std::printf("acknowledged in total: %lld; counted by the coordinator: %lld\n",
              static_cast<long long>(shared.ok_total.load()), static_cast<long long>(counted));
  simulated.clear();
  coordinator->Stop(SIGTERM, 10000);
  cli::RemoveTree(*dir);
  return 0;
}

}  // namespace
}  // namespace gc9::coordinator

int main(int argc, char** argv) { return gc9::coordinator::Main(argc, argv); }
