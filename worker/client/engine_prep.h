// What a worker does to a batch's engines before it queues the batch's pairs: fetches the
// artifacts (verified by SHA-256), builds revisions, runs benches where the run expects a
// signature (each once: the cache keeps them) and compares. A batch that cannot be played here
// yields the failure to report (its kind, the engine at fault, a one-line message and, for a
// build, the end of its log). Slow (a build may take minutes), so it runs on a thread of its
// own, never on the control loop that heartbeats.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "proto/coordinator.grpc.pb.h"
#include "worker/client/match_settings.h"
#include "worker/engine_build/builder.h"
#include "worker/engine_build/cache.h"

namespace gc9::worker {

struct Preparation {
  std::optional<proto::FailureRecord> failure;  // set: unplayable here (kind, engine, message)
  EngineBinaries binaries;                      // for MatchSettingsFromConfig
  std::vector<engine_build::CacheEntry> holds;  // keep the binaries while the batch plays
};

struct PreparerOptions {
  engine_build::CacheOptions cache;  // opened at the first engine that needs it
  proto::ArtifactService::StubInterface* artifacts = nullptr;
  std::string token;
  engine_build::BuildOptions build;  // its cancel also stops downloads and benches
  int64_t bench_timeout_ms = 600000;
  uint64_t own_bench = 0;  // this build's kBenchSignature, for `builtin {}`
};

class EnginePreparer {
 public:
  explicit EnginePreparer(PreparerOptions options) : options_(std::move(options)) {}

  // The engines of `config` ready to play, or the failure to report. An error only when it
  // was cancelled.
  absl::StatusOr<Preparation> Prepare(const proto::RunConfig& config);

 private:
  // One engine; `binary` gets its path when it has one of its own.
  absl::Status PrepareEngine(const proto::EngineConfig& engine, const std::string& role,
                             std::string* binary, Preparation* out);
  absl::StatusOr<engine_build::CacheEntry> Fetch(const proto::ArtifactRef& ref);
  // The cache, opened now if it is not yet; a failure to report otherwise.
  absl::StatusOr<engine_build::EngineCache*> Cache(const std::string& engine);

  PreparerOptions options_;
  std::unique_ptr<engine_build::EngineCache> cache_;
};

}  // namespace gc9::worker
