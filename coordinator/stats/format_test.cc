#include "coordinator/stats/format.h"

#include "gtest/gtest.h"

namespace gc9::coordinator::stats {
namespace {

TEST(FormatTest, LlrLine) {
  SprtResult sprt;
  sprt.llr = 2.9520;
  sprt.bounds = *ComputeWaldBounds(0.05, 0.05);
  SprtParams params;
  params.elo0 = 0;
  params.elo1 = 2;
  EXPECT_EQ(FormatLlrLine(sprt, params), "LLR: 2.95 (-2.94, 2.94) [0.00, 2.00]");
  params.elo0 = -1.75;
  params.elo1 = 0.25;
  sprt.llr = -0.0031;
  EXPECT_EQ(FormatLlrLine(sprt, params), "LLR: 0.00 (-2.94, 2.94) [-1.75, 0.25]");
}

TEST(FormatTest, EloLine) {
  EloEstimate elo;
  elo.elo = 2.3512;
  elo.low = elo.elo - 1.8004;
  elo.high = elo.elo + 1.8004;
  NormalizedEloEstimate nelo;
  nelo.nelo = 4.0077;
  nelo.low = nelo.nelo - 3.0701;
  nelo.high = nelo.nelo + 3.0701;
  EXPECT_EQ(FormatEloLine(elo, nelo), "Elo: 2.35 +/- 1.80 (95%), nElo: 4.01 +/- 3.07");
}

TEST(FormatTest, LosLine) {
  EXPECT_EQ(FormatLosLine(0.98604, 0.633), "LOS: 98.60 %, DrawRatio: 63.30 %");
}

TEST(FormatTest, PentanomialLine) {
  EXPECT_EQ(FormatPentanomialLine(Pentanomial{{39, 5335, 18992, 5622, 12}}),
            "Ptnml(0-2): [39, 5335, 18992, 5622, 12]");
}

TEST(FormatTest, GamesLineFromCounts) {
  // Stockfish PR #4160's fishtest line "Total: 60000 W: 16422 L: 16189 D:
  // 27389".
  EXPECT_EQ(FormatGamesLine(WinLossDraw{16422, 16189, 27389}),
            "Games: 60000, W: 16422, L: 16189, D: 27389");
}

TEST(FormatTest, GamesLineFromPentanomialSplitsMiddlePairs) {
  // By hand: of the 3 pairs scoring 1, one counts as WL and two as DD, so
  // W = 4 + 2 * 5 + 1, L = 2 + 2 * 1 + 1, D = 2 + 4 + 2 * 2.
  EXPECT_EQ(FormatGamesLine(Pentanomial{{1, 2, 3, 4, 5}}), "Games: 30, W: 15, L: 5, D: 10");
}

}  // namespace
}  // namespace gc9::coordinator::stats
