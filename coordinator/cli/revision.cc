#include "coordinator/cli/revision.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "worker/engine_build/command.h"

namespace gc9::coordinator::cli {
namespace {

using worker::engine_build::CommandOptions;
using worker::engine_build::RunCommand;

// git's answer, or its own words on stderr as the error.
absl::StatusOr<std::string> Git(const std::string& dir, const std::vector<std::string>& args) {
  std::vector<std::string> argv = {"git", "-C", dir};
  argv.insert(argv.end(), args.begin(), args.end());
  CommandOptions options;
  options.timeout_ms = 300000;
  absl::StatusOr<worker::engine_build::CommandResult> result = RunCommand(argv, options);
  if (!result.ok()) return result.status();
  if (result->exit_code == 127) return absl::FailedPreconditionError("git is not installed");
  if (!result->ok()) {
    return absl::FailedPreconditionError(absl::StripAsciiWhitespace(result->output));
  }
  return std::string(absl::StripTrailingAsciiWhitespace(result->output));
}

}  // namespace

absl::StatusOr<Revision> ResolveRevision(const std::string& config_dir,
                                         const std::string& revision) {
  Revision found;
  absl::StatusOr<std::string> top = Git(config_dir, {"rev-parse", "--show-toplevel"});
  if (!top.ok()) {
    return absl::FailedPreconditionError(absl::StrCat("revision '", revision,
                                                      "': no git repository holds '", config_dir,
                                                      "' (", top.status().message(), ")"));
  }
  found.repository = *top;
  absl::StatusOr<std::string> commit =
      Git(found.repository,
          {"rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"});
  if (!commit.ok() || commit->size() != 40) {
    return absl::NotFoundError(
        absl::StrCat("revision '", revision, "' names no commit in ", found.repository));
  }
  found.commit = *commit;
  // Tracked files changed but not committed (untracked ones, such as a new config, are fine).
  absl::StatusOr<std::string> changed =
      Git(found.repository, {"status", "--porcelain", "--untracked-files=no"});
  if (!changed.ok()) return changed.status();
  if (!changed->empty()) {
    std::vector<std::string> files;
    for (absl::string_view line : absl::StrSplit(*changed, '\n')) {
      if (line.size() > 3 && files.size() < 5) files.emplace_back(line.substr(3));
    }
    return absl::FailedPreconditionError(
        absl::StrCat("the repository ", found.repository, " has uncommitted changes (",
                     absl::StrJoin(files, ", "),
                     "); commit or stash them first: a run tests committed revisions"));
  }
  return found;
}

absl::Status PackRevision(const Revision& revision, const std::string& path) {
  absl::StatusOr<std::string> packed =
      Git(revision.repository, {"archive", "--format=tar.gz", "-o", path, revision.commit});
  if (!packed.ok()) {
    return absl::FailedPreconditionError(
        absl::StrCat("git archive of ", revision.commit, ": ", packed.status().message()));
  }
  return absl::OkStatus();
}

}  // namespace gc9::coordinator::cli
