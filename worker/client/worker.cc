#include "worker/client/worker.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <utility>

#include "absl/strings/str_cat.h"
#include "common/rpc.h"
#include "engine/bench.h"
#include "engine/variant_catalog.h"
#include "worker/client/pair_play.h"

namespace gc9::worker {
namespace {

using Clock = std::chrono::steady_clock;

int64_t MsSince(Clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
}

// Errors that sending again cannot cure: the coordinator looked at the pairs and refused them.
bool IsPermanent(grpc::StatusCode code) {
  return code == grpc::StatusCode::INVALID_ARGUMENT ||
         code == grpc::StatusCode::PERMISSION_DENIED || code == grpc::StatusCode::NOT_FOUND ||
         code == grpc::StatusCode::FAILED_PRECONDITION;
}

std::string Hostname() {
  char name[256] = {};
  gethostname(name, sizeof(name) - 1);
  return name;
}

}  // namespace

Worker::Worker(WorkerOptions options) : options_(std::move(options)) {}

Worker::~Worker() {
  Stop();
  for (std::thread& thread : threads_) {
    if (thread.joinable()) thread.join();
  }
}

void Worker::Log(const std::string& message) {
  std::fprintf(stderr, "gc9-worker[%lld]: %s\n", static_cast<long long>(worker_id_.load()),
               message.c_str());
}

void Worker::Stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    for (auto& [id, batch] : batches_) batch->stop = true;
  }
  wake_.notify_all();
  report_wake_.notify_all();
}

absl::Status Worker::Register() {
  proto::RegisterRequest request;
  proto::Capabilities* capabilities = request.mutable_capabilities();
  capabilities->set_cores(options_.concurrency);
  capabilities->set_engine_build(absl::StrCat("gc9 bench ", engine::kBenchSignature));
  capabilities->set_bench_signature(engine::kBenchSignature);
  for (const std::string& name : engine::BuiltinVariantNames()) capabilities->add_variant(name);
  capabilities->set_hostname(Hostname());
  request.set_resume_worker_id(outbox_.worker_id());
  int64_t backoff_ms = 100;
  for (;;) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (stopping_) return absl::CancelledError("stopped");
    }
    proto::RegisterReply reply;
    auto context = common::MakeContext(options_.token, options_.rpc_timeout_ms);
    grpc::Status status = stub_->Register(context.get(), request, &reply);
    if (status.ok()) {
      worker_id_ = reply.worker_id();
      outbox_.set_worker_id(reply.worker_id());
      if (reply.heartbeat_interval_ms() > 0) heartbeat_ms_ = reply.heartbeat_interval_ms();
      Log(absl::StrCat("registered with ", options_.coordinator, ", ", options_.concurrency,
                       " thread(s)"));
      return absl::OkStatus();
    }
    if (status.error_code() == grpc::StatusCode::UNAUTHENTICATED) {
      return absl::UnauthenticatedError(
          absl::StrCat("the coordinator refused this worker: ", status.error_message()));
    }
    Log(absl::StrCat("cannot register (", status.error_message(), "); retrying in ", backoff_ms,
                     " ms"));
    std::unique_lock<std::mutex> lock(mutex_);
    wake_.wait_for(lock, std::chrono::milliseconds(backoff_ms), [&] { return stopping_; });
    backoff_ms = std::min(backoff_ms * 2, options_.max_backoff_ms);
  }
}

