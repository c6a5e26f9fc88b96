// Conclusion of a variant definition: validation, the moves sorted by how they are generated,
// and the board tables of the build that fits. Every rule decision is in engine/RULES.md.
#include "engine/variant.h"

#include <cctype>
#include <cstdlib>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "common/status_macros.h"
#include "engine/boards.h"
#include "engine/params.h"

namespace gc9::engine {
namespace {

// The largest boards of each build (engine/board.h).
constexpr int kNarrowFiles = 12, kNarrowRanks = 10;
constexpr int kWideFiles = 20, kWideRanks = 12;
constexpr int kMaxSections = 4;

absl::Status FieldError(absl::string_view field, absl::string_view problem) {
  return absl::InvalidArgumentError(absl::StrCat(field, ": ", problem));
}

// The Direction of a unit step, or -1.
int DirectionOf(int dx, int dy) {
  for (int d = 0; d < kDirectionCount; ++d) {
    if (kDirectionFile[d] == dx && kDirectionRank[d] == dy) return d;
  }
  return -1;
}

// Black plays the same moves mirrored top to bottom (forward is down the board).
Step ForColor(Step s, Color c) { return c == kWhite ? s : Step{s.dx, -s.dy}; }

// The ranks where a letter stands in a FEN's board field, in the view of the letter's colour
// (0 = its own first rank); the default initial ranks of `i` moves.
RankSet StartRanks(const std::string& fen, char letter, Color c, int ranks) {
  RankSet set = 0;
  const std::string board = fen.substr(0, fen.find_first_of(" ["));
  std::vector<std::string> rows = absl::StrSplit(board, '/');
  for (int i = 0; i < int(rows.size()) && i < ranks; ++i) {
    const int rank = ranks - 1 - i;
    if (rows[i].find(letter) != std::string::npos) {
      set |= RankSet(1) << (c == kWhite ? rank : ranks - 1 - rank);
    }
  }
  return set;
}

absl::StatusOr<int> FileOfLetter(const std::string& text, int files, absl::string_view field) {
  if (text.size() != 1 || text[0] < 'a' || text[0] >= 'a' + files) {
    return FieldError(field, absl::StrCat("\"", text, "\" is not a file of the board"));
  }
  return text[0] - 'a';
}

}  // namespace

absl::StatusOr<std::shared_ptr<const Variant>> Variant::Conclude(
    const proto::VariantDefinition& definition) {
  const bool narrow = definition.files() <= kNarrowFiles && definition.ranks() <= kNarrowRanks;
  return Conclude(definition, narrow ? BoardKind::kNarrow : BoardKind::kWide);
}

absl::StatusOr<std::shared_ptr<const Variant>> Variant::Conclude(
    const proto::VariantDefinition& definition, BoardKind kind) {
  std::shared_ptr<Variant> variant(new Variant());
  variant->board_kind_ = kind;
  RETURN_IF_ERROR(variant->Build(definition));
  if (kind == BoardKind::kNarrow) {
    if (definition.files() > kNarrowFiles || definition.ranks() > kNarrowRanks) {
      return FieldError("files", "the board is too large for the narrow board build");
    }
    variant->narrow_tables_ = narrow::ConcludeTables(*variant);
  } else {
    variant->wide_tables_ = wide::ConcludeTables(*variant);
  }
  return std::shared_ptr<const Variant>(std::move(variant));
}

// A board build asking for a variant of the other build is a programming error: the tables
// are absent, and the process stops here rather than read through a null pointer.
template <>
const narrow::BoardTables& Variant::tables<narrow::BoardTables>() const {
  if (!narrow_tables_) std::abort();
  return *narrow_tables_;
}
template <>
const wide::BoardTables& Variant::tables<wide::BoardTables>() const {
  if (!wide_tables_) std::abort();
  return *wide_tables_;
}

PieceType Variant::TypeOfLetter(char letter) const {
  return type_of_letter_[std::toupper(static_cast<unsigned char>(letter)) & 127];
}

char Variant::LetterOf(Piece p) const {
  const char upper = pieces_[TypeOf(p)].letter;
  return ColorOf(p) == kWhite ? upper : char(std::tolower(upper));
}

absl::StatusOr<RankSet> Variant::RankSetOf(const google::protobuf::RepeatedField<int32_t>& ranks,
                                           absl::string_view field) const {
  RankSet set = 0;
  for (int r : ranks) {
    if (r < 1 || r > ranks_) {
      return FieldError(field, absl::StrCat(r, " is not a rank of a ", ranks_, "-rank board"));
    }
    set |= RankSet(1) << (r - 1);
  }
  return set;
}

absl::Status Variant::BuildPiece(int index, const proto::PieceDefinition& def, PieceInfo* info) {
  const std::string field = absl::StrCat("pieces[", index, "]");
  if (def.name().empty()) return FieldError(absl::StrCat(field, ".name"), "is empty");
  if (def.letter().size() != 1 || !std::isupper(static_cast<unsigned char>(def.letter()[0]))) {
    return FieldError(absl::StrCat(field, ".letter"),
                      absl::StrCat("\"", def.letter(), "\" is not one upper-case letter"));
  }
  info->name = def.name();
  info->letter = def.letter()[0];
  info->betza = def.betza();
  info->royal = def.royal();
  info->uncapturable = def.uncapturable();
  info->shields_king = def.shields_king();
  info->pawn = def.pawn();
  info->castling_rook = def.castling_rook();
  if (def.promotion_limit() < 0) {
    return FieldError(absl::StrCat(field, ".promotion_limit"), "is negative");
  }
  info->promotion_limit = def.promotion_limit();
  auto atoms = ParseBetza(def.betza());
  if (!atoms.ok()) return FieldError(absl::StrCat(field, ".betza"), atoms.status().message());

  if (def.initial_ranks_size() > 0) {
    ASSIGN_OR_RETURN(const RankSet set,
                     RankSetOf(def.initial_ranks(), absl::StrCat(field, ".initial_ranks")));
    info->initial_ranks = {set, set};
  } else {
    info->initial_ranks = {
        StartRanks(definition_.start_fen(), info->letter, kWhite, ranks_),
        StartRanks(definition_.start_fen(), char(std::tolower(info->letter)), kBlack, ranks_)};
  }

  for (const MoveAtom& atom : *atoms) {
    bool unit_steps = true;
    for (const Step& s : atom.steps) unit_steps &= DirectionOf(s.dx, s.dy) >= 0;
    const bool plain = !atom.lame && !atom.hopper && !atom.initial && !atom.multi_leg;
    if (plain && atom.range == 1) {
      info->leaps.push_back(atom);
      info->leap_captures |= atom.capture;
      continue;
    }
    if (plain && atom.range == 0 && unit_steps) {
      for (Color c : {kWhite, kBlack}) {
        for (const Step& step : atom.steps) {
          const Step s = ForColor(step, c);
          const uint8_t bit = uint8_t(1 << DirectionOf(s.dx, s.dy));
          if (atom.quiet) info->slide_quiet[c] |= bit;
          if (atom.capture) info->slide_capture[c] |= bit;
        }
      }
      continue;
    }
    if (atom.range == 1 && !atom.hopper) {
      info->exotic_leaps.push_back(atom);
    } else {
      info->walked.push_back(atom);
    }
    info->has_exotic = true;
    info->exotic_captures |= atom.capture;
  }
  for (int i = 0; i < def.rank_moves_size(); ++i) {
    const std::string ranked = absl::StrCat(field, ".rank_moves[", i, "]");
    ASSIGN_OR_RETURN(const RankSet set,
                     RankSetOf(def.rank_moves(i).ranks(), absl::StrCat(ranked, ".ranks")));
    if (set == 0) return FieldError(absl::StrCat(ranked, ".ranks"), "no rank given");
    auto ranked_atoms = ParseBetza(def.rank_moves(i).betza());
    if (!ranked_atoms.ok()) {
      return FieldError(absl::StrCat(ranked, ".betza"), ranked_atoms.status().message());
    }
    for (const MoveAtom& atom : *ranked_atoms) {
      if (atom.range != 1 || atom.hopper || atom.initial) {
        return FieldError(absl::StrCat(ranked, ".betza"),
                          "ranked moves may be leaps, lame leaps or multi-leg moves only");
      }
      info->exotic_captures |= atom.capture;
    }
    info->ranked_leaps.emplace_back(set, std::move(*ranked_atoms));
    info->has_exotic = true;
  }
  return absl::OkStatus();
}

absl::Status Variant::BuildPromotion(const proto::PromotionRules& promo) {
  auto types_of = [&](const std::string& letters,
                      absl::string_view field) -> absl::StatusOr<std::vector<PieceType>> {
    std::vector<PieceType> types;
    for (char letter : letters) {
      const PieceType pt = TypeOfLetter(letter);
      if (pt == kNoPieceType) {
        return FieldError(
            field, absl::StrCat("'", std::string(1, letter), "' is no piece of this variant"));
      }
      if (pieces_[pt].royal || pieces_[pt].pawn) {
        return FieldError(field,
                          absl::StrCat("a pawn cannot promote to '", std::string(1, letter), "'"));
      }
      types.push_back(pt);
    }
    if (types.empty())
      return FieldError(field, "promotion ranks are given but no piece to promote to");
    return types;
  };
  // The classic fields make up to two zones: the optional ranks and the mandatory ones.
  ASSIGN_OR_RETURN(const RankSet all, RankSetOf(promo.ranks(), "promotion.ranks"));
  ASSIGN_OR_RETURN(const RankSet mandatory,
                   RankSetOf(promo.mandatory_ranks(), "promotion.mandatory_ranks"));
  if (mandatory & ~all) {
    return FieldError("promotion.mandatory_ranks", absl::StrCat(__builtin_ctz(mandatory & ~all) + 1,
                                                                " is not among promotion.ranks"));
  }
  if (all) {
    ASSIGN_OR_RETURN(auto types, types_of(promo.pieces(), "promotion.pieces"));
    if (all & ~mandatory) promotion_zones_.push_back({all & ~mandatory, types, false});
    if (mandatory) promotion_zones_.push_back({mandatory, types, true});
  }
  RankSet covered = all;
  for (int i = 0; i < promo.zones_size(); ++i) {
    const std::string field = absl::StrCat("promotion.zones[", i, "]");
    ASSIGN_OR_RETURN(const RankSet ranks,
                     RankSetOf(promo.zones(i).ranks(), absl::StrCat(field, ".ranks")));
    if (ranks == 0) return FieldError(absl::StrCat(field, ".ranks"), "no rank given");
    if (ranks & covered) {
      return FieldError(absl::StrCat(field, ".ranks"),
                        absl::StrCat("rank ", __builtin_ctz(ranks & covered) + 1,
                                     " is in another promotion zone"));
    }
    covered |= ranks;
    ASSIGN_OR_RETURN(auto types, types_of(promo.zones(i).pieces(), absl::StrCat(field, ".pieces")));
    promotion_zones_.push_back({ranks, std::move(types), promo.zones(i).mandatory()});
  }
  for (const PromotionZone& zone : promotion_zones_) {
    if (!zone.mandatory) continue;
    const int first = __builtin_ctz(zone.ranks);
    if (mandatory_promotion_rank_ < 0 || first < mandatory_promotion_rank_) {
      mandatory_promotion_rank_ = first;
    }
  }
  return absl::OkStatus();
}

absl::Status Variant::BuildTurns(const proto::TurnRules& turns) {
  if (turns.max_moves() < 1 || turns.max_moves() > 8) {
    return FieldError("turns.max_moves", absl::StrCat(turns.max_moves(), " is outside 1..8"));
  }
  max_turn_moves_ = turns.max_moves();
  if (turns.sections_size() == 0 || turns.sections_size() > kMaxSections) {
    return FieldError("turns.sections", absl::StrCat("needs 1..", kMaxSections, " sections"));
  }
  uint32_t covered = 0;
  for (int i = 0; i < turns.sections_size(); ++i) {
    const std::string field = absl::StrCat("turns.sections[", i, "]");
    ASSIGN_OR_RETURN(const int first, FileOfLetter(turns.sections(i).first_file(), files_,
                                                   absl::StrCat(field, ".first_file")));
    ASSIGN_OR_RETURN(const int last, FileOfLetter(turns.sections(i).last_file(), files_,
                                                  absl::StrCat(field, ".last_file")));
    if (last < first) return FieldError(field, "last_file lies left of first_file");
    uint32_t files = 0;
    for (int f = first; f <= last; ++f) files |= uint32_t(1) << f;
    section_files_.push_back(files);
    covered |= files;
  }
  if (covered != (uint32_t(1) << files_) - 1) {
    return FieldError("turns.sections", "the sections do not cover every file");
  }
  for (char letter : turns.leader_letters()) {
    const PieceType pt = TypeOfLetter(letter);
    if (pt == kNoPieceType) {
      return FieldError("turns.leader_letters",
                        absl::StrCat("'", std::string(1, letter), "' is no piece of this variant"));
    }
    leader_types_ |= uint16_t(1 << pt);
  }
  if (leader_types_ == 0) return FieldError("turns.leader_letters", "no leader given");
  // Both would need the turn's state carried through them; no variant asks for them yet.
  if (has_placement_) return FieldError("turns", "multi-move turns and placement drops together");
  if (en_passant_) return FieldError("turns", "multi-move turns and en passant together");
  if (has_castling_) return FieldError("turns", "multi-move turns and castling together");
  return absl::OkStatus();
}

namespace {

// Checks one list of a definition's parameter values (eval_weights when `evaluation`, else
// search_settings): known names, of the list's kind, within range, each once. Fills `out`
// with (id, value).
absl::Status CheckParamDefaults(const google::protobuf::RepeatedPtrField<proto::ParamDefault>& list,
                                bool evaluation, std::vector<std::pair<int, int>>* out) {
  const char* list_name = evaluation ? "eval_weights" : "search_settings";
  for (int i = 0; i < list.size(); ++i) {
    const proto::ParamDefault& entry = list[i];
    const std::string field = absl::StrCat(list_name, "[", i, "]");
    const int id = FindParam(entry.name());
    if (id < 0) {
      return FieldError(field, absl::StrCat("unknown parameter \"", entry.name(), "\""));
    }
    const ParamSpec& spec = ParamSpecs()[id];
    if (IsEvaluationParam(id) != evaluation) {
      const char* wrong_kind = evaluation ? " is a search parameter, not an evaluation weight"
                                          : " is an evaluation weight, not a search setting";
      return FieldError(field, absl::StrCat(spec.name, wrong_kind));
    }
    if (entry.value() < spec.min || entry.value() > spec.max) {
      return FieldError(field, absl::StrCat(spec.name, " value ", entry.value(), " is outside ",
                                            spec.min, "..", spec.max));
    }
    for (const auto& [seen, value] : *out) {
      if (seen == id) return FieldError(field, absl::StrCat(spec.name, " is given twice"));
    }
    out->emplace_back(id, entry.value());
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status Variant::BuildParamDefaults(const proto::VariantDefinition& def) {
  RETURN_IF_ERROR(CheckParamDefaults(def.eval_weights(), true, &eval_weights_));
  return CheckParamDefaults(def.search_settings(), false, &search_settings_);
}

absl::Status Variant::Build(const proto::VariantDefinition& def) {
  definition_ = def;
  name_ = def.name();
  if (name_.empty()) return FieldError("name", "is empty");
  for (char c : name_) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') {
      return FieldError("name",
                        absl::StrCat("\"", name_, "\" may hold only letters, digits, - and _"));
    }
  }
  if (def.files() < 8 || def.files() > kWideFiles) {
    return FieldError("files", absl::StrCat(def.files(), " is outside 8..", kWideFiles));
  }
  if (def.ranks() < 8 || def.ranks() > kWideRanks) {
    return FieldError("ranks", absl::StrCat(def.ranks(), " is outside 8..", kWideRanks));
  }
  files_ = def.files();
  ranks_ = def.ranks();
  if (def.start_fen().empty()) return FieldError("start_fen", "is empty");
  start_fen_ = def.start_fen();

  if (def.pieces_size() == 0) return FieldError("pieces", "no pieces defined");
  if (def.pieces_size() > kMaxPieceTypes) {
    return FieldError("pieces", absl::StrCat(def.pieces_size(), " pieces; at most ", kMaxPieceTypes,
                                             " are supported"));
  }
  type_of_letter_.fill(kNoPieceType);
  pieces_.resize(def.pieces_size());
  for (int i = 0; i < def.pieces_size(); ++i) {
    RETURN_IF_ERROR(BuildPiece(i, def.pieces(i), &pieces_[i]));
    PieceInfo& p = pieces_[i];
    if (type_of_letter_[p.letter] != kNoPieceType) {
      return FieldError(absl::StrCat("pieces[", i, "].letter"),
                        absl::StrCat("'", std::string(1, p.letter), "' is used twice"));
    }
    type_of_letter_[p.letter] = i;
    const uint16_t bit = uint16_t(1 << i);
    if (p.royal) {
      if (royal_type_ != kNoPieceType) {
        return FieldError(absl::StrCat("pieces[", i, "].royal"), "a second royal piece type");
      }
      if (p.uncapturable) {
        return FieldError(absl::StrCat("pieces[", i, "]"), "a royal piece cannot be uncapturable");
      }
      royal_type_ = i;
    }
    if (p.pawn) pawn_types_ |= bit;
    if (p.castling_rook) castling_rook_types_ |= bit;
    if (p.shields_king) shield_types_ |= bit;
    if (p.uncapturable) uncapturable_types_ |= bit;
    if (p.leap_captures) leaper_capture_types_ |= bit;
    bool orthogonal = true, diagonal = true, partial = false;
    for (Color c : {kWhite, kBlack}) {
      const uint8_t dirs = p.slide_capture[c];
      const bool o = (dirs & kOrthogonalDirections) == kOrthogonalDirections;
      const bool d = (dirs & kDiagonalDirections) == kDiagonalDirections;
      orthogonal &= o;
      diagonal &= d;
      const uint8_t covered = (o ? kOrthogonalDirections : 0) | (d ? kDiagonalDirections : 0);
      partial |= (dirs & ~covered) != 0;
    }
    if (orthogonal) orthogonal_slider_types_ |= bit;
    if (diagonal) diagonal_slider_types_ |= bit;
    if (partial) partial_slider_types_ |= bit;
    if (p.has_exotic) exotic_types_ |= bit;
    if (p.exotic_captures) needs_full_legality_ = true;
  }
  if (royal_type_ == kNoPieceType) return FieldError("pieces", "no royal piece (the king)");
  RETURN_IF_ERROR(BuildPromotion(def.promotion()));

  has_placement_ = def.has_placement();
  if (has_placement_) {
    ASSIGN_OR_RETURN(drop_ranks_, RankSetOf(def.placement().drop_ranks(), "placement.drop_ranks"));
    if (drop_ranks_ == 0) return FieldError("placement.drop_ranks", "no rank to drop on");
    placement_optional_ = def.placement().optional();
  }

  has_castling_ = def.has_castling();
  if (has_castling_) {
    const auto& c = def.castling();
    const std::pair<const std::string*, int*> files[] = {
        {&c.king_file_a_side(), &castling_king_file_[0]},
        {&c.rook_file_a_side(), &castling_rook_file_[0]},
        {&c.king_file_far_side(), &castling_king_file_[1]},
        {&c.rook_file_far_side(), &castling_rook_file_[1]}};
    const char* names[] = {"king_file_a_side", "rook_file_a_side", "king_file_far_side",
                           "rook_file_far_side"};
    for (int i = 0; i < 4; ++i) {
      ASSIGN_OR_RETURN(*files[i].second,
                       FileOfLetter(*files[i].first, files_, absl::StrCat("castling.", names[i])));
    }
    chess960_notation_ = c.chess960_notation();
    if (castling_rook_types_ == 0) {
      return FieldError("castling", "no piece is marked castling_rook");
    }
  }

  en_passant_ = def.en_passant();
  if (en_passant_) {
    // The en-passant square is the one a double step of the side that just moved skipped.
    for (PieceType pt = 0; pt < piece_count(); ++pt) {
      if (!pieces_[pt].pawn || !pieces_[pt].initial_ranks[kWhite]) continue;
      const int white_start = __builtin_ctz(pieces_[pt].initial_ranks[kWhite]);
      en_passant_rank_[kBlack] = white_start + 1;
      en_passant_rank_[kWhite] = ranks_ - 2 - white_start;
      break;
    }
    if (en_passant_rank_[kWhite] < 0) {
      return FieldError("en_passant", "is set but no pawn has initial ranks for a double step");
    }
  }
  if (def.has_turns()) RETURN_IF_ERROR(BuildTurns(def.turns()));
  RETURN_IF_ERROR(BuildParamDefaults(def));
  stalemate_loses_ = def.stalemate() == proto::STALEMATE_LOSS;

  switch (def.shield()) {
    case proto::SHIELD_RULE_UNSPECIFIED:
    case proto::SHIELD_NONE:
      shield_ = ShieldRule::kNone;
      break;
    case proto::SHIELD_MATE_IMMUNITY:
      shield_ = ShieldRule::kMateImmunity;
      break;
    case proto::SHIELD_FULL:
      shield_ = ShieldRule::kFull;
      break;
    default:
      return FieldError("shield", "unknown shield rule");
  }
  if (shield_ != ShieldRule::kNone && shield_types_ == 0) {
    return FieldError("shield", "a shield rule needs a piece with shields_king");
  }
  if (shield_ == ShieldRule::kFull) needs_full_legality_ = true;

  const auto& draws = def.draws();
  if (draws.fifty_move_plies() < 0) return FieldError("draws.fifty_move_plies", "is negative");
  if (draws.repetition_count() < 0 || draws.repetition_count() == 1) {
    return FieldError("draws.repetition_count", "must be 0 (off) or at least 2");
  }
  fifty_move_plies_ = draws.fifty_move_plies();
  repetition_count_ = draws.repetition_count();
  dead_material_ = draws.dead_material();
  for (char letter : draws.lone_minor_letters()) {
    const PieceType pt = TypeOfLetter(letter);
    if (pt == kNoPieceType) {
      return FieldError("draws.lone_minor_letters",
                        absl::StrCat("'", std::string(1, letter), "' is no piece of this variant"));
    }
    lone_minor_types_ |= uint16_t(1 << pt);
  }
  return absl::OkStatus();
}

}  // namespace gc9::engine
