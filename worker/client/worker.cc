#include "worker/client/worker.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "common/protocol.h"
#include "common/rpc.h"
#include "common/status_macros.h"
#include "engine/bench.h"
#include "engine/variant_catalog.h"

namespace gc9::worker {
namespace {

// How often fleet mode's bounds are looked at, and a full --max-pairs waits for a pair to end.
constexpr int64_t kBoundsPollMs = 100;

int64_t MsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                               start)
      .count();
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
  cancel_builds_ = true;
  absl::MutexLock lock(&mutex_);
  stopping_ = true;
  for (auto& [id, batch] : batches_) batch->stop = true;
}

void Worker::Abort(const absl::Status& status) {
  {
    absl::MutexLock lock(&mutex_);
    if (fatal_.ok()) fatal_ = status;
  }
  Stop();
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
  request.set_protocol_version(common::kProtocolVersion);
  int64_t backoff_ms = 100;
  for (;;) {
    {
      absl::MutexLock lock(&mutex_);
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
    // Neither a wrong token nor another protocol version gets better by asking again.
    if (status.error_code() == grpc::StatusCode::UNAUTHENTICATED ||
        status.error_code() == grpc::StatusCode::FAILED_PRECONDITION) {
      return absl::Status(
          common::FromGrpc(status).code(),
          absl::StrCat("the coordinator refused this worker: ", status.error_message()));
    }
    Log(absl::StrCat("cannot register (", status.error_message(), "); retrying in ", backoff_ms,
                     " ms"));
    absl::MutexLock lock(&mutex_);
    mutex_.AwaitWithTimeout(absl::Condition(this, &Worker::Stopping),
                            absl::Milliseconds(backoff_ms));
    backoff_ms = std::min(backoff_ms * 2, options_.max_backoff_ms);
  }
}

absl::Status Worker::Run() {
  if (absl::Status status = outbox_.Open(options_.outbox_path); !status.ok()) return status;
  absl::StatusOr<std::shared_ptr<grpc::ChannelCredentials>> credentials =
      common::ClientCredentials(options_.tls_ca_file);
  if (!credentials.ok()) return credentials.status();
  std::shared_ptr<grpc::Channel> channel = common::MakeChannel(options_.coordinator, *credentials);
  stub_ = proto::WorkerService::NewStub(channel);
  artifacts_ = proto::ArtifactService::NewStub(channel);
  if (outbox_.size() > 0) {
    Log(absl::StrCat(outbox_.size(), " unreported pair(s) in ", options_.outbox_path));
  }
  if (absl::Status status = Register(); !status.ok()) {
    return absl::IsCancelled(status) ? absl::OkStatus() : status;
  }
  threads_.emplace_back([this] { ReporterLoop(); });
  PreparerOptions prepare;
  prepare.cache.dir =
      options_.cache_dir.empty() ? engine_build::DefaultCacheDir() : options_.cache_dir;
  prepare.cache.max_bytes = options_.cache_max_bytes;
  prepare.artifacts = artifacts_.get();
  prepare.token = options_.token;
  prepare.own_bench = engine::kBenchSignature;
  prepare.build.cancel = &cancel_builds_;
  prepare.build.progress = [this](const std::string& step) { Log(step); };
  preparer_ = std::make_unique<EnginePreparer>(std::move(prepare));
  threads_.emplace_back([this] { PreparerLoop(); });
  for (int slot = 0; slot < options_.concurrency; ++slot) {
    threads_.emplace_back([this] { PlayerLoop(); });
  }

  next_acquire_ = Clock::now();
  idle_since_ = Clock::now();  // the idle clock starts once registered
  Clock::time_point next_heartbeat = Clock::now() + std::chrono::milliseconds(heartbeat_ms_);
  for (;;) {
    LifetimeStep();
    bool want_work;
    {
      absl::MutexLock lock(&mutex_);
      if (stopping_) break;
      want_work = !draining_ && PlayerIdle();
    }
    if (want_work && Clock::now() >= next_acquire_) Acquire();
    if (Clock::now() >= next_heartbeat) {
      Heartbeat();
      next_heartbeat = Clock::now() + std::chrono::milliseconds(heartbeat_ms_);
    }
    Sleep(next_heartbeat);
  }
  for (std::thread& thread : threads_) thread.join();
  threads_.clear();
  if (outbox_.size() > 0) {
    Log(absl::StrCat(outbox_.size(), " pair(s) left unreported in ", options_.outbox_path));
  }
  absl::MutexLock lock(&mutex_);
  // A drain ends well only with everything it played acknowledged.
  if (fatal_.ok() && draining_ && outbox_.size() > 0) {
    return absl::UnavailableError(absl::StrCat("the drain ended with ", outbox_.size(),
                                               " pair(s) unreported, kept in ",
                                               options_.outbox_path));
  }
  return fatal_;
}

void Worker::Sleep(Clock::time_point next_heartbeat) {
  absl::MutexLock lock(&mutex_);
  // While a player is idle: until the heartbeat or the next acquire. With every player busy:
  // until the heartbeat or until one frees up. A deadline already past is waited for only when
  // it is the acquire's, which Acquire then moves on, so the loop never spins.
  const bool player_idle = PlayerIdle();
  Clock::time_point until = player_idle ? std::min(next_acquire_, next_heartbeat) : next_heartbeat;
  // Fleet mode's bounds are looked at often. A drain acquires nothing, so its next_acquire_
  // stays where it was and counts for nothing.
  const Clock::time_point soon = Clock::now() + std::chrono::milliseconds(kBoundsPollMs);
  if (draining_) {
    until = std::min(next_heartbeat, soon);
  } else if (options_.exit_when_idle_ms > 0 || options_.max_pairs > 0 || options_.max_ms > 0) {
    until = std::min(until, soon);
  }
  const absl::Duration timeout = absl::FromChrono(until - Clock::now());
  if (player_idle) {
    mutex_.AwaitWithTimeout(absl::Condition(this, &Worker::StoppingOrDrainNews), timeout);
  } else {
    mutex_.AwaitWithTimeout(absl::Condition(this, &Worker::StoppingOrPlayerIdle), timeout);
  }
  drain_news_ = false;
}

void Worker::Acquire() {
  const int wanted = PairsToAcquire();
  if (wanted == 0) {
    // --max-pairs is reached by the pairs played and in play: once they end, LifetimeStep
    // drains. Until then look again soon; an acquire deadline left in the past would make
    // Sleep return at once, and the loop spin while a player is idle.
    next_acquire_ = Clock::now() + std::chrono::milliseconds(kBoundsPollMs);
    return;
  }
  proto::AcquireRequest request;
  request.set_worker_id(worker_id_);
  request.set_max_pairs(wanted);
  proto::AcquireReply reply;
  auto context = common::MakeContext(options_.token, options_.rpc_timeout_ms);
  grpc::Status status = stub_->AcquireWork(context.get(), request, &reply);
  if (!status.ok()) {
    acquire_backoff_ms_ =
        std::clamp<int64_t>(acquire_backoff_ms_ * 2, 100, options_.max_backoff_ms);
    // The coordinator does not know this worker (a new database): register again.
    if (status.error_code() == grpc::StatusCode::NOT_FOUND) {
      if (absl::Status again = Register(); !again.ok() && !absl::IsCancelled(again)) {
        Abort(again);
      }
    }
    next_acquire_ = Clock::now() + std::chrono::milliseconds(acquire_backoff_ms_);
    return;
  }
  acquire_backoff_ms_ = 0;
  // A refusal (this worker is blocked) is logged once; the worker goes on heartbeating and
  // reporting what it has played, and asks again now and then.
  if (reply.refusal() != refusal_ && !reply.refusal().empty()) {
    Log(absl::StrCat("the coordinator gives this worker no work: ", reply.refusal()));
  }
  refusal_ = reply.refusal();
  if (!reply.has_batch()) {
    next_acquire_ =
        Clock::now() + std::chrono::milliseconds(std::max<int64_t>(50, reply.retry_after_ms()));
    return;
  }
  auto batch = std::make_shared<ActiveBatch>();
  batch->batch = std::move(*reply.mutable_batch());
  if (options_.verbose) {
    Log(absl::StrCat("batch ", batch->batch.batch_id(), " of run ", batch->batch.run_id(), ": ",
                     batch->batch.pair_size(), " pair(s)"));
  }
  // In the batch table from now on, so that its lease is heartbeaten while it is prepared.
  absl::MutexLock lock(&mutex_);
  batch->unfinished = batch->batch.pair_size();
  batches_[batch->batch.batch_id()] = batch;
  to_prepare_.push_back(batch);
  ++unprepared_;
}

void Worker::PreparerLoop() {
  for (;;) {
    std::shared_ptr<ActiveBatch> batch;
    {
      absl::MutexLock lock(&mutex_, absl::Condition(this, &Worker::StoppingOrToPrepare));
      if (stopping_) return;
      batch = std::move(to_prepare_.front());
      to_prepare_.pop_front();
    }
    Prepare(batch);
    absl::MutexLock lock(&mutex_);
    --unprepared_;
  }
}

void Worker::Prepare(const std::shared_ptr<ActiveBatch>& batch) {
  const proto::RunConfig& config = batch->batch.config();
  absl::StatusOr<Preparation> prepared = preparer_->Prepare(config);
  if (!prepared.ok()) {  // stopping, or a drain's bound gave up the build
    absl::MutexLock lock(&mutex_);
    batch->unfinished = 0;
    if (draining_) to_release_.insert(batch->batch.batch_id());
    return;
  }
  if (prepared->failure.has_value()) return Refuse(batch, *std::move(prepared->failure));
  absl::StatusOr<MatchSettings> settings = MatchSettingsFromConfig(config, prepared->binaries);
  if (!settings.ok()) {
    proto::FailureRecord failure;
    failure.set_kind(proto::FAILURE_UNSUPPORTED);
    failure.set_message(std::string(settings.status().message()));
    return Refuse(batch, std::move(failure));
  }
  batch->settings = *std::move(settings);
  batch->prepared = *std::move(prepared);
  absl::MutexLock lock(&mutex_);
  if (batch->stop || draining_) {  // taken back meanwhile (StopBatch), or we stop or drain
    batch->unfinished = 0;
    if (draining_ && !batch->stop) to_release_.insert(batch->batch.batch_id());
    return;
  }
  for (int i = 0; i < batch->batch.pair_size(); ++i) queue_.push_back({batch, i});
}

void Worker::Refuse(const std::shared_ptr<ActiveBatch>& batch, proto::FailureRecord failure) {
  {
    absl::MutexLock lock(&mutex_);
    batch->unfinished = 0;  // none of its pairs was queued
  }
  ReportFailure(batch->batch, failure.kind(), failure.engine(), failure.message(),
                failure.detail());
}

void Worker::Heartbeat() {
  proto::HeartbeatRequest request;
  request.set_worker_id(worker_id_);
  {
    absl::MutexLock lock(&mutex_);
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
  for (int64_t id : reply.stop_batch()) StopBatch(id, "as the coordinator asked");
}

void Worker::ReportFailure(const proto::Batch& batch, proto::FailureKind kind,
                           const std::string& engine, const std::string& message,
                           const std::string& detail) {
  {
    absl::MutexLock lock(&mutex_);
    if (!failed_batches_.insert(batch.batch_id()).second) return;
  }
  Log(absl::StrCat("cannot play batch ", batch.batch_id(), " of run ", batch.run_id(), " (",
                   proto::FailureKind_Name(kind), engine.empty() ? "" : ", engine ", engine,
                   "): ", message));
  StopBatch(batch.batch_id(), "after its failure");
  proto::FailureRequest request;
  request.set_worker_id(worker_id_);
  proto::FailureRecord* failure = request.add_failure();
  failure->set_run_id(batch.run_id());
  failure->set_batch_id(batch.batch_id());
  failure->set_kind(kind);
  failure->set_engine(engine);
  failure->set_message(message);
  failure->set_detail(detail);
  proto::FailureReply reply;
  auto context = common::MakeContext(options_.token, options_.rpc_timeout_ms);
  grpc::Status status = stub_->ReportFailure(context.get(), request, &reply);
  if (!status.ok()) {
    Log(absl::StrCat("the failure of batch ", batch.batch_id(),
                     " was not reported (its lease will run out): ", status.error_message()));
  }
}

void Worker::StopBatch(int64_t batch_id, const char* why) {
  absl::MutexLock lock(&mutex_);
  auto it = batches_.find(batch_id);
  if (it == batches_.end()) return;
  std::shared_ptr<ActiveBatch> batch = it->second;
  if (!batch->stop.exchange(true) && options_.verbose) {
    Log(absl::StrCat("stopping batch ", batch_id, " ", why));
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

void Worker::PlayerLoop() {
  Seat seat;
  for (;;) {
    Item item;
    {
      absl::MutexLock lock(&mutex_, absl::Condition(this, &Worker::StoppingOrQueued));
      if (stopping_) break;
      item = std::move(queue_.front());
      queue_.pop_front();
      ++busy_players_;
    }
    const absl::Status status = Play(item, seat);
    if (!status.ok() && !absl::IsCancelled(status)) ReportPlayFailure(*item.batch, status);
    absl::MutexLock lock(&mutex_);
    --busy_players_;
    --item.batch->unfinished;
    if (status.ok()) {
      report_due_ = true;
      ++played_;
    }
  }
  for (std::unique_ptr<Player>& player : seat.players) {
    if (player != nullptr) player->Quit();
  }
}

absl::Status Worker::Play(const Item& item, Seat& seat) {
  ActiveBatch& batch = *item.batch;
  const proto::RunConfig& config = batch.batch.config();
  const proto::PairAssignment& assignment = batch.batch.pair(item.which);
  // 1. The engines, made anew only when the batch asks for others.
  const proto::EngineConfig* configs[2] = {&config.engine(), &config.baseline()};
  const EngineSpec* specs[2] = {&batch.settings.engine, &batch.settings.baseline};
  for (int role = 0; role < 2; ++role) {
    std::string key = configs[role]->SerializeAsString();
    if (seat.players[role] != nullptr && key == seat.keys[role]) continue;
    if (seat.players[role] != nullptr) seat.players[role]->Quit();
    seat.players[role].reset();
    ASSIGN_OR_RETURN(seat.players[role], MakePlayer(*specs[role]));
    seat.keys[role] = std::move(key);
  }
  if (batch.stop) return absl::CancelledError("the batch was stopped");
  if (options_.verbose) {
    Log(absl::StrCat("pair ", assignment.pair_index(), " of run ", batch.batch.run_id(),
                     ": playing"));
  }
  // 2. The pair: its opening (drawn from its seed when the run's openings are random) played
  // twice, each game under its own node limit when the pair gives them.
  ASSIGN_OR_RETURN(const Opening opening, PairOpening(config, assignment));
  MatchContext context;
  context.event =
      config.name().empty() ? absl::StrCat("gc9 run ", batch.batch.run_id()) : config.name();
  context.site = "gc9";
  context.round = absl::StrCat(assignment.pair_index() + 1);
  context.cancel = &batch.stop;
  ASSIGN_OR_RETURN(const PairRecord record,
                   PlayPair(batch.settings.variant, opening, *seat.players[0], *seat.players[1],
                            batch.settings.time_control, batch.settings.adjudication, context,
                            GameNodes(assignment)));
  // 3. Into the outbox, which the reporter sends.
  outbox_.Add(
      PairResultFromRecord(batch.batch, assignment.pair_index(), record, config.store_pgn()));
  if (options_.verbose) {
    Log(absl::StrCat("pair ", assignment.pair_index(), " of run ", batch.batch.run_id(), ": ",
                     engine::OutcomeText(record.games[0].result), " ",
                     engine::OutcomeText(record.games[1].result)));
  }
  return absl::OkStatus();
}

void Worker::ReportPlayFailure(const ActiveBatch& batch, const absl::Status& status) {
  const std::string message(status.message());
  if (std::optional<StartFailure> start = StartFailureOf(status)) {
    ReportFailure(batch.batch,
                  start->kind == StartFailure::kMissing ? proto::FAILURE_ENGINE_MISSING
                                                        : proto::FAILURE_ENGINE_START,
                  start->player, message);
  } else {
    // Not the engines: the configuration itself cannot be played here (e.g. its opening).
    ReportFailure(batch.batch, proto::FAILURE_UNSUPPORTED, "", message);
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
    for (int64_t id : reply.stop_batch()) StopBatch(id, "as the coordinator asked");
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
  bool pending = true;  // the outbox may hold pairs from an earlier run
  for (;;) {
    bool stopping;
    {
      absl::MutexLock lock(&mutex_);
      // After a failed send, wait out the backoff; with nothing known to be pending, wait for
      // a pair (a look every half second all the same).
      if (backoff_ms > 0) {
        mutex_.AwaitWithTimeout(absl::Condition(this, &Worker::Stopping),
                                absl::Milliseconds(backoff_ms));
      } else if (!pending) {
        mutex_.AwaitWithTimeout(absl::Condition(this, &Worker::StoppingOrReportDue),
                                absl::Milliseconds(500));
      }
      stopping = stopping_;
      report_due_ = false;
    }
    if (stopping) {
      // One last try, briefly: what is not acknowledged stays in the outbox file.
      const Clock::time_point start = Clock::now();
      while (outbox_.size() > 0 && MsSince(start) < 2000 && ReportOnce()) {
      }
      return;
    }
    if (outbox_.size() > 0) {
      backoff_ms =
          ReportOnce() ? 0 : std::clamp<int64_t>(backoff_ms * 2, 100, options_.max_backoff_ms);
    }
    pending = outbox_.size() > 0;
  }
}

}  // namespace gc9::worker
