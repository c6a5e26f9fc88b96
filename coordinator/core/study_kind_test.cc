// The placement_study kind inside the core, on real SQLite files and a clock the test moves:
// what a batch carries, idempotent counting, expiry and replay, the engine-chosen reply, the
// adaptive stop, and a restart that continues exactly where an uninterrupted core goes.
#include "coordinator/core/study_kind.h"

#include <unistd.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "common/protocol.h"
#include "coordinator/core/core.h"
#include "coordinator/store/sqlite_store.h"
#include "gtest/gtest.h"

namespace gc9::coordinator::core {
namespace {

proto::RunConfig StudyConfig(int64_t budget, int batch_pairs) {
  proto::RunConfig config;
  config.set_name("study");
  config.set_variant("grandchess9");
  config.mutable_engine()->mutable_builtin();
  config.mutable_time_control()->set_nodes(1000);
  config.set_batch_pairs(batch_pairs);
  proto::PlacementStudy* study = config.mutable_placement_study();
  study->set_replies(proto::PlacementStudy::REPLIES_FIXED);
  study->set_black("d7+f7");
  for (const char* white : {"a3+b3", "c3+g3", "d3+f3", "e3+i3"}) study->add_white(white);
  study->set_budget_games(budget);
  return config;
}

// The result for White of a game of the cell whose White drops begin the opening: c3+g3
// wins every game, the others lose, so the study has one clear best.
std::string ResultFor(const proto::OpeningPosition& opening) {
  return opening.move(0) == "P@c3" && opening.move(1) == "P@g3" ? "1-0" : "0-1";
}

int WhitePoints(const std::string& result) { return result == "1-0" ? 2 : result == "0-1" ? 0 : 1; }

proto::PairResult PairOf(const proto::Batch& batch, int which) {
  const proto::PairAssignment& assignment = batch.pair(which);
  proto::PairResult pair;
  pair.set_run_id(batch.run_id());
  pair.set_batch_id(batch.batch_id());
  pair.set_pair_index(assignment.pair_index());
  const std::string result = ResultFor(assignment.opening());
  for (int g = 0; g < 2; ++g) {
    proto::GameSummary* game = pair.add_game();
    game->set_result(result);
    game->set_reason("checkmate");
    for (const std::string& move : assignment.opening().move()) game->add_drop(move);
  }
  pair.set_pentanomial_index(WhitePoints(result) + 2 - WhitePoints(result));
  return pair;
}

class StudyCoreTest : public ::testing::Test {
 protected:
  struct Node {
    std::string path;
    std::unique_ptr<store::SqliteStore> store;
    std::unique_ptr<Core> core;
  };

  void SetUp() override { a_ = NewNode("a"); }

  Node NewNode(const std::string& tag) {
    Node node;
    node.path = ::testing::TempDir() + "/study_kind_test_" + std::to_string(getpid()) + "_" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name() + tag + ".db";
    for (const char* suffix : {"", "-wal", "-shm"}) unlink((node.path + suffix).c_str());
    Reopen(node);
    return node;
  }

  // A fresh core on the same database, as after a coordinator restart.
  void Reopen(Node& node) {
    node.core.reset();
    node.store.reset();
    auto store = store::SqliteStore::Open(node.path);
    ASSERT_TRUE(store.ok()) << store.status();
    node.store = std::move(*store);
    CoreOptions options;
    options.lease_ms = 1000;
    node.core = std::make_unique<Core>(node.store.get(), options, [this] { return now_; });
    ASSERT_TRUE(node.core->Recover().ok());
  }

  template <typename Request, typename Reply>
  absl::Status Call(Node& node, void (Core::*handler)(const Request&, Reply*, Done),
                    const Request& request, Reply* reply) {
    absl::Status result = absl::UnknownError("not answered");
    (node.core.get()->*handler)(request, reply, [&](absl::Status status) { result = status; });
    node.core->Flush();
    return result;
  }

  int64_t Submit(Node& node, const proto::RunConfig& config) {
    proto::SubmitRequest request;
    *request.mutable_config() = config;
    proto::SubmitReply reply;
    EXPECT_TRUE(Call(node, &Core::HandleSubmit, request, &reply).ok());
    return reply.run_id();
  }

  int64_t Register(Node& node) {
    proto::RegisterRequest request;
    request.set_protocol_version(common::kProtocolVersion);
    proto::RegisterReply reply;
    EXPECT_TRUE(Call(node, &Core::HandleRegister, request, &reply).ok());
    return reply.worker_id();
  }

  proto::AcquireReply Acquire(Node& node, int64_t worker, int max_pairs) {
    proto::AcquireRequest request;
    request.set_worker_id(worker);
    request.set_max_pairs(max_pairs);
    proto::AcquireReply reply;
    EXPECT_TRUE(Call(node, &Core::HandleAcquire, request, &reply).ok());
    return reply;
  }

