// The engine cache with real folders, real locks and (for a killed maker) a real process.
#include "worker/engine_build/cache.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include "common/file.h"
#include "common/sha256.h"
#include "gtest/gtest.h"

namespace gc9::worker::engine_build {
namespace {

namespace fs = std::filesystem;

std::string FreshDir(const std::string& name) {
  const std::string dir = ::testing::TempDir() + "/engine_cache_" + name;
  fs::remove_all(dir);
  return dir;
}

std::string Key(int i) { return common::Sha256Hex(std::to_string(i)); }

// A maker of a file entry holding `bytes` bytes.
EngineCache::Maker FileOf(int64_t bytes, std::atomic<int>* calls = nullptr) {
  return [bytes, calls](const std::string& temp) -> absl::StatusOr<std::string> {
    if (calls != nullptr) ++*calls;
    const std::string file = temp + "/file";
    absl::Status status = common::WriteFileAtomically(file, std::string(bytes, 'x'));
    if (!status.ok()) return status;
    return file;
  };
}

void Age(const std::string& path, int seconds) {
  struct timespec times[2];
  clock_gettime(CLOCK_REALTIME, &times[0]);
  times[0].tv_sec -= seconds;
  times[1] = times[0];
  utimensat(AT_FDCWD, path.c_str(), times, 0);
}

TEST(EngineCache, MakesAnEntryOnceAndFindsItAfterwards) {
  CacheOptions options;
  options.dir = FreshDir("once");
  auto cache = EngineCache::Open(options);
  ASSERT_TRUE(cache.ok()) << cache.status();
  std::atomic<int> calls{0};
  EXPECT_TRUE(absl::IsNotFound((*cache)->Find(kFiles, Key(1)).status()));
  absl::StatusOr<CacheEntry> first = (*cache)->Ensure(kFiles, Key(1), FileOf(10, &calls));
  ASSERT_TRUE(first.ok()) << first.status();
  EXPECT_EQ(first->path(), options.dir + "/files/" + Key(1));
  EXPECT_EQ(*common::ReadWholeFile(first->path()), std::string(10, 'x'));
  absl::StatusOr<CacheEntry> second = (*cache)->Ensure(kFiles, Key(1), FileOf(10, &calls));
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(calls, 1);
  EXPECT_TRUE((*cache)->Find(kFiles, Key(1)).ok());
  EXPECT_EQ((*cache)->Ensure(kFiles, "../x", FileOf(1)).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(EngineCache, AFailedMakeLeavesNothing) {
  CacheOptions options;
  options.dir = FreshDir("failed");
  auto cache = EngineCache::Open(options);
  ASSERT_TRUE(cache.ok());
  absl::StatusOr<CacheEntry> entry =
      (*cache)->Ensure(kBuilds, Key(2), [](const std::string& temp) -> absl::StatusOr<std::string> {
        common::WriteFileAtomically(temp + "/half", "half a build").IgnoreError();
        return absl::FailedPreconditionError("compiler error");
      });
  EXPECT_EQ(entry.status().message(), "compiler error");
  EXPECT_TRUE(fs::is_empty(options.dir + "/builds"));
}

TEST(EngineCache, CachesSharedByThreadsOrProcessesMakeOnce) {
  CacheOptions options;
  options.dir = FreshDir("shared");
  std::atomic<int> calls{0};
  std::vector<std::thread> threads;
  std::atomic<int> ok{0};
  for (int i = 0; i < 4; ++i) {
    threads.emplace_back([&] {
      // Each its own EngineCache, as each worker process has.
      auto cache = EngineCache::Open(options);
      if (!cache.ok()) return;
      auto slow = [&](const std::string& temp) -> absl::StatusOr<std::string> {
        ++calls;
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        return FileOf(5)(temp);
      };
      if ((*cache)->Ensure(kBuilds, Key(3), slow).ok()) ++ok;
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(ok, 4);
  EXPECT_EQ(calls, 1);
}

TEST(EngineCache, AMakerKilledMidwayLeavesOnlyATemporaryFolderThatGoes) {
  CacheOptions options;
  options.dir = FreshDir("killed");
  ASSERT_TRUE(EngineCache::Open(options).ok());
  const pid_t child = fork();
  if (child == 0) {
    auto cache = EngineCache::Open(options);
    (*cache)
        ->Ensure(kBuilds, Key(4),
                 [](const std::string& temp) -> absl::StatusOr<std::string> {
                   common::WriteFileAtomically(temp + "/half", "half a build").IgnoreError();
                   sleep(60);
                   return absl::InternalError("not reached");
                 })
        .IgnoreError();
    _exit(0);
  }
  // Wait until the maker is inside its temporary folder, then kill it.
  bool started = false;
  for (int i = 0; i < 500 && !started; ++i) {
    for (const auto& entry : fs::directory_iterator(options.dir + "/builds")) {
      started |= fs::exists(entry.path() / "half");
    }
    if (!started) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_TRUE(started);
  // While it lives, another Open leaves its folder alone.
  ASSERT_TRUE(EngineCache::Open(options).ok());
  EXPECT_FALSE(fs::is_empty(options.dir + "/builds"));
  kill(child, SIGKILL);
  waitpid(child, nullptr, 0);
  auto cache = EngineCache::Open(options);
  ASSERT_TRUE(cache.ok());
  EXPECT_TRUE(fs::is_empty(options.dir + "/builds"));
  EXPECT_TRUE(absl::IsNotFound((*cache)->Find(kBuilds, Key(4)).status()));
  // And the entry is made afresh, whole.
  EXPECT_TRUE((*cache)->Ensure(kBuilds, Key(4), FileOf(3)).ok());
}

TEST(EngineCache, TrimRemovesTheLeastRecentlyUsedEntriesNotInUse) {
  CacheOptions options;
  options.dir = FreshDir("trim");
  options.max_bytes = 2500;
  auto cache = EngineCache::Open(options);
  ASSERT_TRUE(cache.ok());
  for (int i = 0; i < 2; ++i) {
    ASSERT_TRUE((*cache)->Ensure(kFiles, Key(10 + i), FileOf(1000)).ok());
  }
  Age(options.dir + "/files/" + Key(10), 300);
  Age(options.dir + "/files/" + Key(11), 200);
  {
    // The oldest is in use: the next oldest goes instead.
    absl::StatusOr<CacheEntry> in_use = (*cache)->Find(kFiles, Key(10));
    ASSERT_TRUE(in_use.ok());
    Age(in_use->path(), 300);
    ASSERT_TRUE((*cache)->Ensure(kFiles, Key(12), FileOf(1000)).ok());
    EXPECT_TRUE((*cache)->Find(kFiles, Key(10)).ok());
    EXPECT_TRUE(absl::IsNotFound((*cache)->Find(kFiles, Key(11)).status()));
    EXPECT_EQ((*cache)->Size(), 2000);
  }
  // Used just now, it stays; the older one goes.
  ASSERT_TRUE((*cache)->Find(kFiles, Key(10)).ok());
  Age(options.dir + "/files/" + Key(12), 100);
  ASSERT_TRUE((*cache)->Ensure(kFiles, Key(13), FileOf(1000)).ok());
  EXPECT_TRUE((*cache)->Find(kFiles, Key(10)).ok());
  EXPECT_TRUE(absl::IsNotFound((*cache)->Find(kFiles, Key(12)).status()));
}

}  // namespace
}  // namespace gc9::worker::engine_build
