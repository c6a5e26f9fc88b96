#include "worker/engine_build/builder.h"

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "common/file.h"
#include "common/sha256.h"
#include "gtest/gtest.h"
#include "worker/engine_build/command.h"

namespace gc9::worker::engine_build {
namespace {

namespace fs = std::filesystem;

std::unique_ptr<EngineCache> FreshCache(const std::string& name) {
  CacheOptions options;
  options.dir = ::testing::TempDir() + "/engine_builder_" + name;
  fs::remove_all(options.dir);
  return *EngineCache::Open(options);
}

Fetcher FetchBytes(const std::string& bytes) {
  return [bytes](const FileSink& sink) {
    for (size_t at = 0; at < bytes.size(); at += 1000) {
      if (absl::Status status = sink(absl::string_view(bytes).substr(at, 1000)); !status.ok()) {
        return status;
      }
    }
    return absl::OkStatus();
  };
}

TEST(EnsureFile, KeepsVerifiedExecutableFilesOnly) {
  auto cache = FreshCache("files");
  const std::string bytes(5000, 'e');
  const std::string sha = common::Sha256Hex(bytes);
  absl::StatusOr<CacheEntry> file = EnsureFile(*cache, sha, 5000, FetchBytes(bytes));
  ASSERT_TRUE(file.ok()) << file.status();
  EXPECT_EQ(*common::ReadWholeFile(file->path()), bytes);
  EXPECT_EQ(access(file->path().c_str(), X_OK), 0);
  // Cached: the fetcher is not asked again.
  EXPECT_TRUE(EnsureFile(*cache, sha, 5000, [](const FileSink&) {
                return absl::InternalError("fetched twice");
              }).ok());
  // Other bytes, too many or too few: nothing stored.
  const std::string other = common::Sha256Hex("other");
  absl::StatusOr<CacheEntry> wrong = EnsureFile(*cache, other, 5000, FetchBytes(bytes));
  EXPECT_EQ(wrong.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_NE(wrong.status().message().find("have the SHA-256 " + sha), std::string::npos);
  EXPECT_EQ(EnsureFile(*cache, other, 4000, FetchBytes(bytes)).status().code(),
            absl::StatusCode::kDataLoss);
  EXPECT_EQ(EnsureFile(*cache, other, 6000, FetchBytes(bytes)).status().code(),
            absl::StatusCode::kDataLoss);
  EXPECT_TRUE(absl::IsNotFound(cache->Find(kFiles, other).status()));
}

TEST(ParseBenchOutput, ReadsGc9AndStockfishStyles) {
  EXPECT_EQ(*ParseBenchOutput("Position 1/2 ...\n\nNodes searched: 779675\nNodes/second: 5\n"),
            779675u);
  // Stockfish and Fairy-Stockfish pad the label.
  EXPECT_EQ(*ParseBenchOutput("Total time (ms) : 1000\nNodes searched  : 123456\nNodes/second "
                              "   : 9\n"),
            123456u);
  EXPECT_FALSE(ParseBenchOutput("bestmove e2e4\n").ok());
  EXPECT_FALSE(ParseBenchOutput("Nodes searched: many\n").ok());
}

TEST(RunBench, ReadsTheBuiltEngineAndFairyStockfish) {
  absl::StatusOr<uint64_t> gc9 = RunBench(GC9_ENGINE_BINARY, {"bench"}, 120000);
  ASSERT_TRUE(gc9.ok()) << gc9.status();
  EXPECT_GT(*gc9, 0u);
  absl::StatusOr<uint64_t> fairy =
      RunBench("/usr/games/fairy-stockfish", {"bench", "16", "1", "5"}, 120000);
  ASSERT_TRUE(fairy.ok()) << fairy.status();
  EXPECT_GT(*fairy, 0u);
  EXPECT_FALSE(RunBench("/bin/true", {}, 10000).ok());
}

TEST(CachedBench, RunsOncePerBinaryAndAgainWhenItChanges) {
  auto cache = FreshCache("bench");
  const std::string dir = cache->dir() + "/engine";
  fs::create_directories(dir);
  const std::string engine = dir + "/engine.sh", runs = dir + "/runs";
  auto install = [&](int nodes) {
    std::ofstream(engine) << "#!/bin/sh\necho run >> " << runs
                          << "\necho \"Nodes searched: " << nodes << "\"\n";
    chmod(engine.c_str(), 0755);
  };
  install(111);
  EXPECT_EQ(*CachedBench(*cache, engine, "", {"bench"}, 10000), 111u);
  EXPECT_EQ(*CachedBench(*cache, engine, "", {"bench"}, 10000), 111u);
  EXPECT_EQ(*common::ReadWholeFile(runs), "run\n");
  // Other arguments are another bench.
  EXPECT_EQ(*CachedBench(*cache, engine, "", {"bench", "5"}, 10000), 111u);
  EXPECT_EQ(*common::ReadWholeFile(runs), "run\nrun\n");
  // Reinstalled (another size and time): benched again.
  install(22222);
  EXPECT_EQ(*CachedBench(*cache, engine, "", {"bench"}, 10000), 22222u);
  // An uploaded binary is known by its hash.
  const std::string sha = common::Sha256Hex("uploaded");
  EXPECT_EQ(*CachedBench(*cache, engine, sha, {"bench"}, 10000), 22222u);
  install(5);
  EXPECT_EQ(*CachedBench(*cache, engine, sha, {"bench"}, 10000), 22222u);
}

// An archive made the way gc9 submit makes one (tar.gz, files at its top).
std::string Archive(const std::string& dir, const std::string& cmake_lists) {
  fs::remove_all(dir);
  fs::create_directories(dir + "/tree");
  if (!cmake_lists.empty()) std::ofstream(dir + "/tree/CMakeLists.txt") << cmake_lists;
  std::ofstream(dir + "/tree/README") << "not gc9\n";
  const std::string archive = dir + "/source.tar.gz";
  EXPECT_TRUE(RunForOutput({"tar", "-czf", archive, "-C", dir + "/tree", "."}).ok());
  return archive;
}

TEST(EnsureBuild, AFailedBuildSaysWhichStepAndCarriesTheLogsEnd) {
  auto cache = FreshCache("failed_build");
  const std::string work = cache->dir() + "/work";
  BuildOptions options;
  std::vector<std::string> steps;
  options.progress = [&](const std::string& step) { steps.push_back(step); };

  const std::string empty = Archive(work, "");
  const std::string empty_sha = *common::Sha256OfFile(empty);
  absl::StatusOr<BuiltEngine> none = EnsureBuild(
      *cache, empty_sha, [&]() -> absl::StatusOr<std::string> { return empty; }, options);
  EXPECT_NE(none.status().message().find("no CMakeLists.txt"), std::string::npos) << none.status();

  const std::string broken =
      Archive(work,
              "cmake_minimum_required(VERSION 3.22)\nproject(x)\nmessage(FATAL_ERROR "
              "\"this revision does not configure\")\n");
  const std::string sha = *common::Sha256OfFile(broken);
  absl::StatusOr<BuiltEngine> built = EnsureBuild(
      *cache, sha, [&]() -> absl::StatusOr<std::string> { return broken; }, options);
  ASSERT_FALSE(built.ok());
  EXPECT_NE(built.status().message().find("configuring failed (exit 1)"), std::string::npos)
      << built.status();
  EXPECT_NE(BuildLogTail(built.status()).find("this revision does not configure"),
            std::string::npos)
      << BuildLogTail(built.status());
  EXPECT_LE(BuildLogTail(built.status()).size(), 4096u);
  EXPECT_EQ(steps, (std::vector<std::string>{"extracting", "extracting", "configuring"}));
  // The whole log is kept; no build entry is.
  EXPECT_TRUE(fs::exists(cache->dir() + "/failed/" + sha + ".log"));
  EXPECT_TRUE(absl::IsNotFound(cache->Find(kBuilds, sha).status()));
}

}  // namespace
}  // namespace gc9::worker::engine_build
