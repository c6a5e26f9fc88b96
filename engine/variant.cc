// Conclusion of a variant definition into tables; every rule decision a table encodes is
// documented in engine/RULES.md.
#include "engine/variant.h"

#include <cctype>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/status_macros.h"

namespace gc9::engine {
namespace {

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

}  // namespace

absl::StatusOr<std::shared_ptr<const Variant>> Variant::Conclude(
    const proto::VariantDefinition& definition) {
  std::shared_ptr<Variant> variant(new Variant());
  RETURN_IF_ERROR(variant->Build(definition));
  return std::shared_ptr<const Variant>(std::move(variant));
}

PieceType Variant::TypeOfLetter(char letter) const {
  return type_of_letter_[std::toupper(static_cast<unsigned char>(letter)) & 127];
}

char Variant::LetterOf(Piece p) const {
  const char upper = pieces_[TypeOf(p)].letter;
  return ColorOf(p) == kWhite ? upper : char(std::tolower(upper));
}

Bitboard Variant::RanksToRegion(const google::protobuf::RepeatedField<int32_t>& ranks,
                                Color c) const {
  Bitboard region = 0;
  for (int r : ranks) {
    const int rank = c == kWhite ? r - 1 : ranks_ - r;
    for (int f = 0; f < files_; ++f) region |= SquareBB(MakeSquare(f, rank));
  }
  return region;
}

void Variant::BuildGeometry() {
  for (int r = 0; r < ranks_; ++r) {
    for (int f = 0; f < files_; ++f) board_ |= SquareBB(MakeSquare(f, r));
  }
  for (int r = 0; r < ranks_; ++r) {
    for (int f = 0; f < files_; ++f) {
      const Square s = MakeSquare(f, r);
      for (int d = 0; d < kDirectionCount; ++d) {
        Bitboard ray = 0;
        for (int x = f + kDirectionFile[d], y = r + kDirectionRank[d]; OnBoard(x, y);
             x += kDirectionFile[d], y += kDirectionRank[d]) {
          const Square t = MakeSquare(x, y);
          between_[s][t] = ray;
          ray |= SquareBB(t);
        }
        rays_[d][s] = ray;
        if (OnBoard(f + kDirectionFile[d], r + kDirectionRank[d])) {
          king_zone_[s] |= SquareBB(MakeSquare(f + kDirectionFile[d], r + kDirectionRank[d]));
        }
      }
    }
  }
  for (Square s = 0; s < kSquareCount; ++s) {
    if (!Has(board_, s)) continue;
    for (int d = 0; d < kDirectionCount; ++d) {
      const Bitboard full = rays_[d][s] | rays_[Opposite(d)][s] | SquareBB(s);
      Bitboard ray = rays_[d][s];
      while (ray) line_[s][PopLsb(ray)] = full;
    }
  }
}

// The ranks (0-based, White's view for White) where a letter stands in a FEN's board field;
// used for the default initial ranks of `i` moves.
static Bitboard StartRegion(const std::string& fen, char letter, int files, int ranks) {
  Bitboard region = 0;
  const std::string board = fen.substr(0, fen.find_first_of(" ["));
  std::vector<std::string> rows = absl::StrSplit(board, '/');
  for (int i = 0; i < int(rows.size()) && i < ranks; ++i) {
    const int rank = ranks - 1 - i;
    for (size_t j = 0; j < rows[i].size(); ++j) {
      if (rows[i][j] == letter) {
        for (int f = 0; f < files; ++f) region |= SquareBB(MakeSquare(f, rank));
      }
    }
  }
  return region;
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

  for (int r : def.initial_ranks()) {
    if (r < 1 || r > ranks_) {
      return FieldError(absl::StrCat(field, ".initial_ranks"),
                        absl::StrCat(r, " is not a rank of a ", ranks_, "-rank board"));
    }
  }
  if (def.initial_ranks_size() > 0) {
    info->initial_region = {RanksToRegion(def.initial_ranks(), kWhite),
                            RanksToRegion(def.initial_ranks(), kBlack)};
  } else {
    Bitboard white = StartRegion(definition_.start_fen(), info->letter, files_, ranks_);
    Bitboard black =
        StartRegion(definition_.start_fen(), char(std::tolower(info->letter)), files_, ranks_);
    info->initial_region = {white, black};
  }

  for (const MoveAtom& atom : *atoms) {
    bool unit_steps = true;
    for (const Step& s : atom.steps) unit_steps &= DirectionOf(s.dx, s.dy) >= 0;
    const bool plain = !atom.lame && !atom.hopper && !atom.initial;
    if (plain && atom.range == 1) {
      for (Color c : {kWhite, kBlack}) {
        for (int r = 0; r < ranks_; ++r) {
          for (int f = 0; f < files_; ++f) {
            for (const Step& step : atom.steps) {
              const Step s = ForColor(step, c);
              if (!OnBoard(f + s.dx, r + s.dy)) continue;
              const Bitboard to = SquareBB(MakeSquare(f + s.dx, r + s.dy));
              if (atom.quiet) info->leap_quiet[c][MakeSquare(f, r)] |= to;
              if (atom.capture) info->leap_capture[c][MakeSquare(f, r)] |= to;
            }
          }
        }
      }
    } else if (plain && atom.range == 0 && unit_steps) {
      for (Color c : {kWhite, kBlack}) {
        for (const Step& step : atom.steps) {
          const Step s = ForColor(step, c);
          const uint8_t bit = uint8_t(1 << DirectionOf(s.dx, s.dy));
          if (atom.quiet) info->slide_quiet[c] |= bit;
          if (atom.capture) info->slide_capture[c] |= bit;
        }
      }
    } else if (atom.range == 1 && !atom.hopper) {
      for (Color c : {kWhite, kBlack}) {
        for (int r = 0; r < ranks_; ++r) {
          for (int f = 0; f < files_; ++f) {
            const Square from = MakeSquare(f, r);
            if (atom.initial && !Has(info->initial_region[c], from)) continue;
            for (const Step& step : atom.steps) {
              const Step s = ForColor(step, c);
              if (!OnBoard(f + s.dx, r + s.dy)) continue;
              Bitboard path = 0;
              if (atom.lame) {
                for (const Step& p : LamePath(step)) {
                  const Step q = ForColor(p, c);
                  path |= SquareBB(MakeSquare(f + q.dx, r + q.dy));
                }
              }
              info->exotic_leaps[c][from].push_back(
                  {MakeSquare(f + s.dx, r + s.dy), path, atom.quiet, atom.capture});
            }
          }
        }
      }
      info->has_exotic = true;
      info->exotic_captures |= atom.capture;
    } else {
      info->exotic.push_back(atom);
      info->has_exotic = true;
      info->exotic_captures |= atom.capture;
    }
  }
  for (Color c : {kWhite, kBlack}) {
    for (Square from = 0; from < kSquareCount; ++from) {
      Bitboard targets = info->leap_capture[c][from];
      while (targets) info->leap_capture_from[c][PopLsb(targets)] |= SquareBB(from);
    }
  }
  return absl::OkStatus();
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
  if (def.files() < 8 || def.files() > kGridFiles) {
    return FieldError("files", absl::StrCat(def.files(), " is outside 8..", kGridFiles));
  }
  if (def.ranks() < 8 || def.ranks() > kGridRanks) {
    return FieldError("ranks", absl::StrCat(def.ranks(), " is outside 8..", kGridRanks));
  }
  files_ = def.files();
  ranks_ = def.ranks();
  BuildGeometry();
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
    bool leaps = false;
    for (const Bitboard& b : p.leap_capture[kWhite]) leaps |= b != 0;
    for (const Bitboard& b : p.leap_capture[kBlack]) leaps |= b != 0;
    if (leaps) leaper_capture_types_ |= bit;
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

  const auto& promo = def.promotion();
  for (int r : promo.ranks()) {
    if (r < 1 || r > ranks_) {
      return FieldError("promotion.ranks", absl::StrCat(r, " is not a rank of the board"));
    }
  }
  for (int r : promo.mandatory_ranks()) {
    bool listed = false;
    for (int z : promo.ranks()) listed |= z == r;
    if (!listed) {
      return FieldError("promotion.mandatory_ranks",
                        absl::StrCat(r, " is not among promotion.ranks"));
    }
  }
  promotion_zone_ = {RanksToRegion(promo.ranks(), kWhite), RanksToRegion(promo.ranks(), kBlack)};
  mandatory_zone_ = {RanksToRegion(promo.mandatory_ranks(), kWhite),
                     RanksToRegion(promo.mandatory_ranks(), kBlack)};
  for (char letter : promo.pieces()) {
    const PieceType pt = TypeOfLetter(letter);
    if (pt == kNoPieceType) {
      return FieldError("promotion.pieces",
                        absl::StrCat("'", std::string(1, letter), "' is no piece of this variant"));
    }
    if (pieces_[pt].royal || pieces_[pt].pawn) {
      return FieldError("promotion.pieces",
                        absl::StrCat("a pawn cannot promote to '", std::string(1, letter), "'"));
    }
    promotion_types_.push_back(pt);
  }
  if (promo.ranks_size() > 0 && promotion_types_.empty()) {
    return FieldError("promotion.pieces", "promotion ranks are given but no piece to promote to");
  }

  has_placement_ = def.has_placement();
  if (has_placement_) {
    if (def.placement().drop_ranks_size() == 0) {
      return FieldError("placement.drop_ranks", "no rank to drop on");
    }
    for (int r : def.placement().drop_ranks()) {
      if (r < 1 || r > ranks_) {
        return FieldError("placement.drop_ranks", absl::StrCat(r, " is not a rank of the board"));
      }
    }
    drop_region_ = {RanksToRegion(def.placement().drop_ranks(), kWhite),
                    RanksToRegion(def.placement().drop_ranks(), kBlack)};
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
      const std::string& text = *files[i].first;
      if (text.size() != 1 || text[0] < 'a' || text[0] >= 'a' + files_) {
        return FieldError(absl::StrCat("castling.", names[i]),
                          absl::StrCat("\"", text, "\" is not a file of the board"));
      }
      *files[i].second = text[0] - 'a';
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
      if (!pieces_[pt].pawn || !pieces_[pt].initial_region[kWhite]) continue;
      const int white_start = RankOf(Lsb(pieces_[pt].initial_region[kWhite]));
      en_passant_rank_[kBlack] = white_start + 1;
      en_passant_rank_[kWhite] = ranks_ - 2 - white_start;
      break;
    }
    if (en_passant_rank_[kWhite] < 0) {
      return FieldError("en_passant", "is set but no pawn has initial ranks for a double step");
    }
  }

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

std::string BitboardToString(Bitboard b, int files, int ranks) {
  std::string out;
  for (int r = ranks - 1; r >= 0; --r) {
    for (int f = 0; f < files; ++f) out += Has(b, MakeSquare(f, r)) ? 'X' : '.';
    out += '\n';
  }
  return out;
}

}  // namespace gc9::engine
