#include "coordinator/core/core.h"

#include <algorithm>
#include <limits>
#include <random>
#include <tuple>
#include <utility>

#include "absl/strings/str_cat.h"
#include "coordinator/config/run_config.h"
#include "coordinator/core/seed.h"

namespace gc9::coordinator::core {

Core::Core(store::Store* store, CoreOptions options, std::function<int64_t()> now_ms)
    : store_(store), options_(options), now_ms_(std::move(now_ms)) {}

bool Core::Active(const Run& run) const {
  return run.record.state() == proto::RUN_PENDING || run.record.state() == proto::RUN_RUNNING;
}

void Core::Answer(Done done, absl::Status status) {
  waiting_.emplace_back(std::move(done), std::move(status));
}

void Core::ResetState() {
  runs_.clear();
  leases_.clear();
  workers_.clear();
  next_run_id_ = next_lease_id_ = next_worker_id_ = next_failure_id_ = 1;
  batch_.Clear();
}

absl::Status Core::InitRun(Run& run) {
  absl::StatusOr<std::unique_ptr<RunKind>> kind = MakeRunKind(run.record.config());
  if (!kind.ok()) return kind.status();
  run.kind = *std::move(kind);
  const int64_t target = config::TargetPairs(run.record.config());
  run.done.assign(static_cast<size_t>(target), 0);
  const proto::Openings& openings = run.record.config().openings();
  const int count = openings.has_list() ? openings.list().position_size() : 0;
  run.opening_order.resize(count);
  for (int i = 0; i < count; ++i) run.opening_order[i] = i;
  if (openings.shuffle()) {
    std::mt19937_64 rng(run.record.config().seed());
    std::shuffle(run.opening_order.begin(), run.opening_order.end(), rng);
  }
  return absl::OkStatus();
}

absl::Status Core::Recover() {
  ResetState();
  absl::StatusOr<store::Snapshot> snapshot = store_->LoadState();
  if (!snapshot.ok()) return snapshot.status();
  for (proto::RunRecord& record : snapshot->runs) {
    Run& run = runs_[record.run_id()];
    run.record = std::move(record);
    if (absl::Status status = InitRun(run); !status.ok()) return status;
    if (absl::Status status = run.kind->Restore(run.record.kind_state()); !status.ok()) {
      return absl::DataLossError(
          absl::StrCat("run ", run.record.run_id(), ": kind state: ", status.message()));
    }
    next_run_id_ = std::max(next_run_id_, run.record.run_id() + 1);
  }
  for (proto::WorkerRecord& worker : snapshot->workers) {
    next_worker_id_ = std::max(next_worker_id_, worker.worker_id() + 1);
    WorkerEntry& entry = workers_[worker.worker_id()];
    entry.record = std::move(worker);
    entry.last_contact_ms = entry.record.registered_unix_ms();
  }
  // The pairs one at a time: a long run's would not fit in memory all at once.
  absl::Status pairs = store_->ForEachPair([this](const proto::PairResult& pair) {
    auto it = runs_.find(pair.run_id());
    if (it == runs_.end()) return absl::OkStatus();
    // Every stored pair passed ScorePair when it was reported.
    absl::StatusOr<ScoredPair> scored = ScorePair(pair);
    if (!scored.ok()) {
      return absl::DataLossError(absl::StrCat("run ", pair.run_id(), " pair ", pair.pair_index(),
                                              ": ", scored.status().message()));
    }
    Count(it->second, pair, *scored, pair.worker_id());
    it->second.kind->RecoverPair(pair, *scored);
    auto worker = workers_.find(pair.worker_id());
    if (worker != workers_.end()) CountWorkerPair(pair, &worker->second);
    return absl::OkStatus();
  });
  if (!pairs.ok()) return pairs;
  // A pair that was handed out is either counted, outstanding in a live lease, or waiting
  // to be replayed; the queue is not stored because this rule rebuilds it.
  std::map<int64_t, std::set<int64_t>> live;
  const int64_t now = now_ms_();
  for (proto::LeaseRecord& record : snapshot->leases) {
    next_lease_id_ = std::max(next_lease_id_, record.lease_id() + 1);
    auto run_it = runs_.find(record.run_id());
    if (run_it == runs_.end() || !Active(run_it->second)) {
      batch_.deleted_leases.push_back(record.lease_id());
      continue;
    }
    Run& run = run_it->second;
    Lease& lease = leases_[record.lease_id()];
    lease.record = std::move(record);
    for (int64_t index : lease.record.pair_index()) {
      if (index < static_cast<int64_t>(run.done.size()) && run.done[index] == 0) {
        lease.outstanding.insert(index);
      }
    }
    if (lease.outstanding.empty()) {
      batch_.deleted_leases.push_back(lease.record.lease_id());
      leases_.erase(lease.record.lease_id());
      continue;
    }
    if (!lease.record.expired()) {
      lease.record.set_deadline_unix_ms(now + options_.lease_ms);
      run.leased += static_cast<int64_t>(lease.outstanding.size());
      live[run.record.run_id()].insert(lease.outstanding.begin(), lease.outstanding.end());
    }
  }
  for (auto& [run_id, run] : runs_) {
    if (!Active(run)) continue;
    const std::set<int64_t>& in_lease = live[run_id];
    for (int64_t index = 0; index < run.record.next_pair(); ++index) {
      if (run.done[index] == 0 && in_lease.count(index) == 0) run.replay.push_back(index);
    }
    if (run.record.state() == proto::RUN_RUNNING) run.rate.Start(now);
  }
  RecoverFleet(snapshot->failures);
  return store_->Commit(std::exchange(batch_, {}));
}

void Core::Count(Run& run, const proto::PairResult& pair, const ScoredPair& scored,
                 int64_t worker_id) {
  const int64_t index = pair.pair_index();
  if (index < 0 || index >= static_cast<int64_t>(run.done.size()) || run.done[index] != 0) {
    return;
  }
  run.done[index] = static_cast<uint8_t>(1 + scored.pentanomial_index);
  ++run.pentanomial[scored.pentanomial_index];
  ++run.counted;
  run.wins += scored.wins;
  run.draws += scored.draws;
  run.losses += scored.losses;
  for (const proto::GameSummary& game : pair.game()) ++run.reasons[game.reason()];
  run.history.Record(run.counted, run.pentanomial, run.record.config());
  CountWorkerPair(pair, &run.by_worker[worker_id]);
}

void Core::Settle(Lease& lease, int64_t pair_index) {
  if (lease.outstanding.erase(pair_index) == 0) return;
  if (!lease.record.expired()) {
    auto it = runs_.find(lease.record.run_id());
    if (it != runs_.end()) --it->second.leased;
  }
}

void Core::PersistLease(const Lease& lease) { batch_.leases.push_back(lease.record); }

void Core::DropLease(int64_t lease_id) {
  auto it = leases_.find(lease_id);
  if (it == leases_.end()) return;
  Lease& lease = it->second;
  if (!lease.record.expired()) {
    auto run = runs_.find(lease.record.run_id());
    if (run != runs_.end()) run->second.leased -= static_cast<int64_t>(lease.outstanding.size());
  }
  batch_.deleted_leases.push_back(lease_id);
  leases_.erase(it);
}

void Core::ExpireLease(Lease& lease) {
  Run& run = runs_.at(lease.record.run_id());
  run.leased -= static_cast<int64_t>(lease.outstanding.size());
  for (int64_t index : lease.outstanding) run.replay.push_back(index);
  lease.record.set_expired(true);
  PersistLease(lease);
}

void Core::MarkChanged(Run& run) { run.changed = true; }

void Core::EndRun(Run& run, proto::RunState state, proto::Decision decision) {
  run.record.set_state(state);
  run.record.set_decision(decision);
  run.record.set_ended_unix_ms(now_ms_());
  run.replay.clear();
  std::vector<int64_t> ids;
  for (const auto& [id, lease] : leases_) {
    if (lease.record.run_id() == run.record.run_id()) ids.push_back(id);
  }
  for (int64_t id : ids) DropLease(id);
  MarkChanged(run);
}

PairTally Core::TallyOf(const Run& run) {
  PairTally tally;
  tally.pentanomial = run.pentanomial;
  tally.counted = run.counted;
  tally.target = static_cast<int64_t>(run.done.size());
  return tally;
}

void Core::CheckEnd(Run& run) {
  if (!Active(run)) return;
  const proto::Decision decision = run.kind->Decide(TallyOf(run));
  if (decision != proto::DECISION_NONE) EndRun(run, proto::RUN_FINISHED, decision);
}

void Core::HandleRegister(const proto::RegisterRequest& request, proto::RegisterReply* reply,
                          Done done) {
  reply->set_protocol_version(options_.protocol_version);
  if (request.protocol_version() != options_.protocol_version) {
    return Answer(std::move(done),
                  absl::FailedPreconditionError(absl::StrCat(
                      "this worker speaks protocol version ", request.protocol_version(),
                      " and the coordinator version ", options_.protocol_version,
                      "; run a worker built from the coordinator's gc9")));
  }
  int64_t id = request.resume_worker_id();
  if (id <= 0 || workers_.count(id) == 0) id = next_worker_id_++;
  WorkerEntry& worker = workers_[id];
  worker.record.set_worker_id(id);
  *worker.record.mutable_capabilities() = request.capabilities();
  worker.record.set_registered_unix_ms(now_ms_());
  worker.last_contact_ms = now_ms_();
  // A worker that registers again may have been fixed: it may try the runs it failed.
  worker.excluded_runs.clear();
  batch_.workers.push_back(worker.record);
  reply->set_worker_id(id);
  reply->set_heartbeat_interval_ms(options_.heartbeat_ms);
  Answer(std::move(done));
}

Core::Run* Core::ChooseRun(const WorkerEntry& worker) {
  Run* best = nullptr;
  // Fair shares by priority: the run with the fewest outstanding pairs per unit of priority
  // gets the worker, then the one served least so far, then the oldest.
  auto key = [](const Run& run) {
    const double priority = config::EffectivePriority(run.record.config());
    return std::make_tuple(run.leased / priority, run.handed_out / priority, run.record.run_id());
  };
  for (auto& [id, run] : runs_) {
    if (!Active(run)) continue;
    while (!run.replay.empty() && run.done[run.replay.front()] != 0) run.replay.pop_front();
    const bool has_work =
        !run.replay.empty() || run.record.next_pair() < static_cast<int64_t>(run.done.size());
    if (!has_work) continue;
    if (!KnowsVariant(worker.record, run.record.config().variant())) continue;
    if (worker.excluded_runs.count(id) > 0) continue;
    if (best == nullptr || key(run) < key(*best)) best = &run;
  }
  return best;
}

void Core::HandleAcquire(const proto::AcquireRequest& request, proto::AcquireReply* reply,
                         Done done) {
  WorkerEntry* worker = Touch(request.worker_id());
  if (worker == nullptr) {
    return Answer(std::move(done), absl::NotFoundError(absl::StrCat(
                                       "unknown worker ", request.worker_id(), "; register")));
  }
  if (worker->record.blocked()) {
    reply->set_refusal(absl::StrCat("worker ", request.worker_id(), " is blocked; `gc9 unblock ",
                                    request.worker_id(), "` lets it play again"));
    reply->set_retry_after_ms(options_.heartbeat_ms);
    return Answer(std::move(done));
  }
  Run* run = ChooseRun(*worker);
  if (run == nullptr) {
    reply->set_retry_after_ms(options_.acquire_retry_ms);
    return Answer(std::move(done));
  }
  const int limit = std::max(1, std::min(request.max_pairs() > 0 ? request.max_pairs() : 1,
                                         config::EffectiveBatchPairs(run->record.config())));
  const int64_t id = next_lease_id_++;
  Lease& lease = leases_[id];
  lease.record.set_lease_id(id);
  lease.record.set_worker_id(request.worker_id());
  lease.record.set_run_id(run->record.run_id());
  lease.record.set_deadline_unix_ms(now_ms_() + options_.lease_ms);
  while (static_cast<int>(lease.outstanding.size()) < limit) {
    int64_t index;
    if (!run->replay.empty()) {
      index = run->replay.front();
      run->replay.pop_front();
      if (run->done[index] != 0) continue;
    } else if (run->record.next_pair() < static_cast<int64_t>(run->done.size())) {
      index = run->record.next_pair();
      run->record.set_next_pair(index + 1);
    } else {
      break;
    }
    lease.outstanding.insert(index);
    lease.record.add_pair_index(index);
  }
  run->leased += static_cast<int64_t>(lease.outstanding.size());
  run->handed_out += static_cast<int64_t>(lease.outstanding.size());
  if (run->record.state() == proto::RUN_PENDING) run->record.set_state(proto::RUN_RUNNING);
  if (!run->rate.started()) run->rate.Start(now_ms_());
  MarkChanged(*run);

  proto::Batch* batch = reply->mutable_batch();
  batch->set_run_id(run->record.run_id());
  batch->set_batch_id(id);
  batch->set_deadline_unix_ms(lease.record.deadline_unix_ms());
  *batch->mutable_config() = run->record.config();
  const proto::Openings& openings = run->record.config().openings();
  // Random openings are drawn by the worker from each pair's seed (engine play has no place on
  // this thread); every other source is resolved here, one opening a pair.
  if (!openings.has_random()) batch->mutable_config()->clear_openings();
  for (int64_t index : lease.record.pair_index()) {
    proto::PairAssignment* pair = batch->add_pair();
    pair->set_pair_index(index);
    pair->set_seed(MixSeed(run->record.config().seed(), index));
    if (!run->opening_order.empty()) {
      const int which = run->opening_order[index % run->opening_order.size()];
      *pair->mutable_opening() = openings.list().position(which);
    }
  }
  lease.record.set_opaque_state(run->kind->PrepareBatch(batch));
  batch->set_opaque_state(lease.record.opaque_state());
  PersistLease(lease);
  Answer(std::move(done));
}

absl::Status Core::CheckPair(const proto::PairResult& pair, int64_t worker_id,
                             ScoredPair* scored) const {
  const std::string what = absl::StrCat("pair ", pair.pair_index(), " of run ", pair.run_id(),
                                        " (batch ", pair.batch_id(), ")");
  auto run = runs_.find(pair.run_id());
  if (run == runs_.end()) return absl::NotFoundError(absl::StrCat(what, ": no such run"));
  if (!Active(run->second)) return absl::OkStatus();  // discarded, whoever sent it
  if (pair.pair_index() < 0 || pair.pair_index() >= static_cast<int64_t>(run->second.done.size())) {
    return absl::InvalidArgumentError(absl::StrCat(what, ": no such pair"));
  }
  auto lease = leases_.find(pair.batch_id());
  const bool leased_to_sender =
      lease != leases_.end() && lease->second.record.worker_id() == worker_id &&
      lease->second.record.run_id() == pair.run_id() &&
      std::find(lease->second.record.pair_index().begin(), lease->second.record.pair_index().end(),
                pair.pair_index()) != lease->second.record.pair_index().end();
  if (!leased_to_sender) {
    // A repeat after its lease was settled and dropped is harmless; anything else is a report
    // for work this worker was never given.
    if (run->second.done[pair.pair_index()] != 0) return absl::OkStatus();
    return absl::PermissionDeniedError(absl::StrCat(what, " is not leased to worker ", worker_id));
  }
  absl::StatusOr<ScoredPair> score = ScorePair(pair);
  if (!score.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(what, ": ", score.status().message()));
  }
  *scored = *score;
  return absl::OkStatus();
}

