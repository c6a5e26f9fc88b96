// Move ordering: the hash move first, then captures that do not lose material (static
// exchange) and promotions by the value they win (most valuable victim, least valuable
// attacker), then the killers and the counter-move, then quiet moves by their history, then
// the losing captures. Good ordering is what makes alpha-beta and the reductions pay.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "engine/eval.h"
#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/search_types.h"

namespace gc9::engine::GC9_BOARD {

// Quiet-move statistics: two killers per ply, a counter-move per previous move (the quiet
// move that last refuted it), a history indexed by the side, the moving (or dropped) piece
// type and the destination, and a continuation history: the same for a quiet move as the
// answer to an earlier move (its piece type and destination), which the search reads for the
// move one ply back (the opponent's) and two plies back (our own). Killers belong to one
// search; the rest is kept from move to move of a game, so each search starts with what the
// last one learnt.
class MoveHistory {
 public:
  // The continuation entries that follow one earlier move, indexed by ContIndex.
  using ContSlab = int16_t*;
  static int ContIndex(PieceType pt, Square to) { return pt * kSquareCount + to; }

  MoveHistory() : continuation_(size_t(kContSlabSize) * kContSlabSize) {}

  void Clear() {
    ClearKillers();
    std::memset(counters_, 0, sizeof(counters_));
    std::memset(history_, 0, sizeof(history_));
    std::fill(continuation_.begin(), continuation_.end(), int16_t{0});
  }
  void ClearKillers() { std::memset(killers_, 0, sizeof(killers_)); }
  int Get(Color c, PieceType pt, Square to) const { return history_[c][pt][to]; }
  void Update(Color c, PieceType pt, Square to, int bonus) { Gravity(history_[c][pt][to], bonus); }
  // The slab of the moves that answer an earlier move of `pt` to `to`; null for a pass.
  ContSlab Continuation(PieceType pt, Square to) {
    return pt == kNoPieceType ? nullptr : &continuation_[size_t(ContIndex(pt, to)) * kContSlabSize];
  }
  static void UpdateContinuation(ContSlab slab, PieceType pt, Square to, int bonus) {
    if (slab != nullptr) Gravity(slab[ContIndex(pt, to)], bonus);
  }
  static int ReadContinuation(const int16_t* slab, PieceType pt, Square to) {
    return slab == nullptr ? 0 : slab[ContIndex(pt, to)];
  }
  void AddKiller(int ply, Move m) {
    if (killers_[ply][0] == m) return;
    killers_[ply][1] = killers_[ply][0];
    killers_[ply][0] = m;
  }
  Move Killer(int ply, int i) const { return killers_[ply][i]; }
  // The counter-move of a previous move, named by the piece it put on its destination.
  Move Counter(Piece prev, Square prev_to) const {
    return prev == kNoPiece ? Move() : counters_[prev][prev_to];
  }
  void SetCounter(Piece prev, Square prev_to, Move m) {
    if (prev != kNoPiece) counters_[prev][prev_to] = m;
  }

  static constexpr int kHistoryMax = 16384;

 private:
  static constexpr int kContSlabSize = (kMaxPieceTypes + 1) * kSquareCount;
  // Gravity: the entry stays within +-kHistoryMax however long the search runs.
  static void Gravity(int16_t& h, int bonus) {
    h = int16_t(h + bonus - h * (bonus < 0 ? -bonus : bonus) / kHistoryMax);
  }

  Move killers_[kMaxPly + 1][2];
  Move counters_[32][kSquareCount];
  int16_t history_[2][kMaxPieceTypes + 1][kSquareCount];
  // Slabs one after the other (7 MB on the narrow board), so on the heap.
  std::vector<int16_t> continuation_;
};

// Castling names the own rook's square as its destination, so only plain moves and
// promotions can capture on `to`.
inline bool IsCapture(const Position& pos, Move m) {
  return m.kind() == MoveKind::kEnPassant ||
         ((m.kind() == MoveKind::kNormal || m.kind() == MoveKind::kPromotion) &&
          pos.PieceOn(m.to()) != kNoPiece);
}

// The piece type a move puts on its destination's history slot: the mover, or the dropped type.
inline PieceType MovedType(const Position& pos, Move m) {
  if (m.kind() == MoveKind::kDrop) return m.piece();
  if (m.kind() == MoveKind::kPass) return kNoPieceType;
  return TypeOf(pos.PieceOn(m.from()));
}

// The piece the last move put on its destination, or kNoPiece (no move yet, a pass, castling).
inline Piece LastMovedPiece(const Position& pos) {
  if (pos.history_size() == 0) return kNoPiece;
  const Move m = pos.state().move;
  if (m.kind() == MoveKind::kPass || m.kind() == MoveKind::kCastle) return kNoPiece;
  return pos.PieceOn(m.to());
}

// Scores every move of `list` into `scores` (same index); higher is tried first. `continuation`
// holds the slabs of the moves one and two plies back (either may be null).
void ScoreMoves(const Position& pos, const Evaluator& eval, const MoveHistory& history,
                const MoveList& list, Move hash_move, int ply, int* scores,
                const int16_t* const continuation[2] = nullptr);

// Moves the best-scored move of [i, size) to index i and returns it; of equal scores, the
// first. The maximum is found first and its index after: a plain reduction vectorizes, while
// a running arg-max (one compare on the last best per move) cannot, and in a node that tries
// all of its hundred moves this scan is the search's own largest cost.
inline Move PickNext(MoveList& list, int* scores, int i) {
  int top = scores[i];
  for (int j = i + 1; j < list.size; ++j) top = std::max(top, scores[j]);
  int best = i;
  while (scores[best] != top) ++best;
  std::swap(list.moves[i], list.moves[best]);
  std::swap(scores[i], scores[best]);
  return list.moves[i];
}

// Ordering score offsets: each class of moves sits above every score of the next.
inline constexpr int kHashMoveScore = 1 << 30;
inline constexpr int kNoisyScore = 1 << 28;
inline constexpr int kKillerScore = 1 << 27;
inline constexpr int kCounterScore = kKillerScore - 1;
// Losing captures sit below every quiet move (whose history and two continuation entries are
// each within +-kHistoryMax).
inline constexpr int kBadCaptureScore = -(1 << 28);
inline bool IsBadCaptureScore(int score) { return score < -(1 << 27); }

}  // namespace gc9::engine::GC9_BOARD
