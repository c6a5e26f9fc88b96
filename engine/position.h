// A position of any concluded variant on this board build: the board, hands, side to move,
// the state of a multi-move turn and the history stack; FEN in and out, make/unmake and attack
// queries. Rules of move choice live in movegen.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "engine/board.h"
#include "engine/board_tables.h"
#include "engine/types.h"
#include "engine/variant.h"

namespace gc9::engine::GC9_BOARD {

// What a move changed, kept on a stack so that UndoMove restores the position exactly.
struct StateInfo {
  Bitboard checkers = 0;  // pieces giving check to the side to move
  uint64_t key = 0;
  Square ep_square = kNoSquare;  // set only when an en-passant capture is legal
  int rule50 = 0;                // plies since the last capture, pawn move or drop
  int fullmove = 1;
  Move move;
  uint8_t castling = 0;  // rights, bit 2 * colour + side (side 1: toward the last file)
  Piece captured = kNoPiece;
  Piece moved = kNoPiece;  // the piece that moved, before any promotion
  Color mover = kWhite;
  // A multi-move turn (TurnRules): the moves made in it so far, the sections a leader of the
  // mover stood in when it began, every way to give its moves distinct sections (bit U: the
  // moves can use exactly the sections in set U), where the pieces that moved stand, and the
  // turns ended since the last capture or pawn move (such a variant's fifty-move count).
  struct Turn {
    uint8_t moves;
    uint8_t leader_sections;
    uint16_t section_sets;
    uint8_t moved_to[8];
    uint16_t quiet_turns;
  };
  // Every move copies the state, so it stays within one cache line: a variant with multi-move
  // turns has no drops to give up (Variant validates it), so the two share their bytes.
  union {
    uint8_t passed_hand[kMaxPieceTypes];  // the hand a kPass move gave up
    Turn turn;
  };
  StateInfo() : passed_hand{} { turn.section_sets = 1; }
};
static_assert(sizeof(StateInfo) <= 64 || kSquareCount > 128, "a narrow state fits a cache line");

class Position {
 public:
  explicit Position(std::shared_ptr<const Variant> variant);

  // Replaces the position; on error (which names the problem) the position is unchanged.
  absl::Status SetFen(absl::string_view fen);
  absl::Status SetStart() { return SetFen(variant_->start_fen()); }
  std::string Fen() const;

  // The move must be legal (movegen's IsLegal, or from GenerateLegal).
  void DoMove(Move m);
  void UndoMove();

