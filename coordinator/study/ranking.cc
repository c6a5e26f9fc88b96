// Ranking White placements and scoring squares.
#include "coordinator/study/ranking.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace gc9::coordinator::study {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool Contains(int placement, int file, int width) {
  absl::StatusOr<Placement> p = PlacementFromIndex(placement, width);
  return p.ok() && (p->first_file == file || p->second_file == file);
}

std::string RankLine(int rank, const PlacementRank& r, const StudyTable& table) {
  const std::string reply =
      r.best_reply < 0 ? std::string("-") : PlacementNameAt(r.best_reply, table.black_row);
  return absl::StrFormat(
      "%4d  %-9s %8d %4d/%-4d %.3f [%.3f, %.3f]  %-9s %7d   %.3f [%.3f, "
      "%.3f]\n",
      rank, PlacementNameAt(r.white, table.white_row), r.games, r.replies_played, r.replies_listed,
      r.worst, r.worst_interval.low, r.worst_interval.high, reply, r.best_reply_games, r.average,
      r.average_interval.low, r.average_interval.high);
}

}  // namespace

StudyTable TableFromState(const AllocatorState& state, const DropRow& white_row,
                          const DropRow& black_row) {
  StudyTable table;
  table.white_row = white_row;
  table.black_row = black_row;
  table.cells = state.cells;
  for (size_t c = 0; c < state.cells.size(); ++c) {
    table.results.push_back(ResultAt(state, static_cast<int>(c)));
  }
  return table;
}

std::vector<PlacementRank> RankWhitePlacements(const StudyTable& table, double confidence) {
  const double z = ZForConfidence(confidence);
  std::map<int, PlacementRank> by_white;
  std::map<int, double> sum_scores;
  std::map<int, double> sum_half_squares;
  for (size_t c = 0; c < table.cells.size() && c < table.results.size(); ++c) {
    const StudyCell& cell = table.cells[c];
    const CellResult& result = table.results[c];
    PlacementRank& rank = by_white[cell.white];
    rank.white = cell.white;
    ++rank.replies_listed;
    if (Games(result) == 0) continue;
    const double score = Score(result);
    const Interval interval = WilsonInterval(result, z);
    if (rank.replies_played == 0) {
      rank.worst = score;
      rank.worst_interval = interval;
      rank.best_reply = cell.black;
      rank.best_reply_games = Games(result);
    } else {
      if (score < rank.worst) {
        rank.worst = score;
        rank.best_reply = cell.black;
        rank.best_reply_games = Games(result);
      }
      rank.worst_interval.low = std::min(rank.worst_interval.low, interval.low);
      rank.worst_interval.high = std::min(rank.worst_interval.high, interval.high);
    }
    ++rank.replies_played;
    rank.games += Games(result);
    sum_scores[cell.white] += score;
    const double half = (interval.high - interval.low) / 2.0;
    sum_half_squares[cell.white] += half * half;
  }
  std::vector<PlacementRank> ranks;
  for (auto& [white, rank] : by_white) {
    if (rank.replies_played == 0) continue;
    const double k = rank.replies_played;
    rank.average = sum_scores[white] / k;
    const double half = std::sqrt(sum_half_squares[white]) / k;
    rank.average_interval =
        Interval{std::max(0.0, rank.average - half), std::min(1.0, rank.average + half)};
    ranks.push_back(rank);
  }
  std::stable_sort(ranks.begin(), ranks.end(), [](const PlacementRank& a, const PlacementRank& b) {
    return a.average > b.average;
  });
  for (size_t i = 0; i < ranks.size(); ++i) ranks[i].rank_average = static_cast<int>(i) + 1;
  std::stable_sort(ranks.begin(), ranks.end(), [](const PlacementRank& a, const PlacementRank& b) {
    if (a.worst != b.worst) return a.worst > b.worst;
    if (a.average != b.average) return a.average > b.average;
    return a.white < b.white;
  });
  for (size_t i = 0; i < ranks.size(); ++i) ranks[i].rank_worst = static_cast<int>(i) + 1;
  return ranks;
}

std::string FormatRanking(const std::vector<PlacementRank>& ranks, const StudyTable& table,
                          double confidence, int limit) {
  const size_t shown = limit > 0 ? std::min<size_t>(limit, ranks.size()) : ranks.size();
  const std::string header = absl::StrFormat(
      "rank  white        games replies  worst case [%d%%]      best reply  "
      "games   "
      "average [%d%%]\n",
      static_cast<int>(std::lround(confidence * 100)),
      static_cast<int>(std::lround(confidence * 100)));
  std::string out =
      absl::StrCat("White placements by worst case (Black answers with its best reply):\n", header);
  for (size_t i = 0; i < shown; ++i)
    absl::StrAppend(&out, RankLine(ranks[i].rank_worst, ranks[i], table));
  std::vector<PlacementRank> by_average = ranks;
  std::sort(by_average.begin(), by_average.end(),
            [](const PlacementRank& a, const PlacementRank& b) {
              return a.rank_average < b.rank_average;
            });
  absl::StrAppend(&out, "\nWhite placements by average over Black's replies:\n", header);
  for (size_t i = 0; i < shown; ++i) {
    absl::StrAppend(&out, RankLine(by_average[i].rank_average, by_average[i], table));
  }
  return out;
}

SquareScores ScoreSquares(const StudyTable& table) {
  SquareScores squares;
  const int white_width = table.white_row.width;
  const int black_width = table.black_row.width;
  std::vector<double> white_sum(white_width, 0.0), black_sum(black_width, 0.0);
  squares.white_cells.assign(white_width, 0);
  squares.black_cells.assign(black_width, 0);
  for (size_t c = 0; c < table.cells.size() && c < table.results.size(); ++c) {
    if (Games(table.results[c]) == 0) continue;
    const double score = Score(table.results[c]);
    for (int f = 0; f < white_width; ++f) {
      if (Contains(table.cells[c].white, f, white_width)) {
        white_sum[f] += score;
        ++squares.white_cells[f];
      }
    }
    for (int f = 0; f < black_width; ++f) {
      if (Contains(table.cells[c].black, f, black_width)) {
        black_sum[f] += 1.0 - score;
        ++squares.black_cells[f];
      }
    }
  }
  for (int f = 0; f < white_width; ++f) {
    squares.white.push_back(squares.white_cells[f] ? white_sum[f] / squares.white_cells[f] : kNaN);
  }
  for (int f = 0; f < black_width; ++f) {
    squares.black.push_back(squares.black_cells[f] ? black_sum[f] / squares.black_cells[f] : kNaN);
  }
  return squares;
}

}  // namespace gc9::coordinator::study
