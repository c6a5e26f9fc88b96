// Castling as Chess960 generalises it (Modern Chess and Chess8400), and the numbering of the
// 8,400 Chess8400 arrays. Expected move sets were worked out by hand.
#include "engine/chess8400.h"
#include "engine/perft.h"
#include "tests/engine/test_util.h"

namespace gc9::engine {
namespace {

using testing::LegalMoves;
using testing::MovesStartingWith;
using testing::Play;
using testing::PositionOf;
using Moves = std::set<std::string>;

TEST(CastlingTest, ModernKingGoesToCOrG) {
  // King e1, rooks a1 and i1: besides five king steps, castling to c1 and g1.
  Position pos = PositionOf("modern", "r3k3r/9/9/9/9/9/9/9/R3K3R w KQkq - 0 1");
  EXPECT_EQ(MovesStartingWith(pos, "e1"),
            (Moves{"e1d1", "e1f1", "e1d2", "e1e2", "e1f2", "e1c1", "e1g1"}));
  Play(pos, "e1g1");
  EXPECT_EQ(pos.Fen(), "r3k3r/9/9/9/9/9/9/9/R4RK2 b kq - 1 1");
  Play(pos, "e9c9");
  EXPECT_EQ(pos.Fen(), "2kr4r/9/9/9/9/9/9/9/R4RK2 w - - 2 2");
  pos.UndoMove();
  pos.UndoMove();
  EXPECT_EQ(pos.Fen(), "r3k3r/9/9/9/9/9/9/9/R3K3R w KQkq - 0 1");
}

TEST(CastlingTest, NotOutOfThroughOrIntoCheck) {
  // A black rook on f9 attacks f1, which the king crosses to g1; one on c9 attacks its target.
  Position through = PositionOf("modern", "4kr3/9/9/9/9/9/9/9/R3K3R w KQ - 0 1");
  EXPECT_FALSE(LegalMoves(through).count("e1g1"));
  EXPECT_TRUE(LegalMoves(through).count("e1c1"));
  Position into = PositionOf("modern", "2r1k4/9/9/9/9/9/9/9/R3K3R w KQ - 0 1");
  EXPECT_FALSE(LegalMoves(into).count("e1c1"));
  EXPECT_TRUE(LegalMoves(into).count("e1g1"));
  Position out = PositionOf("modern", "4r2k1/9/9/9/9/9/9/9/R3K3R w KQ - 0 1");
  EXPECT_FALSE(LegalMoves(out).count("e1c1"));
  EXPECT_FALSE(LegalMoves(out).count("e1g1"));
  // The rook may cross an attacked square (b1 here); only the king's squares matter.
  Position rook_crosses = PositionOf("modern", "1r2k4/9/9/9/9/9/9/9/R3K3R w KQ - 0 1");
  EXPECT_TRUE(LegalMoves(rook_crosses).count("e1c1"));
}

TEST(CastlingTest, RightsAreLostWhenKingOrRookMovesOrTheRookIsTaken) {
  Position pos = PositionOf("modern", "r3k3r/9/9/9/9/9/9/9/R3K3R w KQkq - 0 1");
  Play(pos, "a1a9");  // takes the a9 rook: White loses Q, Black loses q
  EXPECT_EQ(pos.Fen(), "R3k3r/9/9/9/9/9/9/9/4K3R b Kk - 0 1");
  Play(pos, "e9e8");  // the king steps out of check and Black loses k
  EXPECT_EQ(pos.Fen(), "R7r/4k4/9/9/9/9/9/9/4K3R w K - 1 2");
}

TEST(CastlingTest, Chess960ConditionsAndNotation) {
  // King e1, rooks b1 and h1: Chess960 notation has the king take its own rook. The a-side
  // castling puts the king on c1 and the rook on d1; the far side the king on g1, rook on f1.
  Position pos = PositionOf("chess8400", "r2k4r/9/9/9/9/9/9/9/1R2K2R1 w KQkq - 0 1");
  EXPECT_EQ(MovesStartingWith(pos, "e1"),
            (Moves{"e1d1", "e1f1", "e1d2", "e1e2", "e1f2", "e1b1", "e1h1"}));
  Play(pos, "e1h1");
  EXPECT_EQ(pos.Fen(), "r2k4r/9/9/9/9/9/9/9/1R3RK2 b kq - 1 1");
  // Black's king d9 castles a-side to c9 with the a9 rook onto d9: the king moves one square.
  Play(pos, "d9a9");
  EXPECT_EQ(pos.Fen(), "2kr4r/9/9/9/9/9/9/9/1R3RK2 w - - 2 2");
}

TEST(CastlingTest, EverySquareEitherPieceCrossesMustBeEmptyButForTheTwo) {
  // King g1 and rook a1 castle a-side: the king crosses f1..c1, the rook b1..d1. A knight on
  // h1 is outside both paths and does not stop it; one on b1 does.
  Position free = PositionOf("chess8400", "6k2/9/9/9/9/9/9/9/R5KN1 w Q - 0 1");
  EXPECT_TRUE(LegalMoves(free).count("g1a1"));
  Position blocked = PositionOf("chess8400", "6k2/9/9/9/9/9/9/9/RN4K2 w Q - 0 1");
  EXPECT_FALSE(LegalMoves(blocked).count("g1a1"));
  // Far side with the king already on g1: only the rook moves, from h1 to f1.
  Position far = PositionOf("chess8400", "6k2/9/9/9/9/9/9/9/6KR1 w K - 0 1");
  Play(far, "g1h1");
  EXPECT_EQ(far.Fen(), "6k2/9/9/9/9/9/9/9/5RK2 b - - 1 1");
}

TEST(CastlingTest, FenCastlingFieldErrors) {
  Position pos(testing::Builtin("modern"));
  for (const auto& [fen, problem] : std::vector<std::pair<std::string, std::string>>{
           {"r3k3r/9/9/9/9/9/9/9/4K3R w Q - 0 1", "White has no rook there"},
           {"r3k3r/9/9/9/9/9/9/4K4/R7R w K - 0 1", "king is not on its first rank"},
           {"r3k3r/9/9/9/9/9/9/9/R3K3R w KK - 0 1", "given twice"},
           {"r3k3r/9/9/9/9/9/9/9/R3K3R w X - 0 1", "'X' is no castling right"},
       }) {
    absl::Status s = pos.SetFen(fen);
    ASSERT_FALSE(s.ok()) << fen;
    EXPECT_NE(s.message().find(problem), std::string::npos) << s.message();
  }
  Position tgc9(testing::Builtin("grandchess9"));
  EXPECT_NE(tgc9.SetFen("4k4/9/9/9/9/9/9/9/4K4 w K - 0 1").message().find("has no castling"),
            std::string::npos);
}

TEST(Chess8400Test, NumberingIsABijectionOntoTheValidArrays) {
  std::set<std::string> seen;
  for (int i = 0; i < kChess8400Arrays; ++i) {
    auto rank = Chess8400BackRank(i);
    ASSERT_TRUE(rank.ok());
    auto back = Chess8400Index(*rank);
    ASSERT_TRUE(back.ok()) << *rank << ": " << back.status();
    EXPECT_EQ(*back, i);
    seen.insert(*rank);
  }
  EXPECT_EQ(seen.size(), 8400u);
  EXPECT_EQ(*Chess8400BackRank(0), "BBQMNNRKR");
  EXPECT_FALSE(Chess8400BackRank(8400).ok());
  // Counted apart from the numbering: every arrangement of RNBQKMBNR with the bishops on
  // opposite colours and the king between the rooks.
  std::string pieces = "BBKMNNQRR";
  int valid = 0;
  do {
    valid += Chess8400Index(pieces).ok();
  } while (std::next_permutation(pieces.begin(), pieces.end()));
  EXPECT_EQ(valid, 8400);
  EXPECT_FALSE(Chess8400Index("KRRBBQMNN").ok());  // the king is not between the rooks
  EXPECT_FALSE(Chess8400Index("BRBKRQMNN").ok());  // both bishops on dark squares
  EXPECT_FALSE(Chess8400Index("BBQMNNRK").ok());   // eight pieces
}

TEST(Chess8400Test, StartPositionMoves) {
  // From any array: 18 pawn moves; a knight or the minister on file f reaches rank 3 on f-1
  // and f+1 where those exist (rank 2 is full); everything else is shut in, except that a king
  // on f1 with a rook on g1 (or on d1 with one on c1) castles by swapping with it.
  for (int i = 0; i < kChess8400Arrays; i += 97) {
    const std::string rank = *Chess8400BackRank(i);
    int expected = 18;
    for (int f = 0; f < 9; ++f) {
      if (rank[f] == 'N' || rank[f] == 'M') expected += (f > 0) + (f < 8);
    }
    expected += rank.substr(5, 2) == "KR";
    expected += rank.substr(2, 2) == "RK";
    Position pos = PositionOf("chess8400", *Chess8400StartFen(i));
    EXPECT_EQ(pos.Fen(), *Chess8400StartFen(i));
    EXPECT_EQ(Perft(pos, 1), uint64_t(expected)) << rank;
  }
}

}  // namespace
}  // namespace gc9::engine
