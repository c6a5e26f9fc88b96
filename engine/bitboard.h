// 128-bit bitboards over the fixed grid of types.h, and the bit tricks movegen leans on.
#pragma once

#include <cstdint>
#include <string>

#include "engine/types.h"

namespace gc9::engine {

using Bitboard = unsigned __int128;

inline constexpr Bitboard SquareBB(Square s) { return Bitboard(1) << s; }
inline constexpr uint64_t Low(Bitboard b) { return uint64_t(b); }
inline constexpr uint64_t High(Bitboard b) { return uint64_t(b >> 64); }

inline int PopCount(Bitboard b) {
  return __builtin_popcountll(Low(b)) + __builtin_popcountll(High(b));
}

// Least and most significant set bit; b must not be empty.
inline Square Lsb(Bitboard b) {
  return Low(b) ? __builtin_ctzll(Low(b)) : 64 + __builtin_ctzll(High(b));
}
inline Square Msb(Bitboard b) {
  return High(b) ? 127 - __builtin_clzll(High(b)) : 63 - __builtin_clzll(Low(b));
}
inline Square PopLsb(Bitboard& b) {
  Square s = Lsb(b);
  b &= b - 1;
  return s;
}
inline bool MoreThanOne(Bitboard b) { return b & (b - 1); }
inline bool Has(Bitboard b, Square s) { return b & SquareBB(s); }

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

// Rows of the board as text, rank 1 at the bottom; for debugging and test messages.
std::string BitboardToString(Bitboard b, int files, int ranks);

}  // namespace gc9::engine