absl::Status Worker::Run() {
  if (absl::Status status = outbox_.Open(options_.outbox_path); !status.ok()) return status;
  absl::StatusOr<std::shared_ptr<grpc::ChannelCredentials>> credentials =
      common::ClientCredentials(options_.tls_ca_file);
  if (!credentials.ok()) return credentials.status();
  stub_ = proto::WorkerService::NewStub(common::MakeChannel(options_.coordinator, *credentials));
  if (outbox_.size() > 0) {
    Log(absl::StrCat(outbox_.size(), " unreported pair(s) in ", options_.outbox_path));
  }
  if (absl::Status status = Register(); !status.ok()) {
    return absl::IsCancelled(status) ? absl::OkStatus() : status;
  }
  threads_.emplace_back([this] { ReporterLoop(); });
  for (int slot = 0; slot < options_.concurrency; ++slot) {
    threads_.emplace_back([this, slot] { PlayerLoop(slot); });
  }

  Clock::time_point next_acquire = Clock::now();
  Clock::time_point next_heartbeat = Clock::now() + std::chrono::milliseconds(heartbeat_ms_);
  int64_t acquire_backoff_ms = 0;
  for (;;) {
    bool want_work;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (stopping_) break;
      want_work = queue_.empty() && busy_players_ < options_.concurrency;
    }
    if (want_work && Clock::now() >= next_acquire) {
      proto::AcquireRequest request;
      request.set_worker_id(worker_id_);
      request.set_max_pairs(options_.concurrency);
      proto::AcquireReply reply;
      auto context = common::MakeContext(options_.token, options_.rpc_timeout_ms);
      grpc::Status status = stub_->AcquireWork(context.get(), request, &reply);
      if (!status.ok()) {
        acquire_backoff_ms =
            std::clamp<int64_t>(acquire_backoff_ms * 2, 100, options_.max_backoff_ms);
        if (status.error_code() == grpc::StatusCode::NOT_FOUND) Register().IgnoreError();
        next_acquire = Clock::now() + std::chrono::milliseconds(acquire_backoff_ms);
      } else if (!reply.has_batch()) {
        acquire_backoff_ms = 0;
        next_acquire =
            Clock::now() + std::chrono::milliseconds(std::max<int64_t>(50, reply.retry_after_ms()));
      } else {
        acquire_backoff_ms = 0;
        auto batch = std::make_shared<ActiveBatch>();
        batch->batch = std::move(*reply.mutable_batch());
        absl::StatusOr<MatchSettings> settings = MatchSettingsFromConfig(batch->batch.config());
        if (!settings.ok()) {
          // Unplayable here; the lease runs out and someone else may manage.
          Log(absl::StrCat("cannot play batch ", batch->batch.batch_id(), ": ",
                           settings.status().message()));
          next_acquire = Clock::now() + std::chrono::milliseconds(options_.max_backoff_ms);
        } else {
          batch->settings = *std::move(settings);
          std::lock_guard<std::mutex> lock(mutex_);
          batch->unfinished = batch->batch.pair_size();
          batches_[batch->batch.batch_id()] = batch;
          for (int i = 0; i < batch->batch.pair_size(); ++i) queue_.push_back({batch, i});
          if (options_.verbose) {
            Log(absl::StrCat("batch ", batch->batch.batch_id(), " of run ", batch->batch.run_id(),
                             ": ", batch->batch.pair_size(), " pair(s)"));
          }
        }
        wake_.notify_all();
      }
    }
    if (Clock::now() >= next_heartbeat) {
      Heartbeat();
      next_heartbeat = Clock::now() + std::chrono::milliseconds(heartbeat_ms_);
    }
    // Sleep until a heartbeat is due or, while a player is idle, the next acquire; with every
    // player busy, until one frees up (players notify). A deadline already past is waited for
    // only when it is the acquire's, which then moves it on, so the loop never spins.
    std::unique_lock<std::mutex> lock(mutex_);
    const bool player_idle = queue_.empty() && busy_players_ < options_.concurrency;
    wake_.wait_until(
        lock, player_idle ? std::min(next_acquire, next_heartbeat) : next_heartbeat, [&] {
          return stopping_ ||
                 (!player_idle && queue_.empty() && busy_players_ < options_.concurrency);
        });
  }
  for (std::thread& thread : threads_) thread.join();
  threads_.clear();
  if (outbox_.size() > 0) {
    Log(absl::StrCat(outbox_.size(), " pair(s) left unreported in ", options_.outbox_path));
  }
  return absl::OkStatus();
}

void Worker::Heartbeat() {
  proto::HeartbeatRequest request;
  request.set_worker_id(worker_id_);
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = batches_.begin(); it != batches_.end();) {
      if (it->second->unfinished == 0) {
        it = batches_.erase(it);
      } else {
        request.add_batch_id(it->first);
        ++it;
      }
    }
  }
  if (request.batch_id_size() == 0) return;
  proto::HeartbeatReply reply;
  auto context = common::MakeContext(options_.token, options_.rpc_timeout_ms);
  if (!stub_->Heartbeat(context.get(), request, &reply).ok()) return;
  for (int64_t id : reply.stop_batch()) StopBatch(id);
}

void Worker::StopBatch(int64_t batch_id) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = batches_.find(batch_id);
  if (it == batches_.end()) return;
  std::shared_ptr<ActiveBatch> batch = it->second;
  if (!batch->stop.exchange(true) && options_.verbose) {
    Log(absl::StrCat("stopping batch ", batch_id, " as the coordinator asked"));
  }
  for (auto item = queue_.begin(); item != queue_.end();) {
    if (item->batch == batch) {
      --batch->unfinished;
      item = queue_.erase(item);
    } else {
      ++item;
    }
  }
}

