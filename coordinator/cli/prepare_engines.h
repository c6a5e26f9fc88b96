// What gc9 submit and gc9 run do to a run's engines before the run goes to the coordinator:
// each revision is found in the config's repository, packed, built with the worker's own
// builder (cached by the archive's hash) and benched; the engines' expected bench signatures
// are filled in (gc9's own build gives its kBenchSignature); engine files are hashed. Then
// what the coordinator does not hold yet is uploaded. Any failure comes before the submit.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "coordinator/cli/user_client.h"
#include "proto/run.pb.h"
#include "worker/engine_build/builder.h"
#include "worker/engine_build/cache.h"

namespace gc9::coordinator::cli {

// A file of the submitter's that the run needs on the coordinator.
struct LocalArtifact {
  std::string path;
  proto::ArtifactRef ref;
};

struct PreparedRun {
  proto::RunConfig config;  // commits, refs and bench signatures filled in
  std::vector<LocalArtifact> uploads;
};

struct PrepareOptions {
  std::string config_path;  // names the config in errors; its folder holds the repository
  worker::engine_build::CacheOptions cache;  // opened only when a revision is to be built
  std::string work_dir;  // packed archives are written here and must stay until uploaded
  worker::engine_build::BuildOptions build;
  std::function<void(const std::string&)> say;  // progress of the long steps
};

absl::StatusOr<PreparedRun> PrepareEngines(const proto::RunConfig& config,
                                           const PrepareOptions& options);

// Uploads what the coordinator lacks (it is asked first).
absl::Status UploadArtifacts(const std::vector<LocalArtifact>& uploads, UserClient& client,
                             const std::function<void(const std::string&)>& say);

}  // namespace gc9::coordinator::cli
