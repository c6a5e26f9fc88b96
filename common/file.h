// Reading a whole file, the one way every gc9 folder does it; and writing one so that a crash
// leaves either nothing or all of it.
#pragma once

#include <functional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace gc9::common {

// The bytes of the file at `path`. `what` names the file in errors, which read
// "cannot open WHAT 'PATH': REASON" (NotFound when it does not exist) or "cannot read ...".
absl::StatusOr<std::string> ReadWholeFile(const std::string& path, absl::string_view what = "file");

// Hands the file's bytes to `sink` in pieces of at most 64 KB; errors as ReadWholeFile's.
absl::Status ReadFileInPieces(const std::string& path, absl::string_view what,
                              const std::function<void(absl::string_view)>& sink);

// A file written under a temporary name (PREFIX + random, in the folder of its final name) and
// renamed into place by Commit after an fsync of the file and then of the folder. A writer
// destroyed before Commit removes its temporary file; a process killed before Commit leaves
// only the temporary name, which RemoveTemporaryFiles clears at the next start.
class AtomicFileWriter {
 public:
  static absl::StatusOr<AtomicFileWriter> Create(const std::string& dir,
                                                 absl::string_view prefix = "tmp-");
  AtomicFileWriter(AtomicFileWriter&& other) noexcept;
  AtomicFileWriter& operator=(AtomicFileWriter&& other) noexcept;
  ~AtomicFileWriter();

  absl::Status Append(absl::string_view data);
  int64_t size() const { return size_; }
  const std::string& temp_path() const { return temp_path_; }
  // Durable under `path` (which must be in the same folder) with `mode`, or an error and no file.
  absl::Status Commit(const std::string& path, int mode = 0644);
  // Removes the temporary file now.
  void Abandon();

 private:
  AtomicFileWriter() = default;

  int fd_ = -1;
  std::string dir_;
  std::string temp_path_;
  int64_t size_ = 0;
};

// WriteFileAtomically(path, bytes): an AtomicFileWriter in one call.
absl::Status WriteFileAtomically(const std::string& path, absl::string_view bytes, int mode = 0644);

// Removes the entries of `dir` whose names start with `prefix` (leftovers of writers that
// never committed, files or folders); returns how many.
int RemoveTemporaryFiles(const std::string& dir, absl::string_view prefix = "tmp-");

// fsync of a folder, so a rename in it survives a crash.
absl::Status SyncDirectory(const std::string& dir);

}  // namespace gc9::common
