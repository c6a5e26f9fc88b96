// The outbox keeps unacknowledged results across a restart and refuses a second worker.
#include "worker/client/outbox.h"

#include <unistd.h>

#include <string>

#include "gtest/gtest.h"

namespace gc9::worker {
namespace {

proto::PairResult Pair(int64_t index) {
  proto::PairResult pair;
  pair.set_run_id(1);
  pair.set_batch_id(2);
  pair.set_pair_index(index);
  return pair;
}

TEST(Outbox, SurvivesARestartAndLocks) {
  const std::string path = ::testing::TempDir() + "/outbox_test_" + std::to_string(getpid());
  unlink(path.c_str());
  {
    Outbox outbox;
    ASSERT_TRUE(outbox.Open(path).ok());
    outbox.set_worker_id(42);
    outbox.Add(Pair(0));
    outbox.Add(Pair(1));
    outbox.Add(Pair(2));
    outbox.Remove({Pair(1)});
    Outbox second;
    EXPECT_EQ(second.Open(path).code(), absl::StatusCode::kFailedPrecondition);
  }
  Outbox reopened;
  ASSERT_TRUE(reopened.Open(path).ok());
  EXPECT_EQ(reopened.worker_id(), 42);
  std::vector<proto::PairResult> pairs = reopened.Peek(10);
  ASSERT_EQ(pairs.size(), 2u);
  EXPECT_EQ(pairs[0].pair_index(), 0);
  EXPECT_EQ(pairs[1].pair_index(), 2);
  EXPECT_EQ(reopened.Peek(1).size(), 1u);
}

}  // namespace
}  // namespace gc9::worker
