// The static evaluation: a tapered (middlegame/endgame) sum of material, piece-square terms
// derived from the board's geometry, mobility, king safety, pawn structure and placement
// terms. Every number comes from the parameter snapshot, the variant's own weights in place of
// the defaults nobody set (WithVariantDefaults); the tables are built once per search for the
// variant being played, so Evaluate never asks which variant it is.
#pragma once

#include <array>
#include <memory>

#include "engine/board.h"
#include "engine/params.h"
#include "engine/position.h"
#include "engine/variant.h"

namespace gc9::engine::GC9_BOARD {

struct Score {
  int mg = 0;
  int eg = 0;
  Score& operator+=(Score o) {
    mg += o.mg;
    eg += o.eg;
    return *this;
  }
  Score& operator-=(Score o) {
    mg -= o.mg;
    eg -= o.eg;
    return *this;
  }
};

// Phase runs from kPhaseMax (all the start position's pieces on the board) to 0 (bare pawns).
inline constexpr int kPhaseMax = 128;

class Evaluator {
 public:
  Evaluator(std::shared_ptr<const Variant> variant, const ParamSnapshot& params);

  // The evaluation in centipawns from the side to move's point of view.
  int Evaluate(const Position& pos) const;
  // Both halves of the white-minus-black score before tapering, and the phase; for tests.
  Score Components(const Position& pos, int* phase) const;

  // Middlegame value of a piece type (0 for the king), for move ordering and pruning margins.
  int Value(PieceType pt) const { return value_[pt].mg; }
  int PawnValue() const { return p_[kPawnValueMg]; }
  // Middlegame value of colour c's pieces that are neither pawns, royal nor uncapturable.
  int NonPawnMaterial(const Position& pos, Color c) const;

 private:
  int Phase(const Position& pos) const;
  void BuildPieceTables(const Position& start);
  Score Pawns(const Position& pos, Color c) const;
  Score PiecesAndKing(const Position& pos, Color c, Bitboard our_pawn_attacks,
                      Bitboard enemy_pawn_attacks) const;
  Bitboard PawnAttacks(const Position& pos, Color c) const;

  std::shared_ptr<const Variant> variant_;
  const BoardTables& tables_;
  ParamSnapshot p_;
  std::array<Score, kMaxPieceTypes> value_{};
  // Material plus the geometric term of a piece on a square, per colour.
  std::array<std::array<std::array<Score, kSquareCount>, 2>, kMaxPieceTypes> psq_{};
  std::array<int, kMaxPieceTypes> phase_weight_{};
  int phase_total_ = 1;
  // Mobility is measured against what the piece reaches from the centre of an empty board:
  // potential_ moves, scaled by 1/sqrt(potential_) so that long-range pieces count each
  // square less (mobility_scale_ is 1024/sqrt).
  std::array<int, kMaxPieceTypes> potential_{};
  std::array<int, kMaxPieceTypes> mobility_scale_{};
  std::array<Score, kMaxPieceTypes> mobility_weight_{};  // MobilityMg/Eg plus the piece's own
  // <Piece>TropismMg/Eg scaled by closeness to the enemy king, indexed by king distance
  // (a table: the two divisions per piece were the evaluation's costliest instructions).
  std::array<std::array<Score, kGridFiles>, kMaxPieceTypes> tropism_by_distance_{};
  uint16_t tropism_types_ = 0;  // pieces with a tropism weight
  uint16_t mobile_types_ = 0;   // pieces whose mobility counts (not the king, pawns, Charioteers)
  uint16_t threat_target_types_ = 0;  // pieces a threat can hit (not the king, pawns, Charioteers)
  uint16_t bishop_pair_types_ = 0;    // colour-bound diagonal sliders
  uint16_t file_slider_types_ = 0;  // pieces sliding both ways along a file, if a file term is set
  std::array<int, kSquareCount> file_centrality_{};  // 0 (edge file) .. 1024 (centre file)
  std::array<Bitboard, kSquareCount> file_mask_{};   // indexed by file
  std::array<Bitboard, kSquareCount> adjacent_files_{};
  std::array<std::array<Bitboard, kSquareCount>, 2> passed_span_{};
  std::array<std::array<Bitboard, kSquareCount>, 2> shelter_zone_{};
  std::array<int, 2> pawn_start_rank_{};  // relative rank of the pawns' start
  // A passed pawn's weight by its steps from the start: 1 at the start, 10 on the last step.
  std::array<int, kGridRanks> passed_weight_{};
};

}  // namespace gc9::engine::GC9_BOARD
