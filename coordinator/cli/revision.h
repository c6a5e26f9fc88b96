// A config's `revision`, as gc9 submit finds it: in the git repository that holds the config
// file, which must have no uncommitted changes (a run tests committed revisions, so a dirty
// tree almost always means a change the user forgot to commit), packed with `git archive`.
#pragma once

#include <string>

#include "absl/status/statusor.h"

namespace gc9::coordinator::cli {

struct Revision {
  std::string repository;  // the top of the working tree
  std::string commit;      // 40 hexadecimal digits
};

// `revision` (a commit, branch or tag) in the repository holding `config_dir`.
absl::StatusOr<Revision> ResolveRevision(const std::string& config_dir,
                                         const std::string& revision);

// The commit's tree as a gzipped tar (`git archive --format=tar.gz`), written to `path`.
absl::Status PackRevision(const Revision& revision, const std::string& path);

}  // namespace gc9::coordinator::cli
