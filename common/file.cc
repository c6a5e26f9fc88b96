#include "common/file.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace gc9::common {

absl::Status ReadFileInPieces(const std::string& path, absl::string_view what,
                              const std::function<void(absl::string_view)>& sink) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return absl::ErrnoToStatus(errno, absl::StrCat("cannot open ", what, " '", path, "'"));
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = read(fd, buffer, sizeof(buffer));
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      const int error = errno;
      close(fd);
      return absl::ErrnoToStatus(error, absl::StrCat("cannot read ", what, " '", path, "'"));
    }
    sink(absl::string_view(buffer, static_cast<size_t>(n)));
  }
  close(fd);
  return absl::OkStatus();
}

absl::StatusOr<std::string> ReadWholeFile(const std::string& path, absl::string_view what) {
  std::string bytes;
  absl::Status status = ReadFileInPieces(
      path, what, [&bytes](absl::string_view piece) { bytes.append(piece.data(), piece.size()); });
  if (!status.ok()) return status;
  return bytes;
}

absl::StatusOr<AtomicFileWriter> AtomicFileWriter::Create(const std::string& dir,
                                                          absl::string_view prefix) {
  AtomicFileWriter writer;
  writer.dir_ = dir;
  writer.temp_path_ = absl::StrCat(dir, "/", prefix, "XXXXXX");
  writer.fd_ = mkostemp(writer.temp_path_.data(), O_CLOEXEC);
  if (writer.fd_ < 0) {
    return absl::ErrnoToStatus(errno, absl::StrCat("cannot create a file in '", dir, "'"));
  }
  return writer;
}

AtomicFileWriter::AtomicFileWriter(AtomicFileWriter&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)),
      dir_(std::move(other.dir_)),
      temp_path_(std::move(other.temp_path_)),
      size_(other.size_) {}

AtomicFileWriter& AtomicFileWriter::operator=(AtomicFileWriter&& other) noexcept {
  if (this != &other) {
    Abandon();
    fd_ = std::exchange(other.fd_, -1);
    dir_ = std::move(other.dir_);
    temp_path_ = std::move(other.temp_path_);
    size_ = other.size_;
  }
  return *this;
}

AtomicFileWriter::~AtomicFileWriter() { Abandon(); }

void AtomicFileWriter::Abandon() {
  if (fd_ < 0) return;
  close(fd_);
  fd_ = -1;
  unlink(temp_path_.c_str());
}

absl::Status AtomicFileWriter::Append(absl::string_view data) {
  if (fd_ < 0) return absl::FailedPreconditionError("the file is closed");
  while (!data.empty()) {
    const ssize_t n = write(fd_, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return absl::ErrnoToStatus(errno, absl::StrCat("cannot write '", temp_path_, "'"));
    }
    data.remove_prefix(static_cast<size_t>(n));
    size_ += n;
  }
  return absl::OkStatus();
}

absl::Status AtomicFileWriter::Commit(const std::string& path, int mode) {
  if (fd_ < 0) return absl::FailedPreconditionError("the file is closed");
  absl::Status status;
  if (fchmod(fd_, static_cast<mode_t>(mode)) != 0 || fsync(fd_) != 0) {
    status = absl::ErrnoToStatus(errno, absl::StrCat("cannot write '", temp_path_, "'"));
  } else if (rename(temp_path_.c_str(), path.c_str()) != 0) {
    status = absl::ErrnoToStatus(errno,
                                 absl::StrCat("cannot rename '", temp_path_, "' to '", path, "'"));
  }
  if (!status.ok()) {
    Abandon();
    return status;
  }
  close(fd_);
  fd_ = -1;
  return SyncDirectory(dir_);
}

absl::Status WriteFileAtomically(const std::string& path, absl::string_view bytes, int mode) {
  const size_t slash = path.rfind('/');
  absl::StatusOr<AtomicFileWriter> writer =
      AtomicFileWriter::Create(slash == std::string::npos ? "." : path.substr(0, slash));
  if (!writer.ok()) return writer.status();
  if (absl::Status status = writer->Append(bytes); !status.ok()) return status;
  return writer->Commit(path, mode);
}

int RemoveTemporaryFiles(const std::string& dir, absl::string_view prefix) {
  std::error_code error;
  int removed = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir, error)) {
    if (!absl::StartsWith(entry.path().filename().string(), prefix)) continue;
    std::error_code ignored;
    if (std::filesystem::remove_all(entry.path(), ignored) > 0) ++removed;
  }
  return removed;
}

absl::Status SyncDirectory(const std::string& dir) {
  const int fd = open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return absl::ErrnoToStatus(errno, absl::StrCat("cannot open '", dir, "'"));
  const int result = fsync(fd);
  const int error = errno;
  close(fd);
  if (result != 0) return absl::ErrnoToStatus(error, absl::StrCat("cannot sync '", dir, "'"));
  return absl::OkStatus();
}

}  // namespace gc9::common