void Core::HandleReport(const proto::ReportRequest& request, proto::ReportReply* reply, Done done) {
  WorkerEntry* worker = Touch(request.worker_id());
  if (worker == nullptr) {
    return Answer(std::move(done), absl::NotFoundError(absl::StrCat(
                                       "unknown worker ", request.worker_id(), "; register")));
  }
  // All or nothing: a request with one forged or malformed pair changes nothing.
  std::vector<ScoredPair> scores(request.pair_size());
  for (int i = 0; i < request.pair_size(); ++i) {
    if (absl::Status status = CheckPair(request.pair(i), request.worker_id(), &scores[i]);
        !status.ok()) {
      return Answer(std::move(done), status);
    }
  }
  std::set<int64_t> stop;
  for (int i = 0; i < request.pair_size(); ++i) {
    const proto::PairResult& pair = request.pair(i);
    Run& run = runs_.at(pair.run_id());
    if (!Active(run)) {
      reply->set_discarded(reply->discarded() + 1);
      stop.insert(pair.batch_id());
      continue;
    }
    auto lease = leases_.find(pair.batch_id());
    if (run.done[pair.pair_index()] != 0) {
      reply->set_duplicates(reply->duplicates() + 1);
    } else {
      const ScoredPair& scored = scores[i];
      Count(run, pair, scored, request.worker_id());
      proto::PairResult& stored = batch_.pairs.emplace_back(pair);
      stored.set_worker_id(request.worker_id());
      // Stored pairs say their bin, whatever the worker sent.
      stored.set_pentanomial_index(scored.pentanomial_index);
      stored.clear_kind_record();  // only the kind writes it, never a worker
      // CheckPair admits a first report only under a lease that holds the pair.
      run.kind->CountPair(lease != leases_.end() ? lease->second.record.opaque_state() : "", scored,
                          &stored);
      if (!run.record.config().store_pgn()) stored.clear_pgn();
      CountWorkerPair(stored, worker);
      run.failure_streak = 0;
      run.rate.Add(now_ms_(), 1);
      MarkChanged(run);
      reply->set_accepted(reply->accepted() + 1);
    }
    if (lease != leases_.end()) {
      Settle(lease->second, pair.pair_index());
      if (lease->second.outstanding.empty()) DropLease(pair.batch_id());
    }
  }
  for (int64_t id : stop) reply->add_stop_batch(id);
  Answer(std::move(done));
}

