// The wide board build (256-bit bitboards, engine/board.h) proven on a variant Fairy-Stockfish
// plays: Grand Chess concluded for the wide board must give FSF's divides on every oracle
// position, as the narrow build does. Granlem Shatranj, which only the wide board holds, is
// proven against its own reference (granlem_oracle_test.cc).
#include <map>
#include <string>

#include "engine/game.h"
#include "engine/variant_catalog.h"
#include "gtest/gtest.h"
#include "tests/oracle/compare.h"
#include "tests/oracle/fairy_stockfish.h"
#include "tests/oracle/grand_positions.h"

namespace gc9::oracle {
namespace {

class WideBoardOracleTest : public ::testing::TestWithParam<OraclePosition> {};

TEST_P(WideBoardOracleTest, GrandOnTheWideBoardMatchesFairyStockfish) {
  const OraclePosition& p = GetParam();
  auto grand = engine::BuiltinVariant("grand");
  ASSERT_TRUE(grand.ok()) << grand.status();
  ASSERT_EQ((*grand)->board_kind(), engine::BoardKind::kNarrow);
  auto wide = engine::Variant::Conclude((*grand)->definition(), engine::BoardKind::kWide);
  ASSERT_TRUE(wide.ok()) << wide.status();
  auto game = engine::Game::New(*wide);
  ASSERT_TRUE(game.ok()) << game.status();
  ASSERT_TRUE((*game)->SetFen(p.fen).ok());
  EXPECT_EQ(BoardAndSide((*game)->Fen()), BoardAndSide(p.fen));

  FairyStockfish fsf("grand");
  ASSERT_TRUE(fsf.CheckAvailable().ok()) << fsf.CheckAvailable();
  absl::StatusOr<PerftResult> expected = fsf.Perft(p.fen, p.depth);
  ASSERT_TRUE(expected.ok()) << expected.status();
  std::map<std::string, uint64_t> divide;
  for (const auto& [move, count] : (*game)->PerftDivide(p.depth)) divide[move] = count;
  EXPECT_TRUE(SameDivide(p.fen, divide, *expected));
  EXPECT_EQ(expected->total, p.fsf_total);
}

INSTANTIATE_TEST_SUITE_P(Positions, WideBoardOracleTest, ::testing::ValuesIn(kGrandPositions),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace gc9::oracle
