// This board build behind the geometry-free API: Game over a Position, the BoardSearcher over
// a Searcher, and the tables of a variant (engine/boards.h declares what is defined here).
#include "engine/board_game.h"

#include <algorithm>
#include <chrono>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "common/status_macros.h"
#include "engine/boards.h"
#include "engine/game_result.h"
#include "engine/movegen.h"
#include "engine/perft.h"
#include "engine/position.h"
#include "engine/san.h"
#include "engine/search.h"

namespace gc9::engine::GC9_BOARD {
namespace {

class BoardGame : public Game {
 public:
  explicit BoardGame(std::shared_ptr<const Variant> variant)
      : variant_(std::move(variant)), pos_(variant_) {}

  const Position& position() const { return pos_; }

  std::unique_ptr<Game> Clone() const override { return std::make_unique<BoardGame>(*this); }
  const std::shared_ptr<const Variant>& variant() const override { return variant_; }
  absl::Status SetFen(absl::string_view fen) override {
    return fen == "startpos" ? pos_.SetStart() : pos_.SetFen(fen);
  }
  std::string Fen() const override { return pos_.Fen(); }
  Color side_to_move() const override { return pos_.side_to_move(); }
  int fullmove() const override { return pos_.fullmove(); }
  bool HandEmpty(Color c) const override { return pos_.HandEmpty(c); }
  int turn_moves() const override { return pos_.turn_moves(); }

  absl::Status Play(absl::string_view text) override {
    ASSIGN_OR_RETURN(std::vector<Move> moves, ParseTurn(text));
    for (Move m : moves) pos_.DoMove(m);
    return absl::OkStatus();
  }
  void Undo() override {
    if (pos_.history_size() > 0) pos_.UndoMove();
  }

  absl::StatusOr<std::string> San(absl::string_view text) override {
    ASSIGN_OR_RETURN(std::vector<Move> moves, ParseTurn(text));
    std::vector<std::string> parts;
    Position pos = pos_;
    for (Move m : moves) {
      // The pass that ends a turn early after moves of this text is implicit in it. A pass
      // alone, ending a turn whose moves were played before, is written "--" like any pass;
      // left out, it made an empty SAN that parsed back to nothing (found by the san fuzzer).
      const bool implicit_pass =
          m.kind() == MoveKind::kPass && pos.turn_moves() > 0 && !parts.empty();
      if (!implicit_pass) parts.push_back(MoveToSan(pos, m));
      pos.DoMove(m);
    }
    return absl::StrJoin(parts, ",");
  }
  absl::StatusOr<std::string> ParseSan(absl::string_view san) override {
    ASSIGN_OR_RETURN(const Move m, GC9_BOARD::ParseSan(pos_, san));
    return MoveToUci(pos_, m);
  }
  std::vector<std::string> LegalMoves() override {
    MoveList list;
    GenerateLegal(pos_, &list);
    std::vector<std::string> out;
    for (Move m : list) out.push_back(MoveToUci(pos_, m));
    return out;
  }
  GameResult Result() override {
    if (pos_.turn_moves() > 0) return {};
    return Adjudicate(pos_);
  }
  std::vector<std::pair<std::string, uint64_t>> PerftDivide(int depth) override {
    std::vector<std::pair<std::string, uint64_t>> out;
    for (const auto& [move, nodes] : GC9_BOARD::PerftDivide(pos_, depth)) {
      out.emplace_back(MoveToUci(pos_, move), nodes);
    }
    return out;
  }
  std::string Diagram() override;

 private:
  // The moves of a ply or a comma-joined turn, checked on a copy; the turn's closing pass is
  // added where the listed moves leave it open.
  absl::StatusOr<std::vector<Move>> ParseTurn(absl::string_view text) const;

  std::shared_ptr<const Variant> variant_;
  Position pos_;
};

absl::StatusOr<std::vector<Move>> BoardGame::ParseTurn(absl::string_view text) const {
  const std::vector<absl::string_view> parts = absl::StrSplit(text, ',');
  if (parts.size() > 1 && !variant_->multi_move()) {
    return absl::InvalidArgumentError(absl::StrCat("\"", text, "\" lists several moves, but ",
                                                   variant_->name(), " plays one move a turn"));
  }
  Position pos = pos_;
  const Color us = pos.side_to_move();
  std::vector<Move> moves;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0 && pos.side_to_move() != us) {
      return absl::InvalidArgumentError(absl::StrCat("turn \"", text, "\": the turn is over after ",
                                                     parts[i - 1], "; ", parts[i],
                                                     " would be the opponent's"));
    }
    ASSIGN_OR_RETURN(const Move m, ParseUciMove(pos, parts[i]));
    pos.DoMove(m);
    moves.push_back(m);
  }
  if (parts.size() > 1 && pos.side_to_move() == us) moves.push_back(Move::Pass());
  return moves;
}

std::string BoardGame::Diagram() {
  const Variant& v = *variant_;
  std::string separator = " +";
  for (int f = 0; f < v.files(); ++f) separator += "---+";
  std::string text = absl::StrCat("\n", separator, "\n");
  for (int r = v.ranks() - 1; r >= 0; --r) {
    text += " |";
    for (int f = 0; f < v.files(); ++f) {
      const Piece p = pos_.PieceOn(MakeSquare(f, r));
      absl::StrAppend(&text, " ", std::string(1, p == kNoPiece ? ' ' : v.LetterOf(p)), " |");
    }
    absl::StrAppend(&text, " ", r + 1, "\n", separator, "\n");
  }
  text += " ";
  for (int f = 0; f < v.files(); ++f) absl::StrAppend(&text, "   ", std::string(1, 'a' + f));
  absl::StrAppend(&text, "\n\nVariant: ", v.name(), "\nFen: ", pos_.Fen());
  if (pos_.turn_moves() > 0) {
    absl::StrAppend(&text, "\nTurn: ", pos_.turn_moves(), " of at most ", v.max_turn_moves(),
                    " moves made");
  }
  absl::StrAppend(&text, "\nResult: ", GameEndName(Result().end));
  return text;
}

class BoardSearcherImpl : public BoardSearcher {
 public:
  explicit BoardSearcherImpl(TranspositionTable* tt) : searcher_(tt) {}
  SearchResult Run(const Game& root, const SearchLimits& limits, const ParamSnapshot& params,
                   const std::atomic<bool>& stop, const InfoCallback& on_info) override {
    // The Engine hands in games of the build whose searcher it picked.
    return searcher_.RunTurn(PositionOf(root), limits, params, stop, on_info);
  }
  void Clear() override { searcher_.Clear(); }

 private:
  Searcher searcher_;
};

}  // namespace

const Position& PositionOf(const Game& game) {
  return static_cast<const BoardGame&>(game).position();
}

std::shared_ptr<const BoardTables> ConcludeTables(const Variant& variant) {
  return std::make_shared<const BoardTables>(variant);
}

std::unique_ptr<Game> NewGame(std::shared_ptr<const Variant> variant) {
  return std::make_unique<BoardGame>(std::move(variant));
}

std::unique_ptr<BoardSearcher> NewSearcher(TranspositionTable* tt) {
  return std::make_unique<BoardSearcherImpl>(tt);
}

}  // namespace gc9::engine::GC9_BOARD
