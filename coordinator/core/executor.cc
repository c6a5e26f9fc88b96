#include "coordinator/core/executor.h"

#include <chrono>
#include <utility>

namespace gc9::coordinator::core {

Executor::Executor(Task after_drain, Task on_tick, int64_t tick_ms)
    : after_drain_(std::move(after_drain)), on_tick_(std::move(on_tick)), tick_ms_(tick_ms) {}

Executor::~Executor() { Stop(); }

void Executor::Start() {
  thread_ = std::thread([this] { Loop(); });
}

void Executor::Post(Task task) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    queue_.push_back(std::move(task));
  }
  wake_.notify_one();
}

void Executor::Stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
}

void Executor::Loop() {
  using Clock = std::chrono::steady_clock;
  Clock::time_point next_tick = Clock::now() + std::chrono::milliseconds(tick_ms_);
  std::vector<Task> tasks;
  for (;;) {
    bool stopping;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait_until(lock, next_tick, [&] { return stopping_ || !queue_.empty(); });
      tasks.swap(queue_);
      stopping = stopping_;
    }
    for (Task& task : tasks) task();
    tasks.clear();
    if (Clock::now() >= next_tick) {
      if (on_tick_) on_tick_();
      next_tick = Clock::now() + std::chrono::milliseconds(tick_ms_);
    }
    if (after_drain_) after_drain_();
    if (stopping) {
      std::lock_guard<std::mutex> lock(mutex_);
      if (queue_.empty()) return;
    }
  }
}

}  // namespace gc9::coordinator::core
