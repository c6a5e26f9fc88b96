// Basic engine types: colours, squares on the fixed board grid, pieces and the packed move.
#pragma once

#include <cstdint>

namespace gc9::engine {

// The board grid is fixed at compile time: every variant's board is a rectangle in the lower
// left corner of this grid, and a variant mask selects its squares. Square = rank * kGridFiles
// + file, so square numbers, rays and tables do not depend on the variant. A larger board
// (Granlem Shatranj) will need a wider Bitboard and grid, changed here and in bitboard.h only.
inline constexpr int kGridFiles = 12;
inline constexpr int kGridRanks = 10;
inline constexpr int kSquareCount = kGridFiles * kGridRanks;  // 120, fits a 128-bit board

using Square = int;
inline constexpr Square kNoSquare = 127;

inline constexpr int FileOf(Square s) { return s % kGridFiles; }
inline constexpr int RankOf(Square s) { return s / kGridFiles; }
inline constexpr Square MakeSquare(int file, int rank) { return rank * kGridFiles + file; }

enum Color : uint8_t { kWhite = 0, kBlack = 1 };
inline constexpr Color operator~(Color c) { return Color(c ^ 1); }

// A piece type is the index of a piece in its variant's definition; at most 15 per variant.
using PieceType = int;
inline constexpr int kMaxPieceTypes = 15;
inline constexpr PieceType kNoPieceType = 15;

// A piece on the board: colour in bit 4, type in bits 0-3. kNoPiece marks an empty square.
using Piece = uint8_t;
inline constexpr Piece kNoPiece = 0xFF;
inline constexpr Piece MakePiece(Color c, PieceType pt) { return Piece((c << 4) | pt); }
inline constexpr Color ColorOf(Piece p) { return Color(p >> 4); }
inline constexpr PieceType TypeOf(Piece p) { return p & 15; }

enum class MoveKind : uint8_t {
  kNormal = 0,
  kPromotion = 1,
  kEnPassant = 2,
  kDrop = 3,
  kPass = 4,
  kCastle = 5,
};

// A move packed in 32 bits:
//   bits  0-6   origin square (unused for drops and passes; the king's square for castling)
//   bits  7-13  destination square (the castling rook's square for castling)
//   bits 14-16  MoveKind
//   bits 17-20  promotion piece type (promotions) or dropped piece type (drops)
// Move 0 (a1a1, normal) is never legal, so it doubles as "no move". kPass gives up the drops
// left in hand where a variant's placement is optional; UCI writes it `0000`.
class Move {
 public:
  constexpr Move() = default;
  static constexpr Move Normal(Square from, Square to) { return Move(from | (to << 7)); }
  static constexpr Move Promotion(Square from, Square to, PieceType pt) {
    return Move(from | (to << 7) | (1u << 14) | (uint32_t(pt) << 17));
  }
  static constexpr Move EnPassant(Square from, Square to) {
    return Move(from | (to << 7) | (2u << 14));
  }
  static constexpr Move Drop(PieceType pt, Square to) {
    return Move((to << 7) | (3u << 14) | (uint32_t(pt) << 17));
  }
  static constexpr Move Pass() { return Move(4u << 14); }
  static constexpr Move Castle(Square king, Square rook) {
    return Move(king | (rook << 7) | (5u << 14));
  }

  constexpr Square from() const { return data_ & 127; }
  constexpr Square to() const { return (data_ >> 7) & 127; }
  constexpr MoveKind kind() const { return MoveKind((data_ >> 14) & 7); }
  constexpr PieceType piece() const { return (data_ >> 17) & 15; }
  constexpr uint32_t raw() const { return data_; }
  constexpr bool IsNone() const { return data_ == 0; }
  constexpr bool operator==(Move o) const { return data_ == o.data_; }
  constexpr bool operator!=(Move o) const { return data_ != o.data_; }

 private:
  constexpr explicit Move(uint32_t data) : data_(data) {}
  uint32_t data_ = 0;
};

}  // namespace gc9::engine
