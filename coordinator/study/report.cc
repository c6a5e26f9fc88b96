// Study report files: CSV, plain text and SVG heatmaps.
#include "coordinator/study/report.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "common/status_macros.h"
#include "coordinator/report/svg_chart.h"
#include "coordinator/report/text_file.h"

namespace gc9::coordinator::study {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

int64_t TotalGames(const StudyTable& table) {
  int64_t total = 0;
  for (const CellResult& r : table.results) total += Games(r);
  return total;
}

// Symmetric about 0.5 and just wide enough for the data, in steps of 0.05, so
// that a study whose scores all lie in 0.42..0.61 still shows contrast.
double HalfRange(const std::vector<double>& values) {
  double widest = 0.0;
  for (double v : values) {
    if (!std::isnan(v)) widest = std::max(widest, std::abs(v - 0.5));
  }
  return std::clamp(std::ceil(widest / 0.05 - 1e-9) * 0.05, 0.05, 0.5);
}

// Rows where the first file changes (a+*, b+*, ...), for the heavier
// separators.
std::vector<int> FileBreaks(const std::vector<int>& placements, int width) {
  std::vector<int> breaks;
  for (size_t i = 1; i < placements.size(); ++i) {
    absl::StatusOr<Placement> a = PlacementFromIndex(placements[i - 1], width);
    absl::StatusOr<Placement> b = PlacementFromIndex(placements[i], width);
    if (a.ok() && b.ok() && a->first_file != b->first_file) breaks.push_back(static_cast<int>(i));
  }
  return breaks;
}

std::string Subtitle(const StudyTable& table, absl::string_view what) {
  return absl::StrCat(TotalGames(table), " games; ", what);
}

}  // namespace

std::string CellsCsv(const StudyTable& table, double confidence) {
  const double z = ZForConfidence(confidence);
  std::string out =
      "white,black,white_index,black_index,games,wins,draws,losses,score,low,"
      "high\n";
  for (size_t c = 0; c < table.cells.size() && c < table.results.size(); ++c) {
    const StudyCell& cell = table.cells[c];
    const CellResult& r = table.results[c];
    const Interval i = WilsonInterval(r, z);
    const std::string score = Games(r) ? absl::StrFormat("%.4f", Score(r)) : "";
    absl::StrAppend(&out, PlacementNameAt(cell.white, table.white_row), ",",
                    PlacementNameAt(cell.black, table.black_row), ",", cell.white, ",", cell.black,
                    ",", Games(r), ",", r.wins, ",", r.draws, ",", r.losses, ",", score, ",",
                    absl::StrFormat("%.4f,%.4f", i.low, i.high), "\n");
  }
  return out;
}

std::string RankingCsv(const std::vector<PlacementRank>& ranks, const StudyTable& table) {
  std::string out =
      "rank_worst,white,games,replies_played,replies_listed,worst_score,worst_"
      "low,worst_high,"
      "best_reply,best_reply_games,average_score,average_low,average_high,rank_"
      "average\n";
  for (const PlacementRank& r : ranks) {
    absl::StrAppend(
        &out, r.rank_worst, ",", PlacementNameAt(r.white, table.white_row), ",", r.games, ",",
        r.replies_played, ",", r.replies_listed, ",",
        absl::StrFormat("%.4f,%.4f,%.4f,", r.worst, r.worst_interval.low, r.worst_interval.high),
        r.best_reply < 0 ? "" : PlacementNameAt(r.best_reply, table.black_row), ",",
        r.best_reply_games, ",",
        absl::StrFormat("%.4f,%.4f,%.4f,", r.average, r.average_interval.low,
                        r.average_interval.high),
        r.rank_average, "\n");
  }
  return out;
}

std::string SquaresCsv(const SquareScores& squares, const StudyTable& table) {
  std::string out = "side,square,score,cells\n";
  auto rows = [&](absl::string_view side, const std::vector<double>& scores,
                  const std::vector<int>& cells, int rank) {
    for (size_t f = 0; f < scores.size(); ++f) {
      absl::StrAppend(&out, side, ",", SquareName(static_cast<int>(f), rank), ",",
                      std::isnan(scores[f]) ? "" : absl::StrFormat("%.4f", scores[f]), ",",
                      cells[f], "\n");
    }
  };
  rows("white", squares.white, squares.white_cells, table.white_row.rank);
  rows("black", squares.black, squares.black_cells, table.black_row.rank);
  return out;
}

