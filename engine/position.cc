// Position: FEN, make/unmake and attacks. The FEN checks follow ../shared/spec's fine points.
#include "engine/position.h"

#include <cctype>
#include <cstring>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "common/status_macros.h"
#include "engine/betza.h"

namespace gc9::engine::GC9_BOARD {
namespace {

uint64_t SplitMix(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

}  // namespace

const Zobrist& Zobrist::Get() {
  static const Zobrist* keys = [] {
    auto* z = new Zobrist();
    uint64_t seed = 20251202;
    for (auto& row : z->piece_square)
      for (auto& k : row) k = SplitMix(seed);
    for (auto& k : z->en_passant) k = SplitMix(seed);
    for (auto& k : z->castling) k = SplitMix(seed);
    for (auto& side : z->hand)
      for (auto& row : side)
        for (auto& k : row) k = SplitMix(seed);
    z->side = SplitMix(seed);
    for (auto& k : z->turn_moved) k = SplitMix(seed);
    z->turn = SplitMix(seed);
    z->castling[0] = 0;  // no rights: the same key however the position was reached
    return z;
  }();
  return *keys;
}

uint64_t Zobrist::TurnKey(const StateInfo& st) const {
  if (st.turn.moves == 0) return 0;
  uint64_t state = turn ^ (uint64_t(st.turn.leader_sections) << 16 | st.turn.section_sets);
  return SplitMix(state);
}

Position::Position(std::shared_ptr<const Variant> variant)
    : variant_(std::move(variant)),
      tables_(&TablesOf(*variant_)),
      multi_move_(variant_->multi_move()) {
  Clear();
}

void Position::Clear() {
  std::memset(board_, kNoPiece, sizeof(board_));
  std::memset(by_type_, 0, sizeof(by_type_));
  std::memset(by_color_, 0, sizeof(by_color_));
  std::memset(hand_, 0, sizeof(hand_));
  hand_total_[kWhite] = hand_total_[kBlack] = 0;
  for (Square& s : castling_rook_) s = kNoSquare;
  std::memset(castling_mask_, 0, sizeof(castling_mask_));
  side_ = kWhite;
  states_.clear();
  states_.reserve(512);
  states_.emplace_back();
}

Bitboard Position::PiecesOfTypes(Color c, uint16_t types) const {
  Bitboard b = 0;
  while (types) {
    const int pt = __builtin_ctz(types);
    types &= types - 1;
    b |= by_type_[pt];
  }
  return b & by_color_[c];
}

Square Position::king(Color c) const {
  const Bitboard kings = pieces(c, variant_->royal_type());
  return kings ? Lsb(kings) : kNoSquare;
}

void Position::PutPiece(Piece p, Square s) {
  board_[s] = p;
  by_type_[TypeOf(p)] |= SquareBB(s);
  by_color_[ColorOf(p)] |= SquareBB(s);
}

void Position::RemovePiece(Square s) {
  const Piece p = board_[s];
  by_type_[TypeOf(p)] ^= SquareBB(s);
  by_color_[ColorOf(p)] ^= SquareBB(s);
  board_[s] = kNoPiece;
}

void Position::MovePiece(Square from, Square to) {
  const Piece p = board_[from];
  const Bitboard both = SquareBB(from) | SquareBB(to);
  by_type_[TypeOf(p)] ^= both;
  by_color_[ColorOf(p)] ^= both;
  board_[to] = p;
  board_[from] = kNoPiece;
}

std::string Position::SquareName(Square s) const {
  if (s == kNoSquare) return "-";
  return absl::StrCat(std::string(1, char('a' + FileOf(s))), RankOf(s) + 1);
}

Square Position::ParseSquare(absl::string_view text) const {
  if (text.size() < 2 || text[0] < 'a' || text[0] >= 'a' + variant_->files()) return kNoSquare;
  int rank;
  if (!absl::SimpleAtoi(text.substr(1), &rank) ||
      !std::isdigit(static_cast<unsigned char>(text[1]))) {
    return kNoSquare;
  }
  if (rank < 1 || rank > variant_->ranks()) return kNoSquare;
  return MakeSquare(text[0] - 'a', rank - 1);
}

Bitboard Position::ExoticLeapTargets(Square from, Bitboard occupied, bool quiets) const {
  const Piece p = board_[from];
  Bitboard targets = 0;
  for (const ExoticLeap& leap : tables_->piece(TypeOf(p)).exotic_leaps[ColorOf(p)][from]) {
    if ((quiets ? leap.quiet : leap.capture) && !(leap.path & occupied)) {
      targets |= SquareBB(leap.to);
    }
  }
  return targets;
}

Bitboard Position::WalkedTargets(Square from, Bitboard occupied, bool quiets) const {
  const Piece p = board_[from];
  const Color c = ColorOf(p);
  const PieceInfo& info = variant_->piece(TypeOf(p));
  const int f0 = FileOf(from), r0 = RankOf(from);
  Bitboard targets = 0;
  for (const MoveAtom& atom : info.walked) {
    if (quiets ? !atom.quiet : !atom.capture) continue;
    if (atom.initial && !Has(tables_->piece(TypeOf(p)).initial_region[c], from)) continue;
    for (const Step& step : atom.steps) {
      const int dx = step.dx, dy = c == kWhite ? step.dy : -step.dy;
      bool screened = !atom.hopper;
      int x = f0, y = r0;
      for (int k = 1; atom.range == 0 || k <= atom.range; ++k) {
        x += dx;
        y += dy;
        if (!variant_->OnBoard(x, y)) break;
        const Square t = MakeSquare(x, y);
        const bool occupied_here = Has(occupied, t);
        if (!screened) {
          screened = occupied_here;
          continue;
        }
        if (!occupied_here) {
          if (quiets) targets |= SquareBB(t);
          continue;
        }
        if (!quiets) targets |= SquareBB(t);
        break;
      }
    }
  }
  return targets;
}

Bitboard Position::ExoticQuiets(Square from, Bitboard occupied) const {
  Bitboard targets = ExoticLeapTargets(from, occupied, true);
  if (!variant_->piece(TypeOf(board_[from])).walked.empty()) {
    targets |= WalkedTargets(from, occupied, true);
  }
  return targets & ~occupied;
}

Bitboard Position::ExoticAttacks(Square from, Bitboard occupied) const {
  Bitboard targets = ExoticLeapTargets(from, occupied, false);
  if (!variant_->piece(TypeOf(board_[from])).walked.empty()) {
    targets |= WalkedTargets(from, occupied, false);
  }
  return targets;
}

Bitboard Position::AttackersTo(Square s, Color by, Bitboard occupied) const {
  const Variant& v = *variant_;
  const BoardTables& t = *tables_;
  Bitboard attackers = 0;
  for (uint16_t types = v.leaper_capture_types(); types; types &= types - 1) {
    const int pt = __builtin_ctz(types);
    attackers |= t.piece(pt).leap_capture_from[by][s] & pieces(by, pt);
  }
  const Bitboard orthogonal = PiecesOfTypes(by, v.orthogonal_slider_types());
  if (orthogonal) attackers |= t.SlideAttacks(kOrthogonalDirections, s, occupied) & orthogonal;
  const Bitboard diagonal = PiecesOfTypes(by, v.diagonal_slider_types());
  if (diagonal) attackers |= t.SlideAttacks(kDiagonalDirections, s, occupied) & diagonal;
  for (uint16_t types = v.partial_slider_types(); types; types &= types - 1) {
    const int pt = __builtin_ctz(types);
    const Bitboard candidates = pieces(by, pt);
    if (!candidates) continue;
    for (int d = 0; d < kDirectionCount; ++d) {
      // A piece sliding in direction d reaches s from the opposite side.
      if (v.piece(pt).slide_capture[by] & (1 << d)) {
        attackers |= t.RayAttack(Opposite(d), s, occupied) & candidates;
      }
    }
  }
  for (uint16_t types = v.exotic_types(); types; types &= types - 1) {
    const int pt = __builtin_ctz(types);
    const PieceInfo& info = v.piece(pt);
    if (!info.exotic_captures) continue;
    const PieceTables& tables = t.piece(pt);
    // Leaps with a path are looked up from the target; only pieces in reach have a path
    // to check. Rides are walked from each piece.
    const Bitboard in_reach = pieces(by, pt) & occupied & tables.exotic_capture_origins[by][s];
    if (in_reach) {
      for (const ExoticLeap& leap : tables.exotic_captures_to[by][s]) {
        if (Has(in_reach, leap.to) && !(leap.path & occupied)) attackers |= SquareBB(leap.to);
      }
    }
    if (info.walked.empty()) continue;
    for (Bitboard b = pieces(by, pt) & occupied; b;) {
      const Square from = PopLsb(b);
      if (Has(WalkedTargets(from, occupied, false), s)) attackers |= SquareBB(from);
    }
  }
  return attackers & occupied;
}

Square Position::CastlingKingTarget(Color c, int side) const {
  return MakeSquare(variant_->castling_king_file(side), FirstRank(c));
}

Square Position::CastlingRookTarget(Color c, int side) const {
  return MakeSquare(variant_->castling_rook_file(side), FirstRank(c));
}

bool Position::Shielded(Color c) const {
  const Square k = king(c);
  return k != kNoSquare && bool(tables_->KingZone(k) & PiecesOfTypes(c, variant_->shield_types()));
}

bool Position::KingInCheck(Color c) const {
  const Square k = king(c);
  if (k == kNoSquare) return false;
  if (variant_->shield() == ShieldRule::kFull && Shielded(c)) return false;
  return bool(AttackersTo(k, ~c, pieces()));
}

Bitboard Position::ComputeCheckers() const {
  const Square k = king(side_);
  if (k == kNoSquare) return 0;
  if (variant_->shield() == ShieldRule::kFull && Shielded(side_)) return 0;
  return AttackersTo(k, ~side_, pieces());
}

uint8_t Position::LeaderSections(Color c) const {
  const Bitboard leaders = PiecesOfTypes(c, variant_->leader_types());
  uint8_t sections = 0;
  for (int i = 0; i < int(variant_->section_files().size()); ++i) {
    if (leaders & tables_->section(i)) sections |= uint8_t(1 << i);
  }
  return sections;
}

void Position::StartTurn(StateInfo& st) {
  const Zobrist& z = Zobrist::Get();
  for (int i = 0; i < st.turn.moves; ++i) st.key ^= z.turn_moved[st.turn.moved_to[i]];
  st.turn.moves = 0;
  st.turn.section_sets = 1;
  st.turn.leader_sections = LeaderSections(side_);
}

// The sections a further move could be given: some way of giving the moves so far distinct
// sections leaves a section with a leader free.
static uint8_t FreeSections(uint16_t section_sets, uint8_t leader_sections) {
  uint8_t free = 0;
  for (uint16_t sets = section_sets; sets; sets &= sets - 1) {
    free |= leader_sections & ~uint8_t(__builtin_ctz(sets));
  }
  return free;
}

bool Position::RecordTurnMove(StateInfo& st, Square from, Square to) {
  StateInfo::Turn& turn = st.turn;
  const uint8_t options = tables_->SectionsOf(from) & turn.leader_sections;
  uint16_t next = 0;
  for (uint16_t sets = turn.section_sets; sets; sets &= sets - 1) {
    const int used = __builtin_ctz(sets);
    for (uint8_t o = options & ~used; o; o &= o - 1) next |= uint16_t(1 << (used | (o & -o)));
  }
  turn.section_sets = next;
  turn.moved_to[turn.moves++] = uint8_t(to);
  st.key ^= Zobrist::Get().turn_moved[to];
  return turn.moves >= variant_->max_turn_moves() ||
         FreeSections(turn.section_sets, turn.leader_sections) == 0;
}

Bitboard Position::TurnMovableInTurn() const {
  const StateInfo::Turn& turn = state().turn;
  Bitboard movable = 0;
  for (uint8_t free = FreeSections(turn.section_sets, turn.leader_sections); free;
       free &= free - 1) {
    movable |= tables_->section(__builtin_ctz(free));
  }
  for (int i = 0; i < turn.moves; ++i) movable &= ~SquareBB(turn.moved_to[i]);
  return movable;
}

void Position::DoMove(Move m) {
  const Zobrist& z = Zobrist::Get();
  states_.push_back(states_.back());
  StateInfo& st = states_.back();
  const Color us = side_;
  st.mover = us;
  st.move = m;
  st.captured = kNoPiece;
  st.rule50++;
  if (st.ep_square != kNoSquare) st.key ^= z.en_passant[st.ep_square];
  st.ep_square = kNoSquare;
  Square ep_candidate = kNoSquare;

  switch (m.kind()) {
    case MoveKind::kDrop: {
      const PieceType pt = m.piece();
      st.key ^= z.hand[us][pt][hand_[us][pt]];
      --hand_[us][pt];
      --hand_total_[us];
      st.key ^= z.hand[us][pt][hand_[us][pt]];
      PutPiece(MakePiece(us, pt), m.to());
      st.key ^= z.piece_square[MakePiece(us, pt)][m.to()];
      st.rule50 = 0;  // a drop is irreversible, like a pawn move
      break;
    }
    case MoveKind::kPass: {
      // A multi-move variant has no hands, and its turn's state holds these bytes.
      for (PieceType pt = 0; pt < variant_->piece_count() && !multi_move_; ++pt) {
        st.passed_hand[pt] = hand_[us][pt];
        st.key ^= z.hand[us][pt][hand_[us][pt]] ^ z.hand[us][pt][0];
        hand_[us][pt] = 0;
      }
      hand_total_[us] = 0;
      // Giving up drops is irreversible; so is the search's null move (a pass with an empty
      // hand), which keeps repetition checks from reaching through it. Ending a multi-move
      // turn early is an ordinary ply.
      if (!multi_move_) st.rule50 = 0;
      break;
    }
    case MoveKind::kCastle: {
      const Square king = m.from(), rook = m.to();
      const int side = FileOf(rook) > FileOf(king);
      const Square king_to = CastlingKingTarget(us, side), rook_to = CastlingRookTarget(us, side);
      const Piece king_piece = board_[king], rook_piece = board_[rook];
      RemovePiece(king);
      RemovePiece(rook);
      PutPiece(king_piece, king_to);
      PutPiece(rook_piece, rook_to);
      st.key ^= z.piece_square[king_piece][king] ^ z.piece_square[king_piece][king_to] ^
                z.piece_square[rook_piece][rook] ^ z.piece_square[rook_piece][rook_to];
      st.key ^= z.castling[st.castling];
      st.castling &= ~castling_mask_[king];
      st.key ^= z.castling[st.castling];
      break;
    }
    default: {
      const Square from = m.from(), to = m.to();
      const Piece moving = board_[from];
      st.moved = moving;
      if (st.castling & (castling_mask_[from] | castling_mask_[to])) {
        st.key ^= z.castling[st.castling];
        st.castling &= ~(castling_mask_[from] | castling_mask_[to]);
        st.key ^= z.castling[st.castling];
      }
      Square captured_on = to;
      if (m.kind() == MoveKind::kEnPassant) {
        captured_on = MakeSquare(FileOf(to), RankOf(to) + (us == kWhite ? -1 : 1));
      }
      if (board_[captured_on] != kNoPiece) {
        st.captured = board_[captured_on];
        st.key ^= z.piece_square[st.captured][captured_on];
        RemovePiece(captured_on);
        st.rule50 = 0;
      }
      MovePiece(from, to);
      st.key ^= z.piece_square[moving][from] ^ z.piece_square[moving][to];
      if (variant_->pawn_types() & (1 << TypeOf(moving))) {
        st.rule50 = 0;
        const int rank_step = RankOf(to) - RankOf(from);
        if (variant_->en_passant() && FileOf(to) == FileOf(from) &&
            (rank_step == 2 || rank_step == -2)) {
          ep_candidate = MakeSquare(FileOf(from), RankOf(from) + rank_step / 2);
        }
      }
      if (m.kind() == MoveKind::kPromotion) {
        const Piece promoted = MakePiece(us, m.piece());
        RemovePiece(to);
        PutPiece(promoted, to);
        st.key ^= z.piece_square[moving][to] ^ z.piece_square[promoted][to];
      }
    }
  }
  // The turn passes only when the mover's hand is empty (placement drops come in a row) and,
  // in a multi-move variant, when the turn is over.
  bool turn_passes = hand_total_[us] == 0;
  if (multi_move_) {
    st.key ^= z.TurnKey(st);
    turn_passes = m.kind() == MoveKind::kPass || RecordTurnMove(st, m.from(), m.to());
    if (st.rule50 == 0) {
      st.turn.quiet_turns = 0;
    } else if (turn_passes) {
      ++st.turn.quiet_turns;
    }
  }
  if (turn_passes) {
    side_ = ~us;
    st.key ^= z.side;
    if (us == kBlack) ++st.fullmove;
    if (multi_move_) StartTurn(st);
  }
  if (multi_move_) st.key ^= z.TurnKey(st);
  st.checkers = ComputeCheckers();
  if (ep_candidate != kNoSquare && side_ != us) NormalizeEnPassant(ep_candidate);
}

void Position::NormalizeEnPassant(Square candidate) {
  bool legal = false;
  for (uint16_t types = variant_->pawn_types(); types && !legal; types &= types - 1) {
    const int pt = __builtin_ctz(types);
    Bitboard capturers = tables_->piece(pt).leap_capture_from[side_][candidate] & pieces(side_, pt);
    while (capturers && !legal) {
      const Square from = PopLsb(capturers);
      states_.back().ep_square = candidate;  // DoMove reads it only to unset it
      DoMove(Move::EnPassant(from, candidate));
      legal = !KingInCheck(states_.back().mover);
      UndoMove();
    }
  }
  StateInfo& st = states_.back();
  st.ep_square = legal ? candidate : kNoSquare;
  if (legal) st.key ^= Zobrist::Get().en_passant[candidate];
}

void Position::UndoMove() {
  const StateInfo& st = states_.back();
  const Move m = st.move;
  const Color us = st.mover;
  side_ = us;
  switch (m.kind()) {
    case MoveKind::kDrop:
      RemovePiece(m.to());
      ++hand_[us][m.piece()];
      ++hand_total_[us];
      break;
    case MoveKind::kPass:
      for (PieceType pt = 0; pt < variant_->piece_count() && !multi_move_; ++pt) {
        hand_[us][pt] = st.passed_hand[pt];
        hand_total_[us] += st.passed_hand[pt];
      }
      break;
    case MoveKind::kCastle: {
      const int side = FileOf(m.to()) > FileOf(m.from());
      const Square king_to = CastlingKingTarget(us, side), rook_to = CastlingRookTarget(us, side);
      const Piece king_piece = board_[king_to], rook_piece = board_[rook_to];
      RemovePiece(king_to);
      RemovePiece(rook_to);
      PutPiece(king_piece, m.from());
      PutPiece(rook_piece, m.to());
      break;
    }
    default: {
      const Square from = m.from(), to = m.to();
      if (m.kind() == MoveKind::kPromotion) {
        RemovePiece(to);
        PutPiece(st.moved, to);
      }
      MovePiece(to, from);
      if (st.captured != kNoPiece) {
        Square captured_on = to;
        if (m.kind() == MoveKind::kEnPassant) {
          captured_on = MakeSquare(FileOf(to), RankOf(to) + (us == kWhite ? -1 : 1));
        }
        PutPiece(st.captured, captured_on);
      }
    }
  }
  states_.pop_back();
}

}  // namespace gc9::engine::GC9_BOARD
