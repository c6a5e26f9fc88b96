#include "coordinator/artifacts/artifact_store.h"

#include <fcntl.h>
#include <sys/stat.h>

#include <filesystem>
#include <string>

#include "common/file.h"
#include "common/sha256.h"
#include "gtest/gtest.h"

namespace gc9::coordinator::artifacts {
namespace {

std::string FreshDir(const std::string& name) {
  const std::string dir = ::testing::TempDir() + "/artifact_store_" + name;
  std::filesystem::remove_all(dir);
  return dir;
}

std::vector<std::string> Entries(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string Bytes(int n, int seed) {
  std::string data;
  for (int i = 0; i < n; ++i)
    data.push_back(static_cast<char>(static_cast<uint32_t>(i) * 31u + seed));
  return data;
}

absl::Status Store(ArtifactStore& store, const std::string& data, const std::string& sha) {
  absl::StatusOr<ArtifactStore::Upload> upload =
      store.BeginUpload(sha, static_cast<int64_t>(data.size()));
  if (!upload.ok()) return upload.status();
  for (size_t at = 0; at < data.size(); at += 1000) {
    if (absl::Status status = upload->Append(data.substr(at, 1000)); !status.ok()) return status;
  }
  return upload->Finish();
}

// Makes a file look last used `seconds` ago.
void Age(const std::string& path, int seconds) {
  struct timespec times[2];
  clock_gettime(CLOCK_REALTIME, &times[0]);
  times[0].tv_sec -= seconds;
  times[1] = times[0];
  ASSERT_EQ(utimensat(AT_FDCWD, path.c_str(), times, 0), 0);
}

TEST(ArtifactStore, StoresWhatMatchesItsHashAndServesItFromAnOffset) {
  const std::string dir = FreshDir("good");
  auto store = ArtifactStore::Open(dir, 1 << 20);
  ASSERT_TRUE(store.ok()) << store.status();
  const std::string data = Bytes(5000, 1);
  const std::string sha = common::Sha256Hex(data);
  EXPECT_EQ((*store)->Stat(sha).status().code(), absl::StatusCode::kNotFound);
  ASSERT_TRUE(Store(**store, data, sha).ok());
  EXPECT_EQ(*(*store)->Stat(sha), 5000);
  EXPECT_EQ(Entries(dir), std::vector<std::string>{sha});
  absl::StatusOr<ArtifactStore::Reader> reader = (*store)->Open(sha);
  ASSERT_TRUE(reader.ok());
  EXPECT_EQ(reader->size(), 5000);
  EXPECT_EQ(*reader->Read(4000, 700), data.substr(4000, 700));
  EXPECT_EQ(*reader->Read(4900, 700), data.substr(4900));
  EXPECT_EQ(*reader->Read(5000, 700), "");
}

TEST(ArtifactStore, AWrongHashOrSizeStoresNothing) {
  const std::string dir = FreshDir("bad");
  auto store = ArtifactStore::Open(dir, 1 << 20);
  ASSERT_TRUE(store.ok());
  const std::string data = Bytes(3000, 2);
  const std::string other = common::Sha256Hex("something else");
  absl::Status wrong = Store(**store, data, other);
  EXPECT_EQ(wrong.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(wrong.message().find("have the SHA-256 " + common::Sha256Hex(data)), std::string::npos)
      << wrong;
  // Fewer bytes than announced, and more.
  const std::string sha = common::Sha256Hex(data);
  {
    auto upload = (*store)->BeginUpload(sha, 4000);
    ASSERT_TRUE(upload.ok());
    ASSERT_TRUE(upload->Append(data).ok());
    EXPECT_EQ(upload->Finish().code(), absl::StatusCode::kInvalidArgument);
  }
  {
    auto upload = (*store)->BeginUpload(sha, 2000);
    ASSERT_TRUE(upload.ok());
    EXPECT_EQ(upload->Append(data).code(), absl::StatusCode::kInvalidArgument);
  }
  {
    // Dropped halfway (the client went away): nothing stays.
    auto upload = (*store)->BeginUpload(sha, 3000);
    ASSERT_TRUE(upload.ok());
    ASSERT_TRUE(upload->Append(data.substr(0, 1000)).ok());
  }
  EXPECT_TRUE(Entries(dir).empty());
  EXPECT_EQ((*store)->Stat(sha).status().code(), absl::StatusCode::kNotFound);
}

TEST(ArtifactStore, OnlyHashesNameFilesAndSizesAreBounded) {
  const std::string dir = FreshDir("names");
  auto store = ArtifactStore::Open(dir, 1000);
  ASSERT_TRUE(store.ok());
  for (const std::string& name :
       {std::string("../../etc/passwd"), std::string(64, 'A'), std::string(63, 'a'),
        "tmp-" + std::string(60, 'a'), std::string()}) {
    EXPECT_EQ((*store)->Stat(name).status().code(), absl::StatusCode::kInvalidArgument) << name;
    EXPECT_EQ((*store)->Open(name).status().code(), absl::StatusCode::kInvalidArgument) << name;
    EXPECT_EQ((*store)->BeginUpload(name, 10).status().code(), absl::StatusCode::kInvalidArgument)
        << name;
  }
  const std::string sha = common::Sha256Hex("x");
  EXPECT_EQ((*store)->BeginUpload(sha, 1001).status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ((*store)->BeginUpload(sha, 0).status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE((*store)->BeginUpload(sha, 1000).ok());
}

TEST(ArtifactStore, OpenRemovesWhatAKilledUploadLeft) {
  const std::string dir = FreshDir("leftovers");
  std::filesystem::create_directories(dir);
  ASSERT_TRUE(common::WriteFileAtomically(dir + "/tmp-abc123", "half an upload").ok());
  const std::string data = Bytes(100, 3);
  const std::string sha = common::Sha256Hex(data);
  ASSERT_TRUE(common::WriteFileAtomically(dir + "/" + sha, data).ok());
  auto store = ArtifactStore::Open(dir, 1 << 20);
  ASSERT_TRUE(store.ok());
  EXPECT_EQ(Entries(dir), std::vector<std::string>{sha});
}

TEST(ArtifactStore, CollectKeepsReferencedAndRecentlyUsedArtifacts) {
  const std::string dir = FreshDir("collect");
  auto store = ArtifactStore::Open(dir, 1 << 20);
  ASSERT_TRUE(store.ok());
  std::vector<std::string> shas;
  for (int i = 0; i < 4; ++i) {
    const std::string data = Bytes(100 + i, i);
    shas.push_back(common::Sha256Hex(data));
    ASSERT_TRUE(Store(**store, data, shas.back()).ok());
  }
  // 0: referenced and old; 1: unreferenced and old; 2: unreferenced, old, then looked at
  // (a client about to submit); 3: unreferenced and fresh.
  for (int i = 0; i < 3; ++i) Age(dir + "/" + shas[i], 7200);
  EXPECT_EQ(*(*store)->Stat(shas[2]), 102);
  const std::vector<std::string> removed = (*store)->Collect({shas[0]}, 3600 * 1000);
  EXPECT_EQ(removed, std::vector<std::string>{shas[1]});
  std::vector<std::string> kept = {shas[0], shas[2], shas[3]};
  std::sort(kept.begin(), kept.end());
  EXPECT_EQ(Entries(dir), kept);
  // An artifact being read stays readable when it is removed meanwhile.
  absl::StatusOr<ArtifactStore::Reader> reader = (*store)->Open(shas[3]);
  ASSERT_TRUE(reader.ok());
  EXPECT_EQ((*store)->Collect({}, 0).size(), 3u);
  EXPECT_EQ(*reader->Read(0, 1000), Bytes(103, 3));
}

}  // namespace
}  // namespace gc9::coordinator::artifacts
