#include "engine/see.h"

#include <climits>

namespace gc9::engine::GC9_BOARD {
namespace {

// The king is worth more than any exchange: it captures only where nothing recaptures.
constexpr int kKingSeeValue = 1 << 20;

}  // namespace

bool SeeGe(const Position& pos, const Evaluator& eval, Move m, int threshold) {
  if (m.kind() != MoveKind::kNormal) return 0 >= threshold;
  const Variant& v = pos.variant();
  auto value = [&](PieceType pt) { return pt == v.royal_type() ? kKingSeeValue : eval.Value(pt); };
  const Square from = m.from(), to = m.to();
  const Piece moving = pos.PieceOn(from);
  const Piece target = pos.PieceOn(to);
  // swap is what the side that just moved stands to lose if the exchange stops here: the
  // sequence is cut as soon as the side to capture cannot do better than stopping.
  int swap = (target == kNoPiece ? 0 : value(TypeOf(target))) - threshold;
  if (swap < 0) return false;
  if (v.uncapturable_types() & (1 << TypeOf(moving))) return true;
  swap = value(TypeOf(moving)) - swap;
  if (swap <= 0) return true;

  // The destination stays occupied: hoppers and walked captures need a piece to land on.
  Bitboard occupied = (pos.pieces() ^ SquareBB(from)) | SquareBB(to);
  Color stm = ColorOf(moving);
  int res = 1;
  for (;;) {
    stm = ~stm;
    // Recomputed with every capture, so sliders, hoppers and lame leapers behind the last
    // capturer (x-rays, new screens) join in whatever their move rules.
    const Bitboard attackers = pos.AttackersTo(to, stm, occupied) & pos.pieces(stm) & occupied;
    if (!attackers) break;
    res ^= 1;
    PieceType lva = kNoPieceType;
    int lva_value = INT_MAX;
    for (PieceType pt = 0; pt < v.piece_count(); ++pt) {
      if ((attackers & pos.pieces(pt)) && value(pt) < lva_value) {
        lva = pt;
        lva_value = value(pt);
      }
    }
    if (lva == v.royal_type()) {
      // The king may capture only if the square is not defended any more.
      const Bitboard defenders = pos.AttackersTo(to, ~stm, occupied) & pos.pieces(~stm) & occupied;
      return defenders ? !res : res;
    }
    // An uncapturable capturer ends the exchange: nothing can take it back.
    if (v.uncapturable_types() & (1 << lva)) return res;
    swap = lva_value - swap;
    if (swap < res) break;
    occupied ^= SquareBB(Lsb(attackers & pos.pieces(lva)));
  }
  return res;
}

}  // namespace gc9::engine::GC9_BOARD
