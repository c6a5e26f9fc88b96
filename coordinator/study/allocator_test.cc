#include "coordinator/study/allocator.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <random>
#include <set>
#include <vector>

#include "gtest/gtest.h"

namespace gc9::coordinator::study {
namespace {

// Uniform in [0, 1) from the raw engine output: std:: distributions differ
// between standard libraries and these runs should replay everywhere.
double Unit(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

// Cells with known expected scores and draw rates, row-major rows x columns.
struct Synthetic {
  int rows = 36;
  int columns = 36;
  std::vector<double> mean;
  std::vector<double> draw;
  std::vector<int> best;  // true top rows by min over the row, best first
};

// A draw rate chess-like where it can be (45%), lower near decisive means so
// the win and loss probabilities stay non-negative.
double DrawRate(double mean) { return std::min(0.45, 1.8 * std::min(mean, 1.0 - mean)); }

// Every row has one reply holding it to its value and other replies 0.03..0.33
// better for White. `values` fixes the top rows' values; the rest draw theirs
// from [0.30, 0.50].
Synthetic MakeStudy(uint64_t seed, int rows, int columns, const std::vector<double>& top_values) {
  std::mt19937_64 rng(seed);
  Synthetic s;
  s.rows = rows;
  s.columns = columns;
  std::vector<int> order(rows);
  for (int i = 0; i < rows; ++i) order[i] = i;
  for (int i = rows - 1; i > 0; --i) std::swap(order[i], order[rng() % (i + 1)]);
  std::vector<double> value(rows);
  for (int k = 0; k < rows; ++k) {
    value[order[k]] =
        k < static_cast<int>(top_values.size()) ? top_values[k] : 0.30 + 0.20 * Unit(rng);
  }
  s.best.assign(order.begin(), order.begin() + top_values.size());
  for (int i = 0; i < rows; ++i) {
    const int holding = static_cast<int>(rng() % columns);
    for (int j = 0; j < columns; ++j) {
      const double m = j == holding ? value[i] : std::min(0.92, value[i] + 0.03 + 0.30 * Unit(rng));
      s.mean.push_back(m);
      s.draw.push_back(DrawRate(m));
    }
  }
  return s;
}

GameOutcome Play(const Synthetic& s, const StudyCell& cell, std::mt19937_64& rng) {
  const int i = cell.white * s.columns + cell.black;
  const double win = s.mean[i] - s.draw[i] / 2;
  const double u = Unit(rng);
  if (u < win) return GameOutcome::kWhiteWin;
  if (u < win + s.draw[i]) return GameOutcome::kDraw;
  return GameOutcome::kBlackWin;
}

struct RunResult {
  bool correct = false;
  bool separated = false;
  int64_t games = 0;
};

// Serves `batch` workers at a time, as the coordinator would.
RunResult RunStudy(const Synthetic& s, const AllocatorConfig& config, uint64_t seed, int batch,
                   std::vector<StudyCell> cells = {}) {
  if (cells.empty()) cells = AllPairsCells(s.rows, s.columns);
  absl::StatusOr<AllocatorState> state = NewAllocatorState(config, cells);
  EXPECT_TRUE(state.ok()) << state.status();
  std::mt19937_64 rng(seed);
  for (;;) {
    const std::vector<int> next = NextCells(*state, batch);
    if (next.empty()) break;
    for (int c : next) EXPECT_TRUE(Record(*state, c, Play(s, state->cells[c], rng)).ok());
  }
  const AllocatorSummary summary = Summarize(*state);
  RunResult result;
  result.separated = summary.separated;
  result.games = summary.games;
  std::set<int> found(summary.leaders.begin(), summary.leaders.end());
  std::set<int> truth(s.best.begin(), s.best.end());
  result.correct = found == truth;
  return result;
}

struct Tally {
  int runs = 0;
  int correct = 0;
  int separated = 0;
  int64_t games = 0;
  double MeanGames() const { return static_cast<double>(games) / runs; }
};

Tally Repeat(int runs, uint64_t first_seed, const AllocatorConfig& config, int batch,
             const std::vector<double>& top_values, int rows = 36, int columns = 36) {
  Tally tally;
  for (int r = 0; r < runs; ++r) {
    const Synthetic s = MakeStudy(first_seed + r, rows, columns, top_values);
    const RunResult result =
        RunStudy(s, config, 1000 + first_seed + r, batch,
                 columns == 1 ? FixedReplyCells(rows, 0) : std::vector<StudyCell>{});
    ++tally.runs;
    tally.correct += result.correct;
    tally.separated += result.separated;
    tally.games += result.games;
  }
  return tally;
}

// The proof issue 6 asks for: on 36 x 36 cells where one White placement's
// worst case (0.62) clearly beats every other (<= 0.50), Maximin-LUCB at delta
// = 0.05 names it in >= 95% of seeded runs, and spends far fewer games than
// uniform allocation certified by the same bounds and stopping rule (the same
// guarantee: wrong with probability <= delta).
TEST(AllocatorTest, AdaptiveFindsTheMaxMinPlacementWithFewerGamesThanUniform) {
  AllocatorConfig adaptive;
  adaptive.delta = 0.05;
  const Tally a = Repeat(40, 1, adaptive, 64, {0.62});
  AllocatorConfig uniform = adaptive;
  uniform.allocation = Allocation::kUniform;
  // Uniform's game count barely varies (every cell gets the same count), so two
  // runs measure it; eight games a cell between checks overshoot its stop by
  // under 1%.
  const Tally u = Repeat(2, 1, uniform, 8 * 1296, {0.62});
  const double ratio = a.MeanGames() / u.MeanGames();
  std::printf(
      "36x36 max-min, delta 0.05: adaptive %d/%d correct, %d separated, mean "
      "%.0f games; "
      "uniform %d/%d correct, mean %.0f games; ratio %.3f\n",
      a.correct, a.runs, a.separated, a.MeanGames(), u.correct, u.runs, u.MeanGames(), ratio);
  EXPECT_GE(a.correct, 38);  // >= 95% of 40
  EXPECT_EQ(a.separated, a.runs);
  EXPECT_EQ(u.correct, u.runs);
  EXPECT_LE(ratio, 0.1);  // measured 0.039
}

// Not part of the suite (slow): the same study with the Hoeffding union bound the
// allocator used before the trinomial mixture, for the figures in the notes.
TEST(AllocatorTest, DISABLED_HoeffdingReference) {
  AllocatorConfig adaptive;
  adaptive.bound = CellBound::kHoeffding;
  const Tally a = Repeat(10, 1, adaptive, 64, {0.62});
  AllocatorConfig uniform = adaptive;
  uniform.allocation = Allocation::kUniform;
  const Tally u = Repeat(1, 1, uniform, 8 * 1296, {0.62});
  std::printf(
      "Hoeffding, 36x36: adaptive %d/%d correct, mean %.0f games; uniform %d/%d, %.0f games\n",
      a.correct, a.runs, a.MeanGames(), u.correct, u.runs, u.MeanGames());
  const Tally f = Repeat(10, 100, adaptive, 4, {0.60}, 36, 1);
  const Tally fu = Repeat(2, 100, uniform, 36, {0.60}, 36, 1);
  std::printf("Hoeffding, fixed reply: adaptive %d/%d, mean %.0f games; uniform %.0f games\n",
              f.correct, f.runs, f.MeanGames(), fu.MeanGames());
}

// Not part of the suite (run with --gtest_also_run_disabled_tests): how many
// games per cell plain uniform play needs before the empirical max-min is right
// in 95% of runs. It has no stopping rule a user could apply without knowing
// the answer, so it is a floor for uniform, not a competitor with stated
// confidence.
TEST(AllocatorTest, DISABLED_UncertifiedUniformFloor) {
  for (int per_cell : {8, 16, 32, 64, 128, 256}) {
    int correct = 0;
    for (int r = 0; r < 40; ++r) {
      const Synthetic s = MakeStudy(1 + r, 36, 36, {0.62});
      AllocatorConfig config;
      config.allocation = Allocation::kUniform;
      config.stop_when_separated = false;
      config.budget = int64_t{per_cell} * 1296;
      correct += RunStudy(s, config, 1001 + r, 1296).correct;
    }
    std::printf("uncertified uniform, %d games per cell (%d in all): %d/40 correct\n", per_cell,
                per_cell * 1296, correct);
  }
}

// White's 36 against one fixed reply: plain best-arm identification.
TEST(AllocatorTest, FixedReplyIsBestArmIdentification) {
  AllocatorConfig adaptive;
  const Tally a = Repeat(40, 100, adaptive, 4, {0.60}, 36, 1);
  AllocatorConfig uniform = adaptive;
  uniform.allocation = Allocation::kUniform;
  const Tally u = Repeat(10, 100, uniform, 36, {0.60}, 36, 1);
  const double ratio = a.MeanGames() / u.MeanGames();
  std::printf(
      "36 vs fixed reply: adaptive %d/%d correct, mean %.0f games; uniform "
      "%d/%d, "
      "mean %.0f games; ratio %.3f\n",
      a.correct, a.runs, a.MeanGames(), u.correct, u.runs, u.MeanGames(), ratio);
  EXPECT_GE(a.correct, 38);
  EXPECT_EQ(u.correct, u.runs);
  EXPECT_LE(ratio, 0.35);  // measured 0.226
}

TEST(AllocatorTest, SeparatesTheTopThree) {
  AllocatorConfig config;
  config.top_count = 3;
  const Tally a = Repeat(5, 200, config, 64, {0.66, 0.64, 0.62});
  std::printf("top 3 of 36x36: %d/%d correct, mean %.0f games\n", a.correct, a.runs, a.MeanGames());
  EXPECT_EQ(a.correct, a.runs);
}

// Two placements 0.01 apart: with epsilon = 0.05 the study may stop on either,
// and does so well before its budget.
TEST(AllocatorTest, NearTieStopsWithinEpsilon) {
  AllocatorConfig config;
  config.epsilon = 0.05;
  config.budget = 400000;
  int epsilon_good = 0;
  int64_t games = 0;
  const int runs = 5;
  for (int r = 0; r < runs; ++r) {
    const Synthetic s = MakeStudy(300 + r, 36, 36, {0.56, 0.55});
    absl::StatusOr<AllocatorState> state = NewAllocatorState(config, AllPairsCells(36, 36));
    ASSERT_TRUE(state.ok());
    std::mt19937_64 rng(r);
    for (std::vector<int> next; !(next = NextCells(*state, 64)).empty();) {
      for (int c : next) ASSERT_TRUE(Record(*state, c, Play(s, state->cells[c], rng)).ok());
    }
    const AllocatorSummary summary = Summarize(*state);
    EXPECT_TRUE(summary.separated);
    epsilon_good += summary.leaders[0] == s.best[0] || summary.leaders[0] == s.best[1];
    games += summary.games;
  }
  std::printf(
      "near tie (0.56 vs 0.55, epsilon 0.05): %d/%d epsilon-good, mean %lld "
      "games\n",
      epsilon_good, runs, static_cast<long long>(games / runs));
  EXPECT_EQ(epsilon_good, runs);
  EXPECT_LT(games / runs, config.budget);
}

// An exact tie cannot be separated: the budget ends the study, which says so.
TEST(AllocatorTest, ExactTieEndsAtTheBudget) {
  AllocatorConfig config;
  config.budget = 30000;
  const Synthetic s = MakeStudy(7, 36, 36, {0.60, 0.60});
  absl::StatusOr<AllocatorState> state = NewAllocatorState(config, AllPairsCells(36, 36));
  ASSERT_TRUE(state.ok());
  std::mt19937_64 rng(7);
  for (std::vector<int> next; !(next = NextCells(*state, 100)).empty();) {
    for (int c : next) ASSERT_TRUE(Record(*state, c, Play(s, state->cells[c], rng)).ok());
  }
  const AllocatorSummary summary = Summarize(*state);
  EXPECT_FALSE(summary.separated);
  EXPECT_TRUE(summary.finished);
  EXPECT_EQ(summary.games, 30000);
}

TEST(AllocatorTest, BatchesSpreadOverCellsInFlight) {
  const Synthetic s = MakeStudy(11, 36, 36, {0.62});
  absl::StatusOr<AllocatorState> state = NewAllocatorState({}, AllPairsCells(36, 36));
  ASSERT_TRUE(state.ok());
  std::mt19937_64 rng(11);
  // The first sweep gives every cell one game.
  const std::vector<int> sweep = NextCells(*state, 1296);
  EXPECT_EQ(std::set<int>(sweep.begin(), sweep.end()).size(), 1296u);
  for (int c : sweep) ASSERT_TRUE(Record(*state, c, Play(s, state->cells[c], rng)).ok());
  for (int round = 0; round < 100; ++round) {
    for (int c : NextCells(*state, 64))
      ASSERT_TRUE(Record(*state, c, Play(s, state->cells[c], rng)).ok());
  }
  // Now 512 workers ask at once, nothing reported in between.
  const std::vector<int> wide = NextCells(*state, 512);
  ASSERT_EQ(wide.size(), 512u);
  const int64_t most = *std::max_element(state->in_flight.begin(), state->in_flight.end());
  const size_t distinct = std::set<int>(wide.begin(), wide.end()).size();
  std::printf("512 games in flight: %zu distinct cells, at most %lld on one\n", distinct,
              static_cast<long long>(most));
  EXPECT_GE(distinct, 20u);
  EXPECT_LE(most, 256);
  EXPECT_EQ(Summarize(*state).in_flight, 512);
  // A lost lease goes back.
  ASSERT_TRUE(Release(*state, wide[0]).ok());
  EXPECT_EQ(Summarize(*state).in_flight, 511);
}

TEST(AllocatorTest, UniformIsRoundRobin) {
  AllocatorConfig config;
  config.allocation = Allocation::kUniform;
  config.stop_when_separated = false;
  absl::StatusOr<AllocatorState> state = NewAllocatorState(config, AllPairsCells(36, 36));
  ASSERT_TRUE(state.ok());
  const std::vector<int> cells = NextCells(*state, 2 * 1296 + 8);
  ASSERT_EQ(cells.size(), 2u * 1296 + 8);
  for (int c = 0; c < 1296; ++c) EXPECT_EQ(state->in_flight[c], c < 8 ? 3 : 2) << c;
}

TEST(AllocatorTest, BudgetCountsGamesInFlight) {
  AllocatorConfig config;
  config.budget = 1500;
  absl::StatusOr<AllocatorState> state = NewAllocatorState(config, AllPairsCells(36, 36));
  ASSERT_TRUE(state.ok());
  EXPECT_EQ(NextCells(*state, 1000).size(), 1000u);
  EXPECT_EQ(NextCells(*state, 1000).size(), 500u);
  EXPECT_TRUE(NextCells(*state, 1).empty());
  EXPECT_TRUE(Summarize(*state).finished);
}

// The state is plain data: a copy field by field (what a proto round trip does)
// continues exactly where the original would have.
TEST(AllocatorTest, ResumesFromACopiedState) {
  const Synthetic s = MakeStudy(21, 36, 36, {0.62});
  absl::StatusOr<AllocatorState> state = NewAllocatorState({}, AllPairsCells(36, 36));
  ASSERT_TRUE(state.ok());
  std::mt19937_64 rng(21);
  for (int round = 0; round < 60; ++round) {
    for (int c : NextCells(*state, 32))
      ASSERT_TRUE(Record(*state, c, Play(s, state->cells[c], rng)).ok());
  }
  const std::vector<int> pending = NextCells(*state, 10);
  AllocatorState restored;
  restored.config = state->config;
  restored.cells = state->cells;
  restored.wins = state->wins;
  restored.draws = state->draws;
  restored.losses = state->losses;
  restored.in_flight = state->in_flight;
  ASSERT_TRUE(ValidateAllocatorState(restored).ok());
  EXPECT_EQ(NextCells(restored, 16), NextCells(*state, 16));
  EXPECT_EQ(pending.size(), 10u);
}

TEST(AllocatorTest, RejectsBadConfigurationsAndCells) {
  EXPECT_FALSE(NewAllocatorState({}, {}).ok());
  EXPECT_FALSE(NewAllocatorState({}, {{0, 0}, {0, 0}, {1, 0}}).ok());
  EXPECT_FALSE(NewAllocatorState({}, {{0, 0}, {1, 66}}).ok());
  AllocatorConfig config;
  config.top_count = 36;
  EXPECT_FALSE(NewAllocatorState(config, AllPairsCells(36, 36)).ok());
  config = {};
  config.delta = 0.0;
  EXPECT_FALSE(NewAllocatorState(config, AllPairsCells(36, 36)).ok());
  config = {};
  config.epsilon = -0.1;
  EXPECT_FALSE(NewAllocatorState(config, AllPairsCells(36, 36)).ok());
  absl::StatusOr<AllocatorState> state = NewAllocatorState({}, FixedReplyCells(36, 5));
  ASSERT_TRUE(state.ok());
  EXPECT_FALSE(Record(*state, 36, GameOutcome::kDraw).ok());
  EXPECT_FALSE(Release(*state, 0).ok());
  state->wins.pop_back();
  EXPECT_FALSE(ValidateAllocatorState(*state).ok());
}

}  // namespace
}  // namespace gc9::coordinator::study
