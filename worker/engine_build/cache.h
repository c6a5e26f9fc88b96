// The engine cache a worker (and gc9 submit) keeps in a folder of its own: downloaded artifacts
// (files/SHA), builds of revisions (builds/SHA: gc9-engine, its build log and its bench) and
// the bench signatures of external engines (benches/KEY). Each entry is made under a temporary
// name and renamed into place when complete, so a process killed while making one leaves only
// a temporary name, never a half entry; such leftovers go when no process holds them.
//
// Several processes may share one folder: a make-lock per entry (flock) makes one of them
// build while the others wait and then use its result, and a use-lock held while an entry is
// in use keeps the size bound (least recently used first) from removing it.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "absl/status/statusor.h"

namespace gc9::worker::engine_build {

struct CacheOptions {
  std::string dir;
  int64_t max_bytes = int64_t{2048} << 20;
};

// $XDG_CACHE_HOME/gc9, or ~/.cache/gc9.
std::string DefaultCacheDir();

// An entry in use: its path stays valid (and the entry is not removed) while this lives.
class CacheEntry {
 public:
  CacheEntry() = default;
  CacheEntry(CacheEntry&& other) noexcept;
  CacheEntry& operator=(CacheEntry&& other) noexcept;
  ~CacheEntry();

  const std::string& path() const { return path_; }

 private:
  friend class EngineCache;
  CacheEntry(std::string path, int lock_fd) : path_(std::move(path)), lock_fd_(lock_fd) {}
  std::string path_;
  int lock_fd_ = -1;
};

class EngineCache {
 public:
  // Makes the folders, and removes the temporary entries no process is making any more.
  static absl::StatusOr<std::unique_ptr<EngineCache>> Open(const CacheOptions& options);

  const std::string& dir() const { return options_.dir; }

  // Makes `kind`/`key` through `make` unless it is there: `make` gets a fresh temporary folder
  // to fill and returns what should become the entry (a file or folder inside it). Exactly one
  // process makes an entry; the others wait for it. `make`'s error is returned as it is, and
  // nothing is left behind.
  using Maker = std::function<absl::StatusOr<std::string>(const std::string& temp_dir)>;
  absl::StatusOr<CacheEntry> Ensure(const std::string& kind, const std::string& key,
                                    const Maker& make);
  // The entry if it is there, else NotFound; nothing is made.
  absl::StatusOr<CacheEntry> Find(const std::string& kind, const std::string& key);

  // Removes least recently used entries not in use until the cache fits its bound; returns how
  // many went. Ensure calls it after making an entry.
  int Trim();
  // The bytes the entries take.
  int64_t Size() const;

 private:
  explicit EngineCache(CacheOptions options) : options_(std::move(options)) {}
  std::string EntryPath(const std::string& kind, const std::string& key) const;
  std::string LockPath(const std::string& kind, const std::string& key, const char* which) const;
  // The use-lock of an entry, held shared; the entry then exists or not, but is not removed.
  absl::StatusOr<int> LockForUse(const std::string& kind, const std::string& key);

  CacheOptions options_;
};

// The kinds of entry.
inline constexpr char kFiles[] = "files";
inline constexpr char kBuilds[] = "builds";
inline constexpr char kBenches[] = "benches";

}  // namespace gc9::worker::engine_build
