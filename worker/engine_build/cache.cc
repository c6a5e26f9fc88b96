#include "worker/engine_build/cache.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "common/file.h"
#include "common/sha256.h"

namespace gc9::worker::engine_build {
namespace {

namespace fs = std::filesystem;

constexpr const char* kKinds[] = {kFiles, kBuilds, kBenches};

// flock that waits through signals.
int Flock(int fd, int operation) {
  int result;
  do {
    result = flock(fd, operation);
  } while (result != 0 && errno == EINTR);
  return result;
}

int64_t TreeBytes(const fs::path& path) {
  std::error_code error;
  if (!fs::is_directory(path, error)) {
    const auto size = fs::file_size(path, error);
    return error ? 0 : static_cast<int64_t>(size);
  }
  int64_t total = 0;
  for (const auto& entry : fs::recursive_directory_iterator(path, error)) {
    std::error_code ignored;
    if (entry.is_regular_file(ignored)) total += static_cast<int64_t>(entry.file_size(ignored));
  }
  return total;
}

// Removes a temporary entry whose maker is gone: nobody holds its lock.
void RemoveIfAbandoned(const fs::path& path) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;
  if (Flock(fd, LOCK_EX | LOCK_NB) == 0) {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
  close(fd);
}

}  // namespace

std::string DefaultCacheDir() {
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg != nullptr && *xdg == '/') return absl::StrCat(xdg, "/gc9");
  const char* home = std::getenv("HOME");
  return absl::StrCat(home != nullptr && *home ? home : "/tmp", "/.cache/gc9");
}

CacheEntry::CacheEntry(CacheEntry&& other) noexcept
    : path_(std::move(other.path_)), lock_fd_(std::exchange(other.lock_fd_, -1)) {}

CacheEntry& CacheEntry::operator=(CacheEntry&& other) noexcept {
  if (this != &other) {
    if (lock_fd_ >= 0) close(lock_fd_);
    path_ = std::move(other.path_);
    lock_fd_ = std::exchange(other.lock_fd_, -1);
  }
  return *this;
}

CacheEntry::~CacheEntry() {
  if (lock_fd_ >= 0) close(lock_fd_);  // releases the use-lock
}

absl::StatusOr<std::unique_ptr<EngineCache>> EngineCache::Open(const CacheOptions& options) {
  if (options.dir.empty()) return absl::InvalidArgumentError("no cache folder");
  std::unique_ptr<EngineCache> cache(new EngineCache(options));
  for (const char* sub : {"locks", kFiles, kBuilds, kBenches}) {
    std::error_code error;
    const std::string path = absl::StrCat(options.dir, "/", sub);
    fs::create_directories(path, error);
    if (!fs::is_directory(path)) {
      return absl::UnavailableError(
          absl::StrCat("cannot make the cache folder '", path, "': ", error.message()));
    }
  }
  for (const char* kind : kKinds) {
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(absl::StrCat(options.dir, "/", kind), error)) {
      if (absl::StartsWith(entry.path().filename().string(), "tmp-")) {
        RemoveIfAbandoned(entry.path());
      }
    }
  }
  return cache;
}

std::string EngineCache::EntryPath(const std::string& kind, const std::string& key) const {
  return absl::StrCat(options_.dir, "/", kind, "/", key);
}

std::string EngineCache::LockPath(const std::string& kind, const std::string& key,
                                  const char* which) const {
  return absl::StrCat(options_.dir, "/locks/", kind, "-", key, ".", which);
}

absl::StatusOr<int> EngineCache::LockForUse(const std::string& kind, const std::string& key) {
  if (!common::IsSha256Hex(key)) {
    return absl::InvalidArgumentError(absl::StrCat("'", key, "' is no cache key (a SHA-256)"));
  }
  const std::string path = LockPath(kind, key, "use");
  const int fd = open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return absl::ErrnoToStatus(errno, absl::StrCat("cannot open '", path, "'"));
  if (Flock(fd, LOCK_SH) != 0) {
    const int error = errno;
    close(fd);
    return absl::ErrnoToStatus(error, absl::StrCat("cannot lock '", path, "'"));
  }
  return fd;
}

