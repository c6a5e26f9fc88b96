// Uniform and Maximin-LUCB allocation of placement-study games.
#include "coordinator/study/allocator.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <utility>

#include "absl/strings/str_cat.h"
#include "coordinator/study/anytime_bound.h"
#include "coordinator/study/placement.h"

namespace gc9::coordinator::study {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Cells grouped by White placement, rows in increasing White index.
struct Rows {
  std::vector<int> white;
  std::vector<std::vector<int>> cells;
  std::vector<int> row_of;  // by cell
};

// Buckets rather than a map: placement indices are small, and this runs on
// every call.
Rows GroupRows(const std::vector<StudyCell>& cells) {
  int top = 0;
  for (const StudyCell& c : cells) top = std::max(top, c.white);
  std::vector<std::vector<int>> buckets(top + 1);
  for (int c = 0; c < static_cast<int>(cells.size()); ++c) buckets[cells[c].white].push_back(c);
  Rows rows;
  rows.row_of.resize(cells.size());
  for (int w = 0; w <= top; ++w) {
    if (buckets[w].empty()) continue;
    for (int c : buckets[w]) rows.row_of[c] = static_cast<int>(rows.white.size());
    rows.white.push_back(w);
    rows.cells.push_back(std::move(buckets[w]));
  }
  return rows;
}

// Unclipped, so that among cells whose bounds would all clip to 0 the
// least-played still has the lowest lower bound.
struct Bounds {
  double mean = 0.5;
  double lower = -kInfinity;
  double upper = kInfinity;
};

// With `in_flight` true the bounds are a guess at the ones the cell will have
// once its games in flight report, at today's mean: they only steer the choice
// of cells, never the stopping rule.
Bounds CellBounds(const AllocatorState& state, int cell, bool in_flight) {
  const CellResult result = ResultAt(state, cell);
  const int64_t played = Games(result);
  const int64_t flying = in_flight ? state.in_flight[cell] : 0;
  const int64_t cell_count = static_cast<int64_t>(state.cells.size());
  Bounds bounds;
  bounds.mean = Score(result);
  if (state.config.bound == CellBound::kHoeffding || played == 0) {
    const double radius = AnytimeRadius(played + flying, cell_count, state.config.delta);
    if (played + flying > 0) {
      bounds.lower = bounds.mean - radius;
      bounds.upper = bounds.mean + radius;
    }
    return bounds;
  }
  const Interval interval = AnytimeInterval(result, cell_count, state.config.delta);
  // The width shrinks as 1/sqrt(games).
  const double shrink =
      std::sqrt(static_cast<double>(played) / static_cast<double>(played + flying));
  bounds.lower = bounds.mean - (bounds.mean - interval.low) * shrink;
  bounds.upper = bounds.mean + (interval.high - bounds.mean) * shrink;
  return bounds;
}

struct RowBounds {
  double value = kInfinity;  // min played mean; +inf until a cell is played
  double lower = kInfinity;
  double upper = kInfinity;
  int lowest_cell = -1;  // the cell attaining `lower`
  int value_cell = -1;   // the cell attaining `value`
};

RowBounds Aggregate(const AllocatorState& state, const std::vector<int>& members,
                    const std::vector<Bounds>& bounds) {
  RowBounds row;
  auto level = [&](int c) { return Games(ResultAt(state, c)) + state.in_flight[c]; };
  for (int c : members) {
    const Bounds& b = bounds[c];
    // Among equal lower bounds (e.g. cells whose games all ended alike) the
    // least played goes first.
    if (row.lowest_cell < 0 || b.lower < row.lower ||
        (b.lower == row.lower && level(c) < level(row.lowest_cell))) {
      row.lower = b.lower;
      row.lowest_cell = c;
    }
    row.upper = std::min(row.upper, b.upper);
    if (Games(ResultAt(state, c)) > 0 && b.mean < row.value) {
      row.value = b.mean;
      row.value_cell = c;
    }
  }
  return row;
}

double Clip(double x) { return std::clamp(x, 0.0, 1.0); }

// The weakest leader (lowest lower bound) and strongest challenger (highest
// upper bound), as row positions.
std::pair<int, int> CriticalRows(const std::vector<RowBounds>& rows,
                                 const std::vector<bool>& is_leader) {
  int leader = -1;
  int challenger = -1;
  for (size_t r = 0; r < rows.size(); ++r) {
    if (is_leader[r]) {
      if (leader < 0 || rows[r].lower < rows[leader].lower) leader = static_cast<int>(r);
    } else if (challenger < 0 || rows[r].upper > rows[challenger].upper) {
      challenger = static_cast<int>(r);
    }
  }
  return {leader, challenger};
}

// Everything both NextCells and Summarize need, from reported games only.
struct Analysis {
  Rows rows;
  std::vector<Bounds> bounds;
  std::vector<RowBounds> row_bounds;
  std::vector<int> ranked;  // row positions, best empirical value first
  std::vector<bool> is_leader;
  bool separated = false;
  bool finished = false;
  int64_t played = 0;
  int64_t in_flight = 0;
};

Analysis Analyze(const AllocatorState& state) {
  Analysis a;
  a.rows = GroupRows(state.cells);
  const int cells = static_cast<int>(state.cells.size());
  const size_t row_count = a.rows.white.size();
  a.bounds.resize(cells);
  for (int c = 0; c < cells; ++c) {
    a.bounds[c] = CellBounds(state, c, /*in_flight=*/false);
    a.played += Games(ResultAt(state, c));
    a.in_flight += state.in_flight[c];
  }
  a.row_bounds.resize(row_count);
  for (size_t r = 0; r < row_count; ++r) {
    a.row_bounds[r] = Aggregate(state, a.rows.cells[r], a.bounds);
  }
  // Unplayed rows (value +inf) count as 0.5; ties keep the lower White index.
  a.ranked.resize(row_count);
  for (size_t r = 0; r < row_count; ++r) a.ranked[r] = static_cast<int>(r);
  auto key = [&](int r) { return std::isinf(a.row_bounds[r].value) ? 0.5 : a.row_bounds[r].value; };
  std::stable_sort(a.ranked.begin(), a.ranked.end(), [&](int x, int y) { return key(x) > key(y); });
  a.is_leader.assign(row_count, false);
  const int top = std::min<int>(state.config.top_count, static_cast<int>(row_count));
  for (int k = 0; k < top; ++k) a.is_leader[a.ranked[k]] = true;
  if (top < static_cast<int>(row_count)) {
    const auto [leader, challenger] = CriticalRows(a.row_bounds, a.is_leader);
    a.separated = Clip(a.row_bounds[leader].lower) >=
                  Clip(a.row_bounds[challenger].upper) - state.config.epsilon;
  }
  // Spent when not even one more pick fits.
  const bool spent = state.config.budget > 0 &&
                     a.played + a.in_flight + state.config.games_per_pick > state.config.budget;
  a.finished = spent || (a.separated && state.config.stop_when_separated);
  return a;
}

absl::Status ValidateConfig(const AllocatorConfig& config, int row_count) {
  if (!(config.delta > 0.0 && config.delta < 1.0)) {
    return absl::InvalidArgumentError(absl::StrCat("delta ", config.delta, " is outside (0, 1)"));
  }
  if (!(config.epsilon >= 0.0)) {
    return absl::InvalidArgumentError(absl::StrCat("epsilon ", config.epsilon, " is negative"));
  }
  if (config.top_count < 1 || config.top_count >= row_count) {
    return absl::InvalidArgumentError(
        absl::StrCat("top_count ", config.top_count, " must be in [1, ", row_count,
                     ") for a study of ", row_count, " White placements"));
  }
  if (config.budget < 0) return absl::InvalidArgumentError("budget is negative");
  if (config.min_games_per_cell < 0) {
    return absl::InvalidArgumentError("min_games_per_cell is negative");
  }
  if (config.games_per_pick < 1) {
    return absl::InvalidArgumentError("games_per_pick must be at least 1");
  }
  return absl::OkStatus();
}

void HandOut(AllocatorState& state, int cell, std::vector<int>& out) {
  state.in_flight[cell] += state.config.games_per_pick;
  out.push_back(cell);
}

// Fewest games (played and in flight) first, lowest index among equals, until
// every cell has floor_level.
void UniformCells(AllocatorState& state, int64_t count, int64_t floor_level,
                  std::vector<int>& out) {
  const int cells = static_cast<int>(state.cells.size());
  std::vector<int64_t> level(cells);
  for (int c = 0; c < cells; ++c) level[c] = Games(ResultAt(state, c)) + state.in_flight[c];
  while (count > 0) {
    const int64_t lowest = *std::min_element(level.begin(), level.end());
    if (lowest >= floor_level) return;
    for (int c = 0; c < cells && count > 0; ++c) {
      if (level[c] != lowest) continue;
      HandOut(state, c, out);
      level[c] += state.config.games_per_pick;
      --count;
    }
  }
}

void AdaptiveCells(AllocatorState& state, Analysis& a, int64_t count, std::vector<int>& out) {
  // From here the bounds are the in-flight ones (see the header); the leaders
  // stay, since empirical means do not move while games are only in flight.
  std::vector<bool> touched(a.rows.white.size(), false);
  for (size_t c = 0; c < state.cells.size(); ++c) {
    if (state.in_flight[c] == 0) continue;
    a.bounds[c] = CellBounds(state, static_cast<int>(c), /*in_flight=*/true);
    touched[a.rows.row_of[c]] = true;
  }
  for (size_t r = 0; r < touched.size(); ++r) {
    if (touched[r]) a.row_bounds[r] = Aggregate(state, a.rows.cells[r], a.bounds);
  }
  for (; count > 0; --count) {
    const auto [leader, challenger] = CriticalRows(a.row_bounds, a.is_leader);
    const int x = a.row_bounds[leader].lowest_cell;
    const int y = a.row_bounds[challenger].lowest_cell;
    const double width_x = a.bounds[x].upper - a.bounds[x].lower;
    const double width_y = a.bounds[y].upper - a.bounds[y].lower;
    const int cell = width_y > width_x ? y : x;
    HandOut(state, cell, out);
    a.bounds[cell] = CellBounds(state, cell, /*in_flight=*/true);
    const int row = a.rows.row_of[cell];
    a.row_bounds[row] = Aggregate(state, a.rows.cells[row], a.bounds);
  }
}

}  // namespace

