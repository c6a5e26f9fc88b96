#include "engine/search.h"

#include <algorithm>
#include <cmath>
#include <thread>

#include "absl/strings/str_cat.h"
#include "engine/game.h"
#include "engine/movegen.h"
#include "engine/see.h"

namespace gc9::engine::GC9_BOARD {
namespace {

// Mate scores count plies from the root; the table stores them counted from the node.
int ScoreToTT(int score, int ply) {
  if (score >= kMateBound) return score + ply;
  if (score <= -kMateBound) return score - ply;
  return score;
}

int ScoreFromTT(int score, int ply) {
  if (score >= kMateBound) return score - ply;
  if (score <= -kMateBound) return score + ply;
  return score;
}

bool HandsEmpty(const Position& pos) { return pos.HandEmpty(kWhite) && pos.HandEmpty(kBlack); }

}  // namespace

Searcher::Searcher(TranspositionTable* tt) : tt_(tt), lists_(kMaxPly + 2) { history_.Clear(); }

int64_t Searcher::ElapsedMs() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                               start_)
      .count();
}

bool Searcher::Abort() {
  if (stopped_) return true;
  if (nodes_ >= node_limit_) {
    stopped_ = true;
    return true;
  }
  ++nodes_;
  // The clock and the stop flag are read every 1024 nodes (well under a millisecond); the
  // node limit above is exact, so a node-limited search repeats itself on any machine.
  if ((nodes_ & 1023) == 0) {
    if (stop_flag_->load(std::memory_order_relaxed) || (hard_ms_ > 0 && ElapsedMs() >= hard_ms_)) {
      stopped_ = true;
    }
  }
  return false;
}

void Searcher::SetTimeLimits(const SearchLimits& limits, Color us) {
  soft_ms_ = hard_ms_ = 0;
  if (limits.infinite) return;
  if (limits.movetime_ms > 0) {
    soft_ms_ = hard_ms_ = limits.movetime_ms;
    return;
  }
  if (!limits.use_clock) return;
  const int64_t overhead = params_[kMoveOverhead];
  // Clamped, since the formulas below multiply: `winc 4000000000000000000` overflowed.
  const int64_t available =
      std::max<int64_t>(1, std::min(limits.time_ms[us], kMaxTimeMs) - overhead);
  const int64_t inc = std::clamp<int64_t>(limits.inc_ms[us], 0, kMaxTimeMs);
  const int64_t moves_to_go = limits.movestogo > 0 ? std::min(limits.movestogo, 50) : 30;
  hard_ms_ = std::max<int64_t>(
      1, std::min(available - available / 10, 4 * (available / moves_to_go + inc * 3 / 4)));
  soft_ms_ = std::max<int64_t>(1, std::min(hard_ms_, available / moves_to_go + inc * 3 / 4));
}

int Searcher::Evaluate() const {
  return std::clamp(eval_->Evaluate(*pos_), -kMateBound + 1, kMateBound - 1);
}

bool Searcher::DrawByRule(int ply) const {
  const Position& pos = *pos_;
  const Variant& v = pos.variant();
  if (IsDeadMaterial(pos)) return true;
  if (v.repetition_count() > 0) {
    // Within the search a single repetition is a draw (the side that could avoid it would
    // have); against the game's history the variant's count must be reached.
    // Sides alternate every ply, except within a multi-move turn, where the turn's state is
    // part of the key: equal keys are equal positions either way.
    const int window = std::min(pos.reversible_plies(), pos.history_size());
    const int step = v.multi_move() ? 1 : 2;
    int earlier = 0;
    for (int i = 2 * step; i <= window; i += step) {
      if (pos.StateAt(i).key != pos.key()) continue;
      if (i <= ply || ++earlier >= v.repetition_count() - 1) return true;
    }
  }
  return false;
}

int Searcher::TerminalScore(int ply) const {
  const Position& pos = *pos_;
  const Color us = pos.side_to_move();
  if (!pos.KingInCheck(us)) return pos.variant().stalemate_loses() ? -kMateScore + ply : 0;
  // The Charioteer's shield: a shielded king with no move is not mated, the game is drawn.
  if (pos.variant().shield() == ShieldRule::kMateImmunity && pos.Shielded(us)) return 0;
  return -kMateScore + ply;
}

