#include "coordinator/artifacts/artifact_store.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <utility>

#include "absl/strings/str_cat.h"

namespace gc9::coordinator::artifacts {

absl::StatusOr<std::unique_ptr<ArtifactStore>> ArtifactStore::Open(const std::string& dir,
                                                                   int64_t max_bytes) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error || !std::filesystem::is_directory(dir)) {
    return absl::UnavailableError(
        absl::StrCat("cannot make the artifact folder '", dir, "': ", error.message()));
  }
  common::RemoveTemporaryFiles(dir);
  return std::unique_ptr<ArtifactStore>(new ArtifactStore(dir, max_bytes));
}

absl::Status ArtifactStore::CheckName(const std::string& sha256) const {
  if (common::IsSha256Hex(sha256)) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat("'", sha256.substr(0, 80), "' is no SHA-256 (64 lowercase hexadecimal digits)"));
}

absl::StatusOr<int64_t> ArtifactStore::Stat(const std::string& sha256) {
  if (absl::Status status = CheckName(sha256); !status.ok()) return status;
  const std::string path = PathOf(sha256);
  absl::MutexLock lock(&uses_);
  struct stat info;
  if (stat(path.c_str(), &info) != 0) {
    return absl::NotFoundError(absl::StrCat("no artifact ", sha256));
  }
  utimensat(AT_FDCWD, path.c_str(), nullptr, 0);  // now: a use
  return static_cast<int64_t>(info.st_size);
}

absl::StatusOr<ArtifactStore::Upload> ArtifactStore::BeginUpload(const std::string& sha256,
                                                                 int64_t size) {
  if (absl::Status status = CheckName(sha256); !status.ok()) return status;
  if (size <= 0 || size > max_bytes_) {
    return absl::InvalidArgumentError(absl::StrCat("artifact size ", size, " is outside 1..",
                                                   max_bytes_, " (--max-artifact-mb)"));
  }
  absl::StatusOr<common::AtomicFileWriter> writer = common::AtomicFileWriter::Create(dir_);
  if (!writer.ok()) return writer.status();
  return Upload(this, *std::move(writer), sha256, size);
}

absl::Status ArtifactStore::Upload::Append(absl::string_view data) {
  if (writer_.size() + static_cast<int64_t>(data.size()) > size_) {
    writer_.Abandon();
    return absl::InvalidArgumentError(
        absl::StrCat("more bytes than the ", size_, " announced for ", sha256_));
  }
  hash_.Update(data);
  absl::Status status = writer_.Append(data);
  if (!status.ok()) writer_.Abandon();
  return status;
}

absl::Status ArtifactStore::Upload::Finish() {
  if (writer_.size() != size_) {
    writer_.Abandon();
    return absl::InvalidArgumentError(absl::StrCat("the upload of ", sha256_, " ended after ",
                                                   writer_.size(), " of ", size_, " bytes"));
  }
  const std::string digest = hash_.HexDigest();
  if (digest != sha256_) {
    writer_.Abandon();
    return absl::InvalidArgumentError(
        absl::StrCat("the bytes uploaded as ", sha256_, " have the SHA-256 ", digest));
  }
  absl::MutexLock lock(&store_->uses_);
  return writer_.Commit(store_->PathOf(sha256_));
}

ArtifactStore::Reader::Reader(Reader&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), size_(other.size_) {}

ArtifactStore::Reader::~Reader() {
  if (fd_ >= 0) close(fd_);
}

absl::StatusOr<std::string> ArtifactStore::Reader::Read(int64_t offset, int64_t max) const {
  std::string bytes(static_cast<size_t>(std::max<int64_t>(0, std::min(max, size_ - offset))), 0);
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n =
        pread(fd_, bytes.data() + done, bytes.size() - done, offset + static_cast<off_t>(done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return absl::DataLossError("an artifact could not be read");
    done += static_cast<size_t>(n);
  }
  return bytes;
}

absl::StatusOr<ArtifactStore::Reader> ArtifactStore::Open(const std::string& sha256) const {
  if (absl::Status status = CheckName(sha256); !status.ok()) return status;
  const int fd = open(PathOf(sha256).c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return absl::NotFoundError(absl::StrCat("no artifact ", sha256));
  struct stat info;
  if (fstat(fd, &info) != 0) {
    close(fd);
    return absl::DataLossError(absl::StrCat("cannot read artifact ", sha256));
  }
  return Reader(fd, static_cast<int64_t>(info.st_size));
}

std::vector<std::string> ArtifactStore::Collect(const std::set<std::string>& referenced,
                                                int64_t grace_ms) {
  std::vector<std::string> removed;
  absl::MutexLock lock(&uses_);
  const auto now = std::filesystem::file_time_type::clock::now();
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(dir_, error)) {
    const std::string name = entry.path().filename().string();
    // Temporary files belong to uploads in progress; only Open clears them.
    if (!common::IsSha256Hex(name) || referenced.count(name) > 0) continue;
    std::error_code ignored;
    const auto used = std::filesystem::last_write_time(entry.path(), ignored);
    if (ignored || now - used < std::chrono::milliseconds(grace_ms)) continue;
    if (std::filesystem::remove(entry.path(), ignored)) removed.push_back(name);
  }
  return removed;
}

}  // namespace gc9::coordinator::artifacts
