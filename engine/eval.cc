#include "engine/eval.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>

#include "absl/strings/str_cat.h"

namespace gc9::engine::GC9_BOARD {
namespace {

int RelativeRank(const Variant& v, Color c, Square s) {
  return c == kWhite ? RankOf(s) : v.ranks() - 1 - RankOf(s);
}

// How central a square is: 1024 in the middle of the board, 0 in a corner. Doubled
// coordinates keep even-sized boards, whose centre falls between squares, exact.
int Centrality(const Variant& v, Square s) {
  const int fx = v.files() - 1 - std::abs(2 * FileOf(s) - (v.files() - 1));
  const int ry = v.ranks() - 1 - std::abs(2 * RankOf(s) - (v.ranks() - 1));
  return 1024 * (fx + ry) / std::max(1, v.files() - 1 + v.ranks() - 1);
}

Score Scaled(int mg, int eg, int num, int den) { return {mg * num / den, eg * num / den}; }

// King steps between two squares; none from a side without a king.
int KingDistance(Square king, Square s) {
  if (king == kNoSquare) return 0;
  return std::max(std::abs(FileOf(king) - FileOf(s)), std::abs(RankOf(king) - RankOf(s)));
}

// The piece's own pair of weights `<Piece><term>Mg/Eg` (its value, or its addition to a
// weight all pieces share), or nothing where the registry names no such pair.
std::optional<Score> PieceWeights(const ParamSnapshot& p, const std::string& piece,
                                  const char* term) {
  const int mg = FindParam(PieceParamName(piece, absl::StrCat(term, "Mg")));
  const int eg = FindParam(PieceParamName(piece, absl::StrCat(term, "Eg")));
  if (mg < 0 || eg < 0) return std::nullopt;
  return Score{p.values[mg], p.values[eg]};
}

}  // namespace

Evaluator::Evaluator(std::shared_ptr<const Variant> variant, const ParamSnapshot& params)
    : variant_(std::move(variant)),
      tables_(TablesOf(*variant_)),
      p_(WithVariantDefaults(params, *variant_)) {
  Position start(variant_);
  if (!start.SetStart().ok()) start = Position(variant_);  // a checked catalogue never fails
  BuildPieceTables(start);
}

void Evaluator::BuildPieceTables(const Position& start) {
  const Variant& v = *variant_;
  const BoardTables& t = tables_;
  const Square centre = MakeSquare(v.files() / 2, v.ranks() / 2);

  for (int f = 0; f < v.files(); ++f) {
    file_centrality_[f] =
        1024 * (v.files() - 1 - std::abs(2 * f - (v.files() - 1))) / std::max(1, v.files() - 1);
    for (int r = 0; r < v.ranks(); ++r) file_mask_[f] |= SquareBB(MakeSquare(f, r));
  }
  for (int f = 0; f < v.files(); ++f) {
    if (f > 0) adjacent_files_[f] |= file_mask_[f - 1];
    if (f + 1 < v.files()) adjacent_files_[f] |= file_mask_[f + 1];
  }
  for (Color c : {kWhite, kBlack}) {
    for (int r = 0; r < v.ranks(); ++r) {
      for (int f = 0; f < v.files(); ++f) {
        const Square s = MakeSquare(f, r);
        const Bitboard files = file_mask_[f] | adjacent_files_[f];
        for (int r2 = 0; r2 < v.ranks(); ++r2) {
          const int ahead = c == kWhite ? r2 - r : r - r2;
          Bitboard rank = 0;
          for (int f2 = 0; f2 < v.files(); ++f2) rank |= SquareBB(MakeSquare(f2, r2));
          if (ahead > 0) passed_span_[c][s] |= rank & files;
          if (ahead > 0 && ahead <= 2) shelter_zone_[c][s] |= rank & files;
        }
      }
    }
  }

  // Pawns: where they start and how far they have to go to the compulsory promotion.
  int start_rank = 1, promotion_rank = v.ranks() - 1;
  for (PieceType pt = 0; pt < v.piece_count(); ++pt) {
    if ((v.pawn_types() & (1 << pt)) && v.piece(pt).initial_ranks[kWhite]) {
      start_rank = __builtin_ctz(v.piece(pt).initial_ranks[kWhite]);
    }
  }
  if (v.mandatory_promotion_rank() >= 0) promotion_rank = v.mandatory_promotion_rank();
  pawn_start_rank_ = {start_rank, start_rank};
  const int pawn_steps = std::max(1, promotion_rank - start_rank);
  for (int steps = 0; steps < kGridRanks; ++steps) {
    passed_weight_[steps] = 1 + 9 * steps * steps / (pawn_steps * pawn_steps);
  }

  phase_total_ = 0;
  for (PieceType pt = 0; pt < v.piece_count(); ++pt) {
    const PieceInfo& info = v.piece(pt);
    const PieceTables& tables = t.piece(pt);
    const Bitboard reach =
        tables.leap_quiet[kWhite][centre] | tables.leap_capture[kWhite][centre] |
        t.SlideAttacks(info.slide_quiet[kWhite] | info.slide_capture[kWhite], centre, 0);
    potential_[pt] = std::max(1, PopCount(reach));
    mobility_scale_[pt] = int(std::lround(1024.0 / std::sqrt(double(potential_[pt]))));
    mobility_weight_[pt] = Score{p_[kMobilityMg], p_[kMobilityEg]};
    mobility_weight_[pt] += PieceWeights(p_, info.name, "Mobility").value_or(Score{});
    Score centre_weight{p_[kCenterMg], p_[kCenterEg]};
    centre_weight += PieceWeights(p_, info.name, "Center").value_or(Score{});
    const Score tropism = PieceWeights(p_, info.name, "Tropism").value_or(Score{});
    if (tropism.mg || tropism.eg) tropism_types_ |= uint16_t(1 << pt);
    const int far = std::max(1, std::max(v.files(), v.ranks()) - 1);  // the longest king distance
    for (int distance = 0; distance <= far && distance < kGridFiles; ++distance) {
      tropism_by_distance_[pt][distance] = Scaled(tropism.mg, tropism.eg, far - distance, far);
    }

    if (info.royal) {
      value_[pt] = {};
    } else {
      if (const std::optional<Score> own = PieceWeights(p_, info.name, "Value")) {
        value_[pt] = *own;
      } else if (info.pawn) {
        value_[pt] = {p_[kPawnValueMg], p_[kPawnValueEg]};
      } else {
        // A piece no parameter names (a user's variant): value it by its reach, a rule that
        // gives the knight 3, the rook 5 and the queen 9 pawns on a 9x9 board.
        const int guess = p_[kPawnValueMg] * (4 + potential_[pt]) / 4;
        value_[pt] = {guess, guess};
      }
    }
    const bool counts_for_phase = !info.royal && !info.pawn && !info.uncapturable;
    phase_weight_[pt] = counts_for_phase ? value_[pt].mg : 0;
    if (counts_for_phase) threat_target_types_ |= 1 << pt;
    if (counts_for_phase && !info.has_exotic) mobile_types_ |= 1 << pt;
    // Only where a file weight is set: elsewhere the evaluation skips the file test.
    constexpr uint8_t kFileDirections = (1 << kNorth) | (1 << kSouth);
    const bool file_terms =
        p_[kOpenFileMg] || p_[kOpenFileEg] || p_[kSemiOpenFileMg] || p_[kSemiOpenFileEg];
    if (file_terms && counts_for_phase &&
        (info.slide_capture[kWhite] & kFileDirections) == kFileDirections) {
      file_slider_types_ |= 1 << pt;
    }
    if (info.slide_capture[kWhite] == kDiagonalDirections && !tables.leap_capture[kWhite][centre] &&
        !info.has_exotic) {
      bishop_pair_types_ |= 1 << pt;
    }
    for (Color c : {kWhite, kBlack}) {
      phase_total_ += phase_weight_[pt] * (start.count(c, pt) + start.hand(c, pt));
      for (Square s = 0; s < kSquareCount; ++s) {
        if (!Has(t.board(), s)) continue;
        Score sc = value_[pt];
        const int centrality = Centrality(v, s);
        if (info.royal) {
          sc += Scaled(p_[kKingCenterMg], p_[kKingCenterEg], centrality, 1024);
        } else if (info.pawn) {
          const int steps = std::max(0, RelativeRank(v, c, s) - start_rank);
          sc += {p_[kPawnAdvanceMg] * steps, p_[kPawnAdvanceEg] * steps};
          sc.mg += p_[kPawnCenterMg] * file_centrality_[FileOf(s)] / 1024;
        } else if (!info.uncapturable) {
          sc += Scaled(centre_weight.mg, centre_weight.eg, centrality, 1024);
        }
        psq_[pt][c][s] = sc;
      }
    }
  }
  phase_total_ = std::max(phase_total_, 1);
}

int Evaluator::Phase(const Position& pos) const {
  const Variant& v = *variant_;
  int material = 0;
  for (PieceType pt = 0; pt < v.piece_count(); ++pt) {
    if (!phase_weight_[pt]) continue;
    material += phase_weight_[pt] *
                (PopCount(pos.pieces(pt)) + pos.hand(kWhite, pt) + pos.hand(kBlack, pt));
  }
  return std::min(material, phase_total_) * kPhaseMax / phase_total_;
}

int Evaluator::NonPawnMaterial(const Position& pos, Color c) const {
  int material = 0;
  for (PieceType pt = 0; pt < variant_->piece_count(); ++pt) {
    if (phase_weight_[pt]) material += phase_weight_[pt] * pos.count(c, pt);
  }
  return material;
}

Bitboard Evaluator::PawnAttacks(const Position& pos, Color c) const {
  Bitboard attacks = 0;
  for (uint16_t types = variant_->pawn_types(); types; types &= types - 1) {
    const PieceType pt = __builtin_ctz(types);
    for (Bitboard b = pos.pieces(c, pt); b;) {
      attacks |= tables_.piece(pt).leap_capture[c][PopLsb(b)];
    }
  }
  return attacks;
}

Score Evaluator::Pawns(const Position& pos, Color c) const {
  const Variant& v = *variant_;
  const Bitboard ours = pos.PiecesOfTypes(c, v.pawn_types());
  const Bitboard theirs = pos.PiecesOfTypes(~c, v.pawn_types());
  const bool passed_kings = p_[kPassedTheirKingEg] || p_[kPassedOurKingEg];
  Score s;
  for (int f = 0; f < v.files(); ++f) {
    const int on_file = PopCount(ours & file_mask_[f]);
    if (on_file == 0) continue;
    if (on_file > 1) s -= Score{p_[kDoubledMg] * (on_file - 1), p_[kDoubledEg] * (on_file - 1)};
    if (!(ours & adjacent_files_[f])) {
      s -= Score{p_[kIsolatedMg] * on_file, p_[kIsolatedEg] * on_file};
    }
  }
  for (Bitboard b = ours; b;) {
    const Square sq = PopLsb(b);
    if (theirs & passed_span_[c][sq]) continue;
    // Own pawns ahead on the file make only the front one passed.
    if (ours & passed_span_[c][sq] & file_mask_[FileOf(sq)]) continue;
    const int steps = std::max(0, RelativeRank(v, c, sq) - pawn_start_rank_[c]);
    const int weight = passed_weight_[steps];
    s += Score{p_[kPassedMg] * weight, p_[kPassedEg] * weight};
    if (passed_kings) {
      // The kings' distance to the square ahead: the defender's king stops a pawn, its own
      // escorts it. At full weight (the last step) each king step counts the whole parameter.
      const Square ahead =
          MakeSquare(FileOf(sq), std::clamp(RankOf(sq) + (c == kWhite ? 1 : -1), 0, v.ranks() - 1));
      s.eg += (p_[kPassedTheirKingEg] * KingDistance(pos.king(~c), ahead) -
               p_[kPassedOurKingEg] * KingDistance(pos.king(c), ahead)) *
              weight / 10;
    }
  }
  // Placement: the pawns standing on the drop ranks, judged by file and by the king they guard.
  if (v.has_placement()) {
    const Square king = pos.king(c);
    for (Bitboard b = ours & tables_.drop_region(c); b;) {
      const Square sq = PopLsb(b);
      s.mg += p_[kPlacementCenterMg] * file_centrality_[FileOf(sq)] / 1024;
      if (king != kNoSquare && std::abs(FileOf(sq) - FileOf(king)) <= 1) {
        s.mg += p_[kPlacementShelterMg];
      }
    }
  }
  return s;
}

Score Evaluator::PiecesAndKing(const Position& pos, Color c, Bitboard our_pawn_attacks,
                               Bitboard enemy_pawn_attacks) const {
  const Variant& v = *variant_;
  const BoardTables& t = tables_;
  const Bitboard occupied = pos.pieces();
  const Bitboard them = pos.pieces(~c);
  // Threats: their pieces that a pawn or a cheaper piece of ours attacks must move or be
  // defended, which costs them a tempo or the piece.
  const Bitboard targets = pos.PiecesOfTypes(~c, threat_target_types_);
  const Square their_king = pos.king(~c);
  const Bitboard their_zone =
      their_king == kNoSquare ? Bitboard(0) : t.KingZone(their_king) | SquareBB(their_king);
  const Bitboard safe = t.board() & ~enemy_pawn_attacks;
  const Bitboard our_pawns = pos.PiecesOfTypes(c, v.pawn_types());
  const Bitboard all_pawns = our_pawns | pos.PiecesOfTypes(~c, v.pawn_types());
  const bool counts_checks = their_king != kNoSquare && (p_[kSafeCheckMg] || p_[kSafeCheckEg]);
  Score s;
  int attack_units = 0, attackers = 0, safe_checks = 0;
  for (uint16_t types = mobile_types_; types; types &= types - 1) {
    const PieceType pt = __builtin_ctz(types);
    if (!pos.pieces(c, pt)) continue;  // nothing to score, and no checks to look for
    const PieceInfo& info = v.piece(pt);
    const PieceTables& tables = t.piece(pt);
    const bool tropism = their_king != kNoSquare && (tropism_types_ & (1 << pt));
    // The squares from which this piece type would check their king: its captures seen from
    // the king, as the other colour moves (the same for all but forward-only movers).
    const Bitboard checking_squares =
        counts_checks ? (tables.leap_capture[~c][their_king] |
                         t.SlideAttacks(info.slide_capture[~c], their_king, occupied)) &
                            safe
                      : Bitboard(0);
    for (Bitboard b = pos.pieces(c, pt); b;) {
      const Square sq = PopLsb(b);
      Bitboard captures = tables.leap_capture[c][sq];
      Bitboard quiets = tables.leap_quiet[c][sq];
      if (info.slide_capture[c] == info.slide_quiet[c]) {
        const Bitboard slides = t.SlideAttacks(info.slide_capture[c], sq, occupied);
        captures |= slides;
        quiets |= slides;
      } else {
        captures |= t.SlideAttacks(info.slide_capture[c], sq, occupied);
        quiets |= t.SlideAttacks(info.slide_quiet[c], sq, occupied);
      }
      const Bitboard moves = (quiets & ~occupied) | (captures & them);
      const int mobility = PopCount(moves & safe);
      safe_checks += PopCount(moves & checking_squares);
      if (file_slider_types_ & (1 << pt)) {
        const Bitboard file = file_mask_[FileOf(sq)];
        if (!(all_pawns & file)) {
          s += Score{p_[kOpenFileMg], p_[kOpenFileEg]};
        } else if (!(our_pawns & file)) {
          s += Score{p_[kSemiOpenFileMg], p_[kSemiOpenFileEg]};
        }
      }
      if (tropism) s += tropism_by_distance_[pt][KingDistance(their_king, sq)];
      const int centred = 2 * mobility - potential_[pt];
      s += Score{mobility_weight_[pt].mg * centred * mobility_scale_[pt] / 2048,
                 mobility_weight_[pt].eg * centred * mobility_scale_[pt] / 2048};
      for (Bitboard hit = captures & targets; hit;) {
        if (value_[TypeOf(pos.PieceOn(PopLsb(hit)))].mg > value_[pt].mg) {
          s += Score{p_[kThreatByPieceMg], p_[kThreatByPieceEg]};
        }
      }
      if (const int hits = PopCount(captures & their_zone)) {
        attack_units += hits;
        ++attackers;
      }
    }
    if (bishop_pair_types_ & (1 << pt) && pos.count(c, pt) >= 2) {
      s += Score{p_[kBishopPairMg], p_[kBishopPairEg]};
    }
  }
  const int pawn_threats = PopCount(our_pawn_attacks & targets);
  s += Score{p_[kThreatByPawnMg] * pawn_threats, p_[kThreatByPawnEg] * pawn_threats};
  // A lone attacker rarely mates; the danger grows with the number of pieces joining in.
  attackers = std::min(attackers, 5);
  s += Score{p_[kKingAttackMg] * attack_units * attackers / 4,
             p_[kKingAttackEg] * attack_units * attackers / 4};
  s += Score{p_[kSafeCheckMg] * safe_checks, p_[kSafeCheckEg] * safe_checks};

  // Our own king: Charioteers beside it block attackers (and, under the shield rule, turn a
  // mate into a draw), pawns in front of it shelter it.
  const Square king = pos.king(c);
  if (king != kNoSquare) {
    const int charioteers = PopCount(t.KingZone(king) & pos.PiecesOfTypes(c, v.shield_types()));
    s += Score{p_[kKingCharioteerMg] * charioteers, p_[kKingCharioteerEg] * charioteers};
    if (charioteers && v.shield() != ShieldRule::kNone) {
      s += Score{p_[kKingShieldedMg], p_[kKingShieldedEg]};
    }
    const int shelter = PopCount(shelter_zone_[c][king] & pos.PiecesOfTypes(c, v.pawn_types()));
    s.mg += p_[kKingShelterMg] * std::min(shelter, 3);
  }
  return s;
}

Score Evaluator::Components(const Position& pos, int* phase) const {
  const Variant& v = *variant_;
  Score s;
  const Bitboard pawn_attacks[2] = {PawnAttacks(pos, kWhite), PawnAttacks(pos, kBlack)};
  for (Color c : {kWhite, kBlack}) {
    Score side;
    for (PieceType pt = 0; pt < v.piece_count(); ++pt) {
      for (Bitboard b = pos.pieces(c, pt); b;) side += psq_[pt][c][PopLsb(b)];
      const int in_hand = pos.hand(c, pt);
      side += Score{value_[pt].mg * in_hand, value_[pt].eg * in_hand};
    }
    side += Pawns(pos, c);
    side += PiecesAndKing(pos, c, pawn_attacks[c], pawn_attacks[~c]);
    if (c == kWhite) {
      s += side;
    } else {
      s -= side;
    }
  }
  *phase = Phase(pos);
  return s;
}

int Evaluator::Evaluate(const Position& pos) const {
  int phase;
  const Score s = Components(pos, &phase);
  const int blended = (s.mg * phase + s.eg * (kPhaseMax - phase)) / kPhaseMax;
  return (pos.side_to_move() == kWhite ? blended : -blended) + p_[kTempo];
}

}  // namespace gc9::engine::GC9_BOARD