bool Searcher::Improving(int ply, int static_eval) const {
  // Two plies back is our previous move; if we were in check there, four plies back. Where
  // that is not comparable (the root is near, or placement drops and multi-move turns broke
  // the alternation), the position counts as improving, which prunes less.
  for (int back = 2; back <= 4 && back <= ply; back += 2) {
    if (eval_side_[ply - back] != eval_side_[ply]) return true;
    if (eval_stack_[ply - back] != kNoEval) return static_eval > eval_stack_[ply - back];
  }
  return true;
}

void Searcher::UpdatePv(int ply, Move m) {
  pv_[ply][ply] = m;
  for (int i = ply + 1; i < pv_length_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
  pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
}

void Searcher::UpdateQuietStats(int ply, Move best, const Move* quiets, int quiet_count,
                                int depth) {
  const Position& pos = *pos_;
  const Color us = pos.side_to_move();
  const int bonus = std::min(depth * depth * 16, 4000);
  history_.AddKiller(ply, best);
  history_.SetCounter(LastMovedPiece(pos), pos.state().move.to(), best);
  const MoveHistory::ContSlab earlier[2] = {ContinuationBack(ply, 1), ContinuationBack(ply, 2)};
  const auto update = [&](Move m, int amount) {
    const PieceType pt = MovedType(pos, m);
    if (pt == kNoPieceType) return;
    history_.Update(us, pt, m.to(), amount);
    for (MoveHistory::ContSlab slab : earlier) {
      MoveHistory::UpdateContinuation(slab, pt, m.to(), amount);
    }
  };
  update(best, bonus);
  for (int i = 0; i < quiet_count; ++i) {
    if (quiets[i] != best) update(quiets[i], -bonus);
  }
}

int Searcher::QSearch(int alpha, int beta, int ply) {
  if (Abort()) return 0;
  Position& pos = *pos_;
  seldepth_ = std::max(seldepth_, ply);
  pv_length_[ply] = ply;
  const bool in_check = pos.InCheck();
  if (IsDeadMaterial(pos)) return 0;
  if (ply >= kMaxPly) return in_check ? 0 : Evaluate();

  const TTEntry* tte = tt_->Probe(pos.key());
  const bool pv_node = beta - alpha > 1;
  if (tte && !pv_node) {
    const int s = ScoreFromTT(tte->score, ply);
    if ((tte->bound() == Bound::kLower && s >= beta) ||
        (tte->bound() == Bound::kUpper && s <= alpha) || tte->bound() == Bound::kExact) {
      return s;
    }
  }

  // Out of check only captures and promotions are searched, so only they are generated, and
  // only once the stand-pat has not already decided; a quiet stalemate is then left to the
  // stand-pat, as engines usually do.
  MoveList& list = lists_[ply];
  int best = -kInfiniteScore;
  int static_eval = 0;
  if (in_check) {
    GenerateLegal(pos, &list, GenMode::kAll);
    if (list.size == 0) return TerminalScore(ply);
  } else {
    static_eval = tte ? tte->eval : Evaluate();
    best = static_eval;
    if (best >= beta) return best;
    alpha = std::max(alpha, best);
    // A side with pawns in hand can only drop them: quiet moves, so the stand-pat stands.
    if (!pos.HandEmpty(pos.side_to_move())) return best;
    GenerateLegal(pos, &list, GenMode::kCaptures);
  }

  int scores[kMaxMoves];
  ScoreMoves(pos, *eval_, history_, list, tte ? tte->move : Move(), ply, scores);
  const Color us = pos.side_to_move();
  const int pawn = eval_->PawnValue();
  Move best_move;
  for (int i = 0; i < list.size; ++i) {
    const Move m = PickNext(list, scores, i);
    if (!in_check) {
      // Only captures and promotions to a major piece; the rest is left to the stand-pat.
      const bool capture = IsCapture(pos, m);
      const bool promotion = m.kind() == MoveKind::kPromotion;
      if (!capture && !promotion) continue;
      if (promotion && !capture && 2 * eval_->Value(m.piece()) < 9 * pawn) continue;
      // A capture that loses the exchange rarely helps the side making it.
      if (capture && !promotion && IsBadCaptureScore(scores[i])) continue;
      if (capture && !promotion) {
        const int gain =
            m.kind() == MoveKind::kEnPassant ? pawn : eval_->Value(TypeOf(pos.PieceOn(m.to())));
        if (static_eval + gain + params_[kDeltaMargin] <= alpha) continue;
      }
    }
    pos.DoMove(m);
    tt_->Prefetch(pos.key());
    const int score = Child(alpha, beta, 0, ply + 1, pos.side_to_move() == us);
    pos.UndoMove();
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        best_move = m;
        UpdatePv(ply, m);
        if (score >= beta) break;
      }
    }
  }
  // In check every evasion was searched; otherwise a position with no good capture scores its
  // stand-pat. best is set in both cases because a legal move exists.
  const Bound bound = best >= beta         ? Bound::kLower
                      : best_move.IsNone() ? Bound::kUpper
                                           : Bound::kExact;
  tt_->Store(pos.key(), ScoreToTT(best, ply), static_eval, 0, bound, best_move);
  return best;
}

