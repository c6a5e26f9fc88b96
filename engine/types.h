// Basic engine types shared by both board builds: colours, squares, pieces and the packed move.
#pragma once

#include <cstdint>

namespace gc9::engine {

// A square is an index into the grid of the board build that holds the position
// (engine/board.h): rank * grid files + file. Eight bits hold every square of both grids.
using Square = int;
inline constexpr Square kNoSquare = 255;

// The eight ray directions. The first four step to higher square numbers, so the nearest
// blocker on their rays is the least significant bit; the last four use the most significant.
enum Direction : int {
  kNorth,
  kEast,
  kNorthEast,
  kNorthWest,
  kSouth,
  kWest,
  kSouthWest,
  kSouthEast
};
inline constexpr int kDirectionCount = 8;
inline constexpr int kDirectionFile[kDirectionCount] = {0, 1, 1, -1, 0, -1, -1, 1};
inline constexpr int kDirectionRank[kDirectionCount] = {1, 0, 1, 1, -1, 0, -1, -1};
inline constexpr bool IsPositive(int dir) { return dir < 4; }
inline constexpr int Opposite(int dir) { return dir ^ 4; }
inline constexpr uint8_t kOrthogonalDirections = 0b00110011;  // N E S W
inline constexpr uint8_t kDiagonalDirections = 0b11001100;    // NE NW SW SE

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
//   bits  0-7   origin square (unused for drops and passes; the king's square for castling)
//   bits  8-15  destination square (the castling rook's square for castling)
//   bits 16-18  MoveKind
//   bits 19-22  promotion piece type (promotions) or dropped piece type (drops)
// Move 0 (a1a1, normal) is never legal, so it doubles as "no move". kPass gives up the rest
// of a turn: the drops left in hand where a variant's placement is optional, or the moves left
// in a multi-move turn; UCI writes it `0000`.
class Move {
 public:
  constexpr Move() = default;
  static constexpr Move Normal(Square from, Square to) { return Move(from | (to << 8)); }
  static constexpr Move Promotion(Square from, Square to, PieceType pt) {
    return Move(from | (to << 8) | (1u << 16) | (uint32_t(pt) << 19));
  }
  static constexpr Move EnPassant(Square from, Square to) {
    return Move(from | (to << 8) | (2u << 16));
  }
  static constexpr Move Drop(PieceType pt, Square to) {
    return Move((to << 8) | (3u << 16) | (uint32_t(pt) << 19));
  }
  static constexpr Move Pass() { return Move(4u << 16); }
  static constexpr Move Castle(Square king, Square rook) {
    return Move(king | (rook << 8) | (5u << 16));
  }

  constexpr Square from() const { return data_ & 255; }
  constexpr Square to() const { return (data_ >> 8) & 255; }
  constexpr MoveKind kind() const { return MoveKind((data_ >> 16) & 7); }
  constexpr PieceType piece() const { return (data_ >> 19) & 15; }
  constexpr uint32_t raw() const { return data_; }
  constexpr bool IsNone() const { return data_ == 0; }
  constexpr bool operator==(Move o) const { return data_ == o.data_; }
  constexpr bool operator!=(Move o) const { return data_ != o.data_; }

 private:
  constexpr explicit Move(uint32_t data) : data_(data) {}
  uint32_t data_ = 0;
};

}  // namespace gc9::engine