std::vector<StudyCell> AllPairsCells(int white_count, int black_count) {
  std::vector<StudyCell> cells;
  cells.reserve(static_cast<size_t>(white_count) * black_count);
  for (int w = 0; w < white_count; ++w) {
    for (int b = 0; b < black_count; ++b) cells.push_back(StudyCell{w, b});
  }
  return cells;
}

std::vector<StudyCell> FixedReplyCells(int white_count, int black) {
  std::vector<StudyCell> cells;
  for (int w = 0; w < white_count; ++w) cells.push_back(StudyCell{w, black});
  return cells;
}

absl::StatusOr<AllocatorState> NewAllocatorState(const AllocatorConfig& config,
                                                 std::vector<StudyCell> cells) {
  AllocatorState state;
  state.config = config;
  const size_t n = cells.size();
  state.cells = std::move(cells);
  state.wins.assign(n, 0);
  state.draws.assign(n, 0);
  state.losses.assign(n, 0);
  state.in_flight.assign(n, 0);
  if (absl::Status valid = ValidateAllocatorState(state); !valid.ok()) return valid;
  return state;
}

absl::Status ValidateAllocatorState(const AllocatorState& state) {
  const size_t n = state.cells.size();
  if (n == 0) return absl::InvalidArgumentError("a study needs at least one cell");
  if (state.wins.size() != n || state.draws.size() != n || state.losses.size() != n ||
      state.in_flight.size() != n) {
    return absl::InvalidArgumentError("allocator state vectors differ in length from cells");
  }
  std::set<std::pair<int, int>> seen;
  for (size_t c = 0; c < n; ++c) {
    const StudyCell& cell = state.cells[c];
    const int limit = PlacementCount(kMaxBoardWidth);
    if (cell.white < 0 || cell.black < 0 || cell.white >= limit || cell.black >= limit) {
      return absl::InvalidArgumentError(absl::StrCat("cell ", c, " has placement (", cell.white,
                                                     ", ", cell.black, ") outside [0, ", limit,
                                                     ")"));
    }
    if (!seen.insert({cell.white, cell.black}).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("cell (", cell.white, ", ", cell.black, ") is listed twice"));
    }
    if (state.wins[c] < 0 || state.draws[c] < 0 || state.losses[c] < 0 || state.in_flight[c] < 0) {
      return absl::InvalidArgumentError(absl::StrCat("cell ", c, " has a negative count"));
    }
  }
  return ValidateConfig(state.config, static_cast<int>(GroupRows(state.cells).white.size()));
}

