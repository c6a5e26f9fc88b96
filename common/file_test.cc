#include "common/file.h"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "gtest/gtest.h"

namespace gc9::common {
namespace {

std::string FreshDir(const std::string& name) {
  const std::string dir = ::testing::TempDir() + "/file_test_" + name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

int EntryCount(const std::string& dir) {
  int count = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(dir)) ++count;
  return count;
}

TEST(AtomicFileWriter, NothingUnderTheFinalNameUntilCommit) {
  const std::string dir = FreshDir("commit");
  absl::StatusOr<AtomicFileWriter> writer = AtomicFileWriter::Create(dir);
  ASSERT_TRUE(writer.ok()) << writer.status();
  ASSERT_TRUE(writer->Append("hello ").ok());
  ASSERT_TRUE(writer->Append("world").ok());
  EXPECT_EQ(writer->size(), 11);
  EXPECT_FALSE(std::filesystem::exists(dir + "/final"));
  ASSERT_TRUE(writer->Commit(dir + "/final", 0755).ok());
  EXPECT_EQ(*ReadWholeFile(dir + "/final"), "hello world");
  EXPECT_EQ(access((dir + "/final").c_str(), X_OK), 0);
  EXPECT_EQ(EntryCount(dir), 1);  // no temporary file left
}

TEST(AtomicFileWriter, AnAbandonedWriterLeavesNothing) {
  const std::string dir = FreshDir("abandon");
  {
    absl::StatusOr<AtomicFileWriter> writer = AtomicFileWriter::Create(dir);
    ASSERT_TRUE(writer.ok());
    ASSERT_TRUE(writer->Append("half").ok());
    EXPECT_EQ(EntryCount(dir), 1);
  }
  EXPECT_EQ(EntryCount(dir), 0);
}

TEST(AtomicFileWriter, LeftoversOfAKilledWriterAreRemovedByPrefix) {
  const std::string dir = FreshDir("leftovers");
  ASSERT_TRUE(WriteFileAtomically(dir + "/tmp-dead", "half a file").ok());
  std::filesystem::create_directories(dir + "/tmp-build/sub");
  ASSERT_TRUE(WriteFileAtomically(dir + "/kept", "whole").ok());
  EXPECT_EQ(RemoveTemporaryFiles(dir), 2);
  EXPECT_EQ(EntryCount(dir), 1);
  EXPECT_TRUE(std::filesystem::exists(dir + "/kept"));
}

TEST(ReadWholeFile, NamesTheFileInErrors) {
  absl::StatusOr<std::string> missing = ReadWholeFile("/nonexistent/x", "openings file");
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kNotFound);
  EXPECT_NE(missing.status().message().find("cannot open openings file '/nonexistent/x'"),
            std::string::npos);
}

}  // namespace
}  // namespace gc9::common