int Searcher::Search(int alpha, int beta, int depth, int ply, bool allow_null) {
  if (Abort()) return 0;
  Position& pos = *pos_;
  const bool root = ply == 0;
  const bool pv_node = beta - alpha > 1;
  pv_length_[ply] = ply;
  seldepth_ = std::max(seldepth_, ply);
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move();
  const bool in_check = pos.InCheck();
  bool fifty = false;

  if (!root) {
    if (DrawByRule(ply)) return 0;
    // The fifty-move rule draws unless the move that reached it mated, so the moves decide.
    fifty = v.fifty_move_plies() > 0 && pos.rule50() >= v.fifty_move_plies();
    if (ply >= kMaxPly) return in_check ? 0 : Evaluate();
    alpha = std::max(alpha, -kMateScore + ply);
    beta = std::min(beta, kMateScore - ply - 1);
    if (alpha >= beta) return alpha;
  }

  const TTEntry* tte = tt_->Probe(pos.key());
  Move tt_move = root ? partial_best_ : tte ? tte->move : Move();
  if (root && tt_move.IsNone() && tte) tt_move = tte->move;
  if (tte && !pv_node && !fifty && tte->depth >= depth) {
    const int s = ScoreFromTT(tte->score, ply);
    if ((tte->bound() == Bound::kLower && s >= beta) ||
        (tte->bound() == Bound::kUpper && s <= alpha) || tte->bound() == Bound::kExact) {
      return s;
    }
  }

  const int static_eval = in_check ? 0 : tte ? tte->eval : Evaluate();
  // The pruning decisions below trust the table's score over the static eval where its bound
  // says the truth lies beyond it; the table keeps storing the static eval itself.
  int eval = static_eval;
  if (tte && !in_check && !fifty) {
    const int s = ScoreFromTT(tte->score, ply);
    const bool above = s > eval && tte->bound() != Bound::kUpper;
    const bool below = s < eval && tte->bound() != Bound::kLower;
    if (std::abs(s) < kMateBound && (above || below)) eval = s;
  }
  eval_stack_[ply] = in_check ? kNoEval : static_eval;
  eval_side_[ply] = us;
  // ImprovingPruning off leaves the margins below as they were before it: reverse futility at
  // the plain margin, late moves pruned and reduced as in an improving position.
  const bool improving_pruning = params_[kImprovingPruning] != 0;
  const bool improving = !in_check && (!improving_pruning || Improving(ply, static_eval));
  const int rfp_depth = depth - (improving_pruning && improving);
  const bool placement = !HandsEmpty(pos);
  if (!pv_node && !in_check && !placement && !fifty) {
    // Reverse futility: far enough above beta near the leaves, a quiet move will not fall back.
    if (params_[kFutility] && depth <= params_[kFutilityDepth] && std::abs(beta) < kMateBound &&
        eval - params_[kFutilityMargin] * rfp_depth >= beta) {
      return eval;
    }
    // Null move: if passing still holds beta, a real move will too, except in zugzwang, which
    // bare pawn endings (too little material) make likely, so those search every move.
    // A null move is a pass that hands the turn over untouched, which a multi-move turn has
    // not: its pass ends a turn that may already have moved, and at its start none is allowed.
    if (params_[kNullMove] && allow_null && !v.multi_move() && depth >= 2 && eval >= beta &&
        eval_->NonPawnMaterial(pos, us) >= std::max(1, params_[kNullMoveMinMaterial])) {
      int r = params_[kNullMoveBase] + depth / std::max(1, params_[kNullMoveDepthDivisor]);
      // The further above beta, the less a shallower search can miss: a ply more per pawn.
      if (improving_pruning) r += std::min((eval - beta) / std::max(1, eval_->PawnValue()), 3);
      // A pass with an empty hand is exactly a null move: the turn changes and nothing else.
      // It resets the fifty-move count, which also keeps repetition checks from reaching
      // through it.
      continuation_stack_[ply] = nullptr;
      pos.DoMove(Move::Pass());
      const int score = Child(beta - 1, beta, depth - 1 - r, ply + 1, false, false);
      pos.UndoMove();
      if (stopped_) return 0;
      if (score >= beta) return score >= kMateBound ? beta : score;
    }
  }

  // A node the table knows no move for is likely poorly ordered: searching it a ply shallower
  // costs little. PV nodes keep their depth, so a mate is still found at the depth that proves it.
  if (!root && !pv_node && tt_move.IsNone() && depth >= params_[kIirDepth]) --depth;

  MoveList& list = lists_[ply];
  GenerateLegal(pos, &list);
  if (list.size == 0) return TerminalScore(ply);
  if (fifty) return 0;

  int scores[kMaxMoves];
  const int16_t* const continuation[2] = {ContinuationBack(ply, 1), ContinuationBack(ply, 2)};
  ScoreMoves(pos, *eval_, history_, list, tt_move, ply, scores, continuation);
  Move quiets[64];
  int quiet_count = 0;
  int best = -kInfiniteScore;
  Move best_move;
  const int alpha_start = alpha;
  int searched = 0;
  // Pawn endings are left unpruned: their exchanges decide more than material.
  const bool has_pieces = eval_->NonPawnMaterial(pos, us) > 0;
  for (int i = 0; i < list.size; ++i) {
    const Move m = PickNext(list, scores, i);
    const bool quiet = !IsCapture(pos, m) && m.kind() != MoveKind::kPromotion;
    const bool killer = scores[i] >= kCounterScore && scores[i] < kNoisyScore;
    // A quiet move of a non-PV node, once one move has been searched, may be pruned below.
    const bool prunable_quiet =
        params_[kFutility] && !pv_node && !in_check && quiet && !root && best > -kMateBound;
    // Late quiet moves near the leaves of a non-PV node are rarely best: skip them, sooner
    // where the position is getting worse.
    if (prunable_quiet && depth <= 4 &&
        searched >= (params_[kLateMoveBase] + 2 * depth * depth) * (2 + improving) / 3) {
      continue;
    }
    // Futility: a quiet move near the leaves cannot lift a position this far below alpha,
    // unless it checks (decided once it is made). Not against a mate score, which no margin
    // reaches: a mating line may need a quiet move.
    const bool futile =
        prunable_quiet && !placement && !killer && alpha < kMateBound &&
        depth <= params_[kFutilityMoveDepth] &&
        eval + params_[kFutilityMoveBase] + params_[kFutilityMoveMargin] * depth <= alpha;
    // Moves that lose material in the exchange, near the leaves: a quiet move onto a square
    // where the piece is lost, a capture that gives more than it takes by a margin.
    if (!root && !in_check && best > -kMateBound && has_pieces &&
        depth <= params_[kSeePruneDepth] && m.kind() == MoveKind::kNormal) {
      if (quiet && !SeeGe(pos, *eval_, m, -params_[kSeeQuietMargin] * depth * depth)) continue;
      if (!quiet && IsBadCaptureScore(scores[i]) &&
          !SeeGe(pos, *eval_, m, -params_[kSeeCaptureMargin] * depth)) {
        continue;
      }
    }
    const int history = quiet && !killer ? scores[i] : 0;
    continuation_stack_[ply] = history_.Continuation(MovedType(pos, m), m.to());
    pos.DoMove(m);
    const bool same_side = pos.side_to_move() == us;
    const bool gives_check = !same_side && pos.InCheck();
    if (futile && !gives_check) {
      pos.UndoMove();
      continue;
    }
    tt_->Prefetch(pos.key());  // only for a move that will be searched
    const int new_depth = depth - 1 + (gives_check && ply < 2 * root_depth_ ? 1 : 0);
    ++searched;
    int score;
    if (searched == 1) {
      score = Child(alpha, beta, new_depth, ply + 1, same_side);
    } else {
      int r = 0;
      if (params_[kLmr] && depth >= 3 && quiet && !in_check && !gives_check && searched > 2) {
        r = lmr_[std::min(depth, 63)][std::min(searched, 63)];
        if (pv_node) --r;
        if (!improving) ++r;
        if (killer) --r;
        if (history > MoveHistory::kHistoryMax / 2) --r;
        r = std::clamp(r, 0, new_depth - 1);
      }
      score = Child(alpha, alpha + 1, new_depth - r, ply + 1, same_side);
      if (score > alpha && r > 0) score = Child(alpha, alpha + 1, new_depth, ply + 1, same_side);
      if (pv_node && score > alpha && score < beta) {
        score = Child(alpha, beta, new_depth, ply + 1, same_side);
      }
    }
    pos.UndoMove();
    if (stopped_) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        best_move = m;
        UpdatePv(ply, m);
        if (root) {
          partial_best_ = m;
          partial_score_ = score;
          partial_pv_.assign(pv_[0], pv_[0] + pv_length_[0]);
        }
        if (score >= beta) {
          if (quiet) UpdateQuietStats(ply, m, quiets, quiet_count, depth);
          break;
        }
        alpha = score;
      }
    }
    if (quiet && quiet_count < 64) quiets[quiet_count++] = m;
  }

  const Bound bound = best >= beta         ? Bound::kLower
                      : best > alpha_start ? Bound::kExact
                                           : Bound::kUpper;
  tt_->Store(pos.key(), ScoreToTT(best, ply), static_eval, depth, bound, best_move);
  return best;
}