void Core::HandleHeartbeat(const proto::HeartbeatRequest& request, proto::HeartbeatReply* reply,
                           Done done) {
  Touch(request.worker_id());
  const int64_t deadline = now_ms_() + options_.lease_ms;
  for (int64_t id : request.batch_id()) {
    auto it = leases_.find(id);
    // Deadlines are not written: after a restart every live lease gets a fresh one anyway.
    if (it != leases_.end() && it->second.record.worker_id() == request.worker_id() &&
        !it->second.record.expired()) {
      it->second.record.set_deadline_unix_ms(deadline);
    } else {
      reply->add_stop_batch(id);
    }
  }
  reply->set_deadline_unix_ms(deadline);
  Answer(std::move(done));
}

void Core::HandleSubmit(const proto::SubmitRequest& request, proto::SubmitReply* reply, Done done) {
  if (absl::Status status = config::ValidateRunConfig(request.config()); !status.ok()) {
    return Answer(std::move(done), status);
  }
  const int64_t id = next_run_id_++;
  Run& run = runs_[id];
  run.record.set_run_id(id);
  *run.record.mutable_config() = request.config();
  run.record.set_state(proto::RUN_PENDING);
  run.record.set_created_unix_ms(now_ms_());
  if (absl::Status status = InitRun(run); !status.ok()) {
    runs_.erase(id);
    return Answer(std::move(done), status);
  }
  MarkChanged(run);
  reply->set_run_id(id);
  Answer(std::move(done));
}

