// SAN text of moves: disambiguation is decided against the legal moves, the check and mate
// suffix by making the move and asking the variant's rules (the shield can deny a mate).
#include "engine/san.h"

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "engine/game_result.h"
#include "engine/movegen.h"

namespace gc9::engine::GC9_BOARD {
namespace {

char FileLetter(Square s) { return char('a' + FileOf(s)); }

// The SAN of m without a check suffix; `legal` holds every legal move of pos.
std::string SanBody(const Position& pos, Move m, const MoveList& legal) {
  const Variant& v = pos.variant();
  switch (m.kind()) {
    case MoveKind::kPass:
      return "--";
    case MoveKind::kDrop:
      return absl::StrCat(std::string(1, v.piece(m.piece()).letter), "@", pos.SquareName(m.to()));
    case MoveKind::kCastle: {
      // m.to() is the castling rook, so its side of the king gives the castling side even
      // where the king does not move (Chess8400's king already on c or g).
      const int side = FileOf(m.to()) > FileOf(m.from()) ? 1 : 0;
      if (v.definition().castling().san_king_file()) {
        return absl::StrCat(
            "O-O-O", std::string(1, FileLetter(pos.CastlingKingTarget(pos.side_to_move(), side))));
      }
      return side ? "O-O" : "O-O-O";
    }
    default:
      break;
  }
  const Piece piece = pos.PieceOn(m.from());
  const PieceType pt = TypeOf(piece);
  const bool capture = m.kind() == MoveKind::kEnPassant || pos.PieceOn(m.to()) != kNoPiece;
  // Another legal move of the same piece to the same square makes the SAN name the origin:
  // by file, else by rank, else by square. Pawns that step diagonally without capturing
  // (Granlem's fmF) meet pushes there, so pawns are disambiguated too.
  bool ambiguous = false, same_file = false, same_rank = false;
  for (Move o : legal) {
    if (o.kind() == MoveKind::kDrop || o.kind() == MoveKind::kPass ||
        o.kind() == MoveKind::kCastle || o.to() != m.to() || o.from() == m.from() ||
        pos.PieceOn(o.from()) != piece) {
      continue;
    }
    ambiguous = true;
    same_file |= FileOf(o.from()) == FileOf(m.from());
    same_rank |= RankOf(o.from()) == RankOf(m.from());
  }
  std::string san;
  if (v.pawn_types() & (1u << pt)) {
    // A pawn's capture always names its file ("exd5"); a push only when ambiguous ("dd3").
    if (ambiguous && same_file) {
      san = pos.SquareName(m.from());
    } else if (ambiguous || capture) {
      san = std::string(1, FileLetter(m.from()));
    }
    if (capture) san += 'x';
  } else {
    san = std::string(1, v.piece(pt).letter);
    if (ambiguous) {
      if (!same_file) {
        san += FileLetter(m.from());
      } else if (!same_rank) {
        absl::StrAppend(&san, RankOf(m.from()) + 1);
      } else {
        san += pos.SquareName(m.from());
      }
    }
    if (capture) san += 'x';
  }
  san += pos.SquareName(m.to());
  if (m.kind() == MoveKind::kPromotion) {
    absl::StrAppend(&san, "=", std::string(1, v.piece(m.piece()).letter));
  }
  return san;
}

// The text without the annotation and check marks that SAN may carry at its end.
absl::string_view StripSuffix(absl::string_view san) {
  while (!san.empty() &&
         (san.back() == '+' || san.back() == '#' || san.back() == '!' || san.back() == '?')) {
    san.remove_suffix(1);
  }
  return san;
}

}  // namespace

std::string MoveToSan(Position& pos, Move m) {
  MoveList legal;
  GenerateLegal(pos, &legal);
  std::string san = SanBody(pos, m, legal);
  const Color us = pos.side_to_move();
  pos.DoMove(m);
  // A TheGrandChess9 placement drop keeps the turn; the opponent is neither checked nor mated.
  const Color them = pos.side_to_move();
  if (them != us && pos.KingInCheck(them)) {
    // Adjudicate, not "no legal move", decides mate: a shielded king is not mated.
    san += Adjudicate(pos).end == GameEnd::kCheckmate ? '#' : '+';
  }
  pos.UndoMove();
  return san;
}

absl::StatusOr<Move> ParseSan(Position& pos, absl::string_view san) {
  std::string wanted(StripSuffix(san));
  // 0-0 and 0-0-0(c): zeros only in the leading castling run, since squares may hold a 0 (a10).
  if (absl::StartsWith(wanted, "0-0")) {
    for (size_t i = 0; i < wanted.size() && (wanted[i] == '0' || wanted[i] == '-'); ++i) {
      if (wanted[i] == '0') wanted[i] = 'O';
    }
  }
  if (!wanted.empty()) {
    MoveList legal;
    GenerateLegal(pos, &legal);
    for (Move m : legal) {
      if (SanBody(pos, m, legal) == wanted) return m;
    }
  }
  return absl::InvalidArgumentError(
      absl::StrCat("no legal move has the SAN \"", san, "\" in ", pos.Fen()));
}

}  // namespace gc9::engine::GC9_BOARD
