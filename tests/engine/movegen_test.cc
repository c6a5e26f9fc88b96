// Move generation modes: the quiescence search's captures-only list is exactly the captures
// and promotions of the full legal list, on positions from random games of every variant.
#include "engine/movegen.h"

#include <random>

#include "tests/engine/test_util.h"

namespace gc9::engine {
namespace {

bool IsCaptureOrPromotion(const Position& pos, Move m) {
  if (m.kind() == MoveKind::kEnPassant || m.kind() == MoveKind::kPromotion) return true;
  return m.kind() == MoveKind::kNormal && pos.PieceOn(m.to()) != kNoPiece;
}

TEST(MovegenTest, CapturesModeIsTheTacticalPartOfTheFullList) {
  std::mt19937_64 rng(5);
  int positions = 0, tactical = 0;
  for (const std::string& name : BuiltinVariantNames()) {
    // This test is compiled for the narrow board; wide_board_test.cc has the wide board's.
    if (testing::Builtin(name)->board_kind() != BoardKind::kNarrow) continue;
    for (int game = 0; game < 6; ++game) {
      Position pos(testing::Builtin(name));
      ASSERT_TRUE(pos.SetStart().ok());
      for (int ply = 0; ply < 120; ++ply) {
        MoveList all, captures;
        GenerateLegal(pos, &all);
        GenerateLegal(pos, &captures, GenMode::kCaptures);
        std::set<uint32_t> expected, got;
        for (Move m : all) {
          if (IsCaptureOrPromotion(pos, m)) expected.insert(m.raw());
        }
        for (Move m : captures) got.insert(m.raw());
        ASSERT_EQ(got, expected) << name << ": " << pos.Fen();
        ASSERT_EQ(got.size(), size_t(captures.size)) << "a move listed twice in " << pos.Fen();
        ++positions;
        tactical += captures.size;
        if (all.size == 0) break;
        pos.DoMove(all.moves[rng() % all.size]);
      }
    }
  }
  EXPECT_GT(positions, 3000);
  EXPECT_GT(tactical, 1000);  // the games do reach captures and promotions
}

}  // namespace
}  // namespace gc9::engine