CellResult ResultAt(const AllocatorState& state, int cell) {
  return CellResult{state.wins[cell], state.draws[cell], state.losses[cell]};
}

std::vector<int> NextCells(AllocatorState& state, int count) {
  std::vector<int> out;
  if (count <= 0) return out;
  Analysis analysis = Analyze(state);
  if (analysis.finished) return out;
  int64_t allowance = count;
  if (state.config.budget > 0) {
    allowance =
        std::min<int64_t>(allowance, (state.config.budget - analysis.played - analysis.in_flight) /
                                         state.config.games_per_pick);
  }
  if (allowance <= 0) return out;
  UniformCells(state, allowance, state.config.min_games_per_cell, out);
  allowance -= static_cast<int64_t>(out.size());
  if (allowance <= 0) return out;
  if (state.config.allocation == Allocation::kUniform) {
    UniformCells(state, allowance, std::numeric_limits<int64_t>::max(), out);
  } else {
    AdaptiveCells(state, analysis, allowance, out);
  }
  return out;
}

absl::Status Record(AllocatorState& state, int cell, GameOutcome outcome) {
  if (cell < 0 || cell >= static_cast<int>(state.cells.size())) {
    return absl::OutOfRangeError(
        absl::StrCat("no cell ", cell, " in a study of ", state.cells.size()));
  }
  if (state.in_flight[cell] > 0) --state.in_flight[cell];
  switch (outcome) {
    case GameOutcome::kWhiteWin:
      ++state.wins[cell];
      break;
    case GameOutcome::kDraw:
      ++state.draws[cell];
      break;
    case GameOutcome::kBlackWin:
      ++state.losses[cell];
      break;
  }
  return absl::OkStatus();
}

