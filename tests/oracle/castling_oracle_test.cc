// Modern Chess and Chess8400 against Fairy-Stockfish: castling (Modern's king's-move notation
// and Chess960's king-takes-rook), promotion to the minister, en passant, on composed
// positions with FSF's totals kept here, on arrays of gc9's numbering, and on random games.
#include <string>
#include <vector>

#include "engine/chess8400.h"
#include "engine/position.h"
#include "engine/variant_catalog.h"
#include "gtest/gtest.h"
#include "tests/oracle/compare.h"
#include "tests/oracle/fairy_stockfish.h"
#include "tests/oracle/oracle_position.h"
#include "tests/oracle/random_walk.h"

namespace gc9::oracle {
namespace {

constexpr OraclePosition kModernPositions[] = {
    {"Start", "rnbqkmbnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBMKQBNR w KQkq - 0 1", 4, 433729},
    {"CastlingBothSides", "r3k3r/9/9/9/9/9/9/9/R3K3R w KQkq - 0 1", 4, 509836},
    // The f9 rook attacks f1, which the king crosses when castling to g1.
    {"CastlingThroughCheck", "4kr3/9/9/9/9/9/9/9/R3K3R w KQ - 0 1", 4, 168979},
    {"MiddleGameCastling", "r3k3r/ppp1qpppp/2npbn3/4p4/4P4/2NPBN3/PPP1QPPPP/9/R3K3R w KQkq - 0 1",
     3, 114291},
    {"Promotions", "4k4/1P7/9/9/9/9/9/7p1/4K4 w - - 0 1", 4, 10540},
    {"EnPassant", "4k4/9/9/3pP4/9/9/9/9/4K4 w - d7 0 1", 4, 1812},
};

constexpr OraclePosition kChess8400Positions[] = {
    {"Array0", "bbqmnnrkr/ppppppppp/9/9/9/9/9/PPPPPPPPP/BBQMNNRKR w KQkq - 0 1", 4, 435569},
    {"KingBesideRooks", "rkrbbqmnn/ppppppppp/9/9/9/9/9/PPPPPPPPP/RKRBBQMNN w KQkq - 0 1", 4,
     360854},
    // King f1 and rook g1 castle far side by swapping places, from the start.
    {"KingOnFRookOnG", "bbqmnrknr/ppppppppp/9/9/9/9/9/PPPPPPPPP/BBQMNRKNR w KQkq - 0 1", 4, 439168},
    {"KingOnD", "rbbkqrnmn/ppppppppp/9/9/9/9/9/PPPPPPPPP/RBBKQRNMN w KQkq - 0 1", 4, 364372},
    {"OpenCastlingD", "r2k1r3/ppp1ppppp/9/9/9/9/9/PPP1PPPPP/R2K1R3 w KQkq - 0 1", 4, 463449},
    // The king already stands on g1: castling moves only the rook.
    {"KingAlreadyOnG", "1r4kr1/ppppppppp/9/9/9/9/9/PPPPPPPPP/1R4KR1 w KQkq - 0 1", 4, 508376},
    {"RooksBesideKing", "3rkr3/9/9/9/9/9/9/9/3RKR3 w KQkq - 0 1", 4, 240950},
    // The b9 rook attacks b1, which only the castling rook crosses.
    {"RookCrossesAttacked", "1r2k4/9/9/9/9/9/9/9/R3K2R1 w KQ - 0 1", 4, 214198},
    // Rights on inner rooks, written with file letters.
    {"InnerRookLetters", "r2k3rr/9/9/9/9/9/9/9/RR1K4R w Bha - 0 1", 4, 1275517},
};

FairyStockfish Chess8400Oracle() {
  return FairyStockfish("chess8400", std::string(GC9_ORACLE_DIR) + "/chess8400_fsf.ini");
}

void ExpectSameDivide(const std::string& variant, const FairyStockfish& fsf,
                      const OraclePosition& p) {
  ASSERT_TRUE(fsf.CheckAvailable().ok()) << fsf.CheckAvailable();
  absl::StatusOr<PerftResult> expected = fsf.Perft(p.fen, p.depth);
  ASSERT_TRUE(expected.ok()) << expected.status();
  auto v = engine::BuiltinVariant(variant);
  ASSERT_TRUE(v.ok()) << v.status();
  engine::Position pos(*v);
  ASSERT_TRUE(pos.SetFen(p.fen).ok()) << p.fen;
  std::map<std::string, uint64_t> divide = Gc9Divide(pos, p.depth);
  EXPECT_TRUE(SameDivide(p.fen, divide, *expected));
  EXPECT_EQ(expected->total, p.fsf_total) << "FSF itself no longer gives the stored count";
}

class ModernOracleTest : public ::testing::TestWithParam<OraclePosition> {};
TEST_P(ModernOracleTest, DivideMatchesFairyStockfish) {
  ExpectSameDivide("modern", FairyStockfish("modern"), GetParam());
}
INSTANTIATE_TEST_SUITE_P(Positions, ModernOracleTest, ::testing::ValuesIn(kModernPositions),
                         [](const auto& info) { return std::string(info.param.name); });

class Chess8400OracleTest : public ::testing::TestWithParam<OraclePosition> {};
TEST_P(Chess8400OracleTest, DivideMatchesFairyStockfish) {
  ExpectSameDivide("chess8400", Chess8400Oracle(), GetParam());
}
INSTANTIATE_TEST_SUITE_P(Positions, Chess8400OracleTest, ::testing::ValuesIn(kChess8400Positions),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(Chess8400Oracle, VariantFileLoads) { EXPECT_TRUE(Chess8400Oracle().CheckVariantFile().ok()); }

// Arrays spread over the numbering, each to depth 3 in one FSF run.
TEST(Chess8400Oracle, ArraysOfTheNumbering) {
  FairyStockfish fsf = Chess8400Oracle();
  ASSERT_TRUE(fsf.CheckAvailable().ok()) << fsf.CheckAvailable();
  auto v = engine::BuiltinVariant("chess8400");
  ASSERT_TRUE(v.ok());
  std::vector<PerftQuery> queries;
  for (int i = 0; i < engine::kChess8400Arrays; i += 421) {
    queries.push_back({*engine::Chess8400StartFen(i), 3});
  }
  absl::StatusOr<std::vector<PerftResult>> expected = fsf.PerftBatch(queries);
  ASSERT_TRUE(expected.ok()) << expected.status();
  for (size_t i = 0; i < queries.size(); ++i) {
    engine::Position pos(*v);
    ASSERT_TRUE(pos.SetFen(queries[i].fen).ok());
    EXPECT_TRUE(SameDivide(queries[i].fen, Gc9Divide(pos, 3), (*expected)[i]));
  }
}

TEST(ModernRandomWalk, PerftThreeMatchesFairyStockfish) {
  RandomWalk(FairyStockfish("modern"),
             {"modern", {kModernPositions[0].fen, kModernPositions[3].fen}, 9, 20, 3, 100});
}

// Games from arrays and from open back ranks, where castling of every kind comes up.
TEST(Chess8400RandomWalk, PerftThreeMatchesFairyStockfish) {
  std::vector<std::string> starts;
  for (const OraclePosition& p : kChess8400Positions) starts.push_back(p.fen);
  RandomWalk(Chess8400Oracle(), {"chess8400", starts, 8400, 27, 3, 120});
}

}  // namespace
}  // namespace gc9::oracle
