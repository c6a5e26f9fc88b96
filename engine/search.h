// The search: iterative deepening principal variation search over a transposition table,
// with quiescence, null-move pruning, reverse futility and futility pruning, late-move
// reductions and pruning, internal iterative reduction and a check extension. Scores
// follow the variant's ends: only a real checkmate scores as mate; the shielded end,
// stalemate, dead material, the fifty-move rule and repetition score as draws.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/eval.h"
#include "engine/game_result.h"
#include "engine/movegen.h"
#include "engine/movepick.h"
#include "engine/params.h"
#include "engine/position.h"
#include "engine/search_types.h"
#include "engine/tt.h"

namespace gc9::engine::GC9_BOARD {

// One search thread's state: the quiet-move history and the node counter. The transposition
// table belongs to the caller, which may share it between searches.
class Searcher {
 public:
  explicit Searcher(TranspositionTable* tt);

  // Forgets the move-ordering statistics that searches pass on to the next (a new game).
  void Clear() { history_.Clear(); }

  // Searches `root` within `limits`; `stop` is polled and ends the search when set.
  SearchResult Run(const Position& root, const SearchLimits& limits, const ParamSnapshot& params,
                   const std::atomic<bool>& stop, const InfoCallback& on_info);
  // Run, and in a multi-move variant the rest of the turn: best_uci holds all its moves.
  SearchResult RunTurn(const Position& root, const SearchLimits& limits,
                       const ParamSnapshot& params, const std::atomic<bool>& stop,
                       const InfoCallback& on_info);

 private:
  int Search(int alpha, int beta, int depth, int ply, bool allow_null);
  int QSearch(int alpha, int beta, int ply);
  // The child's score from our side's view: placement drops keep the turn, so a child may
  // belong to the same side, and then its score is ours without negation.
  int Child(int alpha, int beta, int depth, int ply, bool same_side, bool allow_null = true) {
    if (same_side)
      return depth > 0 ? Search(alpha, beta, depth, ply, allow_null) : QSearch(alpha, beta, ply);
    return depth > 0 ? -Search(-beta, -alpha, depth, ply, allow_null)
                     : -QSearch(-beta, -alpha, ply);
  }
  // Counts the node; true when the search must unwind (limit reached or stopped).
  bool Abort();
  bool DrawByRule(int ply) const;
  int TerminalScore(int ply) const;
  int Evaluate() const;
  // Whether the side to move's static evaluation rose since its previous move: a position
  // getting better is pruned less, one getting worse more.
  bool Improving(int ply, int static_eval) const;
  void UpdatePv(int ply, Move m);
  void UpdateQuietStats(int ply, Move best, const Move* quiets, int quiet_count, int depth);
  void SetTimeLimits(const SearchLimits& limits, Color us);
  int64_t ElapsedMs() const;
  SearchInfo MakeInfo(int depth, int score, const Move* pv, int pv_length) const;

  TranspositionTable* tt_;
  std::unique_ptr<Position> pos_;
  std::unique_ptr<Evaluator> eval_;
  const Variant* eval_variant_ = nullptr;  // the variant eval_ was built for
  ParamSnapshot params_{};
  MoveHistory history_;
  const std::atomic<bool>* stop_flag_ = nullptr;
  bool stopped_ = false;
  uint64_t nodes_ = 0;
  uint64_t node_limit_ = 0;
  std::chrono::steady_clock::time_point start_;
  int64_t soft_ms_ = 0, hard_ms_ = 0;  // 0: no time limit
  int seldepth_ = 0;
  int root_depth_ = 0;
  int lmr_[64][64] = {};
  // The continuation slab of the move made at each ply (null for a pass).
  MoveHistory::ContSlab continuation_stack_[kMaxPly + 1] = {};
  MoveHistory::ContSlab ContinuationBack(int ply, int back) const {
    return ply >= back ? continuation_stack_[ply - back] : nullptr;
  }

  // The static evaluation of each ply's node (kNoEval in check) and whose it was.
  static constexpr int kNoEval = -kInfiniteScore;
  int eval_stack_[kMaxPly + 2] = {};
  Color eval_side_[kMaxPly + 2] = {};

  // One move list per ply, allocated once: a MoveList is 4 KB that would be zeroed per node.
  std::vector<MoveList> lists_;
  Move pv_[kMaxPly + 1][kMaxPly + 1];
  int pv_length_[kMaxPly + 1] = {};
  // The best root move of the iteration in progress, kept for a stop in mid-iteration.
  Move partial_best_;
  int partial_score_ = 0;
  std::vector<Move> partial_pv_;
};

}  // namespace gc9::engine::GC9_BOARD
