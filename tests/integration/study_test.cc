// Placement studies on loopback: a real coordinator and real gc9-worker processes play a tiny
// study to its budget, every game from its cell's drops, and `gc9 study report` writes the
// report files from the running coordinator.
#include <sys/wait.h>

#include <cstdlib>
#include <string>

#include "absl/strings/str_cat.h"
#include "common/file.h"
#include "gtest/gtest.h"
#include "tests/integration/cluster.h"

namespace gc9::testing {
namespace {

proto::RunConfig TinyStudy(proto::PlacementStudy::Replies replies, int64_t budget) {
  proto::RunConfig config;
  config.set_name("tiny study");
  config.set_variant("grandchess9");
  config.mutable_engine()->mutable_builtin();
  config.mutable_time_control()->set_nodes(120);
  config.mutable_adjudication()->set_max_plies(30);
  config.set_batch_pairs(2);
  config.set_seed(3);
  config.set_store_pgn(true);
  proto::PlacementStudy* study = config.mutable_placement_study();
  study->set_replies(replies);
  if (replies == proto::PlacementStudy::REPLIES_FIXED) study->set_black("e7+f7");
  for (const char* white : {"c3+g3", "d3+f3", "a3+i3"}) study->add_white(white);
  study->set_budget_games(budget);
  return config;
}

int64_t CellGames(const proto::PlacementStudyStatus& study) {
  int64_t games = 0;
  for (const proto::StudyCellRecord& cell : study.cell()) {
    games += cell.wins() + cell.draws() + cell.losses();
  }
  return games;
}

int Count(const std::string& text, const std::string& what) {
  int count = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
    ++count;
  }
  return count;
}

TEST(Study, WorkersPlayAFixedReplyStudyToItsBudgetAndTheReportIsWritten) {
  Cluster cluster;
  cluster.StartCoordinator();
  for (int i = 0; i < 2; ++i) cluster.StartWorker();
  absl::StatusOr<int64_t> run =
      cluster.client().Submit(TinyStudy(proto::PlacementStudy::REPLIES_FIXED, 16));
  ASSERT_TRUE(run.ok()) << run.status();
  const proto::RunStatus status = cluster.WaitFor(
      *run, [](const proto::RunStatus& s) { return s.state() == proto::RUN_FINISHED; });
  const proto::PlacementStudyStatus& study = status.placement_study();
  EXPECT_EQ(status.decision(), proto::DECISION_COMPLETE);
  EXPECT_EQ(study.games(), 16);  // 120 nodes cannot separate three placements in 16 games
  EXPECT_EQ(CellGames(study), 16);
  EXPECT_EQ(study.in_flight(), 0);
  EXPECT_EQ(study.row_size(), 3);
  for (const proto::StudyCellRecord& cell : study.cell()) EXPECT_EQ(cell.black(), 26);  // e7+f7

  // Every game began with its cell's four drops: White's two, then e7 and f7.
  std::string pgn;
  ASSERT_TRUE(cluster.client().ExportPgn(*run, [&](const std::string& text) { pgn += text; }).ok());
  EXPECT_EQ(Count(pgn, "[Variant \"grandchess9\"]"), 16);
  EXPECT_EQ(Count(pgn, "P@e7 "), 16) << pgn.substr(0, 2000);
  EXPECT_EQ(Count(pgn, "P@f7 "), 16);

  const std::string out = cluster.dir() + "/report";
  const std::string command = absl::StrCat(
      GC9_CLI_BINARY, " study-report ", *run, " --out ", out, " --coordinator ", cluster.address(),
      " --token-file ", cluster.token_file(), " > ", cluster.dir(), "/report.out 2>&1");
  const int exit_status = std::system(command.c_str());
  const std::string printed = common::ReadWholeFile(cluster.dir() + "/report.out").value_or("");
  ASSERT_TRUE(WIFEXITED(exit_status) && WEXITSTATUS(exit_status) == 0) << printed;
  EXPECT_NE(printed.find("White placements by worst case"), std::string::npos) << printed;
  EXPECT_NE(printed.find("The engine's own placement (nodes=120)"), std::string::npos) << printed;
  for (const char* file : {"cells.csv", "ranking.csv", "ranking.txt", "squares.csv", "squares.svg",
                           "cells.svg", "engine.txt"}) {
    EXPECT_TRUE(common::ReadWholeFile(out + "/" + file).ok()) << file;
  }
  const std::string cells = common::ReadWholeFile(out + "/cells.csv").value_or("");
  EXPECT_NE(cells.find("c3+g3"), std::string::npos) << cells;
}

TEST(Study, EngineChosenRepliesRecordTheCellsBlackChose) {
  Cluster cluster;
  cluster.StartCoordinator();
  cluster.StartWorker(2);
  absl::StatusOr<int64_t> run =
      cluster.client().Submit(TinyStudy(proto::PlacementStudy::REPLIES_ENGINE, 8));
  ASSERT_TRUE(run.ok()) << run.status();
  const proto::RunStatus status = cluster.WaitFor(
      *run, [](const proto::RunStatus& s) { return s.state() == proto::RUN_FINISHED; });
  const proto::PlacementStudyStatus& study = status.placement_study();
  EXPECT_EQ(study.games(), 8);
  // Every game reached a cell: Black's engine dropped two pawns on rank 7 each time.
  EXPECT_EQ(CellGames(study), 8);
  for (const proto::StudyCellRecord& cell : study.cell()) {
    EXPECT_GE(cell.black(), 0);
    EXPECT_LT(cell.black(), 36);
  }
}

}  // namespace
}  // namespace gc9::testing