  proto::ReportReply Report(Node& node, int64_t worker, std::vector<proto::PairResult> pairs) {
    proto::ReportRequest request;
    request.set_worker_id(worker);
    for (proto::PairResult& pair : pairs) *request.add_pair() = std::move(pair);
    proto::ReportReply reply;
    EXPECT_TRUE(Call(node, &Core::HandleReport, request, &reply).ok());
    return reply;
  }

  proto::RunStatus Status(Node& node, int64_t run) {
    proto::StatusRequest request;
    request.set_run_id(run);
    proto::StatusReply reply;
    EXPECT_TRUE(Call(node, &Core::HandleStatus, request, &reply).ok());
    return reply.run();
  }

  // Plays every pair of a batch and reports it; returns the batch.
  proto::Batch PlayOne(Node& node, int64_t worker, int max_pairs) {
    proto::AcquireReply reply = Acquire(node, worker, max_pairs);
    std::vector<proto::PairResult> pairs;
    for (int i = 0; i < reply.batch().pair_size(); ++i) pairs.push_back(PairOf(reply.batch(), i));
    if (!pairs.empty()) Report(node, worker, pairs);
    return reply.batch();
  }

  int64_t now_ = 1000000;
  Node a_;
};

TEST_F(StudyCoreTest, BatchesCarryTheCellsDropsAndPerGameNodeLimits) {
  const int64_t run = Submit(a_, StudyConfig(400, 3));
  const int64_t worker = Register(a_);
  proto::AcquireReply reply = Acquire(a_, worker, 3);
  ASSERT_TRUE(reply.has_batch());
  const proto::Batch& batch = reply.batch();
  ASSERT_EQ(batch.pair_size(), 3);
  // No baseline in the config: the engine plays both sides.
  EXPECT_TRUE(batch.config().has_baseline());
  std::set<std::string> whites;
  for (const proto::PairAssignment& pair : batch.pair()) {
    ASSERT_EQ(pair.opening().move_size(), 4);
    EXPECT_TRUE(pair.opening().fen().empty());
    EXPECT_EQ(pair.opening().move(2), "P@d7");
    EXPECT_EQ(pair.opening().move(3), "P@f7");
    whites.insert(pair.opening().move(0) + pair.opening().move(1));
    ASSERT_EQ(pair.game_nodes_size(), 2);
    for (int64_t nodes : pair.game_nodes()) {
      EXPECT_GE(nodes, 750);
      EXPECT_LE(nodes, 1250);
    }
  }
  // The first sweep gives every cell its first pair, one each.
  EXPECT_EQ(whites.size(), 3u);
  const proto::RunStatus status = Status(a_, run);
  EXPECT_EQ(status.placement_study().in_flight(), 6);
  EXPECT_EQ(status.placement_study().budget_games(), 400);
  EXPECT_EQ(status.target_pairs(), 200);
}

TEST_F(StudyCoreTest, ARepeatedReportCountsOnce) {
  const int64_t run = Submit(a_, StudyConfig(400, 2));
  const int64_t worker = Register(a_);
  proto::AcquireReply reply = Acquire(a_, worker, 2);
  const proto::PairResult pair = PairOf(reply.batch(), 0);
  EXPECT_EQ(Report(a_, worker, {pair}).accepted(), 1);
  EXPECT_EQ(Report(a_, worker, {pair}).duplicates(), 1);
  const proto::RunStatus status = Status(a_, run);
  EXPECT_EQ(status.placement_study().games(), 2);
  EXPECT_EQ(status.placement_study().in_flight(), 2);
  ASSERT_EQ(status.placement_study().cell_size(), 1);
  const proto::StudyCellRecord& cell = status.placement_study().cell(0);
  EXPECT_EQ(cell.wins() + cell.draws() + cell.losses(), 2);
}

// An expired lease's pairs come back through the replay queue: its games in flight are
// released then, and a late report of the old lease counts for its old cell while the newer
// lease's games are released instead, so nothing stays in flight for ever.
TEST_F(StudyCoreTest, ExpiredLeasesGiveTheirGamesBack) {
  const int64_t run = Submit(a_, StudyConfig(400, 2));
  const int64_t slow = Register(a_);
  const int64_t fast = Register(a_);
  proto::AcquireReply first = Acquire(a_, slow, 2);
  ASSERT_EQ(first.batch().pair_size(), 2);
  now_ += 5000;
  a_.core->Tick();
  a_.core->Flush();
  proto::AcquireReply second = Acquire(a_, fast, 2);
  ASSERT_EQ(second.batch().pair_size(), 2);
  EXPECT_EQ(Status(a_, run).placement_study().in_flight(), 4);
  // The slow worker's report arrives after all, then the fast one's for the same pairs.
  EXPECT_EQ(Report(a_, slow, {PairOf(first.batch(), 0), PairOf(first.batch(), 1)}).accepted(), 2);
  EXPECT_EQ(Report(a_, fast, {PairOf(second.batch(), 0), PairOf(second.batch(), 1)}).duplicates(),
            2);
  const proto::RunStatus status = Status(a_, run);
  EXPECT_EQ(status.placement_study().games(), 4);
  EXPECT_EQ(status.placement_study().in_flight(), 0);
}

TEST_F(StudyCoreTest, EngineRepliesCountForTheCellBlackChose) {
  proto::RunConfig config = StudyConfig(400, 1);
  config.mutable_placement_study()->clear_black();
  config.mutable_placement_study()->set_replies(proto::PlacementStudy::REPLIES_ENGINE);
  const int64_t run = Submit(a_, config);
  const int64_t worker = Register(a_);
  proto::AcquireReply reply = Acquire(a_, worker, 1);
  ASSERT_EQ(reply.batch().pair(0).opening().move_size(), 2);  // White's drops only
  proto::PairResult pair = PairOf(reply.batch(), 0);
  // Black's engine dropped on e7+h7 in the first game and on a7+b7 in the second.
  for (const char* drops : {"P@e7 P@h7", "P@b7 P@a7"}) {
    proto::GameSummary* game = pair.mutable_game(drops[2] == 'e' ? 0 : 1);
    game->add_drop(std::string(drops, 4));
    game->add_drop(std::string(drops + 5, 4));
  }
  EXPECT_EQ(Report(a_, worker, {pair}).accepted(), 1);
  const proto::RunStatus status = Status(a_, run);
  ASSERT_EQ(status.placement_study().cell_size(), 2) << status.placement_study().DebugString();
  std::set<int> blacks;
  for (const proto::StudyCellRecord& cell : status.placement_study().cell()) {
    blacks.insert(cell.black());
    EXPECT_EQ(cell.wins() + cell.draws() + cell.losses(), 1);
  }
  // a7+b7 is placement 0; e7+h7 is 4 * 8 - 6 + (7 - 5) = 28 in the index order.
  EXPECT_EQ(blacks, (std::set<int>{0, 28}));
}

TEST_F(StudyCoreTest, AdaptiveStudyStopsWhenSeparated) {
  const int64_t run = Submit(a_, StudyConfig(4000, 4));
  const int64_t worker = Register(a_);
  for (int round = 0; round < 1000; ++round) {
    if (!PlayOne(a_, worker, 4).pair_size()) break;
  }
  const proto::RunStatus status = Status(a_, run);
  EXPECT_EQ(status.state(), proto::RUN_FINISHED);
  EXPECT_TRUE(status.placement_study().separated());
  EXPECT_LT(status.placement_study().games(), 4000);
  ASSERT_EQ(status.placement_study().leader_size(), 1);
  EXPECT_EQ(status.placement_study().leader(0), 18);  // c3+g3
}

// Two cores fed the same reports, one restarted between every round: the same cells come
// out of every batch and the status ends the same.
TEST_F(StudyCoreTest, RestartContinuesExactly) {
  Node b = NewNode("b");
  proto::RunConfig config = StudyConfig(4000, 3);
  config.mutable_placement_study()->set_replies(proto::PlacementStudy::REPLIES_ALL);
  config.mutable_placement_study()->clear_black();
  config.mutable_placement_study()->clear_white();
  const int64_t run = Submit(a_, config);
  ASSERT_EQ(Submit(b, config), run);
  const int64_t worker = Register(a_);
  ASSERT_EQ(Register(b), worker);
  for (int round = 0; round < 40; ++round) {
    // Some leases are left to expire on both, so the replays are compared too.
    proto::AcquireReply ra = Acquire(a_, worker, 3);
    proto::AcquireReply rb = Acquire(b, worker, 3);
    ASSERT_EQ(ra.batch().pair_size(), rb.batch().pair_size());
    for (int i = 0; i < ra.batch().pair_size(); ++i) {
      ASSERT_EQ(ra.batch().pair(i).SerializeAsString(), rb.batch().pair(i).SerializeAsString())
          << "round " << round;
    }
    if (round % 7 != 3) {
      std::vector<proto::PairResult> pa, pb;
      for (int i = 0; i < ra.batch().pair_size(); ++i) {
        pa.push_back(PairOf(ra.batch(), i));
        pb.push_back(PairOf(rb.batch(), i));
      }
      Report(a_, worker, pa);
      Report(b, worker, pb);
    } else {
      now_ += 5000;
      a_.core->Tick();
      a_.core->Flush();
      b.core->Tick();
      b.core->Flush();
    }
    Reopen(a_);
  }
  proto::RunStatus sa = Status(a_, run);
  proto::RunStatus sb = Status(b, run);
  EXPECT_GT(sa.placement_study().games(), 0);
  EXPECT_EQ(sa.placement_study().SerializeAsString(), sb.placement_study().SerializeAsString());
}

TEST_F(StudyCoreTest, RejectsAStudyOfAVariantWithoutPlacement) {
  proto::RunConfig config = StudyConfig(400, 1);
  config.set_variant("grand");
  proto::SubmitRequest request;
  *request.mutable_config() = config;
  proto::SubmitReply reply;
  const absl::Status status = Call(a_, &Core::HandleSubmit, request, &reply);
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message().find("placement"), std::string::npos) << status;
}

}  // namespace
}  // namespace gc9::coordinator::core
