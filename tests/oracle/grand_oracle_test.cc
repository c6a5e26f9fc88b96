// Grand Chess: gc9's perft divide against Fairy-Stockfish's, live, on positions chosen for
// the rules (grand_positions.h), and against FSF's totals stored there.
#include <map>
#include <string>
#include <vector>

#include "engine/position.h"
#include "engine/variant_catalog.h"
#include "gtest/gtest.h"
#include "tests/oracle/compare.h"
#include "tests/oracle/fairy_stockfish.h"
#include "tests/oracle/grand_positions.h"

namespace gc9::oracle {
namespace {

using engine::Position;

Position GrandPosition(const std::string& fen) {
  auto variant = engine::BuiltinVariant("grand");
  EXPECT_TRUE(variant.ok()) << variant.status();
  Position pos(*variant);
  absl::Status s = pos.SetFen(fen);
  EXPECT_TRUE(s.ok()) << fen << ": " << s;
  return pos;
}

class GrandOracleTest : public ::testing::TestWithParam<OraclePosition> {};

TEST_P(GrandOracleTest, DivideMatchesFairyStockfish) {
  const OraclePosition& p = GetParam();
  FairyStockfish fsf("grand");
  ASSERT_TRUE(fsf.CheckAvailable().ok()) << fsf.CheckAvailable();
  absl::StatusOr<PerftResult> expected = fsf.Perft(p.fen, p.depth);
  ASSERT_TRUE(expected.ok()) << expected.status();

  Position pos = GrandPosition(p.fen);
  std::map<std::string, uint64_t> divide = Gc9Divide(pos, p.depth);
  EXPECT_TRUE(SameDivide(p.fen, divide, *expected));
  EXPECT_EQ(expected->total, p.fsf_total) << "FSF itself no longer gives the stored count";
  uint64_t total = 0;
  for (const auto& entry : divide) total += entry.second;
  EXPECT_EQ(total, p.fsf_total);
}

INSTANTIATE_TEST_SUITE_P(Positions, GrandOracleTest, ::testing::ValuesIn(kGrandPositions),
                         [](const auto& info) { return std::string(info.param.name); });

// FSF accepts any text as a FEN, so each one is read back to see that FSF and gc9 both hold
// the position the FEN means.
TEST(GrandOracleFens, BothProgramsReadEveryFen) {
  FairyStockfish fsf("grand");
  ASSERT_TRUE(fsf.CheckAvailable().ok()) << fsf.CheckAvailable();
  std::vector<std::string> fens;
  for (const OraclePosition& p : kGrandPositions) fens.push_back(p.fen);
  absl::StatusOr<std::vector<std::string>> read = fsf.ReadFens(fens);
  ASSERT_TRUE(read.ok()) << read.status();
  for (size_t i = 0; i < fens.size(); ++i) {
    EXPECT_EQ(BoardAndSide((*read)[i]), BoardAndSide(fens[i])) << "FSF misread " << fens[i];
    EXPECT_EQ(BoardAndSide(GrandPosition(fens[i]).Fen()), BoardAndSide(fens[i]));
  }
}

}  // namespace
}  // namespace gc9::oracle
