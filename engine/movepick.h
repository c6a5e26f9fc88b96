// Move ordering: the hash move first, then captures that do not lose material (static
// exchange) and promotions by the value they win (most valuable victim, least valuable
// attacker), then the killers, then quiet moves by their history, then the losing captures. Good
// ordering is what makes alpha-beta and the reductions pay.
#pragma once

#include <cstdint>
#include <cstring>

#include "engine/eval.h"
#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/search_types.h"

namespace gc9::engine::GC9_BOARD {

// Quiet-move statistics of one search: two killers per ply and a history indexed by the side,
// the moving (or dropped) piece type and the destination.
class MoveHistory {
 public:
  void Clear() {
    std::memset(killers_, 0, sizeof(killers_));
    std::memset(history_, 0, sizeof(history_));
  }
  int Get(Color c, PieceType pt, Square to) const { return history_[c][pt][to]; }
  // Gravity update: the table stays within +-kHistoryMax however long the search runs.
  void Update(Color c, PieceType pt, Square to, int bonus) {
    int16_t& h = history_[c][pt][to];
    h = int16_t(h + bonus - h * (bonus < 0 ? -bonus : bonus) / kHistoryMax);
  }
  void AddKiller(int ply, Move m) {
    if (killers_[ply][0] == m) return;
    killers_[ply][1] = killers_[ply][0];
    killers_[ply][0] = m;
  }
  Move Killer(int ply, int i) const { return killers_[ply][i]; }

  static constexpr int kHistoryMax = 16384;

 private:
  Move killers_[kMaxPly + 1][2];
  int16_t history_[2][kMaxPieceTypes + 1][kSquareCount];
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

// Scores every move of `list` into `scores` (same index); higher is tried first.
void ScoreMoves(const Position& pos, const Evaluator& eval, const MoveHistory& history,
                const MoveList& list, Move hash_move, int ply, int* scores);

// Moves the best-scored move of [i, size) to index i and returns it.
inline Move PickNext(MoveList& list, int* scores, int i) {
  int best = i;
  for (int j = i + 1; j < list.size; ++j) {
    if (scores[j] > scores[best]) best = j;
  }
  std::swap(list.moves[i], list.moves[best]);
  std::swap(scores[i], scores[best]);
  return list.moves[i];
}

// Ordering score offsets: each class of moves sits above every score of the next.
inline constexpr int kHashMoveScore = 1 << 30;
inline constexpr int kNoisyScore = 1 << 28;
inline constexpr int kKillerScore = 1 << 27;
// Losing captures sit below every quiet move (whose history is within +-kHistoryMax).
inline constexpr int kBadCaptureScore = -(1 << 28);
inline bool IsBadCaptureScore(int score) { return score < -(1 << 27); }

}  // namespace gc9::engine::GC9_BOARD