absl::Status Release(AllocatorState& state, int cell) {
  if (cell < 0 || cell >= static_cast<int>(state.cells.size())) {
    return absl::OutOfRangeError(
        absl::StrCat("no cell ", cell, " in a study of ", state.cells.size()));
  }
  if (state.in_flight[cell] == 0) {
    return absl::FailedPreconditionError(absl::StrCat("cell ", cell, " has no game in flight"));
  }
  --state.in_flight[cell];
  return absl::OkStatus();
}

AllocatorSummary Summarize(const AllocatorState& state) {
  const Analysis a = Analyze(state);
  AllocatorSummary summary;
  summary.games = a.played;
  summary.in_flight = a.in_flight;
  summary.separated = a.separated;
  summary.finished = a.finished;
  for (int r : a.ranked) {
    const RowBounds& b = a.row_bounds[r];
    RowSummary row;
    row.white = a.rows.white[r];
    row.value = std::isinf(b.value) ? 0.5 : b.value;
    row.lower = Clip(b.lower);
    row.upper = Clip(b.upper);
    row.best_reply = b.value_cell < 0 ? -1 : state.cells[b.value_cell].black;
    for (int c : a.rows.cells[r]) row.games += Games(ResultAt(state, c));
    if (a.is_leader[r]) summary.leaders.push_back(row.white);
    summary.rows.push_back(row);
  }
  return summary;
}

}  // namespace gc9::coordinator::study