void Worker::PlayerLoop(int slot) {
  // Engines stay up across pairs and batches of the same configuration; an external engine
  // is a process, worth keeping.
  std::string keys[2];
  std::unique_ptr<Player> players[2];
  for (;;) {
    Item item;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (stopping_) break;
      item = std::move(queue_.front());
      queue_.pop_front();
      ++busy_players_;
    }
    ActiveBatch& batch = *item.batch;
    const proto::PairAssignment& assignment = batch.batch.pair(item.which);
    const proto::EngineConfig* configs[2] = {&batch.batch.config().engine(),
                                             &batch.batch.config().baseline()};
    const EngineSpec* specs[2] = {&batch.settings.engine, &batch.settings.baseline};
    absl::Status status;
    for (int role = 0; role < 2 && status.ok(); ++role) {
      std::string key = configs[role]->SerializeAsString();
      if (players[role] != nullptr && key == keys[role]) continue;
      if (players[role] != nullptr) players[role]->Quit();
      absl::StatusOr<std::unique_ptr<Player>> player = MakePlayer(*specs[role]);
      if (!player.ok()) {
        status = player.status();
        players[role].reset();
        break;
      }
      players[role] = *std::move(player);
      keys[role] = std::move(key);
    }
    if (status.ok() && !batch.stop) {
      MatchContext context;
      context.event = batch.batch.config().name().empty()
                          ? absl::StrCat("gc9 run ", batch.batch.run_id())
                          : batch.batch.config().name();
      context.site = "gc9";
      context.round = absl::StrCat(assignment.pair_index() + 1);
      context.cancel = &batch.stop;
      absl::StatusOr<PairRecord> record = PlayAssignment(
          batch.settings, batch.batch.config(), assignment, *players[0], *players[1], context);
      if (record.ok()) {
        outbox_.Add(PairResultFromRecord(batch.batch, assignment.pair_index(), *record,
                                         batch.batch.config().store_pgn()));
        report_wake_.notify_all();
        if (options_.verbose) {
          Log(absl::StrCat("pair ", assignment.pair_index(), " of run ", batch.batch.run_id(), ": ",
                           engine::OutcomeText(record->games[0].result), " ",
                           engine::OutcomeText(record->games[1].result)));
        }
      } else {
        status = record.status();
      }
    }
    if (!status.ok() && !absl::IsCancelled(status)) {
      Log(absl::StrCat("slot ", slot, ": pair ", assignment.pair_index(), " of run ",
                       batch.batch.run_id(), " not played: ", status.message()));
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      --busy_players_;
      --batch.unfinished;
    }
    wake_.notify_all();
  }
  for (auto& player : players) {
    if (player != nullptr) player->Quit();
  }
}

bool Worker::ReportOnce() {
  std::vector<proto::PairResult> pairs = outbox_.Peek(64);
  if (pairs.empty()) return true;
  proto::ReportRequest request;
  request.set_worker_id(worker_id_);
  for (proto::PairResult& pair : pairs) *request.add_pair() = pair;
  proto::ReportReply reply;
  auto context = common::MakeContext(options_.token, options_.rpc_timeout_ms);
  grpc::Status status = stub_->ReportPairs(context.get(), request, &reply);
  if (status.ok()) {
    outbox_.Remove(pairs);
    for (int64_t id : reply.stop_batch()) StopBatch(id);
    return true;
  }
  if (IsPermanent(status.error_code())) {
    Log(absl::StrCat("the coordinator refused ", pairs.size(),
                     " pair(s): ", status.error_message()));
    outbox_.Remove(pairs);
    return true;
  }
  return false;
}

void Worker::ReporterLoop() {
  int64_t backoff_ms = 0;
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(report_mutex_);
      if (backoff_ms > 0) {
        report_wake_.wait_for(lock, std::chrono::milliseconds(backoff_ms), [&] {
          std::lock_guard<std::mutex> state(mutex_);
          return stopping_;
        });
      } else {
        report_wake_.wait_for(lock, std::chrono::milliseconds(500), [&] {
          std::lock_guard<std::mutex> state(mutex_);
          return stopping_ || outbox_.size() > 0;
        });
      }
    }
    bool stopping;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stopping = stopping_;
    }
    if (stopping) {
      // One last try, briefly: what is not acknowledged stays in the outbox file.
      const Clock::time_point start = Clock::now();
      while (outbox_.size() > 0 && MsSince(start) < 2000 && ReportOnce()) {
      }
      return;
    }
    if (outbox_.size() == 0) continue;
    if (ReportOnce()) {
      backoff_ms = 0;
    } else {
      backoff_ms = std::clamp<int64_t>(backoff_ms * 2, 100, options_.max_backoff_ms);
    }
  }
}

}  // namespace gc9::worker