absl::StatusOr<CacheEntry> EngineCache::Find(const std::string& kind, const std::string& key) {
  absl::StatusOr<int> use = LockForUse(kind, key);
  if (!use.ok()) return use.status();
  const std::string path = EntryPath(kind, key);
  if (access(path.c_str(), F_OK) != 0) {
    close(*use);
    return absl::NotFoundError(absl::StrCat("no ", kind, " entry ", key));
  }
  utimensat(AT_FDCWD, path.c_str(), nullptr, 0);  // used now, for least-recently-used order
  return CacheEntry(path, *use);
}

absl::StatusOr<CacheEntry> EngineCache::Ensure(const std::string& kind, const std::string& key,
                                               const Maker& make) {
  absl::StatusOr<CacheEntry> found = Find(kind, key);
  if (!absl::IsNotFound(found.status())) return found;
  // Not there: one process makes it. The use-lock stays held (shared) meanwhile, so Trim
  // cannot take the entry away between its rename and our return.
  absl::StatusOr<int> use = LockForUse(kind, key);
  if (!use.ok()) return use.status();
  CacheEntry held(EntryPath(kind, key), *use);
  const std::string make_lock = LockPath(kind, key, "make");
  const int make_fd = open(make_lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (make_fd < 0) {
    return absl::ErrnoToStatus(errno, absl::StrCat("cannot open '", make_lock, "'"));
  }
  Flock(make_fd, LOCK_EX);  // waits while another process makes it
  absl::Status status;
  if (access(held.path().c_str(), F_OK) != 0) {
    std::string temp = absl::StrCat(options_.dir, "/", kind, "/tmp-XXXXXX");
    if (mkdtemp(temp.data()) == nullptr) {
      status = absl::ErrnoToStatus(errno, absl::StrCat("cannot make a folder in ", options_.dir));
    } else {
      // Held while it is being made: Open elsewhere leaves it alone.
      const int temp_fd = open(temp.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      if (temp_fd >= 0) Flock(temp_fd, LOCK_EX);
      absl::StatusOr<std::string> made = make(temp);
      if (!made.ok()) {
        status = made.status();
      } else if (rename(made->c_str(), held.path().c_str()) != 0) {
        status = absl::ErrnoToStatus(errno, absl::StrCat("cannot rename '", *made, "'"));
      } else {
        status = common::SyncDirectory(absl::StrCat(options_.dir, "/", kind));
      }
      std::error_code ignored;
      fs::remove_all(temp, ignored);
      if (temp_fd >= 0) close(temp_fd);
    }
  }
  close(make_fd);
  if (!status.ok()) return status;
  utimensat(AT_FDCWD, held.path().c_str(), nullptr, 0);
  Trim();
  return held;
}

int64_t EngineCache::Size() const {
  int64_t total = 0;
  for (const char* kind : kKinds) {
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(absl::StrCat(options_.dir, "/", kind), error)) {
      if (common::IsSha256Hex(entry.path().filename().string())) total += TreeBytes(entry.path());
    }
  }
  return total;
}

int EngineCache::Trim() {
  struct Entry {
    std::string kind, key;
    fs::file_time_type used;
    int64_t bytes;
  };
  std::vector<Entry> entries;
  int64_t total = 0;
  for (const char* kind : kKinds) {
    std::error_code error;
    for (const auto& item : fs::directory_iterator(absl::StrCat(options_.dir, "/", kind), error)) {
      const std::string key = item.path().filename().string();
      if (!common::IsSha256Hex(key)) continue;
      std::error_code ignored;
      Entry entry{kind, key, fs::last_write_time(item.path(), ignored), TreeBytes(item.path())};
      total += entry.bytes;
      entries.push_back(std::move(entry));
    }
  }
  if (total <= options_.max_bytes) return 0;
  std::sort(entries.begin(), entries.end(),
            [](const Entry& a, const Entry& b) { return a.used < b.used; });
  int removed = 0;
  for (const Entry& entry : entries) {
    if (total <= options_.max_bytes) break;
    const std::string lock = LockPath(entry.kind, entry.key, "use");
    const int fd = open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) continue;
    if (Flock(fd, LOCK_EX | LOCK_NB) == 0) {
      // Renamed first, so that nobody finds a half-removed entry.
      std::string gone = absl::StrCat(options_.dir, "/", entry.kind, "/tmp-gone-", entry.key);
      if (rename(EntryPath(entry.kind, entry.key).c_str(), gone.c_str()) == 0) {
        std::error_code ignored;
        fs::remove_all(gone, ignored);
        total -= entry.bytes;
        ++removed;
      }
    }
    close(fd);
  }
  return removed;
}

}  // namespace gc9::worker::engine_build
