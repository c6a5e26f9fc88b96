// Which cells of a placement study to play next. A pure state machine over a
// plain struct: NextCells hands out games, Record takes their results back, and
// the coordinator persists AllocatorState between calls.
//
// The adaptive allocation is best-arm identification for a max-min: a White
// placement is worth the score of Black's best reply to it,
//   value(i) = min_j mu(i, j),
// and the study wants the top_count placements by value, separated from the
// rest with probability >= 1 - delta. It is Maximin-LUCB (Garivier, Kaufmann
// and Koolen, "Maximin Action Identification: A New Bandit Framework for
// Games", COLT 2016, arXiv:1602.04676) with its cell bounds from
// AnytimeInterval (anytime_bound.h; AnytimeRadius on request):
//  - each White row has the bounds L(i) = min_j L(i,j) and U(i) = min_j U(i,j);
//  - the leaders are the top_count rows by empirical value; of them the weakest
//    (lowest L), and of the others the strongest challenger (highest U);
//  - in each of those two rows the reply that could still be worst for White
//    (the lowest L(i,j)) is the cell to play; of the two cells the one with the
//    wider interval is played (UGapE's choice, Gabillon et al., NIPS 2012);
//  - the study is separated when the weakest leader's L >= the strongest
//    challenger's U - epsilon.
// A study of White's placements against one fixed reply has one cell per row,
// which makes this plain LUCB best-arm identification; any listed subset of
// cells works the same, each row's minimum taken over the replies listed for
// it.
//
// Games handed out but not yet reported count "in flight": while choosing, a
// cell is treated as if those games had already come back at its current mean,
// so a batch for many workers spreads over the cells that need it instead of
// piling onto one. The stopping rule only ever uses reported games.
#pragma once

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "coordinator/study/cell_stats.h"

namespace gc9::coordinator::study {

enum class Allocation {
  kUniform,   // every cell in turn, fewest games first
  kAdaptive,  // Maximin-LUCB as above
};

enum class GameOutcome { kWhiteWin, kDraw, kBlackWin };

// Which simultaneous cell bounds the stopping rule uses (anytime_bound.h).
enum class CellBound {
  kTrinomialMixture,  // AnytimeInterval: variance-aware, no union over game counts
  kHoeffding,         // AnytimeRadius: the conservative reference
};

// Placement indices (PlacementIndex order) of the two sides.
struct StudyCell {
  int white = 0;
  int black = 0;
};

struct AllocatorConfig {
  Allocation allocation = Allocation::kAdaptive;
  // Probability that a separated answer is wrong (by more than epsilon).
  double delta = 0.05;
  // Accept leaders whose value is within epsilon of the true top ones; with
  // near-ties and epsilon = 0 only the budget ends a study.
  double epsilon = 0.0;
  int top_count = 1;
  // Games in total, played and in flight; 0 for no limit.
  int64_t budget = 0;
  // Every cell gets this many games before adaptive choices begin.
  int min_games_per_cell = 1;
  // Uniform studies may want to spend the whole budget regardless.
  bool stop_when_separated = true;
  // Games put in flight per cell handed out: a gc9 game pair is two games of one cell.
  int games_per_pick = 1;
  CellBound bound = CellBound::kTrinomialMixture;
};

// Parallel vectors indexed by cell, so the coordinator maps it onto a proto
// with repeated fields one to one.
struct AllocatorState {
  AllocatorConfig config;
  std::vector<StudyCell> cells;
  std::vector<int64_t> wins;  // for White
  std::vector<int64_t> draws;
  std::vector<int64_t> losses;
  std::vector<int64_t> in_flight;
};

// Every White placement against every Black one, row-major.
std::vector<StudyCell> AllPairsCells(int white_count, int black_count);
// White's placements against one fixed Black reply.
std::vector<StudyCell> FixedReplyCells(int white_count, int black);

// Fails on an invalid config (delta outside (0, 1), top_count not below the
// number of White rows, ...), duplicate cells or no cells.
absl::StatusOr<AllocatorState> NewAllocatorState(const AllocatorConfig& config,
                                                 std::vector<StudyCell> cells);
// The same checks plus vector sizes and counts, for a state loaded from
// storage.
absl::Status ValidateAllocatorState(const AllocatorState& state);

CellResult ResultAt(const AllocatorState& state, int cell);

// Up to `count` cell indices to play (repeats allowed), each now with
// games_per_pick more games in flight. Empty once the study is finished
// (separated or budget spent).
std::vector<int> NextCells(AllocatorState& state, int count);

// One finished game of `cell`; takes it out of flight if it was there (a result
// arriving after its lease was released still counts). Deduplicating repeated
// reports is the caller's business (lease ids).
absl::Status Record(AllocatorState& state, int cell, GameOutcome outcome);
// A game handed out that will never report (lease expired).
absl::Status Release(AllocatorState& state, int cell);

struct RowSummary {
  int white = 0;
  double value = 0.5;   // min over the played replies of the cell score
  double lower = 0.0;   // L(i), clipped to [0, 1]
  double upper = 1.0;   // U(i), clipped to [0, 1]
  int best_reply = -1;  // the Black placement attaining value; -1 if unplayed
  int64_t games = 0;
};

struct AllocatorSummary {
  std::vector<RowSummary> rows;  // best value first
  std::vector<int> leaders;      // White placements, best first
  bool separated = false;
  bool finished = false;
  int64_t games = 0;
  int64_t in_flight = 0;
};

AllocatorSummary Summarize(const AllocatorState& state);

}  // namespace gc9::coordinator::study
