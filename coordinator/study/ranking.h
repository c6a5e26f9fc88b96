// What a finished (or running) study says: every cell's result in one table,
// White placements ranked by worst case and by average, and how good each
// square of the drop rank is. Used by the report files and by `gc9 status`.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "coordinator/study/allocator.h"
#include "coordinator/study/cell_stats.h"
#include "coordinator/study/placement.h"

namespace gc9::coordinator::study {

struct StudyTable {
  DropRow white_row{9, 3};
  DropRow black_row{9, 7};
  std::vector<StudyCell> cells;
  std::vector<CellResult> results;  // parallel to cells, seen from White
};

StudyTable TableFromState(const AllocatorState& state, const DropRow& white_row,
                          const DropRow& black_row);

struct PlacementRank {
  int white = 0;
  int64_t games = 0;
  int replies_listed = 0;
  int replies_played = 0;
  // Worst case: the minimum over the played replies of the cell score, with the
  // interval [min_j low_j, min_j high_j] of the per-cell Wilson intervals (each
  // at the report's confidence, not a simultaneous one).
  double worst = 0.5;
  Interval worst_interval;
  int best_reply = -1;  // the Black placement attaining `worst`
  int64_t best_reply_games = 0;
  // The plain mean over played replies; its half-width is the root sum of
  // squares of the cell half-widths over the reply count, i.e. independent
  // cells with z * se_j taken from their Wilson intervals.
  double average = 0.5;
  Interval average_interval;
  int rank_worst = 0;    // 1 = best
  int rank_average = 0;  // 1 = best
};

// White placements with at least one game, best worst case first (ties by
// average, then index).
std::vector<PlacementRank> RankWhitePlacements(const StudyTable& table, double confidence);

// Two plain-text tables, by worst case and by average, `limit` rows each (0 for
// all), with intervals and Black's best reply.
std::string FormatRanking(const std::vector<PlacementRank>& ranks, const StudyTable& table,
                          double confidence, int limit);

// For each file of the drop rank, the mean score of the played cells whose
// placement (of that side) puts a pawn there, from that side's point of view;
// NaN where no such cell was played. Every cell weighs the same, so an adaptive
// study's uneven game counts do not tilt the picture.
struct SquareScores {
  std::vector<double> white;  // by file
  std::vector<double> black;
  std::vector<int> white_cells;
  std::vector<int> black_cells;
};

SquareScores ScoreSquares(const StudyTable& table);

}  // namespace gc9::coordinator::study
