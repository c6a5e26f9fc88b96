// FEN in and out: round trips, holdings, wide boards, and an error naming the problem for
// every malformed FEN, with the position left as it was.
#include "tests/engine/test_util.h"

namespace gc9::engine {
namespace {

using testing::Builtin;
using testing::PositionOf;

TEST(FenTest, RoundTrips) {
  for (const char* fen : {
           "rcnsqkbcr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RCNSQKBCR[PPpp] w - - 0 1",
           "rcnsqkbcr/ppppppppp/3pp4/9/9/9/3P1P3/PPPPPPPPP/RCNSQKBCR w - - 0 2",
           "4k4/9/9/9/9/9/9/9/4K4[pp] w - - 12 30",
       }) {
    EXPECT_EQ(PositionOf("grandchess9", fen).Fen(), fen);
  }
  // Grand Chess writes "10" for a whole empty rank of its 10x10 board.
  const char* grand = "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1";
  EXPECT_EQ(PositionOf("grand", grand).Fen(), grand);
}

TEST(FenTest, OptionalFieldsAndEmptyHoldings) {
  EXPECT_EQ(PositionOf("grandchess9", "4k4/9/9/9/9/9/9/9/4K4[] b").Fen(),
            "4k4/9/9/9/9/9/9/9/4K4 b - - 0 1");
}

TEST(FenTest, EnPassantKeptOnlyWhenTheCaptureIsLegal) {
  // A pawn on e4 can take d4 en passant.
  EXPECT_EQ(PositionOf("grandchess9", "4k4/9/9/9/9/3Pp4/9/9/4K4 b - d3 0 1").Fen(),
            "4k4/9/9/9/9/3Pp4/9/9/4K4 b - d3 0 1");
  // No black pawn beside d4: accepted on input, not written.
  EXPECT_EQ(PositionOf("grandchess9", "4k4/9/9/9/9/3P5/9/9/4K4 b - d3 0 1").Fen(),
            "4k4/9/9/9/9/3P5/9/9/4K4 b - - 0 1");
}

struct BadFen {
  const char* fen;
  const char* problem;
};

// Names the case by its expected problem in test output, instead of its bytes.
void PrintTo(const BadFen& c, std::ostream* os) { *os << c.problem; }

class BadFenTest : public ::testing::TestWithParam<BadFen> {};

TEST_P(BadFenTest, IsRefusedWithTheProblemNamed) {
  Position pos(Builtin("grandchess9"));
  ASSERT_TRUE(pos.SetStart().ok());
  const std::string before = pos.Fen();
  absl::Status s = pos.SetFen(GetParam().fen);
  ASSERT_FALSE(s.ok()) << GetParam().fen;
  EXPECT_NE(s.message().find(GetParam().problem), std::string::npos) << s.message();
  EXPECT_EQ(pos.Fen(), before);
}

INSTANTIATE_TEST_SUITE_P(
    Malformed, BadFenTest,
    ::testing::Values(
        BadFen{"", "needs at least the board"},
        BadFen{"4k4/9/9/9/9/9/9/4K4 w - - 0 1", "has 8 ranks"},
        BadFen{"4k5/9/9/9/9/9/9/9/4K4 w - - 0 1", "rank 9 has more than 9 squares"},
        // A piece past the last file, not only a count past it (these were once cut off).
        BadFen{"4k4q/9/9/9/9/9/9/9/4K4 w - - 0 1", "rank 9 has more than 9 squares"},
        BadFen{"4k4/9/9/9/9/9/9/9/4K4QQ w - - 0 1", "rank 1 has more than 9 squares"},
        BadFen{"4k3/9/9/9/9/9/9/9/4K4 w - - 0 1", "rank 9 has fewer than 9 squares"},
        BadFen{"4k4/9/9/9/4x4/9/9/9/4K4 w - - 0 1", "unknown piece letter 'x' on rank 5"},
        BadFen{"4k4/9/9/9/0/9/9/9/4K4 w - - 0 1", "counts 0 squares"},
        BadFen{"9/9/9/9/9/9/9/9/4K4 w - - 0 1", "Black has 0 kings"},
        BadFen{"3kk4/9/9/9/9/9/9/9/4K4 w - - 0 1", "Black has 2 kings"},
        BadFen{"4k4/9/9/9/9/9/9/9/P3K4 w - - 0 1", "a White pawn stands on a1"},
        BadFen{"4k3P/9/9/9/9/9/9/9/4K4 w - - 0 1", "a White pawn stands on i9"},
        BadFen{"4k4/9/9/9/9/9/9/9/p3K4 w - - 0 1", "a Black pawn stands on a1"},
        BadFen{"4k4/9/9/9/9/9/9/9/4K4 x - - 0 1", "side to move \"x\" is neither w nor b"},
        BadFen{"4k4/9/9/9/9/9/9/9/4K4 w KQkq - 0 1", "has no castling"},
        BadFen{"4k4/9/9/9/9/9/9/9/4K4 w - z9 0 1", "no square of the board"},
        BadFen{"4k4/9/9/9/9/9/9/9/4K4 w - e4 0 1", "en-passant square e4 is impossible"},
        BadFen{"4k4/9/9/9/9/9/9/9/4K4 w - e3 0 1", "en-passant square e3 is impossible"},
        BadFen{"4k4/9/9/9/9/9/9/9/4K4 w - - -1 1", "halfmove clock \"-1\""},
        BadFen{"4k4/9/9/9/9/9/9/9/4K4 w - - x 1", "halfmove clock \"x\""},
        BadFen{"4k4/9/9/9/9/9/9/9/4K4 w - - 0 0", "fullmove number \"0\""},
        BadFen{"4k4/9/9/9/9/9/9/9/4K4 w - - 0 1 extra", "more than six fields"},
        BadFen{"4k4/9/9/9/9/9/9/9/4K4[PX] w - - 0 1", "unknown piece letter 'X' in the holdings"},
        BadFen{"4k4/9/9/9/9/9/9/9/4K4[PP w - - 0 1", "not closed"},
        BadFen{"4k4/4Q4/9/9/9/9/9/9/4K4 w - - 0 1", "Black is not to move but is in check"}));

TEST(FenTest, HoldingsInAVariantWithoutDrops) {
  Position pos(Builtin("grand"));
  absl::Status s = pos.SetFen("4k5/10/10/10/10/10/10/10/10/4K5[P] w - - 0 1");
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("has no drops"), std::string::npos) << s;
}

}  // namespace
}  // namespace gc9::engine
