#include "coordinator/study/report.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>

#include "coordinator/report/xml_check.h"
#include "coordinator/study/allocator.h"
#include "gtest/gtest.h"

namespace gc9::coordinator::study {
namespace {

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// A full 36 x 36 table with a gradient of results, one cell left unplayed.
StudyTable FullTable() {
  StudyTable table;
  table.cells = AllPairsCells(36, 36);
  for (const StudyCell& c : table.cells) {
    const int64_t wins = 2 + (c.white % 9), losses = 2 + (c.black % 7);
    table.results.push_back(c.white == 3 && c.black == 4 ? CellResult{}
                                                         : CellResult{wins, 5, losses});
  }
  return table;
}

TEST(ReportTest, WritesEveryFile) {
  const std::string dir = ::testing::TempDir() + "/gc9_study_report";
  const StudyTable table = FullTable();
  ASSERT_TRUE(WriteStudyReport(table, {}, dir).ok());

  const std::string cells = ReadFile(dir + "/cells.csv");
  EXPECT_EQ(std::count(cells.begin(), cells.end(), '\n'), 1 + 1296);
  EXPECT_EQ(cells.rfind("white,black,white_index,black_index,games,wins,draws,losses,", 0), 0u);
  EXPECT_NE(cells.find("\na3+b3,a7+b7,0,0,"), std::string::npos);

  const std::string ranking = ReadFile(dir + "/ranking.csv");
  EXPECT_EQ(std::count(ranking.begin(), ranking.end(), '\n'), 1 + 36);
  EXPECT_NE(ReadFile(dir + "/ranking.txt").find("by worst case"), std::string::npos);
  const std::string squares = ReadFile(dir + "/squares.csv");
  EXPECT_EQ(std::count(squares.begin(), squares.end(), '\n'), 1 + 18);

  for (const char* svg : {"/squares.svg", "/cells.svg"}) {
    const std::string text = ReadFile(dir + svg);
    absl::StatusOr<std::map<std::string, int>> counts = report::CheckWellFormedXml(text);
    ASSERT_TRUE(counts.ok()) << svg << ": " << counts.status();
  }
  absl::StatusOr<std::map<std::string, int>> matrix =
      report::CheckWellFormedXml(ReadFile(dir + "/cells.svg"));
  // 1296 cells, with one tooltip each, plus background, frame and legend bar.
  EXPECT_EQ((*matrix)["rect"], 1296 + 3);
  EXPECT_EQ((*matrix)["title"], 1296);
  const std::string matrix_text = ReadFile(dir + "/cells.svg");
  EXPECT_NE(matrix_text.find(">h3+i3</text>"), std::string::npos);
  EXPECT_NE(matrix_text.find(">h7+i7</text>"), std::string::npos);
}

// Not part of the suite: writes a report of a simulated adaptive study into
// $TEST_TMPDIR/gc9_study_demo for a person to look at.
TEST(ReportTest, DISABLED_DemoReportOfASimulatedStudy) {
  std::mt19937_64 rng(5);
  auto unit = [&] { return static_cast<double>(rng() >> 11) * 0x1.0p-53; };
  // White likes pawns in the centre (files c..g), Black's replies matter less.
  std::vector<double> mean;
  for (const StudyCell& c : AllPairsCells(36, 36)) {
    auto centrality = [](int index) {
      const Placement p = *PlacementFromIndex(index, 9);
      return -(std::abs(p.first_file - 4) + std::abs(p.second_file - 4)) / 8.0;
    };
    mean.push_back(0.55 + 0.12 * centrality(c.white) - 0.05 * centrality(c.black) +
                   0.04 * (unit() - 0.5));
  }
  AllocatorConfig config;
  config.budget = 150000;
  absl::StatusOr<AllocatorState> state = NewAllocatorState(config, AllPairsCells(36, 36));
  ASSERT_TRUE(state.ok());
  for (std::vector<int> next; !(next = NextCells(*state, 64)).empty();) {
    for (int c : next) {
      const double draw = 0.4, win = mean[c] - draw / 2, u = unit();
      ASSERT_TRUE(Record(*state, c,
                         u < win          ? GameOutcome::kWhiteWin
                         : u < win + draw ? GameOutcome::kDraw
                                          : GameOutcome::kBlackWin)
                      .ok());
    }
  }
  StudyReportOptions options;
  options.title = "Simulated study";
  ASSERT_TRUE(WriteStudyReport(TableFromState(*state, {9, 3}, {9, 7}), options,
                               ::testing::TempDir() + "/gc9_study_demo")
                  .ok());
}

TEST(ReportTest, MismatchedTableIsAnError) {
  StudyTable table = FullTable();
  table.results.pop_back();
  EXPECT_FALSE(WriteStudyReport(table, {}, ::testing::TempDir() + "/gc9_bad").ok());
}

}  // namespace
}  // namespace gc9::coordinator::study
