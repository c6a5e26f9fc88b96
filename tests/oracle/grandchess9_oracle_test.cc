// TheGrandChess9 against Fairy-Stockfish on positions without Charioteers, through the
// variant file grandchess9_fsf.ini (FSF 11.1 has no piece that moves like a Charioteer), and
// gc9's start position against the published counts.
#include <map>
#include <string>
#include <vector>

#include "engine/movegen.h"
#include "engine/perft.h"
#include "engine/position.h"
#include "engine/variant_catalog.h"
#include "gtest/gtest.h"
#include "tests/oracle/compare.h"
#include "tests/oracle/fairy_stockfish.h"
#include "tests/oracle/oracle_position.h"

namespace gc9::oracle {
namespace {

using engine::Move;
using engine::MoveKind;
using engine::Position;

constexpr char kFsfVariant[] = "grandchess9fsf";
constexpr char kFsfVariantFile[] = GC9_ORACLE_DIR "/grandchess9_fsf.ini";

// FSF's counts come from grandchess9_fsf.ini; gc9's promotions to a Charioteer are left out
// of gc9's count (see SkipCharioteerPromotion), the one rule FSF cannot play here.
constexpr OraclePosition kPositions[] = {
    // The placement phase on the start without Charioteers. FSF alternates the turn after each
    // drop and gc9 lets White drop both first, but from depth 4 on both orders reach the same
    // positions, so the divides agree drop by drop.
    {"PlacementNoCharioteers", "r1nsqkb1r/ppppppppp/9/9/9/9/9/PPPPPPPPP/R1NSQKB1R[PPpp] w - - 0 1",
     6, 2310400},
    // Just after placement: the placed pawns (b3, h3, c7, g7) never double-step, and the b2,
    // h2, c8 and g8 pawns behind them are blocked.
    {"AfterPlacement", "r1nsqkb1r/ppppppppp/2p3p2/9/9/9/1P5P1/PPPPPPPPP/R1NSQKB1R w - - 0 2", 4,
     266953},
    // Middle games from FSF's own play from AfterPlacement (16 and 28 plies), both Sceptres
    // on the board.
    {"MiddleGameSceptres",
     "r3q1k1r/ppp2pp2/2pn2ppb/3pp1s1p/9/3PP4/PPPNBP1P1/1P4PPP/R2SQ1K1R w - - 7 10", 4, 5285467},
    {"MiddleGameLater",
     "r7r/ppp2ppk1/2p1q1pp1/3p1n2p/4p1s1P/3PP3R/PPPN1P1P1/1PS3PP1/R3Q2K1 w - - 5 16", 4, 7822704},
    // White keeps its Sceptre, so c8-c9, h8-h9 and h8xg9 promote to Q, R, B or N only.
    {"PromotionWithSceptreOnBoard", "4k1r2/2P4P1/9/9/9/9/9/9/3SK4 w - - 0 1", 4, 191747},
    // White has no Sceptre and may make one on b9; Black has one, so g2-g1 may not.
    {"PromotionToSceptre", "3sk4/1P7/9/9/9/9/9/6p2/4K4 w - - 0 1", 4, 39111},
    // Two pawns each and no Sceptre: once b8-b9 makes one, h8-h9 can no longer (the limit
    // counts the Sceptres on the board); the same for Black's b2 and h2.
    {"SecondSceptreRefused", "4k4/1P5P1/9/9/9/9/9/1p5p1/4K4 w - - 0 1", 4, 28216},
    // En passant by White after d8-d6: c6xd7 and e6xd7.
    {"EnPassantWhite", "4k4/ppp1ppppp/9/2PpP4/9/9/9/PP5PP/4K4 w - d7 0 1", 4, 81592},
    // En passant by Black after e2-e4: d4xe3 and f4xe3; deep enough to promote.
    {"EnPassantBlack", "4k4/9/9/9/9/3pPp3/9/9/4K4 b - e3 0 1", 6, 115191},
    // En passant illegal: e4xf3 would open rank 4 between the a4 king and the i4 rook.
    {"EnPassantPinnedOnRank", "4K4/9/9/9/9/k3pP2R/9/9/9 b - f3 0 1", 4, 13307},
    // Check by the Sceptre's knight leap d3-e1, which also sweeps every flight square: only
    // Rxd3 and Bxd3 answer it.
    {"SceptreKnightCheck", "4k4/9/9/9/9/R2s5/9/9/1B2K4 w - - 0 1", 4, 448487},
    // Double check, Sceptre leap c2-e1 and the h4 bishop: Qxc2 is illegal, Kf1 the only move.
    {"DoubleCheckSceptreAndBishop", "8k/9/9/9/9/7b1/9/Q1s6/4K4 w - - 0 1", 5, 468272},
    // Pins: the e4 Sceptre on the e-file (it may slide up it), the c3 knight on the a5-e1
    // diagonal, the g3 queen on the i5-e1 diagonal; Black's b8 Sceptre on d6-a9.
    {"PinsWithSceptres", "k3r4/1s7/9/3B5/b7q/4S4/2N3Q2/9/4K4 w - - 0 1", 4, 1537303},
};

std::shared_ptr<const engine::Variant> Grandchess9() {
  auto variant = engine::BuiltinVariant("grandchess9");
  EXPECT_TRUE(variant.ok()) << variant.status();
  return *variant;
}

// FSF 11.1 has no stand-in for the Charioteer, so its file promotes to q r b n s only.
bool SkipCharioteerPromotion(const Position& pos, Move m) {
  return m.kind() == MoveKind::kPromotion && pos.variant().piece(m.piece()).letter == 'C';
}

FairyStockfish Fsf() { return FairyStockfish(kFsfVariant, kFsfVariantFile); }

TEST(Grandchess9FsfFile, LoadsWithoutComplaint) {
  FairyStockfish fsf = Fsf();
  ASSERT_TRUE(fsf.CheckAvailable().ok()) << fsf.CheckAvailable();
  EXPECT_TRUE(fsf.CheckVariantFile().ok()) << fsf.CheckVariantFile();
}

TEST(Grandchess9FsfFile, BothProgramsReadEveryFen) {
  FairyStockfish fsf = Fsf();
  ASSERT_TRUE(fsf.CheckAvailable().ok()) << fsf.CheckAvailable();
  std::vector<std::string> fens;
  for (const OraclePosition& p : kPositions) fens.push_back(p.fen);
  absl::StatusOr<std::vector<std::string>> read = fsf.ReadFens(fens);
  ASSERT_TRUE(read.ok()) << read.status();
  for (size_t i = 0; i < fens.size(); ++i) {
    EXPECT_EQ(BoardAndSide((*read)[i]), BoardAndSide(fens[i])) << "FSF misread " << fens[i];
    Position pos(Grandchess9());
    ASSERT_TRUE(pos.SetFen(fens[i]).ok()) << fens[i];
    EXPECT_EQ(BoardAndSide(pos.Fen()), BoardAndSide(fens[i]));
  }
}

class Grandchess9OracleTest : public ::testing::TestWithParam<OraclePosition> {};

TEST_P(Grandchess9OracleTest, DivideMatchesFairyStockfish) {
  const OraclePosition& p = GetParam();
  FairyStockfish fsf = Fsf();
  ASSERT_TRUE(fsf.CheckAvailable().ok()) << fsf.CheckAvailable();
  absl::StatusOr<PerftResult> expected = fsf.Perft(p.fen, p.depth);
  ASSERT_TRUE(expected.ok()) << expected.status();

  Position pos(Grandchess9());
  ASSERT_TRUE(pos.SetFen(p.fen).ok()) << p.fen;
  engine::PieceType charioteer = pos.variant().TypeOfLetter('C');
  ASSERT_EQ(pos.count(engine::kWhite, charioteer) + pos.count(engine::kBlack, charioteer), 0)
      << "FSF cannot play a position with Charioteers";
  std::map<std::string, uint64_t> divide = Gc9Divide(pos, p.depth, SkipCharioteerPromotion);
  EXPECT_TRUE(SameDivide(p.fen, divide, *expected));
  EXPECT_EQ(expected->total, p.fsf_total) << "FSF itself no longer gives the stored count";
  uint64_t total = 0;
  for (const auto& entry : divide) total += entry.second;
  EXPECT_EQ(total, p.fsf_total);
}

INSTANTIATE_TEST_SUITE_P(Positions, Grandchess9OracleTest, ::testing::ValuesIn(kPositions),
                         [](const auto& info) { return std::string(info.param.name); });

// The published counts from the start (shared/reference/grandchess9.md, an independent
// implementation that agrees with FSF from depth 5): this position has Charioteers, so FSF
// cannot be asked live.
TEST(Grandchess9Start, PublishedCounts) {
  constexpr uint64_t kPublished[] = {9, 72, 648, 5184, 99072, 1893376};
  Position pos(Grandchess9());
  ASSERT_TRUE(pos.SetStart().ok());
  ASSERT_EQ(pos.Fen(), "rcnsqkbcr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RCNSQKBCR[PPpp] w - - 0 1");
  for (int depth = 1; depth <= 6; ++depth) {
    EXPECT_EQ(engine::Perft(pos, depth), kPublished[depth - 1]) << "depth " << depth;
  }
}

}  // namespace
}  // namespace gc9::oracle
