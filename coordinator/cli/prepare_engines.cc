#include "coordinator/cli/prepare_engines.h"

#include <sys/stat.h>

#include <map>
#include <memory>
#include <utility>

#include "absl/strings/str_cat.h"
#include "common/sha256.h"
#include "common/status_macros.h"
#include "coordinator/cli/revision.h"
#include "coordinator/config/run_config.h"
#include "engine/bench.h"

namespace gc9::coordinator::cli {
namespace {

namespace build = worker::engine_build;

std::string BaseName(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

absl::StatusOr<proto::ArtifactRef> RefOf(const std::string& path) {
  ASSIGN_OR_RETURN(const std::string sha256, common::Sha256OfFile(path));
  proto::ArtifactRef ref;
  ref.set_sha256(sha256);
  ref.set_name(BaseName(path));
  struct stat info;
  if (stat(path.c_str(), &info) != 0) {
    return absl::NotFoundError(absl::StrCat("cannot read '", path, "'"));
  }
  ref.set_size(static_cast<int64_t>(info.st_size));
  return ref;
}

std::string KiB(int64_t bytes) { return absl::StrCat((bytes + 1023) / 1024, " KB"); }

// One revision, packed, built and benched.
struct BuiltRevision {
  std::string commit;
  LocalArtifact archive;
  uint64_t bench = 0;
};

class Preparer {
 public:
  explicit Preparer(const PrepareOptions& options)
      : options_(options), config_dir_(config::ConfigDir(options.config_path)) {}

  absl::Status Engine(const char* role, proto::EngineConfig* engine, PreparedRun* run) {
    const std::string field = role;
    if (engine->has_builtin() && engine->builtin().revision().empty()) {
      return Expect(field, engine, engine::kBenchSignature, "this build of gc9");
    }
    if (engine->has_builtin()) {
      proto::BuiltinEngine* builtin = engine->mutable_builtin();
      ASSIGN_OR_RETURN(const BuiltRevision* built, Build(field, builtin->revision()));
      builtin->set_commit(built->commit);
      *builtin->mutable_source() = built->archive.ref;
      Add(built->archive, run);
      return Expect(
          field, engine, built->bench,
          absl::StrCat("revision ", builtin->revision(), " (", built->commit.substr(0, 12), ")"));
    }
    if (engine->has_external() && !engine->external().file().empty()) {
      const std::string path = config::ResolveConfigPath(config_dir_, engine->external().file());
      absl::StatusOr<proto::ArtifactRef> ref = RefOf(path);
      if (!ref.ok()) return Fail(field + ".external.file", ref.status().message());
      *engine->mutable_external()->mutable_binary() = *ref;
      Add({path, *ref}, run);
    }
    return absl::OkStatus();
  }

 private:
  absl::Status Fail(const std::string& field, absl::string_view reason) const {
    return absl::FailedPreconditionError(
        absl::StrCat(options_.config_path, ": ", field, ": ", reason));
  }

  // Fills the engine's expected bench, or refuses one the config gives that differs.
  absl::Status Expect(const std::string& field, proto::EngineConfig* engine, uint64_t bench,
                      const std::string& what) const {
    if (engine->has_bench() && engine->bench() != bench) {
      return Fail(field + ".bench", absl::StrCat("the config expects ", engine->bench(), ", but ",
                                                 what, " shows ", bench));
    }
    engine->set_bench(bench);
    return absl::OkStatus();
  }

  void Add(const LocalArtifact& artifact, PreparedRun* run) {
    for (const LocalArtifact& known : run->uploads) {
      if (known.ref.sha256() == artifact.ref.sha256()) return;
    }
    run->uploads.push_back(artifact);
  }

  absl::StatusOr<const BuiltRevision*> Build(const std::string& field,
                                             const std::string& revision) {
    auto known = built_.find(revision);
    if (known != built_.end()) return &known->second;
    absl::StatusOr<Revision> found = ResolveRevision(config_dir_, revision);
    if (!found.ok()) return Fail(field + ".builtin.revision", found.status().message());
    const std::string short_commit = found->commit.substr(0, 12);
    BuiltRevision built;
    built.commit = found->commit;
    built.archive.path = absl::StrCat(options_.work_dir, "/gc9-", short_commit, ".tar.gz");
    RETURN_IF_ERROR(PackRevision(*found, built.archive.path));
    ASSIGN_OR_RETURN(built.archive.ref, RefOf(built.archive.path));
    const std::string what = absl::StrCat("revision ", revision, " (", short_commit, ")");
    build::BuildOptions build_options = options_.build;
    build_options.progress = [&](const std::string& step) {
      if (options_.say) options_.say(absl::StrCat(what, ": ", step, " ..."));
    };
    if (options_.say) {
      options_.say(absl::StrCat(what, ": packed (", KiB(built.archive.ref.size()),
                                "); building gc9-engine unless it is cached"));
    }
    const std::string archive = built.archive.path;
    if (cache_ == nullptr) {
      absl::StatusOr<std::unique_ptr<build::EngineCache>> cache =
          build::EngineCache::Open(options_.cache);
      if (!cache.ok()) return cache.status();
      cache_ = *std::move(cache);
    }
    absl::StatusOr<build::BuiltEngine> engine = build::EnsureBuild(
        *cache_, built.archive.ref.sha256(),
        [archive]() -> absl::StatusOr<std::string> { return archive; }, build_options);
    if (!engine.ok()) {
      const std::string tail = build::BuildLogTail(engine.status());
      return Fail(field + ".builtin.revision",
                  absl::StrCat("building ", what, ": ", engine.status().message(),
                               tail.empty() ? "" : "; the end of its log:\n", tail));
    }
    built.bench = engine->bench;
    if (options_.say) options_.say(absl::StrCat(what, ": bench ", built.bench));
    return &(built_[revision] = std::move(built));
  }

  const PrepareOptions& options_;
  const std::string config_dir_;
  std::map<std::string, BuiltRevision> built_;  // by revision as written
  std::unique_ptr<build::EngineCache> cache_;
};

}  // namespace

absl::StatusOr<PreparedRun> PrepareEngines(const proto::RunConfig& config,
                                           const PrepareOptions& options) {
  PreparedRun run;
  run.config = config;
  Preparer preparer(options);
  RETURN_IF_ERROR(preparer.Engine("engine", run.config.mutable_engine(), &run));
  if (run.config.has_baseline()) {
    RETURN_IF_ERROR(preparer.Engine("baseline", run.config.mutable_baseline(), &run));
  }
  // What the coordinator will check, checked here first.
  if (absl::Status status = config::ValidateRunConfig(run.config); !status.ok()) {
    return absl::InvalidArgumentError(absl::StrCat(options.config_path, ": ", status.message()));
  }
  return run;
}

absl::Status UploadArtifacts(const std::vector<LocalArtifact>& uploads, UserClient& client,
                             const std::function<void(const std::string&)>& say) {
  for (const LocalArtifact& artifact : uploads) {
    ASSIGN_OR_RETURN(const bool present, client.HasArtifact(artifact.ref));
    if (present) continue;
    if (say) {
      say(absl::StrCat("uploading ", artifact.ref.name(), " (", KiB(artifact.ref.size()), ")"));
    }
    absl::Status status = client.UploadArtifact(artifact.path, artifact.ref);
    if (!status.ok()) {
      return absl::Status(status.code(),
                          absl::StrCat("uploading ", artifact.ref.name(), ": ", status.message()));
    }
  }
  return absl::OkStatus();
}

}  // namespace gc9::coordinator::cli
