// Multi-move turns (Granlem Shatranj's variant) through the Engine and the Game API: the search
// answers with a whole legal turn, finds a mate that takes two moves of one turn, and the rules'
// ends (a side that cannot move loses) hold.
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "engine/game.h"
#include "gtest/gtest.h"
#include "tests/search/search_util.h"

namespace gc9::engine::testing {
namespace {

std::unique_ptr<Game> GameAt(const std::string& variant, const std::string& fen) {
  auto v = BuiltinVariant(variant);
  EXPECT_TRUE(v.ok()) << v.status();
  auto game = Game::New(*v);
  EXPECT_TRUE(game.ok()) << game.status();
  if (fen != "startpos") EXPECT_TRUE((*game)->SetFen(fen).ok()) << fen;
  return std::move(*game);
}

// Black's king a12 is alone. The guard c10 (section a-e, led by the minister a1) checks from
// b11, where the king would take it, unless the jumping general f11 (section e-n) guards b11:
// from d11 or d9. Neither move mates alone, together they do.
constexpr char kTwoMoveMate[] = "k17/5J12/2G15/18/18/18/18/18/18/18/18/M16K w - - 0 1";

TEST(MultiMoveSearchTest, FindsTheMateThatTakesTwoMovesOfOneTurn) {
  auto engine = EngineAt("granlem-multimove", kTwoMoveMate);
  const SearchResult r = SearchOrDie(*engine, Depth(4));
  EXPECT_GT(r.info.mate, 0);
  const std::vector<std::string> turn = absl::StrSplit(r.best_uci, ',');
  ASSERT_GE(turn.size(), 2u) << r.best_uci;
  EXPECT_EQ(turn[0], "c10b11") << r.best_uci;
  auto game = GameAt("granlem-multimove", kTwoMoveMate);
  ASSERT_TRUE(game->Play(r.best_uci).ok()) << r.best_uci;
  EXPECT_EQ(game->side_to_move(), kBlack);
  const GameResult result = game->Result();
  EXPECT_EQ(result.end, GameEnd::kCheckmate);
  EXPECT_TRUE(result.decisive);
  EXPECT_EQ(result.winner, kWhite);
  // With one move a turn the same mate takes two turns (f11d9 a12a11 c10b11), not one.
  auto single = EngineAt("granlem", kTwoMoveMate);
  EXPECT_EQ(SearchOrDie(*single, Depth(5)).info.mate, 2);
}

TEST(MultiMoveSearchTest, EveryAnswerIsAWholeLegalTurn) {
  for (const char* variant : {"granlem-multimove", "granlem"}) {
    std::mt19937 rng(7);
    auto engine = EngineAt(variant, "startpos");
    auto game = GameAt(variant, "startpos");
    std::vector<std::string> played;
    for (int turn = 0; turn < 16; ++turn) {
      const SearchResult r = SearchOrDie(*engine, Nodes(200 + rng() % 800));
      ASSERT_FALSE(r.best.IsNone()) << game->Fen();
      const Color mover = game->side_to_move();
      ASSERT_TRUE(game->Play(r.best_uci).ok()) << variant << ": " << r.best_uci;
      EXPECT_NE(game->side_to_move(), mover)
          << variant << ": " << r.best_uci << " left the turn open";
      const size_t moves = std::vector<std::string>(absl::StrSplit(r.best_uci, ',')).size();
      EXPECT_LE(moves, std::string(variant) == "granlem" ? 1u : 3u) << r.best_uci;
      played.push_back(r.best_uci);
      ASSERT_TRUE(engine->SetPosition("startpos", played).ok());
      if (game->Result().end != GameEnd::kOngoing) break;
    }
  }
}

TEST(MultiMoveGameTest, TurnsAreCheckedWhole) {
  auto game = GameAt("granlem-multimove", "startpos");
  // Three sections lead at the start: one move in each.
  EXPECT_TRUE(game->Clone()->Play("d2d4,g1h3,o2o4").ok());
  // Two moves in the centre section are one too many.
  const absl::Status centre = game->Clone()->Play("g3g5,l3l5");
  EXPECT_FALSE(centre.ok());
  EXPECT_NE(centre.message().find("illegal move \"l3l5\""), std::string::npos) << centre;
  // A fourth move belongs to the opponent's turn.
  const absl::Status fourth = game->Clone()->Play("d2d4,g1h3,o2o4,d11d9");
  EXPECT_NE(fourth.message().find("the turn is over after o2o4"), std::string::npos) << fourth;
  // One move then the pass, written as the bare move: the turn ends with it.
  ASSERT_TRUE(game->Play("d2d4").ok());
  EXPECT_EQ(game->side_to_move(), kWhite);
  EXPECT_EQ(game->turn_moves(), 1);
  ASSERT_TRUE(game->Play("0000").ok());
  EXPECT_EQ(game->side_to_move(), kBlack);
  EXPECT_FALSE(game->Play("0000").ok()) << "a turn cannot start with a pass";
  // One move a turn knows no turns.
  EXPECT_FALSE(GameAt("granlem", "startpos")->Play("d2d4,g1h3").ok());
}

TEST(MultiMoveGameTest, ASideThatCannotMoveLoses) {
  // Black's king a12 is not in check, but every square it could go to is covered by the
  // guards b10 and c11, and it has nothing else: stalemate.
  const char* fen = "k17/2G15/1G16/18/18/18/18/18/18/18/18/M16K b - - 0 1";
  const GameResult multi = GameAt("granlem-multimove", fen)->Result();
  EXPECT_EQ(multi.end, GameEnd::kStalemate);
  EXPECT_TRUE(multi.decisive);
  EXPECT_EQ(multi.winner, kWhite);
  const GameResult single = GameAt("granlem", fen)->Result();
  EXPECT_EQ(single.end, GameEnd::kStalemate);
  EXPECT_FALSE(single.decisive);
}

}  // namespace
}  // namespace gc9::engine::testing
