// Checks every built-in variant of one board build must pass, compiled once against each
// build's headers (gc9_engine_test: narrow; gc9_wide_board_test: wide, GC9_WIDE_BOARD): the
// quiescence search's captures-only list is exactly the captures and promotions of the full
// legal list on positions from random games, and a symmetric start evaluates to the tempo.
#include <random>
#include <set>

#include "engine/eval.h"
#include "engine/movegen.h"
#include "tests/engine/test_util.h"

namespace gc9::engine {
namespace {

constexpr bool kWideBuild = kGridFiles > 12;

// The built-in variants this build plays.
std::vector<std::string> VariantsOfThisBuild() {
  std::vector<std::string> out;
  for (const std::string& name : BuiltinVariantNames()) {
    const BoardKind kind = testing::Builtin(name)->board_kind();
    if ((kind == BoardKind::kWide) == kWideBuild) out.push_back(name);
  }
  return out;
}

bool IsCaptureOrPromotion(const Position& pos, Move m) {
  if (m.kind() == MoveKind::kEnPassant || m.kind() == MoveKind::kPromotion) return true;
  return m.kind() == MoveKind::kNormal && pos.PieceOn(m.to()) != kNoPiece;
}

TEST(BoardBuildTest, CapturesModeIsTheTacticalPartOfTheFullList) {
  // The wide board's variants are slower and fewer: fewer, longer games.
  const int games = kWideBuild ? 3 : 6, plies = kWideBuild ? 150 : 120;
  std::mt19937_64 rng(5);
  int positions = 0, tactical = 0;
  for (const std::string& name : VariantsOfThisBuild()) {
    for (int game = 0; game < games; ++game) {
      Position pos(testing::Builtin(name));
      ASSERT_TRUE(pos.SetStart().ok());
      for (int ply = 0; ply < plies; ++ply) {
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
  // The games do reach captures and promotions.
  if (kWideBuild) {
    EXPECT_GT(tactical, 100);
  } else {
    EXPECT_GT(positions, 3000);
    EXPECT_GT(tactical, 1000);
  }
}

TEST(BoardBuildTest, SymmetricStartIsTheTempo) {
  const Params params;
  for (const std::string& name : VariantsOfThisBuild()) {
    auto variant = testing::Builtin(name);
    Position pos(variant);
    ASSERT_TRUE(pos.SetStart().ok());
    const Evaluator eval(variant, params.snapshot());
    int phase;
    const Score s = eval.Components(pos, &phase);
    EXPECT_EQ(s.mg, 0) << name;
    EXPECT_EQ(s.eg, 0) << name;
    EXPECT_EQ(phase, kPhaseMax) << name;
    // The variant's own Tempo where its definition gives one (Grand Chess's does).
    EXPECT_EQ(eval.Evaluate(pos), WithVariantDefaults(params.snapshot(), *variant)[kTempo]) << name;
  }
}

}  // namespace
}  // namespace gc9::engine