void Core::FillStatus(const Run& run, const StatusOptions& options,
                      proto::RunStatus* status) const {
  status->set_run_id(run.record.run_id());
  status->set_name(run.record.config().name());
  status->set_state(run.record.state());
  status->set_decision(run.record.decision());
  for (int64_t count : run.pentanomial) status->add_pentanomial(count);
  status->set_wins(run.wins);
  status->set_losses(run.losses);
  status->set_draws(run.draws);
  status->set_target_pairs(static_cast<int64_t>(run.done.size()));
  status->set_leased_pairs(run.leased);
  *status->mutable_config() = run.record.config();
  for (const auto& [reason, count] : run.reasons) (*status->mutable_reasons())[reason] = count;
  run.kind->FillStatus(options, status);
  status->set_kind(config::RunKindName(run.record.config()));
  status->set_variant(run.record.config().variant());
  if (run.figures_at != run.counted) {
    run.figures.Clear();
    FillRunFigures(run.pentanomial, run.record.config(), &run.figures);
    run.figures_at = run.counted;
  }
  *status->mutable_figures() = run.figures;
  if (options.history) {
    for (const proto::RunFigures& point : run.history.points()) *status->add_history() = point;
    for (const auto& [worker_id, tally] : run.by_worker) {
      proto::WorkerStatus* worker = status->add_worker();
      worker->set_worker_id(worker_id);
      auto known = workers_.find(worker_id);
      if (known != workers_.end())
        worker->set_hostname(known->second.record.capabilities().hostname());
      worker->set_pairs(tally.pairs);
      worker->set_failures(tally.failures);
      worker->set_crashes(tally.crashes);
      worker->set_time_losses(tally.time_losses);
      worker->set_illegal_moves(tally.illegal_moves);
    }
  }
  status->set_failures(run.failures);
  for (const proto::FailureRecord& failure : run.recent_failures) *status->add_failure() = failure;
  const double rate = run.rate.PerMinute(now_ms_());
  status->set_pairs_per_minute(rate);
  if (Active(run) && rate > 0) {
    status->set_eta_seconds(static_cast<double>(run.kind->PairsLeft(TallyOf(run))) * 60.0 / rate);
  }
}

