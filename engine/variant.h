// A variant concluded from its definition: validated once, its rules turned into flags and
// parsed moves, and its board tables built by the board build that fits it, so the hot loop
// never asks which variant it plays. This half knows no board geometry; the tables
// (engine/board_tables.h) hold every bitboard.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/betza.h"
#include "engine/types.h"
#include "proto/variant.pb.h"

namespace gc9::engine {

namespace narrow {
class BoardTables;
}
namespace wide {
class BoardTables;
}

enum class ShieldRule : uint8_t { kNone, kMateImmunity, kFull };

// Which board build plays a variant (engine/board.h).
enum class BoardKind : uint8_t { kNarrow, kWide };

// A set of ranks, bit r for rank r (0-based), in one colour's own view of the board.
using RankSet = uint32_t;

struct PieceInfo {
  std::string name;
  char letter = '?';  // White's letter, upper case
  bool royal = false;
  bool uncapturable = false;
  bool shields_king = false;
  bool pawn = false;
  bool castling_rook = false;
  int promotion_limit = 0;  // 0: no limit
  std::string betza;

  // The Betza moves, sorted by how the board tables hold them: plain leaps (tables per
  // square), unlimited slides along the eight rays (direction bits, bit i = Direction i, per
  // colour), leaps that are lame, initial-only, multi-leg or ranked (lists per square), and
  // every other ride (hopping, limited or non-straight), which is walked square by square.
  std::vector<MoveAtom> leaps;
  std::array<uint8_t, 2> slide_quiet{};
  std::array<uint8_t, 2> slide_capture{};
  std::vector<MoveAtom> exotic_leaps;
  std::vector<MoveAtom> walked;
  // The rank_moves of the definition: leaps allowed only from the given ranks (White's view).
  std::vector<std::pair<RankSet, std::vector<MoveAtom>>> ranked_leaps;
  std::array<RankSet, 2> initial_ranks{};  // where `i` moves are allowed, per colour
  bool leap_captures = false;              // some plain leap captures
  bool has_exotic = false;                 // any exotic leap or walked ride
  bool exotic_captures = false;
};

// Ranks (White's view) on which an arriving pawn may or must become one of `types`.
struct PromotionZone {
  RankSet ranks = 0;
  std::vector<PieceType> types;
  bool mandatory = false;
};

class Variant {
 public:
  // Validates the definition and builds the board tables; the error names the field and
  // problem. The start FEN is checked by the catalogue, which knows positions. `kind` forces a
  // board build (tests run narrow variants on the wide board); by default the narrowest that
  // fits is taken.
  static absl::StatusOr<std::shared_ptr<const Variant>> Conclude(
      const proto::VariantDefinition& definition);
  static absl::StatusOr<std::shared_ptr<const Variant>> Conclude(
      const proto::VariantDefinition& definition, BoardKind kind);

  const std::string& name() const { return name_; }
  const proto::VariantDefinition& definition() const { return definition_; }
  int files() const { return files_; }
  int ranks() const { return ranks_; }
  bool OnBoard(int file, int rank) const {
    return file >= 0 && file < files_ && rank >= 0 && rank < ranks_;
  }
  BoardKind board_kind() const { return board_kind_; }
  // The board tables of the build that plays this variant (BoardTables of that build).
  template <class Tables>
  const Tables& tables() const;

  int piece_count() const { return int(pieces_.size()); }
  const PieceInfo& piece(PieceType pt) const { return pieces_[pt]; }
  // The piece type of a letter in either case, or kNoPieceType.
  PieceType TypeOfLetter(char letter) const;
  char LetterOf(Piece p) const;
  // A rank of colour c's own view (0 = its first rank) as a board rank, and back.
  int BoardRank(Color c, int own_rank) const {
    return c == kWhite ? own_rank : ranks_ - 1 - own_rank;
  }

  PieceType royal_type() const { return royal_type_; }
  uint16_t pawn_types() const { return pawn_types_; }
  uint16_t shield_types() const { return shield_types_; }
  uint16_t uncapturable_types() const { return uncapturable_types_; }
  uint16_t leaper_capture_types() const { return leaper_capture_types_; }
  // Types whose captures slide in all four orthogonal (diagonal) directions, for both colours,
  // and the types with any other slide set, which attack checks handle direction by direction.
  uint16_t orthogonal_slider_types() const { return orthogonal_slider_types_; }
  uint16_t diagonal_slider_types() const { return diagonal_slider_types_; }
  uint16_t partial_slider_types() const { return partial_slider_types_; }
  uint16_t exotic_types() const { return exotic_types_; }
  // Set when pins and checks cannot be read off rays and leap tables (exotic captures, the
  // full shield): movegen then tests every move by making it.
  bool needs_full_legality() const { return needs_full_legality_; }

