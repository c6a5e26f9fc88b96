// Granlem Shatranj and its multi-move variant: gc9's perft divide against the independent
// reference's on the positions of granlem_positions.txt (every piece, the pawns' ranked moves,
// promotion zones, checks and pins through two-leg moves, sections, leaders and turn ends), the
// stored totals, and random games compared ply by ply.
#include <fstream>
#include <map>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "engine/game.h"
#include "engine/variant_catalog.h"
#include "gtest/gtest.h"
#include "tests/oracle/compare.h"
#include "tests/oracle/granlem_reference.h"

namespace gc9::oracle {
namespace {

struct ReferencePosition {
  std::string variant, fen, what;
  int depth = 0;
  uint64_t nodes = 0;
};

std::ostream& operator<<(std::ostream& os, const ReferencePosition& p) {
  return os << p.variant << " depth " << p.depth << ": " << p.what;
}

std::vector<ReferencePosition> LoadPositions() {
  std::vector<ReferencePosition> out;
  std::ifstream in(std::string(GC9_ORACLE_DIR) + "/granlem_positions.txt");
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> f = absl::StrSplit(line, '|');
    if (f.size() != 5) continue;
    ReferencePosition p{f[0], f[1], f[4]};
    if (absl::SimpleAtoi(f[2], &p.depth) && absl::SimpleAtoi(f[3], &p.nodes)) out.push_back(p);
  }
  return out;
}

std::unique_ptr<engine::Game> GameOf(const std::string& variant) {
  auto v = engine::BuiltinVariant(variant);
  EXPECT_TRUE(v.ok()) << v.status();
  auto game = engine::Game::New(*v);
  EXPECT_TRUE(game.ok()) << game.status();
  return std::move(*game);
}

std::map<std::string, uint64_t> Gc9Divide(engine::Game& game, int depth) {
  std::map<std::string, uint64_t> divide;
  for (const auto& [move, count] : game.PerftDivide(depth)) {
    if (!divide.emplace(move, count).second) divide[move + "(twice)"] = count;
  }
  return divide;
}

class GranlemOracleTest : public ::testing::TestWithParam<ReferencePosition> {};

TEST_P(GranlemOracleTest, DivideMatchesTheReference) {
  const ReferencePosition& p = GetParam();
  SCOPED_TRACE(p.what);
  auto game = GameOf(p.variant);
  ASSERT_TRUE(game->SetFen(p.fen).ok()) << game->SetFen(p.fen);
  absl::StatusOr<PerftResult> expected = ReferencePerft(p.variant, p.fen, p.depth);
  ASSERT_TRUE(expected.ok()) << expected.status();
  EXPECT_EQ(expected->total, p.nodes) << "the reference no longer gives the stored count";
  EXPECT_TRUE(SameDivide(p.fen, Gc9Divide(*game, p.depth), *expected));
}

INSTANTIATE_TEST_SUITE_P(Positions, GranlemOracleTest, ::testing::ValuesIn(LoadPositions()));

TEST(GranlemOracle, ThePositionFileIsComplete) { EXPECT_EQ(LoadPositions().size(), 14u); }

// Seeded random games, mostly through captures and the middle of multi-move turns (which no
// FEN can express: the reference replays the moves from the start).
TEST(GranlemOracle, RandomGamesMatchTheReference) {
  for (const char* variant : {"granlem", "granlem-multimove"}) {
    std::mt19937_64 rng(20261202);
    for (int g = 0; g < 2; ++g) {
      auto game = GameOf(variant);
      const std::string start = game->Fen();
      std::vector<std::string> moves;
      for (int ply = 0; ply < 120; ++ply) {
        const std::vector<std::string> legal = game->LegalMoves();
        if (legal.empty()) break;
        // Every 20th ply a depth-2 divide; the others advance the game.
        if (ply % 20 == 19) {
          absl::StatusOr<PerftResult> expected = ReferencePerft(variant, start, 2, moves);
          ASSERT_TRUE(expected.ok()) << expected.status();
          EXPECT_TRUE(SameDivide(game->Fen(), Gc9Divide(*game, 2), *expected))
              << variant << " game " << g << " after " << moves.size() << " plies";
        }
        const std::string next = legal[rng() % legal.size()];
        moves.push_back(next);
        ASSERT_TRUE(game->Play(next).ok());
      }
    }
  }
}

}  // namespace
}  // namespace gc9::oracle