std::string SquaresSvg(const StudyTable& table, const StudyReportOptions& options) {
  const SquareScores squares = ScoreSquares(table);
  const int width = std::max(table.white_row.width, table.black_row.width);
  report::HeatmapSpec spec;
  spec.title = absl::StrCat(options.title, ": where to drop a pawn");
  spec.subtitle =
      Subtitle(table, "mean score, for the side dropping, of the placements using the square");
  spec.row_axis_title = "";
  spec.column_axis_title = "file";
  spec.row_labels = {absl::StrCat("White (rank ", table.white_row.rank, ")"),
                     absl::StrCat("Black (rank ", table.black_row.rank, ")")};
  for (int f = 0; f < width; ++f) spec.column_labels.push_back(std::string(1, 'a' + f));
  std::vector<double> values(2 * width, kNaN);
  spec.cell_text.assign(2 * width, "");
  for (int f = 0; f < width; ++f) {
    if (f < static_cast<int>(squares.white.size())) values[f] = squares.white[f];
    if (f < static_cast<int>(squares.black.size())) values[width + f] = squares.black[f];
    for (int side = 0; side < 2; ++side) {
      const double v = values[side * width + f];
      const int rank = side == 0 ? table.white_row.rank : table.black_row.rank;
      spec.cell_text[side * width + f] = absl::StrCat(
          SquareName(f, rank), "\n", std::isnan(v) ? std::string("-") : absl::StrFormat("%.3f", v));
    }
  }
  const double half = HalfRange(values);
  spec.values = values;
  spec.low = 0.5 - half;
  spec.high = 0.5 + half;
  spec.legend_title = "score";
  spec.cell_width = 62;
  spec.cell_height = 50;
  spec.label_size = 12;
  spec.rotate_column_labels = false;
  return report::HeatmapSvg(spec);
}

std::string CellMatrixSvg(const StudyTable& table, const StudyReportOptions& options) {
  std::set<int> white_set, black_set;
  for (const StudyCell& c : table.cells) {
    white_set.insert(c.white);
    black_set.insert(c.black);
  }
  const std::vector<int> whites(white_set.begin(), white_set.end());
  const std::vector<int> blacks(black_set.begin(), black_set.end());
  std::map<int, int> row_of, column_of;
  for (size_t i = 0; i < whites.size(); ++i) row_of[whites[i]] = static_cast<int>(i);
  for (size_t i = 0; i < blacks.size(); ++i) column_of[blacks[i]] = static_cast<int>(i);

  report::HeatmapSpec spec;
  spec.title = absl::StrCat(options.title, ": every cell");
  spec.subtitle = Subtitle(table, "White's score per cell; grey = not played");
  spec.row_axis_title = absl::StrCat("White placement (rank ", table.white_row.rank, ")");
  spec.column_axis_title = absl::StrCat("Black placement (rank ", table.black_row.rank, ")");
  for (int w : whites) spec.row_labels.push_back(PlacementNameAt(w, table.white_row));
  for (int b : blacks) spec.column_labels.push_back(PlacementNameAt(b, table.black_row));
  const size_t n = whites.size() * blacks.size();
  spec.values.assign(n, kNaN);
  spec.tooltips.assign(n, "");
  const double z = ZForConfidence(options.confidence);
  for (size_t c = 0; c < table.cells.size() && c < table.results.size(); ++c) {
    const StudyCell& cell = table.cells[c];
    const CellResult& r = table.results[c];
    const size_t i =
        static_cast<size_t>(row_of[cell.white]) * blacks.size() + column_of[cell.black];
    const Interval interval = WilsonInterval(r, z);
    if (Games(r) > 0) spec.values[i] = Score(r);
    spec.tooltips[i] = absl::StrFormat(
        "%s vs %s: %s [%.3f, %.3f], %d games (+%d =%d -%d)",
        PlacementNameAt(cell.white, table.white_row), PlacementNameAt(cell.black, table.black_row),
        Games(r) ? absl::StrFormat("%.3f", Score(r)) : "-", interval.low, interval.high, Games(r),
        r.wins, r.draws, r.losses);
  }
  const double half = HalfRange(spec.values);
  spec.low = 0.5 - half;
  spec.high = 0.5 + half;
  spec.legend_title = "White score";
  spec.row_breaks = FileBreaks(whites, table.white_row.width);
  spec.column_breaks = FileBreaks(blacks, table.black_row.width);
  spec.cell_width = blacks.size() > 1 ? 17 : 60;
  spec.cell_height = 17;
  spec.label_size = 10.5;
  return report::HeatmapSvg(spec);
}

absl::Status WriteStudyReport(const StudyTable& table, const StudyReportOptions& options,
                              const std::string& directory) {
  if (table.cells.size() != table.results.size()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "study table has ", table.cells.size(), " cells but ", table.results.size(), " results"));
  }
  RETURN_IF_ERROR(ValidateDropRow(table.white_row));
  RETURN_IF_ERROR(ValidateDropRow(table.black_row));
  RETURN_IF_ERROR(report::EnsureDirectory(directory));
  const std::vector<PlacementRank> ranks = RankWhitePlacements(table, options.confidence);
  const std::string dir = directory + "/";
  RETURN_IF_ERROR(report::WriteTextFile(dir + "cells.csv", CellsCsv(table, options.confidence)));
  RETURN_IF_ERROR(report::WriteTextFile(dir + "ranking.csv", RankingCsv(ranks, table)));
  RETURN_IF_ERROR(report::WriteTextFile(
      dir + "ranking.txt", absl::StrCat(options.title, ": ", TotalGames(table), " games\n\n",
                                        FormatRanking(ranks, table, options.confidence, 0))));
  RETURN_IF_ERROR(
      report::WriteTextFile(dir + "squares.csv", SquaresCsv(ScoreSquares(table), table)));
  RETURN_IF_ERROR(report::WriteTextFile(dir + "squares.svg", SquaresSvg(table, options)));
  RETURN_IF_ERROR(report::WriteTextFile(dir + "cells.svg", CellMatrixSvg(table, options)));
  return absl::OkStatus();
}

}  // namespace gc9::coordinator::study