void Core::HandleList(const proto::ListRequest&, proto::ListReply* reply, Done done) {
  std::set<int64_t> workers;
  for (const auto& [id, lease] : leases_) {
    if (!lease.record.expired()) workers.insert(lease.record.worker_id());
  }
  for (const auto& [id, run] : runs_) {
    proto::RunStatus* status = reply->add_run();
    FillStatus(run, StatusOptions(), status);
    // The list stays small: no config, and no failure's detail (up to 8 KB each).
    status->clear_config();
    for (proto::FailureRecord& failure : *status->mutable_failure()) failure.clear_detail();
  }
  reply->set_workers(static_cast<int>(workers.size()));
  Answer(std::move(done));
}

void Core::HandleStatus(const proto::StatusRequest& request, proto::StatusReply* reply, Done done) {
  auto it = runs_.find(request.run_id());
  if (it == runs_.end()) {
    return Answer(std::move(done), absl::NotFoundError(absl::StrCat("no run ", request.run_id())));
  }
  StatusOptions options;
  options.history = request.history();
  FillStatus(it->second, options, reply->mutable_run());
  Answer(std::move(done));
}

void Core::HandleCancel(const proto::CancelRequest& request, proto::CancelReply* reply, Done done) {
  auto it = runs_.find(request.run_id());
  if (it == runs_.end()) {
    return Answer(std::move(done), absl::NotFoundError(absl::StrCat("no run ", request.run_id())));
  }
  if (!Active(it->second)) {
    return Answer(std::move(done), absl::FailedPreconditionError(absl::StrCat(
                                       "run ", request.run_id(), " has already ended")));
  }
  EndRun(it->second, proto::RUN_CANCELLED, proto::DECISION_NONE);
  FillStatus(it->second, StatusOptions(), reply->mutable_run());
  Answer(std::move(done));
}

