#include "coordinator/server/simulated_worker.h"

#include <utility>

#include "common/protocol.h"
#include "common/rpc.h"

namespace gc9::coordinator {
namespace {

constexpr int64_t kCallDeadlineMs = 60000;

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

}  // namespace

Timer::Timer() : thread_([this] { Loop(); }) {}

Timer::~Timer() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void Timer::After(int64_t ms, std::function<void()> callback) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    due_.emplace(Clock::now() + std::chrono::milliseconds(ms), std::move(callback));
  }
  wake_.notify_all();
}

void Timer::Loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stopping_) {
    if (due_.empty()) {
      wake_.wait(lock);
      continue;
    }
    const Clock::time_point first = due_.begin()->first;
    if (Clock::now() < first) {
      wake_.wait_until(lock, first);
      continue;
    }
    std::function<void()> callback = std::move(due_.begin()->second);
    due_.erase(due_.begin());
    lock.unlock();
    callback();  // outside the lock: it may schedule the next wait
    lock.lock();
  }
}

void SimulatedWorker::Start(int64_t delay_ms) {
  ++totals_->running;
  if (delay_ms <= 0) return Register();
  timer_->After(delay_ms, [this] { Register(); });
}

void SimulatedWorker::Finish() {
  std::lock_guard<std::mutex> lock(totals_->mutex);
  if (--totals_->running == 0) totals_->all_done.notify_all();
}

void SimulatedWorker::Failed(void (SimulatedWorker::*again)()) {
  ++totals_->errors;
  if (!options_->retry || totals_->stopping) return Finish();
  timer_->After(options_->retry_ms, [this, again] { (this->*again)(); });
}

void SimulatedWorker::Register() {
  if (totals_->stopping) return Finish();
  context_ = common::MakeContext(options_->token, kCallDeadlineMs);
  register_reply_.Clear();
  register_request_.set_protocol_version(common::kProtocolVersion);
  stub_->async()->Register(context_.get(), &register_request_, &register_reply_,
                           [this](grpc::Status status) {
                             if (!status.ok()) return Failed(&SimulatedWorker::Register);
                             worker_id_ = register_reply_.worker_id();
                             Acquire();
                           });
}

void SimulatedWorker::Acquire() {
  if (totals_->stopping) return Finish();
  context_ = common::MakeContext(options_->token, kCallDeadlineMs);
  acquire_request_.set_worker_id(worker_id_);
  acquire_request_.set_max_pairs(1000);
  acquire_reply_.Clear();
  stub_->async()->AcquireWork(
      context_.get(), &acquire_request_, &acquire_reply_, [this](grpc::Status status) {
        if (!status.ok()) return Failed(&SimulatedWorker::Acquire);
        if (!acquire_reply_.has_batch()) {
          // A benchmark's run never runs out of pairs: no batch is a fault. In a soak the
          // real workers may hold the rest for a moment.
          if (!options_->retry) return Failed(&SimulatedWorker::Acquire);
          timer_->After(acquire_reply_.retry_after_ms(), [this] { Acquire(); });
          return;
        }
        next_ = 0;
        Report();
      });
}

void SimulatedWorker::Report() {
  if (totals_->stopping) return Finish();
  if (next_ >= acquire_reply_.batch().pair_size()) return Acquire();
  report_request_.Clear();
  report_request_.set_worker_id(worker_id_);
  const proto::Batch& batch = acquire_reply_.batch();
  for (int i = next_; i < batch.pair_size() && i < next_ + options_->pairs_per_report; ++i) {
    *report_request_.add_pair() = FakePair(batch, i);
  }
  SendReport();
}

void SimulatedWorker::SendReport() {
  context_ = common::MakeContext(options_->token, kCallDeadlineMs);
  report_reply_.Clear();
  const bool measured = totals_->measuring;
  const Clock::time_point sent = Clock::now();
  stub_->async()->ReportPairs(
      context_.get(), &report_request_, &report_reply_,
      [this, sent, measured](grpc::Status status) {
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - sent).count();
        if (!status.ok()) return Failed(&SimulatedWorker::SendReport);
        // A duplicate is a retried report whose first reply was lost with the coordinator:
        // the pair was counted then.
        const int sent_pairs = report_request_.pair_size();
        if (report_reply_.accepted() + report_reply_.duplicates() != sent_pairs) {
          ++totals_->errors;
          return Finish();
        }
        totals_->acknowledged += sent_pairs;
        if (measured && totals_->measuring) {
          totals_->measured += sent_pairs;
          std::lock_guard<std::mutex> lock(totals_->mutex);
          totals_->latencies_ms.push_back(ms);
        }
        next_ += sent_pairs;
        if (options_->report_interval_ms > 0) {
          timer_->After(options_->report_interval_ms, [this] { Report(); });
        } else {
          Report();
        }
      });
}

}  // namespace gc9::coordinator
