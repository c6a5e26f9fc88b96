// Random playouts in every built-in variant: wherever a legal move exists the engine returns
// one (under tiny node limits too), and only at a game's end does it return none.
#include <random>

#include "gtest/gtest.h"
#include "tests/search/search_util.h"

namespace gc9::engine {
namespace {

using testing::EngineAt;
using testing::Nodes;
using testing::SearchOrDie;

class PlayoutTest : public ::testing::TestWithParam<std::string> {};

TEST_P(PlayoutTest, EveryBestMoveIsLegal) {
  const std::string variant = GetParam();
  std::mt19937 rng(12345);
  int searched = 0;
  for (int game = 0; game < 3; ++game) {
    auto engine = EngineAt(variant, "startpos");
    std::vector<std::string> moves;
    for (int ply = 0; ply < 120; ++ply) {
      Position pos = PositionOf(engine->game());
      MoveList legal;
      GenerateLegal(pos, &legal);
      const SearchResult r = SearchOrDie(*engine, Nodes(50 + rng() % 400));
      ++searched;
      if (legal.size == 0) {
        EXPECT_TRUE(r.best.IsNone());
        EXPECT_NE(r.game.end, GameEnd::kOngoing);
        break;
      }
      ASSERT_FALSE(r.best.IsNone()) << pos.Fen();
      ASSERT_TRUE(legal.Contains(r.best)) << r.best_uci << " in " << pos.Fen();
      EXPECT_TRUE(ParseUciMove(pos, r.best_uci).ok()) << r.best_uci << " in " << pos.Fen();
      // Mostly random moves, so the games reach odd positions; sometimes the engine's.
      const Move next = rng() % 3 == 0 ? r.best : legal.moves[rng() % legal.size];
      moves.push_back(MoveToUci(pos, next));
      ASSERT_TRUE(engine->SetPosition("startpos", moves).ok());
      if (Adjudicate(pos).end != GameEnd::kOngoing) break;
    }
  }
  EXPECT_GT(searched, 20);
}

// The narrow board's variants (this test holds Positions of the narrow build); the wide
// board's play out in multimove_test.cc through the Game API.
std::vector<std::string> NarrowVariants() {
  std::vector<std::string> out;
  for (const std::string& name : BuiltinVariantNames()) {
    if ((*BuiltinVariant(name))->board_kind() == BoardKind::kNarrow) out.push_back(name);
  }
  return out;
}

INSTANTIATE_TEST_SUITE_P(AllVariants, PlayoutTest, ::testing::ValuesIn(NarrowVariants()),
                         [](const auto& info) {
                           std::string name = info.param;
                           for (char& c : name) c = std::isalnum(c) ? c : '_';
                           return name;
                         });

}  // namespace
}  // namespace gc9::engine
