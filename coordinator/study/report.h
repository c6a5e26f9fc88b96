// `gc9 study report RUN --out DIR`: the files a person reads after a placement
// study. Every file is rewritten whole, so reporting a running study is safe.
#pragma once

#include <string>

#include "absl/status/status.h"
#include "coordinator/study/ranking.h"

namespace gc9::coordinator::study {

struct StudyReportOptions {
  std::string title = "Placement study";
  double confidence = 0.95;
};

// Writes into `directory` (created if missing):
//   cells.csv     every cell: placements, games, W/D/L, score, Wilson interval
//   ranking.csv   White placements by worst case, with average and best reply
//   ranking.txt   the same as two plain-text tables
//   squares.csv   each square's marginal score for White and for Black
//   squares.svg   those marginals as two coloured rows of the board
//   cells.svg     the White x Black matrix coloured by White's score
absl::Status WriteStudyReport(const StudyTable& table, const StudyReportOptions& options,
                              const std::string& directory);

// The pieces, for tests and for `gc9 status`.
std::string CellsCsv(const StudyTable& table, double confidence);
std::string RankingCsv(const std::vector<PlacementRank>& ranks, const StudyTable& table);
std::string SquaresCsv(const SquareScores& squares, const StudyTable& table);
std::string SquaresSvg(const StudyTable& table, const StudyReportOptions& options);
std::string CellMatrixSvg(const StudyTable& table, const StudyReportOptions& options);

}  // namespace gc9::coordinator::study
