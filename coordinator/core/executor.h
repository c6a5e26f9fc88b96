// The one thread that runs the core: tasks posted from any thread run in order; after each
// drain of the queue the `after_drain` hook runs (the core's Flush, so one commit covers
// every request that arrived while the previous commit was on its way to the disk), and
// `on_tick` runs every `tick_ms`. Either hook may be empty (the read side's thread has none).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace gc9::coordinator::core {

class Executor {
 public:
  using Task = std::function<void()>;

  Executor(Task after_drain, Task on_tick, int64_t tick_ms);
  ~Executor();  // Stop()

  void Start();
  void Post(Task task);
  // Runs what is queued, the hooks once more, and joins the thread.
  void Stop();

 private:
  void Loop();

  Task after_drain_;
  Task on_tick_;
  int64_t tick_ms_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::vector<Task> queue_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace gc9::coordinator::core
