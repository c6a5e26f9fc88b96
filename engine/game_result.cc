#include "engine/game_result.h"

#include "engine/movegen.h"

namespace gc9::engine::GC9_BOARD {

bool IsDeadMaterial(const Position& pos) {
  const Variant& v = pos.variant();
  if (!v.dead_material_rule()) return false;
  const uint16_t king = uint16_t(1 << v.royal_type());
  const uint16_t charioteers = v.shield_types() | v.uncapturable_types();
  // Pieces in hand count as material.
  auto only = [&](Color c, uint16_t types) {
    return pos.HandEmpty(c) && (pos.pieces(c) & ~pos.PiecesOfTypes(c, types)) == 0;
  };
  if (only(kWhite, king | charioteers) && only(kBlack, king | charioteers)) return true;
  // Charioteers can take flight squares from a king, so a lone minor is dead only without them.
  if (pos.PiecesOfTypes(kWhite, charioteers) | pos.PiecesOfTypes(kBlack, charioteers)) return false;
  for (Color c : {kWhite, kBlack}) {
    const Bitboard others = pos.pieces(c) & ~pos.pieces(c, v.royal_type());
    if (only(~c, king) && pos.HandEmpty(c) && PopCount(others) == 1 &&
        (v.lone_minor_types() & (1 << TypeOf(pos.PieceOn(Lsb(others)))))) {
      return true;
    }
  }
  return false;
}

int RepetitionCount(const Position& pos) {
  int count = 1;
  const int window = std::min(pos.reversible_plies(), pos.history_size());
  for (int i = 1; i <= window; ++i) count += pos.StateAt(i).key == pos.key();
  return count;
}

GameResult Adjudicate(Position& pos) {
  const Variant& v = pos.variant();
  MoveList moves;
  GenerateLegal(pos, &moves);
  const Color us = pos.side_to_move();
  if (moves.size == 0) {
    if (!pos.KingInCheck(us)) return {GameEnd::kStalemate, v.stalemate_loses(), ~us};
    // The shield: a shielded king cannot be captured, so it is not mated.
    if (v.shield() == ShieldRule::kMateImmunity && pos.Shielded(us)) {
      return {GameEnd::kShielded, false, kWhite};
    }
    return {GameEnd::kCheckmate, true, ~us};
  }
  if (IsDeadMaterial(pos)) return {GameEnd::kDead, false, kWhite};
  if (v.fifty_move_plies() > 0 && pos.rule50() >= v.fifty_move_plies()) {
    return {GameEnd::kFifty, false, kWhite};
  }
  if (v.repetition_count() > 0 && RepetitionCount(pos) >= v.repetition_count()) {
    return {GameEnd::kRepetition, false, kWhite};
  }
  return {};
}

}  // namespace gc9::engine::GC9_BOARD
