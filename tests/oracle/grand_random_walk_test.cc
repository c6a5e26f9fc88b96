// Grand Chess: seeded random games with every tenth position's perft divide compared
// against Fairy-Stockfish's (random_walk.h).
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tests/oracle/fairy_stockfish.h"
#include "tests/oracle/grand_positions.h"
#include "tests/oracle/random_walk.h"

namespace gc9::oracle {
namespace {

// The start plays most games; the others begin where promotions and en passant are near.
std::vector<std::string> Starts() {
  std::vector<std::string> starts;
  for (const char* name :
       {"Start", "Start", "Start", "PromotionPartial", "EnPassantWhite", "BlackPromotionsPartial",
        "CapturePromotionOnePieceFree", "MiddleGame"}) {
    bool found = false;
    for (const OraclePosition& p : kGrandPositions) {
      if (std::string(name) == p.name) {
        starts.push_back(p.fen);
        found = true;
      }
    }
    EXPECT_TRUE(found) << "no position " << name;
  }
  return starts;
}

// 30 games, perft(2) at each sample: about 240 positions in well under a second.
TEST(GrandRandomWalk, PerftTwoMatchesFairyStockfish) {
  RandomWalk(FairyStockfish("grand"), {"grand", Starts(), 20240905, 30, 2, 150});
}

// Other games one ply deeper, where a wrong promotion count or a missed check shows up in
// the replies to the replies: a few seconds.
TEST(GrandRandomWalk, PerftThreeMatchesFairyStockfish) {
  RandomWalk(FairyStockfish("grand"), {"grand", Starts(), 77, 40, 3, 200});
}

}  // namespace
}  // namespace gc9::oracle
