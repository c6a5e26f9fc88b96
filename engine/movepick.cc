#include "engine/movepick.h"

#include "engine/see.h"

namespace gc9::engine::GC9_BOARD {

void ScoreMoves(const Position& pos, const Evaluator& eval, const MoveHistory& history,
                const MoveList& list, Move hash_move, int ply, int* scores,
                const int16_t* const continuation[2]) {
  const Color us = pos.side_to_move();
  const int pawn_value = eval.PawnValue();
  const Move counter = history.Counter(LastMovedPiece(pos), pos.state().move.to());
  for (int i = 0; i < list.size; ++i) {
    const Move m = list.moves[i];
    if (m == hash_move) {
      scores[i] = kHashMoveScore;
      continue;
    }
    const bool capture = IsCapture(pos, m);
    if (capture || m.kind() == MoveKind::kPromotion) {
      int gain = 0;
      if (capture) {
        gain =
            m.kind() == MoveKind::kEnPassant ? pawn_value : eval.Value(TypeOf(pos.PieceOn(m.to())));
      }
      if (m.kind() == MoveKind::kPromotion) gain += eval.Value(m.piece());
      const int attacker = eval.Value(TypeOf(pos.PieceOn(m.from())));
      // A capture that loses material in the exchange goes after the quiet moves.
      const bool losing = capture && m.kind() == MoveKind::kNormal && !SeeGe(pos, eval, m, 0);
      scores[i] = (losing ? kBadCaptureScore : kNoisyScore) + gain * 16 - attacker / 16;
      continue;
    }
    if (m == history.Killer(ply, 0)) {
      scores[i] = kKillerScore + 1;
    } else if (m == history.Killer(ply, 1)) {
      scores[i] = kKillerScore;
    } else if (m == counter) {
      scores[i] = kCounterScore;
    } else {
      const PieceType pt = MovedType(pos, m);
      if (pt == kNoPieceType) {
        scores[i] = 0;
        continue;
      }
      scores[i] = history.Get(us, pt, m.to());
      if (continuation != nullptr) {
        scores[i] += MoveHistory::ReadContinuation(continuation[0], pt, m.to()) +
                     MoveHistory::ReadContinuation(continuation[1], pt, m.to());
      }
    }
  }
}

}  // namespace gc9::engine::GC9_BOARD