  const std::vector<PromotionZone>& promotion_zones() const { return promotion_zones_; }
  // The first rank (White's view, 0-based) where a pawn must promote, or -1.
  int mandatory_promotion_rank() const { return mandatory_promotion_rank_; }

  bool has_placement() const { return has_placement_; }
  RankSet drop_ranks() const { return drop_ranks_; }  // White's view
  bool placement_optional() const { return placement_optional_; }

  bool has_castling() const { return has_castling_; }
  uint16_t castling_rook_types() const { return castling_rook_types_; }
  // Where king and rook land, by side: 0 castles toward file a, 1 toward the last file.
  int castling_king_file(int side) const { return castling_king_file_[side]; }
  int castling_rook_file(int side) const { return castling_rook_file_[side]; }
  bool chess960_notation() const { return chess960_notation_; }

  bool en_passant() const { return en_passant_; }
  // The rank (0-based) an en-passant square must lie on when colour c is to move.
  int en_passant_rank(Color c) const { return en_passant_rank_[c]; }

  // Multi-move turns (TurnRules): 1 for ordinary chess.
  int max_turn_moves() const { return max_turn_moves_; }
  bool multi_move() const { return max_turn_moves_ > 1; }
  // The files (bit f for file f) of each board section, and the leaders' types.
  const std::vector<uint32_t>& section_files() const { return section_files_; }
  uint16_t leader_types() const { return leader_types_; }
  bool stalemate_loses() const { return stalemate_loses_; }

  ShieldRule shield() const { return shield_; }
  int fifty_move_plies() const { return fifty_move_plies_; }
  int repetition_count() const { return repetition_count_; }
  bool dead_material_rule() const { return dead_material_; }
  uint16_t lone_minor_types() const { return lone_minor_types_; }
  const std::string& start_fen() const { return start_fen_; }
  // The variant's own evaluation weights (parameter id, value), checked against the registry.
  const std::vector<std::pair<int, int>>& eval_weights() const { return eval_weights_; }
  // The variant's own search settings (parameter id, value), search parameters only.
  const std::vector<std::pair<int, int>>& search_settings() const { return search_settings_; }
  bool provisional_start() const { return definition_.provisional_start(); }

 private:
  Variant() = default;
  absl::Status Build(const proto::VariantDefinition& definition);
  absl::Status BuildPiece(int index, const proto::PieceDefinition& def, PieceInfo* info);
  absl::Status BuildPromotion(const proto::PromotionRules& promo);
  absl::Status BuildTurns(const proto::TurnRules& turns);
  absl::Status BuildParamDefaults(const proto::VariantDefinition& def);
  absl::StatusOr<RankSet> RankSetOf(const google::protobuf::RepeatedField<int32_t>& ranks,
                                    absl::string_view field) const;

  proto::VariantDefinition definition_;
  std::string name_;
  int files_ = 8, ranks_ = 8;
  BoardKind board_kind_ = BoardKind::kNarrow;
  std::shared_ptr<const narrow::BoardTables> narrow_tables_;
  std::shared_ptr<const wide::BoardTables> wide_tables_;
  std::vector<PieceInfo> pieces_;
  std::array<PieceType, 128> type_of_letter_{};
  PieceType royal_type_ = kNoPieceType;
  uint16_t pawn_types_ = 0, shield_types_ = 0, uncapturable_types_ = 0;
  uint16_t leaper_capture_types_ = 0, orthogonal_slider_types_ = 0, diagonal_slider_types_ = 0;
  uint16_t partial_slider_types_ = 0, exotic_types_ = 0;
  bool needs_full_legality_ = false;

  std::vector<PromotionZone> promotion_zones_;
  int mandatory_promotion_rank_ = -1;
  bool has_placement_ = false, placement_optional_ = false;
  RankSet drop_ranks_ = 0;
  bool has_castling_ = false, chess960_notation_ = false;
  uint16_t castling_rook_types_ = 0;
  std::array<int, 2> castling_king_file_{}, castling_rook_file_{};
  bool en_passant_ = false;
  std::array<int, 2> en_passant_rank_{-1, -1};
  int max_turn_moves_ = 1;
  std::vector<uint32_t> section_files_;
  uint16_t leader_types_ = 0;
  bool stalemate_loses_ = false;
  ShieldRule shield_ = ShieldRule::kNone;
  int fifty_move_plies_ = 0, repetition_count_ = 0;
  bool dead_material_ = false;
  uint16_t lone_minor_types_ = 0;
  std::string start_fen_;
  std::vector<std::pair<int, int>> eval_weights_;
  std::vector<std::pair<int, int>> search_settings_;
};

template <>
const narrow::BoardTables& Variant::tables<narrow::BoardTables>() const;
template <>
const wide::BoardTables& Variant::tables<wide::BoardTables>() const;

}  // namespace gc9::engine
