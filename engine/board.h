// The board a build of the engine's board code works on: its grid and its bitboard type.
//
// The board code (tables, position, move generation, evaluation, search) is compiled twice
// from the same sources, as Fairy-Stockfish is for its large boards but into one binary: the
// narrow build, 128-bit bitboards over a 12x10 grid, plays every variant up to 12 files and 10
// ranks at full speed; the wide build (GC9_WIDE_BOARD defined), 256-bit bitboards over a 20x12
// grid, plays the larger boards (Granlem Shatranj's 18x12). The builds live in the namespaces
// gc9::engine::narrow and gc9::engine::wide; code compiled with a build sees its types as
// gc9::engine::Position and so on. Nothing outside the board code names either build: the
// geometry-free API (engine/game.h, engine/engine.h) picks one by the variant's size.
#pragma once

#include <cstdint>
#include <string>

#include "engine/types.h"

#ifdef GC9_WIDE_BOARD
#define GC9_BOARD wide
#else
#define GC9_BOARD narrow
#endif

namespace gc9::engine {
namespace GC9_BOARD {}
using namespace GC9_BOARD;
}  // namespace gc9::engine

namespace gc9::engine::GC9_BOARD {

#ifdef GC9_WIDE_BOARD

inline constexpr int kGridFiles = 20;
inline constexpr int kGridRanks = 12;

// 256 bits as four words; the operations movegen needs, each a few word operations.
class Bitboard {
 public:
  constexpr Bitboard(uint64_t low = 0) : w_{low, 0, 0, 0} {}  // NOLINT: like an integer
  static constexpr Bitboard Bit(int s) {
    Bitboard b;
    b.w_[s >> 6] = uint64_t(1) << (s & 63);
    return b;
  }
  constexpr uint64_t word(int i) const { return w_[i]; }
  constexpr explicit operator bool() const { return (w_[0] | w_[1] | w_[2] | w_[3]) != 0; }
  constexpr bool operator==(const Bitboard& o) const {
    return w_[0] == o.w_[0] && w_[1] == o.w_[1] && w_[2] == o.w_[2] && w_[3] == o.w_[3];
  }
  constexpr bool operator!=(const Bitboard& o) const { return !(*this == o); }
#define GC9_BITBOARD_OPERATOR(op)                           \
  constexpr Bitboard& operator op##=(const Bitboard& o) {   \
    for (int i = 0; i < 4; ++i) w_[i] op## = o.w_[i];       \
    return *this;                                           \
  }                                                         \
  constexpr Bitboard operator op(const Bitboard& o) const { \
    Bitboard b = *this;                                     \
    return b op## = o;                                      \
  }
  GC9_BITBOARD_OPERATOR(&)
  GC9_BITBOARD_OPERATOR(|)
  GC9_BITBOARD_OPERATOR(^)
#undef GC9_BITBOARD_OPERATOR
  constexpr Bitboard operator~() const {
    Bitboard b;
    for (int i = 0; i < 4; ++i) b.w_[i] = ~w_[i];
    return b;
  }
  // Clears the least significant set bit.
  constexpr void ClearLsb() {
    for (int i = 0; i < 4; ++i) {
      if (w_[i]) {
        w_[i] &= w_[i] - 1;
        return;
      }
    }
  }

 private:
  uint64_t w_[4];
};

inline constexpr Bitboard SquareBB(Square s) { return Bitboard::Bit(s); }
inline int PopCount(const Bitboard& b) {
  return __builtin_popcountll(b.word(0)) + __builtin_popcountll(b.word(1)) +
         __builtin_popcountll(b.word(2)) + __builtin_popcountll(b.word(3));
}
// Least and most significant set bit; b must not be empty.
inline Square Lsb(const Bitboard& b) {
  for (int i = 0;; ++i) {
    if (b.word(i)) return 64 * i + __builtin_ctzll(b.word(i));
  }
}
inline Square Msb(const Bitboard& b) {
  for (int i = 3;; --i) {
    if (b.word(i)) return 64 * i + 63 - __builtin_clzll(b.word(i));
  }
}
inline Square PopLsb(Bitboard& b) {
  const Square s = Lsb(b);
  b.ClearLsb();
  return s;
}
inline bool MoreThanOne(const Bitboard& b) {
  Bitboard rest = b;
  rest.ClearLsb();
  return bool(rest);
}

#else  // the narrow board

inline constexpr int kGridFiles = 12;
inline constexpr int kGridRanks = 10;

using Bitboard = unsigned __int128;

inline constexpr Bitboard SquareBB(Square s) { return Bitboard(1) << s; }
inline int PopCount(Bitboard b) {
  return __builtin_popcountll(uint64_t(b)) + __builtin_popcountll(uint64_t(b >> 64));
}
// Least and most significant set bit; b must not be empty.
inline Square Lsb(Bitboard b) {
  const uint64_t low = uint64_t(b);
  return low ? __builtin_ctzll(low) : 64 + __builtin_ctzll(uint64_t(b >> 64));
}
inline Square Msb(Bitboard b) {
  const uint64_t high = uint64_t(b >> 64);
  return high ? 127 - __builtin_clzll(high) : 63 - __builtin_clzll(uint64_t(b));
}
inline Square PopLsb(Bitboard& b) {
  Square s = Lsb(b);
  b &= b - 1;
  return s;
}
inline bool MoreThanOne(Bitboard b) { return b & (b - 1); }

#endif

inline constexpr int kSquareCount = kGridFiles * kGridRanks;
static_assert(kSquareCount <= kNoSquare, "squares and kNoSquare share a Move's eight bits");

inline constexpr int FileOf(Square s) { return s % kGridFiles; }
inline constexpr int RankOf(Square s) { return s / kGridFiles; }
inline constexpr Square MakeSquare(int file, int rank) { return rank * kGridFiles + file; }
inline bool Has(const Bitboard& b, Square s) { return bool(b & SquareBB(s)); }

// Rows of the board as text, rank 1 at the bottom; for debugging and test messages.
std::string BitboardToString(Bitboard b, int files, int ranks);

}  // namespace gc9::engine::GC9_BOARD
