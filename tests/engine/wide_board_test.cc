// The engine's board code as the wide build compiles it (GC9_WIDE_BOARD): squares beyond 127
// in moves, the captures mode of move generation and the evaluation of Granlem Shatranj.
#include <random>
#include <set>

#include "engine/eval.h"
#include "engine/movegen.h"
#include "engine/movepick.h"
#include "gtest/gtest.h"
#include "tests/engine/test_util.h"

namespace gc9::engine {
namespace {

static_assert(kGridFiles == 20 && kGridRanks == 12, "this test is compiled for the wide board");

TEST(WideBoardTest, MovesHoldEverySquare) {
  const Square r12 = MakeSquare(17, 11);
  EXPECT_GT(r12, 127);
  const Move m = Move::Promotion(MakeSquare(17, 10), r12, 3);
  EXPECT_EQ(m.from(), MakeSquare(17, 10));
  EXPECT_EQ(m.to(), r12);
  EXPECT_EQ(m.kind(), MoveKind::kPromotion);
  EXPECT_EQ(m.piece(), 3);
  auto pos = testing::PositionOf("granlem", "k17/17P/18/18/18/18/18/18/18/18/18/K17 w - - 0 1");
  EXPECT_EQ(testing::MovesStartingWith(pos, "r11"),
            (std::set<std::string>{"r11r12j"}));  // the twelfth rank promotes, to J only
}

TEST(WideBoardTest, CapturesModeIsTheTacticalPartOfTheFullList) {
  std::mt19937_64 rng(5);
  int tactical = 0;
  for (const char* name : {"granlem", "granlem-multimove"}) {
    for (int game = 0; game < 3; ++game) {
      Position pos(testing::Builtin(name));
      ASSERT_TRUE(pos.SetStart().ok());
      for (int ply = 0; ply < 150; ++ply) {
        MoveList all, captures;
        GenerateLegal(pos, &all);
        GenerateLegal(pos, &captures, GenMode::kCaptures);
        std::set<uint32_t> expected, got;
        for (Move m : all) {
          if (IsCapture(pos, m) || m.kind() == MoveKind::kPromotion) expected.insert(m.raw());
        }
        for (Move m : captures) got.insert(m.raw());
        ASSERT_EQ(got, expected) << name << ": " << pos.Fen();
        tactical += captures.size;
        if (all.size == 0) break;
        pos.DoMove(all.moves[rng() % all.size]);
      }
    }
  }
  EXPECT_GT(tactical, 100);  // the games reached captures and promotions
}

TEST(WideBoardTest, SymmetricStartIsTheTempo) {
  const Params params;
  for (const char* name : {"granlem", "granlem-multimove"}) {
    auto variant = testing::Builtin(name);
    Position pos(variant);
    ASSERT_TRUE(pos.SetStart().ok());
    const Evaluator eval(variant, params.snapshot());
    int phase;
    const Score s = eval.Components(pos, &phase);
    EXPECT_EQ(s.mg, 0) << name;
    EXPECT_EQ(s.eg, 0) << name;
    EXPECT_EQ(phase, kPhaseMax) << name;
    EXPECT_EQ(eval.Evaluate(pos), params.Get(kTempo)) << name;
  }
}

}  // namespace
}  // namespace gc9::engine
