#include "coordinator/artifacts/janitor.h"

#include <cstdio>
#include <utility>

namespace gc9::coordinator::artifacts {

Janitor::Janitor(ArtifactStore* store, std::function<std::set<std::string>()> referenced,
                 JanitorOptions options)
    : store_(store), referenced_(std::move(referenced)), options_(options) {}

Janitor::~Janitor() { Stop(); }

int Janitor::Sweep() {
  const std::vector<std::string> removed = store_->Collect(referenced_(), options_.grace_ms);
  for (const std::string& name : removed) {
    std::fprintf(stderr, "gc9-coordinator: removed artifact %s (no live run needs it)\n",
                 name.c_str());
  }
  return static_cast<int>(removed.size());
}

void Janitor::Start() {
  thread_ = std::thread([this] { Loop(); });
}

void Janitor::Stop() {
  {
    absl::MutexLock lock(&mutex_);
    stopping_ = true;
  }
  if (thread_.joinable()) thread_.join();
}

void Janitor::Loop() {
  for (;;) {
    {
      absl::MutexLock lock(&mutex_);
      mutex_.AwaitWithTimeout(absl::Condition(this, &Janitor::Stopping),
                              absl::Milliseconds(options_.interval_ms));
      if (stopping_) return;
    }
    Sweep();
  }
}

}  // namespace gc9::coordinator::artifacts
