// The board half of a concluded variant: every bitboard table move generation, attack tests
// and the evaluation read, built once per variant for the board build that plays it.
#pragma once

#include <array>
#include <vector>

#include "engine/board.h"
#include "engine/variant.h"

namespace gc9::engine::GC9_BOARD {

// A leap that is lame (`n`: blocked by a piece on `path`), initial-only (`i`), ranked or
// multi-leg (every intermediate landing square on `path` must be empty), resolved for one
// colour and origin square.
struct ExoticLeap {
  Square to;
  Bitboard path;  // must be empty
  bool quiet;
  bool capture;
};

struct PieceTables {
  // Per colour and origin square: the targets of the plain leaps.
  std::array<std::array<Bitboard, kSquareCount>, 2> leap_quiet{};
  std::array<std::array<Bitboard, kSquareCount>, 2> leap_capture{};
  // The squares from which this piece of a colour captures a given square by a plain leap.
  std::array<std::array<Bitboard, kSquareCount>, 2> leap_capture_from{};
  std::array<std::array<std::vector<ExoticLeap>, kSquareCount>, 2> exotic_leaps;
  // The same capturing leaps seen from their target, for attack tests: per colour and target
  // square, the leaps that capture there (`to` holding the origin) and all their origins.
  std::array<std::array<std::vector<ExoticLeap>, kSquareCount>, 2> exotic_captures_to;
  std::array<std::array<Bitboard, kSquareCount>, 2> exotic_capture_origins{};
  std::array<Bitboard, 2> initial_region{};  // where its `i` moves are allowed
};

class BoardTables {
 public:
  explicit BoardTables(const Variant& variant);

  Bitboard board() const { return board_; }
  const PieceTables& piece(PieceType pt) const { return pieces_[pt]; }

  Bitboard Ray(int dir, Square s) const { return rays_[dir][s]; }
  Bitboard RayAttack(int dir, Square s, Bitboard occupied) const {
    Bitboard ray = rays_[dir][s];
    const Bitboard blockers = ray & occupied;
    if (blockers) ray ^= rays_[dir][IsPositive(dir) ? Lsb(blockers) : Msb(blockers)];
    return ray;
  }
  Bitboard SlideAttacks(uint8_t dirs, Square s, Bitboard occupied) const {
    Bitboard attacks = 0;
    for (int d = 0; d < kDirectionCount; ++d) {
      if (dirs & (1 << d)) attacks |= RayAttack(d, s, occupied);
    }
    return attacks;
  }
  // The squares strictly between two aligned squares, and the whole line through them.
  Bitboard Between(Square a, Square b) const { return between_[a][b]; }
  Bitboard Line(Square a, Square b) const { return line_[a][b]; }
  Bitboard KingZone(Square s) const { return king_zone_[s]; }
  // The squares of colour c's own ranks in `ranks`.
  Bitboard Ranks(Color c, RankSet ranks) const;

  Bitboard promotion_zone(Color c) const { return promotion_zone_[c]; }
  Bitboard mandatory_promotion_zone(Color c) const { return mandatory_zone_[c]; }
  // The promotion zone (an index into Variant::promotion_zones) a square of the promotion
  // zone belongs to.
  int PromotionZoneOf(Color c, Square s) const { return promotion_zone_of_[c][s]; }
  Bitboard drop_region(Color c) const { return drop_region_[c]; }
  // The board sections (TurnRules) a square belongs to, bit i for section i.
  uint8_t SectionsOf(Square s) const { return sections_of_[s]; }
  Bitboard section(int i) const { return sections_[i]; }

 private:
  void BuildGeometry(const Variant& v);
  void BuildPiece(const Variant& v, const PieceInfo& info, PieceTables* tables);

  Bitboard board_ = 0;
  std::vector<PieceTables> pieces_;
  std::array<std::array<Bitboard, kSquareCount>, kDirectionCount> rays_{};
  std::array<std::array<Bitboard, kSquareCount>, kSquareCount> between_{};
  std::array<std::array<Bitboard, kSquareCount>, kSquareCount> line_{};
  std::array<Bitboard, kSquareCount> king_zone_{};
  std::array<Bitboard, 2> promotion_zone_{}, mandatory_zone_{};
  std::array<std::array<uint8_t, kSquareCount>, 2> promotion_zone_of_{};
  std::array<Bitboard, 2> drop_region_{};
  std::array<uint8_t, kSquareCount> sections_of_{};
  std::array<Bitboard, 4> sections_{};
  int files_ = 0, ranks_ = 0;
};

// The tables of this board build for a variant it plays.
inline const BoardTables& TablesOf(const Variant& v) { return v.tables<BoardTables>(); }

}  // namespace gc9::engine::GC9_BOARD
