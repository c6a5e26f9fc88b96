// FEN in and out: the usual six fields, ranks with numbers above 9 for wide boards and a
// holdings block in brackets (Fairy-Stockfish's convention). Every malformed FEN is refused
// with the problem named; SetFen leaves the position unchanged then.
#include <cctype>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "common/status_macros.h"
#include "engine/position.h"

namespace gc9::engine::GC9_BOARD {
namespace {

absl::Status FenError(absl::string_view fen, absl::string_view problem) {
  return absl::InvalidArgumentError(absl::StrCat("bad FEN \"", fen, "\": ", problem));
}

const char* ColorName(Color c) { return c == kWhite ? "White" : "Black"; }

}  // namespace

absl::Status Position::SetFen(absl::string_view fen) {
  Position parsed(variant_);
  RETURN_IF_ERROR(parsed.ParseFen(fen));
  *this = std::move(parsed);
  return absl::OkStatus();
}

absl::Status Position::ParseFen(absl::string_view fen) {
  const Variant& v = *variant_;
  const Zobrist& z = Zobrist::Get();
  std::vector<absl::string_view> fields = absl::StrSplit(fen, ' ', absl::SkipEmpty());
  if (fields.size() < 2) return FenError(fen, "needs at least the board and the side to move");
  if (fields.size() > 6) return FenError(fen, "has more than six fields");

  absl::string_view board = fields[0];
  absl::string_view holdings;
  if (const size_t open = board.find('['); open != absl::string_view::npos) {
    if (board.back() != ']') return FenError(fen, "the holdings block is not closed by ']'");
    holdings = board.substr(open + 1, board.size() - open - 2);
    board = board.substr(0, open);
  }
  std::vector<absl::string_view> rows = absl::StrSplit(board, '/');
  if (int(rows.size()) != v.ranks()) {
    return FenError(
        fen, absl::StrCat("has ", rows.size(), " ranks, the ", v.name(), " board has ", v.ranks()));
  }
  StateInfo& st = states_.back();
  for (int i = 0; i < v.ranks(); ++i) {
    const int rank = v.ranks() - 1 - i;
    int file = 0;
    const absl::string_view row = rows[i];
    for (size_t j = 0; j < row.size(); ++j) {
      const char c = row[j];
      if (std::isdigit(static_cast<unsigned char>(c))) {
        int empty = c - '0';
        if (j + 1 < row.size() && std::isdigit(static_cast<unsigned char>(row[j + 1]))) {
          empty = empty * 10 + (row[++j] - '0');
        }
        if (empty == 0) return FenError(fen, absl::StrCat("rank ", rank + 1, " counts 0 squares"));
        file += empty;
        continue;
      }
      const PieceType pt = v.TypeOfLetter(c);
      if (pt == kNoPieceType || !std::isalpha(static_cast<unsigned char>(c))) {
        return FenError(
            fen, absl::StrCat("unknown piece letter '", std::string(1, c), "' on rank ", rank + 1));
      }
      if (file >= v.files()) {
        return FenError(fen,
                        absl::StrCat("rank ", rank + 1, " has more than ", v.files(), " squares"));
      }
      const Piece p = MakePiece(std::isupper(static_cast<unsigned char>(c)) ? kWhite : kBlack, pt);
      PutPiece(p, MakeSquare(file, rank));
      st.key ^= z.piece_square[p][MakeSquare(file, rank)];
      ++file;
    }
    if (file != v.files()) {
      return FenError(fen,
                      absl::StrCat("rank ", rank + 1, " has ", file > v.files() ? "more" : "fewer",
                                   " than ", v.files(), " squares"));
    }
  }

  for (char c : holdings) {
    const PieceType pt = v.TypeOfLetter(c);
    if (pt == kNoPieceType || !std::isalpha(static_cast<unsigned char>(c))) {
      return FenError(
          fen, absl::StrCat("unknown piece letter '", std::string(1, c), "' in the holdings"));
    }
    if (!v.has_placement()) {
      return FenError(fen, absl::StrCat("holds pieces in hand, but ", v.name(), " has no drops"));
    }
    const Color color = std::isupper(static_cast<unsigned char>(c)) ? kWhite : kBlack;
    if (hand_[color][pt] >= 31) return FenError(fen, "more than 31 pieces of a kind in hand");
    st.key ^= z.hand[color][pt][hand_[color][pt]];
    ++hand_[color][pt];
    ++hand_total_[color];
    st.key ^= z.hand[color][pt][hand_[color][pt]];
  }

  for (Color c : {kWhite, kBlack}) {
    const int kings = PopCount(pieces(c, v.royal_type()));
    if (kings != 1) {
      return FenError(fen,
                      absl::StrCat(ColorName(c), " has ", kings, " kings; it needs exactly one"));
    }
    // A pawn can stand neither on its own first rank nor where it would have to have promoted.
    const Bitboard first_rank = tables_->Ranks(c, 1);
    const Bitboard bad =
        PiecesOfTypes(c, v.pawn_types()) & (first_rank | tables_->mandatory_promotion_zone(c));
    if (bad) {
      return FenError(fen, absl::StrCat("a ", ColorName(c), " pawn stands on ",
                                        SquareName(Lsb(bad)), ", where no pawn can stand"));
    }
  }

  if (fields[1] == "w") {
    side_ = kWhite;
  } else if (fields[1] == "b") {
    side_ = kBlack;
    st.key ^= z.side;
  } else {
    return FenError(fen, absl::StrCat("side to move \"", fields[1], "\" is neither w nor b"));
  }
  if (fields.size() > 2 && fields[2] != "-") {
    if (!v.has_castling()) {
      return FenError(fen, absl::StrCat("castling rights \"", fields[2], "\" but ", v.name(),
                                        " has no castling (write -)"));
    }
    RETURN_IF_ERROR(ParseCastling(fen, fields[2]));
    st.key ^= z.castling[st.castling];
  }
  Square ep = kNoSquare;
  if (fields.size() > 3 && fields[3] != "-") {
    ep = ParseSquare(fields[3]);
    if (ep == kNoSquare) {
      return FenError(
          fen, absl::StrCat("en-passant field \"", fields[3], "\" is no square of the board"));
    }
    if (!v.en_passant() || RankOf(ep) != v.en_passant_rank(side_) || board_[ep] != kNoPiece) {
      return FenError(fen, absl::StrCat("en-passant square ", fields[3], " is impossible with ",
                                        ColorName(side_), " to move"));
    }
  }
  if (fields.size() > 4) {
    if (!absl::SimpleAtoi(fields[4], &st.rule50) || st.rule50 < 0 || st.rule50 > 10000) {
      return FenError(fen,
                      absl::StrCat("halfmove clock \"", fields[4], "\" is not a count of plies"));
    }
  }
  if (fields.size() > 5) {
    if (!absl::SimpleAtoi(fields[5], &st.fullmove) || st.fullmove < 1 || st.fullmove > 100000) {
      return FenError(fen,
                      absl::StrCat("fullmove number \"", fields[5], "\" is not a positive number"));
    }
  }
  if (KingInCheck(~side_)) {
    return FenError(fen, absl::StrCat(ColorName(~side_), " is not to move but is in check"));
  }
  st.checkers = ComputeCheckers();
  if (v.multi_move()) {
    st.turn.leader_sections = LeaderSections(side_);
    st.turn.quiet_turns = uint16_t(st.rule50);  // the FEN's count is in turns here
  }
  // Keep the en-passant square only where the capture is legal, so equal FENs mean equal
  // positions; the pawn that double stepped must stand in front of it.
  if (ep != kNoSquare) {
    const Square pawn_square = MakeSquare(FileOf(ep), RankOf(ep) + (side_ == kWhite ? -1 : 1));
    const Piece pawn = board_[pawn_square];
    if (pawn != kNoPiece && ColorOf(pawn) != side_ && (v.pawn_types() & (1 << TypeOf(pawn)))) {
      NormalizeEnPassant(ep);
    }
  }
  return absl::OkStatus();
}

// KQkq name the outermost castling rook on a side; a file letter (Chess960's X-FEN and
// Shredder-FEN) names any other.
absl::Status Position::ParseCastling(absl::string_view fen, absl::string_view field) {
  const Variant& v = *variant_;
  StateInfo& st = states_.back();
  for (char ch : field) {
    const Color c = std::isupper(static_cast<unsigned char>(ch)) ? kWhite : kBlack;
    const char upper = char(std::toupper(static_cast<unsigned char>(ch)));
    const Square k = king(c);
    const int rank = FirstRank(c);
    if (RankOf(k) != rank) {
      return FenError(fen, absl::StrCat("castling right '", std::string(1, ch), "' but the ",
                                        ColorName(c), " king is not on its first rank"));
    }
    auto castling_rook = [&](int file) {
      const Piece p = board_[MakeSquare(file, rank)];
      return p != kNoPiece && ColorOf(p) == c && (v.castling_rook_types() & (1 << TypeOf(p)));
    };
    int file = -1;
    if (upper == 'K') {
      for (int f = v.files() - 1; f > FileOf(k) && file < 0; --f) file = castling_rook(f) ? f : -1;
    } else if (upper == 'Q') {
      for (int f = 0; f < FileOf(k) && file < 0; ++f) file = castling_rook(f) ? f : -1;
    } else if (upper >= 'A' && upper < 'A' + v.files()) {
      file = castling_rook(upper - 'A') ? upper - 'A' : -1;
    } else {
      return FenError(fen, absl::StrCat("castling field \"", field, "\": '", std::string(1, ch),
                                        "' is no castling right"));
    }
    if (file < 0) {
      return FenError(fen, absl::StrCat("castling right '", std::string(1, ch), "' but ",
                                        ColorName(c), " has no rook there to castle with"));
    }
    const int right = 2 * c + (file > FileOf(k));
    if (st.castling & (1 << right)) {
      return FenError(fen, absl::StrCat("castling right '", std::string(1, ch), "' given twice"));
    }
    const Square rook = MakeSquare(file, rank);
    st.castling |= uint8_t(1 << right);
    castling_rook_[right] = rook;
    castling_mask_[k] |= uint8_t(1 << right);
    castling_mask_[rook] |= uint8_t(1 << right);
  }
  return absl::OkStatus();
}

std::string Position::CastlingField() const {
  std::string out;
  for (Color c : {kWhite, kBlack}) {
    for (int side : {1, 0}) {
      const int right = 2 * c + side;
      if (!(castling_rights() & (1 << right))) continue;
      const Square rook = castling_rook_[right];
      bool outermost = true;
      for (int f = FileOf(rook) + (side ? 1 : -1); f >= 0 && f < variant_->files();
           f += side ? 1 : -1) {
        const Piece p = board_[MakeSquare(f, RankOf(rook))];
        outermost &= !(p != kNoPiece && ColorOf(p) == c &&
                       (variant_->castling_rook_types() & (1 << TypeOf(p))));
      }
      char letter = outermost ? (side ? 'K' : 'Q') : char('A' + FileOf(rook));
      out += c == kWhite ? letter : char(std::tolower(letter));
    }
  }
  return out.empty() ? "-" : out;
}

std::string Position::Fen() const {
  const Variant& v = *variant_;
  std::string fen;
  for (int rank = v.ranks() - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < v.files(); ++file) {
      const Piece p = board_[MakeSquare(file, rank)];
      if (p == kNoPiece) {
        ++empty;
        continue;
      }
      if (empty) absl::StrAppend(&fen, empty);
      empty = 0;
      fen += v.LetterOf(p);
    }
    if (empty) absl::StrAppend(&fen, empty);
    if (rank) fen += '/';
  }
  if (hand_total_[kWhite] + hand_total_[kBlack] > 0) {
    fen += '[';
    for (Color c : {kWhite, kBlack}) {
      for (PieceType pt = 0; pt < v.piece_count(); ++pt) {
        fen.append(hand_[c][pt], v.LetterOf(MakePiece(c, pt)));
      }
    }
    fen += ']';
  }
  absl::StrAppend(&fen, side_ == kWhite ? " w " : " b ", CastlingField(), " ",
                  SquareName(ep_square()), " ", rule50(), " ", fullmove());
  return fen;
}

}  // namespace gc9::engine::GC9_BOARD
