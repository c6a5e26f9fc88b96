#include "common/sha256.h"

#include <string>

#include "common/file.h"
#include "gtest/gtest.h"

namespace gc9::common {
namespace {

// FIPS 180-2's examples.
TEST(Sha256, KnownDigests) {
  EXPECT_EQ(Sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(Sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(Sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(Sha256, PiecesAndFilesGiveTheSameDigest) {
  std::string data;
  for (int i = 0; i < 200000; ++i) data.push_back(static_cast<char>(static_cast<uint32_t>(i) * 7u));
  Sha256 hash;
  hash.Update(data.substr(0, 12345));
  hash.Update(data.substr(12345));
  const std::string whole = Sha256Hex(data);
  EXPECT_EQ(hash.HexDigest(), whole);
  // The object starts over after a digest.
  hash.Update("abc");
  EXPECT_EQ(hash.HexDigest(), Sha256Hex("abc"));
  const std::string path = ::testing::TempDir() + "/sha256_test.bin";
  ASSERT_TRUE(WriteFileAtomically(path, data).ok());
  absl::StatusOr<std::string> of_file = Sha256OfFile(path);
  ASSERT_TRUE(of_file.ok()) << of_file.status();
  EXPECT_EQ(*of_file, whole);
  EXPECT_EQ(Sha256OfFile(path + ".missing").status().code(), absl::StatusCode::kNotFound);
}

TEST(Sha256, OnlyLowercaseHexOfLength64NamesAnArtifact) {
  EXPECT_TRUE(IsSha256Hex(Sha256Hex("x")));
  EXPECT_FALSE(IsSha256Hex(""));
  EXPECT_FALSE(IsSha256Hex(std::string(63, 'a')));
  EXPECT_FALSE(IsSha256Hex(std::string(65, 'a')));
  EXPECT_FALSE(IsSha256Hex(std::string(64, 'A')));
  EXPECT_FALSE(IsSha256Hex("../" + std::string(61, 'a')));
  EXPECT_FALSE(IsSha256Hex(std::string(63, 'a') + "/"));
}

}  // namespace
}  // namespace gc9::common
