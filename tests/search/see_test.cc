// Static exchange evaluation on composed TheGrandChess9 positions, each exchange worked out by
// hand at the registry's default values (pawn 100, knight 300, Airavat 500).
#include "engine/see.h"

#include "engine/variant_catalog.h"
#include "gtest/gtest.h"
#include "tests/search/search_util.h"

namespace gc9::engine {
namespace {

class SeeTest : public ::testing::Test {
 protected:
  // The exact exchange value of `move` at `fen`: the largest threshold SeeGe accepts.
  int Exchange(const std::string& fen, const std::string& move) {
    auto variant = BuiltinVariant("grandchess9");
    Position pos(*variant);
    EXPECT_TRUE(pos.SetFen(fen).ok()) << fen;
    const Evaluator eval(pos.variant_ptr(), Params().snapshot());
    auto m = ParseUciMove(pos, move);
    EXPECT_TRUE(m.ok()) << m.status();
    int value = -2000;
    while (value < 2000 && SeeGe(pos, eval, *m, value + 1)) ++value;
    EXPECT_TRUE(SeeGe(pos, eval, *m, value));
    return value;
  }
};

TEST_F(SeeTest, UndefendedAndDefendedPawns) {
  EXPECT_EQ(Exchange("8k/9/9/4p4/9/9/9/9/K3R4 w - - 0 1", "e1e6"), 100);
  // The d7 pawn takes the Airavat back: 100 - 500.
  EXPECT_EQ(Exchange("8k/9/3p5/4p4/9/9/9/9/K3R4 w - - 0 1", "e1e6"), -400);
}

TEST_F(SeeTest, XRaysJoinTheExchange) {
  // Re2xe6 Re9xe6 Re1xe6: the rook behind counts once the one in front has gone.
  EXPECT_EQ(Exchange("4r3k/9/9/4p4/9/9/9/4R4/K3R4 w - - 0 1", "e2e6"), 100);
}

TEST_F(SeeTest, TheCharioteerBlocksButIsNeverTaken) {
  // Without the Charioteer Black's Airavat recaptures on e5; with it on e7 it cannot.
  EXPECT_EQ(Exchange("4r3k/9/9/9/4p4/9/9/9/K3R4 w - - 0 1", "e1e5"), -400);
  EXPECT_EQ(Exchange("4r3k/9/4c4/9/4p4/9/9/9/K3R4 w - - 0 1", "e1e5"), 100);
  // A Charioteer may step onto an attacked square for free; a knight there is lost.
  EXPECT_EQ(Exchange("4r3k/9/9/9/9/2NC5/9/9/K8 w - - 0 1", "d4e5"), 0);
  EXPECT_EQ(Exchange("4r3k/9/9/9/9/2NC5/9/9/K8 w - - 0 1", "c4e5"), -300);
}

TEST_F(SeeTest, TheKingCapturesOnlyAnUndefendedPiece) {
  // Re2xe6: the king on e7 cannot take back, as the Airavat on e1 now guards e6.
  EXPECT_EQ(Exchange("9/9/4k4/4p4/9/9/9/4R4/K3R4 w - - 0 1", "e2e6"), 100);
  // With one Airavat the king takes it: 100 - 500.
  EXPECT_EQ(Exchange("9/9/4k4/4p4/9/9/9/4R4/K8 w - - 0 1", "e2e6"), -400);
}

}  // namespace
}  // namespace gc9::engine
