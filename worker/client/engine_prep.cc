#include "worker/client/engine_prep.h"

#include <unistd.h>

#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "worker/client/artifact_download.h"

namespace gc9::worker {
namespace {

namespace build = engine_build;

// The failure to report, carried out of PrepareEngine as a status with this payload.
constexpr char kFailurePayload[] = "type.gc9/failure-record";

absl::Status Failure(proto::FailureKind kind, const std::string& engine, const std::string& message,
                     const std::string& detail = "") {
  proto::FailureRecord failure;
  failure.set_kind(kind);
  failure.set_engine(engine);
  failure.set_message(message);
  failure.set_detail(detail);
  absl::Status status = absl::FailedPreconditionError(message);
  status.SetPayload(kFailurePayload, absl::Cord(failure.SerializeAsString()));
  return status;
}

std::string Short(const std::string& hex) { return hex.substr(0, 12); }

}  // namespace

absl::StatusOr<build::EngineCache*> EnginePreparer::Cache(const std::string& engine) {
  if (cache_ == nullptr) {
    absl::StatusOr<std::unique_ptr<build::EngineCache>> opened =
        build::EngineCache::Open(options_.cache);
    if (!opened.ok()) {
      return Failure(proto::FAILURE_UNSUPPORTED, engine,
                     absl::StrCat("the engine cache: ", opened.status().message()));
    }
    cache_ = *std::move(opened);
  }
  return cache_.get();
}

absl::StatusOr<build::CacheEntry> EnginePreparer::Fetch(const proto::ArtifactRef& ref) {
  DownloadOptions download;
  download.token = options_.token;
  download.cancel = options_.build.cancel;
  return build::EnsureFile(*cache_, ref.sha256(), ref.size(),
                           ArtifactFetcher(options_.artifacts, ref.sha256(), download));
}

absl::Status EnginePreparer::PrepareEngine(const proto::EngineConfig& engine,
                                           const std::string& role, std::string* binary,
                                           Preparation* out) {
  const std::string name = engine.name().empty() ? role : engine.name();
  auto compare = [&](uint64_t bench, const std::string& what) -> absl::Status {
    if (!engine.has_bench() || engine.bench() == bench) return absl::OkStatus();
    return Failure(proto::FAILURE_BENCH_MISMATCH, name,
                   absl::StrCat("engine '", name, "': ", what, " has bench ", bench,
                                " here; the run expects ", engine.bench()));
  };
  // 1. gc9's own build, in process.
  if (engine.has_builtin() && engine.builtin().revision().empty()) {
    return compare(options_.own_bench, "this worker's own build of gc9");
  }
  // Everything else needs the cache.
  absl::StatusOr<build::EngineCache*> cache = Cache(name);
  if (!cache.ok()) return cache.status();
  // 2. A revision: its archive fetched only if its build is not cached, then built once.
  if (engine.has_builtin()) {
    const proto::BuiltinEngine& builtin = engine.builtin();
    const std::string what =
        absl::StrCat("revision ", builtin.revision(), " (", Short(builtin.commit()), ")");
    absl::Status fetched;
    build::BuildOptions build_options = options_.build;
    build_options.progress = [&](const std::string& step) {
      if (options_.build.progress) options_.build.progress(absl::StrCat(what, ": ", step));
    };
    absl::StatusOr<build::BuiltEngine> built = build::EnsureBuild(
        **cache, builtin.source().sha256(),
        [&]() -> absl::StatusOr<std::string> {
          absl::StatusOr<build::CacheEntry> archive = Fetch(builtin.source());
          if (!archive.ok()) {
            fetched = archive.status();
            return archive.status();
          }
          std::string path = archive->path();
          out->holds.push_back(*std::move(archive));
          return path;
        },
        build_options);
    if (absl::IsCancelled(built.status())) return built.status();
    if (!fetched.ok()) {
      return Failure(
          proto::FAILURE_ARTIFACT, name,
          absl::StrCat("engine '", name, "': the source of ", what, ": ", fetched.message()));
    }
    if (!built.ok()) {
      return Failure(
          proto::FAILURE_BUILD, name,
          absl::StrCat("engine '", name, "': building ", what, ": ", built.status().message()),
          build::BuildLogTail(built.status()));
    }
    *binary = built->binary;
    const uint64_t bench = built->bench;
    out->holds.push_back(std::move(built->entry));
    return compare(bench, absl::StrCat("its build of ", what));
  }
  // 3. An external engine: an uploaded file, or one installed here.
  const proto::ExternalEngine& external = engine.external();
  std::string path = external.path();
  if (!external.file().empty()) {
    absl::StatusOr<build::CacheEntry> file = Fetch(external.binary());
    if (absl::IsCancelled(file.status())) return file.status();
    if (!file.ok()) {
      return Failure(proto::FAILURE_ARTIFACT, name,
                     absl::StrCat("engine '", name, "': file ", external.binary().name(), ": ",
                                  file.status().message()));
    }
    path = *binary = file->path();
    out->holds.push_back(*std::move(file));
  }
  if (!engine.has_bench()) return absl::OkStatus();
  if (access(path.c_str(), X_OK) != 0) {
    return Failure(proto::FAILURE_ENGINE_MISSING, name,
                   absl::StrCat("engine '", name, "': no executable at ", path));
  }
  const std::string command = engine.bench_command().empty() ? "bench" : engine.bench_command();
  const std::vector<std::string> args = absl::StrSplit(command, ' ', absl::SkipEmpty());
  absl::StatusOr<uint64_t> bench =
      build::CachedBench(**cache, path, external.file().empty() ? "" : external.binary().sha256(),
                         args, options_.bench_timeout_ms, options_.build.cancel);
  if (absl::IsCancelled(bench.status())) return bench.status();
  if (!bench.ok()) {
    return Failure(
        proto::FAILURE_ENGINE_START, name,
        absl::StrCat("engine '", name, "': its bench (", command, "): ", bench.status().message()));
  }
  return compare(*bench, external.file().empty() ? path : external.binary().name());
}

absl::StatusOr<Preparation> EnginePreparer::Prepare(const proto::RunConfig& config) {
  Preparation out;
  absl::Status status = PrepareEngine(config.engine(), "engine", &out.binaries.engine, &out);
  if (status.ok() && config.has_baseline()) {
    status = PrepareEngine(config.baseline(), "baseline", &out.binaries.baseline, &out);
  }
  if (status.ok()) return out;
  if (absl::IsCancelled(status)) return status;
  const auto payload = status.GetPayload(kFailurePayload);
  proto::FailureRecord failure;
  if (!payload.has_value() || !failure.ParseFromString(std::string(*payload))) {
    failure.set_kind(proto::FAILURE_UNSUPPORTED);
    failure.set_message(std::string(status.message()));
  }
  out.failure = std::move(failure);
  out.holds.clear();
  return out;
}

}  // namespace gc9::worker
