// Legal move generation. Checks and pins are read off the rays from the king (Stockfish's
// approach), so a move is tested by make/unmake only where that cannot decide: en passant,
// and variants whose captures are walked (hoppers, lame leapers) or that play the full shield.
#include "engine/movegen.h"

#include <cctype>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"

namespace gc9::engine::GC9_BOARD {
namespace {

struct Context {
  Position& pos;
  const Variant& v;
  const BoardTables& t;
  Color us, them;
  Square king;
  Bitboard occupied;
  Bitboard capturable;  // enemy pieces that may be captured (no royal, no Charioteer)
  Bitboard target;      // destinations that answer a check (everything when not in check)
  Bitboard pinned;
  Bitboard movable;  // where pieces may move from: all but the moved ones of a multi-move turn
  bool full_legality;
  bool captures_only;
  MoveList* list;
};

bool LegalByMaking(Position& pos, Move m) {
  const Color us = pos.side_to_move();
  pos.DoMove(m);
  const bool legal = !pos.KingInCheck(us);
  pos.UndoMove();
  return legal;
}

// Our pieces standing alone between the king and an enemy slider that captures along the line.
Bitboard Pinned(const Context& c) {
  const Variant& v = c.v;
  const BoardTables& t = c.t;
  const Position& pos = c.pos;
  Bitboard snipers = (t.SlideAttacks(kOrthogonalDirections, c.king, 0) &
                      pos.PiecesOfTypes(c.them, v.orthogonal_slider_types())) |
                     (t.SlideAttacks(kDiagonalDirections, c.king, 0) &
                      pos.PiecesOfTypes(c.them, v.diagonal_slider_types()));
  for (uint16_t types = v.partial_slider_types(); types; types &= types - 1) {
    const int pt = __builtin_ctz(types);
    for (int d = 0; d < kDirectionCount; ++d) {
      if (v.piece(pt).slide_capture[c.them] & (1 << d)) {
        snipers |= t.Ray(Opposite(d), c.king) & pos.pieces(c.them, pt);
      }
    }
  }
  Bitboard pinned = 0;
  while (snipers) {
    const Square s = PopLsb(snipers);
    const Bitboard between = t.Between(c.king, s) & c.occupied;
    if (between && !MoreThanOne(between)) pinned |= between & pos.pieces(c.us);
  }
  return pinned;
}

void AddPawnMoves(Context& c, Square from, Bitboard dests) {
  const Bitboard zone = c.t.promotion_zone(c.us);
  const Bitboard mandatory = c.t.mandatory_promotion_zone(c.us);
  for (Bitboard b = dests & ~zone; b;) c.list->Add(Move::Normal(from, PopLsb(b)));
  for (Bitboard b = dests & zone; b;) {
    const Square to = PopLsb(b);
    for (PieceType pt : c.v.promotion_zones()[c.t.PromotionZoneOf(c.us, to)].types) {
      const int limit = c.v.piece(pt).promotion_limit;
      if (limit == 0 || c.pos.count(c.us, pt) < limit) c.list->Add(Move::Promotion(from, to, pt));
    }
    // Declining an optional promotion is a quiet move unless it captures.
    if (!Has(mandatory, to) && (!c.captures_only || Has(c.capturable, to))) {
      c.list->Add(Move::Normal(from, to));
    }
  }
}

// The destinations of the piece on `from` by every kind of move it has; captures only unless
// `quiets`.
Bitboard Destinations(const Context& c, const PieceInfo& info, const PieceTables& tables,
                      Square from, bool quiets) {
  Bitboard quiet = tables.leap_quiet[c.us][from];
  Bitboard captures = tables.leap_capture[c.us][from];
  if (info.slide_quiet[c.us] == info.slide_capture[c.us]) {
    if (info.slide_quiet[c.us]) {
      const Bitboard slides = c.t.SlideAttacks(info.slide_quiet[c.us], from, c.occupied);
      quiet |= slides;
      captures |= slides;
    }
  } else {
    quiet |= c.t.SlideAttacks(info.slide_quiet[c.us], from, c.occupied);
    captures |= c.t.SlideAttacks(info.slide_capture[c.us], from, c.occupied);
  }
  if (info.has_exotic) {
    quiet |= c.pos.ExoticQuiets(from, c.occupied);
    // Most exotic moves are quiet (a pawn's double step): no captures to look for then.
    if (info.exotic_captures) captures |= c.pos.ExoticAttacks(from, c.occupied);
  }
  return (quiets ? quiet & ~c.occupied : Bitboard(0)) | (captures & c.capturable);
}

void GeneratePieceMoves(Context& c) {
  const uint16_t pawns = c.v.pawn_types();
  const Square ep = c.pos.ep_square();
  for (PieceType pt = 0; pt < c.v.piece_count(); ++pt) {
    if (pt == c.v.royal_type()) continue;
    const PieceInfo& info = c.v.piece(pt);
    const PieceTables& tables = c.t.piece(pt);
    for (Bitboard b = c.pos.pieces(c.us, pt) & c.movable; b;) {
      const Square from = PopLsb(b);
      const bool pawn = pawns & (1 << pt);
      Bitboard dests = Destinations(c, info, tables, from, !c.captures_only || pawn) & c.target;
      // Promotions count as captures do for the quiescence search.
      if (c.captures_only && pawn) dests &= c.capturable | c.t.promotion_zone(c.us);
      if (!c.full_legality && Has(c.pinned, from)) dests &= c.t.Line(c.king, from);
      if (pawn) {
        AddPawnMoves(c, from, dests);
        if (ep != kNoSquare && Has(tables.leap_capture[c.us][from], ep)) {
          const Move m = Move::EnPassant(from, ep);
          if (c.full_legality || LegalByMaking(c.pos, m)) c.list->Add(m);
        }
      } else {
        for (; dests;) c.list->Add(Move::Normal(from, PopLsb(dests)));
      }
    }
  }
}

void GenerateKingMoves(Context& c) {
  if (c.king == kNoSquare || !Has(c.movable, c.king)) return;
  const PieceType king = c.v.royal_type();
  Bitboard dests = Destinations(c, c.v.piece(king), c.t.piece(king), c.king, !c.captures_only);
  const Bitboard without_king = c.occupied ^ SquareBB(c.king);
  while (dests) {
    const Square to = PopLsb(dests);
    if (c.full_legality || !c.pos.AttackersTo(to, c.them, without_king)) {
      c.list->Add(Move::Normal(c.king, to));
    }
  }
}

// Castling under Chess960's conditions; the last one (the king not in check where it lands,
// which the castling rook may have shielded) is tested by making the move.
void GenerateCastling(Context& c) {
  if (!c.v.has_castling() || c.pos.InCheck() || c.king == kNoSquare) return;
  for (int side = 0; side < 2; ++side) {
    const int right = 2 * c.us + side;
    if (!(c.pos.castling_rights() & (1 << right))) continue;
    const Square rook = c.pos.castling_rook(right);
    const Square king_to = c.pos.CastlingKingTarget(c.us, side);
    const Square rook_to = c.pos.CastlingRookTarget(c.us, side);
    const Bitboard king_path = c.t.Between(c.king, king_to) | SquareBB(king_to);
    const Bitboard rook_path = c.t.Between(rook, rook_to) | SquareBB(rook_to);
    const Bitboard must_be_empty = (king_path | rook_path) & ~SquareBB(c.king) & ~SquareBB(rook);
    if (c.occupied & must_be_empty) continue;
    bool attacked = false;
    for (Bitboard b = king_path & ~SquareBB(king_to); b && !attacked;) {
      attacked = bool(c.pos.AttackersTo(PopLsb(b), c.them, c.occupied));
    }
    const Move m = Move::Castle(c.king, rook);
    if (!attacked && (c.full_legality || LegalByMaking(c.pos, m))) c.list->Add(m);
  }
}

void GenerateDrops(Context& c) {
  const Bitboard squares = c.t.drop_region(c.us) & ~c.occupied & c.target;
  for (PieceType pt = 0; pt < c.v.piece_count(); ++pt) {
    if (!c.pos.hand(c.us, pt)) continue;
    Bitboard b = squares;
    // A pawn may not be dropped where it could never move or would have to have promoted.
    if (c.v.pawn_types() & (1 << pt)) b &= ~c.t.mandatory_promotion_zone(c.us);
    while (b) c.list->Add(Move::Drop(pt, PopLsb(b)));
  }
  if (c.v.placement_optional() && !c.pos.InCheck()) c.list->Add(Move::Pass());
}

}  // namespace

bool MoveList::Contains(Move m) const {
  for (Move x : *this) {
    if (x == m) return true;
  }
  return false;
}

void GenerateLegal(Position& pos, MoveList* list, GenMode mode) {
  const Variant& v = pos.variant();
  const BoardTables& t = pos.tables();
  const Color us = pos.side_to_move();
  Context c{pos,
            v,
            t,
            us,
            ~us,
            pos.king(us),
            pos.pieces(),
            0,
            t.board(),
            0,
            pos.TurnMovable(),
            v.needs_full_legality(),
            mode == GenMode::kCaptures,
            list};
  list->size = 0;
  c.capturable = pos.pieces(c.them) &
                 ~pos.PiecesOfTypes(c.them, v.uncapturable_types() | (1 << v.royal_type()));
  if (!c.full_legality) {
    const Bitboard checkers = pos.checkers();
    if (checkers) {
      c.target = MoreThanOne(checkers) ? Bitboard(0) : t.Between(c.king, Lsb(checkers)) | checkers;
    }
    c.pinned = Pinned(c);
  }
  if (!pos.HandEmpty(us)) {
    if (!c.captures_only) GenerateDrops(c);
  } else {
    GeneratePieceMoves(c);
    GenerateKingMoves(c);
    if (!c.captures_only) GenerateCastling(c);
    // A multi-move turn may end after its first move.
    if (pos.turn_moves() > 0 && !c.captures_only) c.list->Add(Move::Pass());
  }
  if (c.full_legality) {
    int kept = 0;
    for (int i = 0; i < list->size; ++i) {
      const Move m = list->moves[i];
      if (m.kind() == MoveKind::kPass || LegalByMaking(pos, m)) list->moves[kept++] = m;
    }
    list->size = kept;
  }
}

std::string MoveToUci(const Position& pos, Move m) {
  const Variant& v = pos.variant();
  switch (m.kind()) {
    case MoveKind::kPass:
      return "0000";
    case MoveKind::kCastle: {
      const Square to =
          v.chess960_notation()
              ? m.to()
              : pos.CastlingKingTarget(pos.side_to_move(), FileOf(m.to()) > FileOf(m.from()));
      return absl::StrCat(pos.SquareName(m.from()), pos.SquareName(to));
    }
    case MoveKind::kDrop:
      return absl::StrCat(std::string(1, v.piece(m.piece()).letter), "@", pos.SquareName(m.to()));
    case MoveKind::kPromotion:
      return absl::StrCat(pos.SquareName(m.from()), pos.SquareName(m.to()),
                          std::string(1, char(std::tolower(v.piece(m.piece()).letter))));
    default:
      return absl::StrCat(pos.SquareName(m.from()), pos.SquareName(m.to()));
  }
}

absl::StatusOr<Move> ParseUciMove(Position& pos, absl::string_view text) {
  MoveList legal;
  GenerateLegal(pos, &legal);
  const std::string wanted = absl::AsciiStrToLower(text);
  for (Move m : legal) {
    if (absl::AsciiStrToLower(MoveToUci(pos, m)) == wanted) return m;
  }
  return absl::InvalidArgumentError(absl::StrCat("illegal move \"", text, "\" in ", pos.Fen()));
}

}  // namespace gc9::engine::GC9_BOARD
