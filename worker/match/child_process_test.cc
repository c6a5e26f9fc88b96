// ChildProcess with real processes: line reading, and a child that never ends its line.
#include "worker/match/child_process.h"

#include "gtest/gtest.h"

namespace gc9::worker {
namespace {

TEST(ChildProcessTest, LinesWithTheirEndingsRemoved) {
  auto child = ChildProcess::Start("/bin/sh", {"-c", "printf 'one\\r\\ntwo\\nlast'"});
  ASSERT_TRUE(child.ok()) << child.status();
  std::string line;
  for (const char* expected : {"one", "two", "last"}) {
    ASSERT_EQ((*child)->ReadLine(5000, &line), ChildProcess::ReadResult::kLine);
    EXPECT_EQ(line, expected);
  }
  EXPECT_EQ((*child)->ReadLine(5000, &line), ChildProcess::ReadResult::kEof);
}

// Read whole, a line without end grew the worker's buffer until the engine's deadline.
TEST(ChildProcessTest, AnEndlessLineArrivesInBoundedPieces) {
  auto child = ChildProcess::Start(
      "/bin/sh", {"-c", "head -c 3000000 /dev/zero | tr '\\0' x; echo; echo done"});
  ASSERT_TRUE(child.ok()) << child.status();
  std::string line;
  size_t total = 0;
  while (true) {
    ASSERT_EQ((*child)->ReadLine(20000, &line), ChildProcess::ReadResult::kLine);
    if (line == "done") break;
    ASSERT_LE(line.size(), ChildProcess::kMaxLineBytes);
    EXPECT_EQ(line.find_first_not_of('x'), std::string::npos);
    total += line.size();
  }
  EXPECT_EQ(total, 3000000u);
}

}  // namespace
}  // namespace gc9::worker
