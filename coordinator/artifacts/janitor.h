// Removes the artifacts that no pending or running run needs: a thread of its own asks, every
// interval, which artifacts live runs reference (the core answers on its executor) and lets
// the store delete the rest that are past their grace period. A run's artifacts therefore go
// at the first sweep after the run has ended and the grace period since their last upload or
// Stat has passed.
#pragma once

#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <thread>

#include "absl/synchronization/mutex.h"
#include "coordinator/artifacts/artifact_store.h"

namespace gc9::coordinator::artifacts {

struct JanitorOptions {
  int64_t grace_ms = 3600 * 1000;  // an upload's time to be followed by its submit
  int64_t interval_ms = 60 * 1000;
};

class Janitor {
 public:
  // `referenced` may block (it waits for the core); it runs on the janitor's thread only.
  Janitor(ArtifactStore* store, std::function<std::set<std::string>()> referenced,
          JanitorOptions options);
  ~Janitor();  // Stop()

  // One sweep now, on the caller's thread; returns how many artifacts went.
  int Sweep();
  void Start();
  void Stop();

 private:
  void Loop();
  bool Stopping() const ABSL_SHARED_LOCKS_REQUIRED(mutex_) { return stopping_; }

  ArtifactStore* store_;
  std::function<std::set<std::string>()> referenced_;
  JanitorOptions options_;
  absl::Mutex mutex_;
  bool stopping_ ABSL_GUARDED_BY(mutex_) = false;
  std::thread thread_;
};

}  // namespace gc9::coordinator::artifacts