void Core::Tick() {
  const int64_t now = now_ms_();
  std::vector<int64_t> settled;
  for (auto& [id, lease] : leases_) {
    if (!lease.record.expired() && lease.record.deadline_unix_ms() < now) ExpireLease(lease);
    if (!lease.record.expired()) continue;
    // An expired lease stays only to take late reports of pairs nobody else has reported.
    const Run& run = runs_.at(lease.record.run_id());
    for (auto it = lease.outstanding.begin(); it != lease.outstanding.end();) {
      it = run.done[*it] != 0 ? lease.outstanding.erase(it) : std::next(it);
    }
    if (lease.outstanding.empty()) settled.push_back(id);
  }
  for (int64_t id : settled) DropLease(id);
}

void Core::Flush() {
  for (auto& [id, run] : runs_) {
    if (!run.changed) continue;
    CheckEnd(run);
    run.record.set_kind_state(run.kind->SaveState());
    batch_.runs.push_back(run.record);
    run.changed = false;
  }
  absl::Status status = store_->Commit(batch_);
  batch_.Clear();
  std::vector<std::pair<Done, absl::Status>> waiting = std::exchange(waiting_, {});
  if (!status.ok()) {
    // The memory is ahead of the disk; go back to what the disk holds.
    absl::Status recovered = Recover();
    if (!recovered.ok()) status = recovered;
  }
  for (auto& [done, result] : waiting) {
    done(status.ok() ? std::move(result)
                     : absl::UnavailableError(absl::StrCat("not stored: ", status.message())));
  }
}

bool Core::HasRun(int64_t run_id) const { return runs_.count(run_id) > 0; }

std::set<std::string> Core::ReferencedArtifacts() const {
  std::set<std::string> referenced;
  for (const auto& [id, run] : runs_) {
    if (!Active(run)) continue;
    for (const proto::EngineConfig* engine :
         {&run.record.config().engine(), &run.record.config().baseline()}) {
      if (engine->builtin().has_source()) referenced.insert(engine->builtin().source().sha256());
      if (engine->external().has_binary()) referenced.insert(engine->external().binary().sha256());
    }
  }
  return referenced;
}

int64_t Core::CountedPairs(int64_t run_id) const {
  auto it = runs_.find(run_id);
  return it == runs_.end() ? 0 : it->second.counted;
}

}  // namespace gc9::coordinator::core
