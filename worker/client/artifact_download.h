// Downloads an artifact from the coordinator's ArtifactService: a server stream of chunks,
// resumed from the last byte received when the stream breaks (a coordinator restart, a lost
// connection), a few times with backoff. The sink (the engine cache's) checks size and hash.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

#include "proto/coordinator.grpc.pb.h"
#include "worker/engine_build/builder.h"

namespace gc9::worker {

struct DownloadOptions {
  std::string token;
  int64_t timeout_ms = 600000;  // each attempt's
  int attempts = 5;
  const std::atomic<bool>* cancel = nullptr;
};

// A Fetcher for EnsureFile/EnsureBuild. NOT_FOUND (the coordinator has no such artifact) and
// the sink's errors end it at once.
engine_build::Fetcher ArtifactFetcher(proto::ArtifactService::StubInterface* stub,
                                      const std::string& sha256, DownloadOptions options);

}  // namespace gc9::worker