  const Variant& variant() const { return *variant_; }
  const BoardTables& tables() const { return *tables_; }
  const std::shared_ptr<const Variant>& variant_ptr() const { return variant_; }
  Color side_to_move() const { return side_; }
  Piece PieceOn(Square s) const { return board_[s]; }
  Bitboard pieces() const { return by_color_[kWhite] | by_color_[kBlack]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  Bitboard PiecesOfTypes(Color c, uint16_t types) const;
  int count(Color c, PieceType pt) const { return PopCount(pieces(c, pt)); }
  int hand(Color c, PieceType pt) const { return hand_[c][pt]; }
  bool HandEmpty(Color c) const { return hand_total_[c] == 0; }
  Square king(Color c) const;

  const StateInfo& state() const { return states_.back(); }
  uint64_t key() const { return state().key; }
  Square ep_square() const { return state().ep_square; }
  // The fifty-move count: plies, or in a multi-move variant turns, since the last capture,
  // pawn move or drop; and the plies since then, how far back a repetition can lie.
  int rule50() const { return multi_move_ ? state().turn.quiet_turns : state().rule50; }
  int reversible_plies() const { return state().rule50; }
  int fullmove() const { return state().fullmove; }
  Bitboard checkers() const { return state().checkers; }
  uint8_t castling_rights() const { return state().castling; }
  // The rook a castling right (2 * colour + side) castles with, set from the FEN.
  Square castling_rook(int right) const { return castling_rook_[right]; }
  // Where king and rook land when c castles to `side`.
  Square CastlingKingTarget(Color c, int side) const;
  Square CastlingRookTarget(Color c, int side) const;
  bool InCheck() const { return bool(state().checkers); }
  // Multi-move turns: the moves made in the turn so far, and the squares from which a piece
  // may still move in it (every square in a variant of one move a turn).
  int turn_moves() const { return multi_move_ ? state().turn.moves : 0; }
  bool multi_move() const { return multi_move_; }
  Bitboard TurnMovable() const { return multi_move_ ? TurnMovableInTurn() : tables_->board(); }
  int history_size() const { return int(states_.size()) - 1; }
  const StateInfo& StateAt(int plies_ago) const { return states_[states_.size() - 1 - plies_ago]; }

  // Pieces of colour `by` that capture onto s, with the given occupancy.
  Bitboard AttackersTo(Square s, Color by, Bitboard occupied) const;
  // Whether a Charioteer (a shields_king piece) of c stands next to c's king.
  bool Shielded(Color c) const;
  // Whether c's king counts as in check now, under the variant's shield rule.
  bool KingInCheck(Color c) const;
  // The walked (exotic) moves of the piece on `from`: the empty squares it may move to, and
  // the squares it would capture on if an enemy stood there.
  Bitboard ExoticQuiets(Square from, Bitboard occupied) const;
  Bitboard ExoticAttacks(Square from, Bitboard occupied) const;

  std::string SquareName(Square s) const;
  // Parses "e4" / "a10"; kNoSquare if it is no square of this board.
  Square ParseSquare(absl::string_view text) const;

 private:
  void Clear();
  void PutPiece(Piece p, Square s);
  void RemovePiece(Square s);
  void MovePiece(Square from, Square to);
  absl::Status ParseFen(absl::string_view fen);
  Bitboard ComputeCheckers() const;
  // The targets of the piece on `from` by its exotic leaps (lists per origin), and by its
  // walked rides: the empty squares it may move to, or those it would capture on.
  Bitboard ExoticLeapTargets(Square from, Bitboard occupied, bool quiets) const;
  Bitboard WalkedTargets(Square from, Bitboard occupied, bool quiets) const;
  void NormalizeEnPassant(Square candidate);
  absl::Status ParseCastling(absl::string_view fen, absl::string_view field);
  std::string CastlingField() const;
  int FirstRank(Color c) const { return c == kWhite ? 0 : variant_->ranks() - 1; }
  uint8_t LeaderSections(Color c) const;
  // Records a move of the turn (multi-move variants); true when the turn ends with it.
  bool RecordTurnMove(StateInfo& st, Square from, Square to);
  void StartTurn(StateInfo& st);
  Bitboard TurnMovableInTurn() const;

  std::shared_ptr<const Variant> variant_;
  const BoardTables* tables_;
  bool multi_move_;  // the variant's, read on every move
  Piece board_[kSquareCount];
  Bitboard by_type_[kMaxPieceTypes];
  Bitboard by_color_[2];
  uint8_t hand_[2][kMaxPieceTypes];
  int hand_total_[2];
  Square castling_rook_[4];
  uint8_t castling_mask_[kSquareCount];  // the rights lost when a piece leaves or enters a square
  Color side_ = kWhite;
  std::vector<StateInfo> states_;
};

// Zobrist keys, one table shared by all variants (square numbers are the same on every board).
struct Zobrist {
  uint64_t piece_square[32][kSquareCount];
  uint64_t en_passant[kSquareCount];
  uint64_t hand[2][kMaxPieceTypes][32];
  uint64_t castling[16];
  uint64_t side;
  uint64_t turn_moved[kSquareCount];  // a piece that moved in the current multi-move turn
  uint64_t turn;                      // salt of the sections state of a multi-move turn
  static const Zobrist& Get();
  // The key of a multi-move turn's sections state; 0 at the turn's start.
  uint64_t TurnKey(const StateInfo& st) const;
};

}  // namespace gc9::engine::GC9_BOARD
