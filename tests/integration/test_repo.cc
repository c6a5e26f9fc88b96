#include "tests/integration/test_repo.h"

#include <filesystem>
#include <fstream>

#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "common/file.h"
#include "gtest/gtest.h"
#include "worker/engine_build/command.h"

namespace gc9::testing {

std::string Git(const std::string& repo, const std::vector<std::string>& args) {
  std::vector<std::string> argv = {
      "git", "-C", repo, "-c", "user.name=gc9 test", "-c", "user.email=test@gc9.invalid"};
  argv.insert(argv.end(), args.begin(), args.end());
  // Fixed dates: the same files make the same commits, and so the same archives.
  worker::engine_build::CommandOptions options;
  options.env = {{"GIT_AUTHOR_DATE", "2026-01-01T00:00:00Z"},
                 {"GIT_COMMITTER_DATE", "2026-01-01T00:00:00Z"}};
  absl::StatusOr<std::string> out = worker::engine_build::RunForOutput(argv, options);
  EXPECT_TRUE(out.ok()) << out.status();
  return out.value_or("");
}

void MakeEngineRepository(const std::string& dir) {
  namespace fs = std::filesystem;
  fs::create_directories(dir);
  // The tracked files as they are in the checkout (uncommitted edits included), not its HEAD.
  const std::string listing = Git(GC9_SOURCE_DIR, {"ls-files", "-z"});
  ASSERT_FALSE(listing.empty()) << GC9_SOURCE_DIR << " is no git checkout";
  for (absl::string_view file : absl::StrSplit(listing, '\0', absl::SkipEmpty())) {
    const fs::path from = fs::path(GC9_SOURCE_DIR) / std::string(file);
    const fs::path to = fs::path(dir) / std::string(file);
    if (!fs::exists(from)) continue;  // deleted but not yet committed
    fs::create_directories(to.parent_path());
    fs::copy_file(from, to, fs::copy_options::overwrite_existing);
  }
  Git(dir, {"init", "-q"});
  Git(dir, {"add", "-A"});
  Git(dir, {"commit", "-q", "-m", "base"});
  const std::string params = dir + "/engine/params.h";
  absl::StatusOr<std::string> text = common::ReadWholeFile(params);
  ASSERT_TRUE(text.ok());
  const std::string tweaked = absl::StrReplaceAll(
      *text, {{"X(PawnValueMg, 100, 50, 200,", "X(PawnValueMg, 101, 50, 200,"}});
  ASSERT_NE(tweaked, *text) << "PawnValueMg's default is no longer 100; update the test";
  std::ofstream(params) << tweaked;
  Git(dir, {"commit", "-q", "-a", "-m", "tweak PawnValueMg"});
}

}  // namespace gc9::testing
