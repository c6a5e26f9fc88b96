// What only the wide build (GC9_WIDE_BOARD) has: squares beyond 127 in moves. The checks both
// builds share are in board_build_test.cc, compiled into this binary too.
#include <set>

#include "engine/movegen.h"
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

}  // namespace
}  // namespace gc9::engine
