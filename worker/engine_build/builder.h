// What a run's engines need before a worker (or gc9 submit) can play or check them: the
// artifacts from the coordinator, builds of revisions and bench signatures, all kept in the
// EngineCache.
//
// A build of a revision's source archive: extract it, configure with the project's own CMake
// (-DGC9_ENGINE_ONLY=ON; ccache as the compiler launcher when installed, with the extracted tree
// as CCACHE_BASEDIR, so that sources which match another build of gc9 are cache hits), build
// the gc9-engine target, run its bench once. The entry keeps the binary, the build log and the
// bench signature.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "worker/engine_build/cache.h"

namespace gc9::worker::engine_build {

struct BuildOptions {
  int jobs = 0;                        // ninja -j; 0: the machine's cores
  int64_t build_timeout_ms = 1800000;  // configure plus build
  int64_t bench_timeout_ms = 600000;
  const std::atomic<bool>* cancel = nullptr;
  std::function<void(const std::string&)> progress;  // "building ...", for long steps
};

struct BuiltEngine {
  CacheEntry entry;    // holds the build while it is in use
  std::string binary;  // entry/gc9-engine
  uint64_t bench = 0;
  std::string log;  // entry/build.log
};

// Writes a fetched file: called with the bytes in order, as often as needed.
using FileSink = std::function<absl::Status(absl::string_view bytes)>;
// Fetches an artifact's bytes into the sink (from the coordinator, or a local file).
using Fetcher = std::function<absl::Status(const FileSink& sink)>;

// The artifact `sha256` (of `size` bytes) as a verified, executable file in the cache, fetched
// only when it is not there. A fetch that yields other bytes stores nothing: DataLoss naming
// both hashes.
absl::StatusOr<CacheEntry> EnsureFile(EngineCache& cache, const std::string& sha256, int64_t size,
                                      const Fetcher& fetch);

// The build of the source archive `sha256`; `archive` gives the archive's path (fetched only
// when the build is not cached). A failed build is an error whose message says which step
// failed and whose detail (BuildLogTail) is the end of the log; the whole log is kept as
// failed/SHA.log in the cache.
absl::StatusOr<BuiltEngine> EnsureBuild(EngineCache& cache, const std::string& sha256,
                                        const std::function<absl::StatusOr<std::string>()>& archive,
                                        const BuildOptions& options);

// The end of a failed build's log (at most 4 KB), carried by EnsureBuild's error.
std::string BuildLogTail(const absl::Status& status);

// Runs `binary` with `args` (e.g. {"bench"}) and reads its bench signature: the last "Nodes
// searched" count it prints (gc9-engine and Fairy-Stockfish both do, on stdout or stderr).
absl::StatusOr<uint64_t> RunBench(const std::string& binary, const std::vector<std::string>& args,
                                  int64_t timeout_ms, const std::atomic<bool>* cancel = nullptr);
absl::StatusOr<uint64_t> ParseBenchOutput(const std::string& output);

// RunBench, cached: per artifact for an uploaded binary (`sha256` given), else per path, size,
// modification time and arguments, so a reinstalled engine is benched again.
absl::StatusOr<uint64_t> CachedBench(EngineCache& cache, const std::string& binary,
                                     const std::string& sha256,
                                     const std::vector<std::string>& args, int64_t timeout_ms,
                                     const std::atomic<bool>* cancel = nullptr);

}  // namespace gc9::worker::engine_build