SearchInfo Searcher::MakeInfo(int depth, int score, const Move* pv, int pv_length) const {
  SearchInfo info;
  info.depth = depth;
  info.seldepth = std::max(seldepth_, depth);
  info.score = score;
  if (score >= kMateBound) info.mate = (kMateScore - score + 1) / 2;
  if (score <= -kMateBound) info.mate = -(kMateScore + score) / 2;
  info.nodes = nodes_;
  info.time_ms = ElapsedMs();
  info.nps = nodes_ * 1000 / uint64_t(std::max<int64_t>(1, info.time_ms));
  info.hashfull = tt_->Hashfull();
  info.pv.assign(pv, pv + pv_length);
  for (Move m : info.pv) info.pv_uci.push_back(MoveToUci(*pos_, m));
  return info;
}

SearchResult Searcher::Run(const Position& root, const SearchLimits& limits,
                           const ParamSnapshot& params, const std::atomic<bool>& stop,
                           const InfoCallback& on_info) {
  start_ = std::chrono::steady_clock::now();
  pos_ = std::make_unique<Position>(root);
  // The evaluator's tables and the reduction table depend only on the variant and the
  // parameters: a match asks for thousands of short searches with both unchanged.
  // The variant's own search settings (and weights) replace the defaults nobody set.
  const ParamSnapshot own = WithVariantDefaults(params, root.variant());
  const bool rebuild =
      eval_ == nullptr || eval_variant_ != root.variant_ptr().get() || params_.values != own.values;
  params_ = own;
  if (rebuild) {
    eval_ = std::make_unique<Evaluator>(root.variant_ptr(), params_);
    eval_variant_ = root.variant_ptr().get();
    for (int d = 1; d < 64; ++d) {
      for (int m = 1; m < 64; ++m) {
        lmr_[d][m] = int(params_[kLmrBase] / 100.0 + std::log(double(d)) * std::log(double(m)) *
                                                         100.0 / std::max(1, params_[kLmrDivisor]));
      }
    }
  }
  history_.ClearKillers();
  tt_->NewSearch();
  stop_flag_ = &stop;
  stopped_ = false;
  nodes_ = 0;
  seldepth_ = 0;
  node_limit_ = limits.nodes > 0 ? limits.nodes : UINT64_MAX;
  SetTimeLimits(limits, root.side_to_move());
  partial_best_ = Move();
  partial_pv_.clear();

  SearchResult result;
  result.game = Adjudicate(*pos_);
  MoveList root_moves;
  GenerateLegal(*pos_, &root_moves);
  if (root_moves.size == 0) {
    if (limits.infinite) {
      while (!stop.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return result;
  }
  // If not even the first iteration ends, the best-ordered move stands in.
  {
    int scores[kMaxMoves];
    const TTEntry* tte = tt_->Probe(pos_->key());
    ScoreMoves(*pos_, *eval_, history_, root_moves, tte ? tte->move : Move(), 0, scores);
    result.best = PickNext(root_moves, scores, 0);
  }

  const int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 1) : kMaxPly - 1;
  int score = 0;
  bool have_iteration = false;
  for (int depth = 1; depth <= max_depth; ++depth) {
    root_depth_ = depth;
    int window = params_[kAspirationWindow];
    int alpha = -kInfiniteScore, beta = kInfiniteScore;
    if (depth >= 4 && std::abs(score) < kMateBound) {
      alpha = std::max(score - window, -kInfiniteScore);
      beta = std::min(score + window, kInfiniteScore);
    }
    int iteration_score;
    for (;;) {
      // The root move first searched in this iteration is the last one's best.
      partial_best_ = have_iteration ? result.best : Move();
      partial_pv_.clear();
      seldepth_ = 0;
      iteration_score = Search(alpha, beta, depth, 0, true);
      if (stopped_) break;
      if (iteration_score <= alpha) {
        beta = (alpha + beta) / 2;
        alpha = std::max(iteration_score - window, -kInfiniteScore);
      } else if (iteration_score >= beta) {
        beta = std::min(iteration_score + window, kInfiniteScore);
      } else {
        break;
      }
      window += window;
    }
    if (stopped_) {
      // A root move that finished searching in this iteration and beat the window is the
      // better choice; the iteration's first move is the previous best, so this is never worse.
      if (!partial_pv_.empty()) {
        result.best = partial_pv_[0];
        result.info = MakeInfo(depth, partial_score_, partial_pv_.data(), int(partial_pv_.size()));
      }
      break;
    }
    score = iteration_score;
    have_iteration = true;
    result.best = pv_[0][0];
    result.info = MakeInfo(depth, score, pv_[0], pv_length_[0]);
    if (on_info) on_info(result.info);
    if (soft_ms_ > 0 && ElapsedMs() >= soft_ms_ / 2) break;
  }
  if (stopped_ || result.info.nodes != nodes_) {
    // Report the final count, so a node-limited search shows the exact total.
    if (result.info.pv.empty()) {
      result.info = MakeInfo(0, 0, &result.best, 1);
    }
    result.info.nodes = nodes_;
    result.info.time_ms = ElapsedMs();
    result.info.nps = nodes_ * 1000 / uint64_t(std::max<int64_t>(1, result.info.time_ms));
    if (on_info) on_info(result.info);
  }
  if (limits.infinite) {
    while (!stop.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  if (result.info.pv.empty() || result.info.pv[0] != result.best) {
    result.info.pv.assign(1, result.best);
    result.info.pv_uci.assign(1, MoveToUci(*pos_, result.best));
  }
  result.best_uci = MoveToUci(*pos_, result.best);
  if (result.info.pv.size() > 1) {
    result.ponder = result.info.pv[1];
    result.ponder_uci = result.info.pv_uci[1];
  }
  return result;
}

SearchResult Searcher::RunTurn(const Position& root, const SearchLimits& limits,
                               const ParamSnapshot& params, const std::atomic<bool>& stop,
                               const InfoCallback& on_info) {
  SearchResult result = Run(root, limits, params, stop, on_info);
  if (!root.variant().multi_move() || result.best.IsNone()) return result;
  // A multi-move turn is answered whole: the principal variation's moves while the turn
  // lasts, and where the variation stops short, a smaller search for the next move.
  Position pos = root;
  const Color us = root.side_to_move();
  std::vector<std::string> turn;
  size_t next_pv = 0;
  for (Move m = result.best; !m.IsNone();) {
    turn.push_back(MoveToUci(pos, m));
    pos.DoMove(m);
    ++next_pv;
    if (pos.side_to_move() != us) break;
    MoveList legal;
    GenerateLegal(pos, &legal);
    if (next_pv < result.info.pv.size() && legal.Contains(result.info.pv[next_pv])) {
      m = result.info.pv[next_pv];
      continue;
    }
    SearchLimits rest;
    rest.depth = std::clamp(result.info.depth - 1, 1, 8);
    if (limits.nodes > 0) rest.nodes = std::max<uint64_t>(100, limits.nodes / 4);
    if (soft_ms_ > 0) rest.movetime_ms = std::max<int64_t>(1, soft_ms_ / 4);
    m = Run(pos, rest, params, stop, nullptr).best;
    result.info.pv.resize(next_pv);  // the variation now continues another way
    result.info.pv_uci.resize(std::min(result.info.pv_uci.size(), next_pv));
  }
  result.best_uci = TurnText(std::move(turn));
  result.ponder = Move();
  result.ponder_uci.clear();
  return result;
}

}  // namespace gc9::engine::GC9_BOARD
