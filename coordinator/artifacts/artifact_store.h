// The coordinator's artifacts (engine source archives and binaries) as files beside its
// database, each named by the SHA-256 of its bytes. Names come only from validated hashes, so
// nothing a caller sends reaches a path unchecked. An upload is written under a temporary
// name and renamed only once its size and hash match and it is on disk, so a coordinator
// killed mid-upload never serves half a file; the leftovers go at the next Open.
//
// Thread-safe: the file system does the work (a rename is atomic), and one mutex keeps Collect
// from removing a file between its look at the file's age and a Stat or upload that renews it.
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "common/file.h"
#include "common/sha256.h"

namespace gc9::coordinator::artifacts {

class ArtifactStore {
 public:
  // Creates `dir` if needed and removes what unfinished uploads left there.
  static absl::StatusOr<std::unique_ptr<ArtifactStore>> Open(const std::string& dir,
                                                             int64_t max_bytes);

  const std::string& dir() const { return dir_; }
  int64_t max_bytes() const { return max_bytes_; }

  // The size of a stored artifact, or NotFound. A look counts as a use: it restarts the grace
  // period of Collect, so an upload that a client found already present survives until the
  // client's submit arrives.
  absl::StatusOr<int64_t> Stat(const std::string& sha256);

  // One upload in progress; destroyed before Finish, it leaves nothing behind.
  class Upload {
   public:
    // Refuses bytes beyond the declared size.
    absl::Status Append(absl::string_view data);
    // Checks the size and the hash; then the artifact is stored and durable.
    absl::Status Finish();

   private:
    friend class ArtifactStore;
    Upload(ArtifactStore* store, common::AtomicFileWriter writer, std::string sha256, int64_t size)
        : store_(store), writer_(std::move(writer)), sha256_(std::move(sha256)), size_(size) {}

    ArtifactStore* store_;
    common::AtomicFileWriter writer_;
    common::Sha256 hash_;
    std::string sha256_;
    int64_t size_;
  };
  // InvalidArgument for a name that is no SHA-256 or a size outside 1..max_bytes.
  absl::StatusOr<Upload> BeginUpload(const std::string& sha256, int64_t size);

  // A stored artifact opened for reading; the bytes stay readable while it is open, even if
  // Collect removes the name meanwhile.
  class Reader {
   public:
    Reader(Reader&& other) noexcept;
    ~Reader();
    int64_t size() const { return size_; }
    // Up to `max` bytes from `offset`.
    absl::StatusOr<std::string> Read(int64_t offset, int64_t max) const;

   private:
    friend class ArtifactStore;
    Reader(int fd, int64_t size) : fd_(fd), size_(size) {}
    int fd_;
    int64_t size_;
  };
  absl::StatusOr<Reader> Open(const std::string& sha256) const;

  // Removes every artifact that is not in `referenced` and was not uploaded or looked at
  // (Stat) for `grace_ms`: an upload whose run has not been submitted yet keeps its file.
  // Returns the names removed.
  std::vector<std::string> Collect(const std::set<std::string>& referenced, int64_t grace_ms);

 private:
  ArtifactStore(std::string dir, int64_t max_bytes) : dir_(std::move(dir)), max_bytes_(max_bytes) {}
  absl::Status CheckName(const std::string& sha256) const;
  std::string PathOf(const std::string& sha256) const { return dir_ + "/" + sha256; }

  std::string dir_;
  int64_t max_bytes_;
  absl::Mutex uses_;  // held by Collect, and by Stat and Finish as they renew an artifact
};

}  // namespace gc9::coordinator::artifacts
