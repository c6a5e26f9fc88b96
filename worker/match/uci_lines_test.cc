// What the worker reads from a UCI engine, line by line, including what no engine should say.
#include "worker/match/uci_lines.h"

#include <limits>

#include "gtest/gtest.h"

namespace gc9::worker {
namespace {

TEST(UciLinesTest, HandshakeNamesTheEngineItsOptionsAndVariants) {
  UciDescription d;
  EXPECT_FALSE(ReadUciLine("id name Fairy-Stockfish 11.1", &d));
  EXPECT_FALSE(ReadUciLine("option name Hash Size type spin default 16 min 1 max 64", &d));
  EXPECT_FALSE(
      ReadUciLine("option name UCI_Variant type combo default chess var chess var grand", &d));
  EXPECT_FALSE(ReadUciLine("option name", &d));  // says nothing, breaks nothing
  EXPECT_TRUE(ReadUciLine("uciok", &d));
  EXPECT_EQ(d.id_name, "Fairy-Stockfish 11.1");
  EXPECT_EQ(d.option_names, (std::vector<std::string>{"Hash Size", "UCI_Variant"}));
  EXPECT_EQ(d.variant_choices, (std::vector<std::string>{"chess", "grand"}));
}

TEST(UciLinesTest, OptionsBeyondTheLimitAreNotKept) {
  UciDescription d;
  for (size_t i = 0; i < kMaxOptions + 10; ++i) {
    ReadUciLine("option name Opt" + std::to_string(i) + " type button", &d);
  }
  EXPECT_EQ(d.option_names.size(), kMaxOptions);
  EXPECT_EQ(d.option_names.back(), "Opt" + std::to_string(kMaxOptions - 1));
}

TEST(UciLinesTest, SearchOutputKeepsTheLastScoreAndTheMove) {
  PlayerMove move;
  EXPECT_EQ(ReadSearchLine("info depth 7 nodes 1234 score cp -35 pv e2e4", &move),
            SearchLine::kInfo);
  EXPECT_EQ(ReadSearchLine("info depth 8 score mate 3", &move), SearchLine::kInfo);
  EXPECT_EQ(ReadSearchLine("info string score cp 999", &move), SearchLine::kInfo);
  EXPECT_EQ(ReadSearchLine("readyok", &move), SearchLine::kOther);
  EXPECT_EQ(ReadSearchLine("bestmove e7e5 ponder d2d4", &move), SearchLine::kBestMove);
  EXPECT_EQ(move.uci, "e7e5");
  EXPECT_EQ(move.depth, 8);
  EXPECT_EQ(move.nodes, 1234);
  EXPECT_FALSE(move.score_cp.has_value());
  EXPECT_EQ(move.mate_in, 3);
  PlayerMove bad;
  EXPECT_EQ(ReadSearchLine("bestmove", &bad), SearchLine::kProtocolError);
  EXPECT_EQ(bad.fault, PlayerMove::kProtocolError);
  EXPECT_EQ(bad.detail, "'bestmove'");
}

// Read into an int, 4294966296 wrapped to -1000 and -2147483648 made the adjudicator's
// negation overflow.
TEST(UciLinesTest, NumbersBeyondIntSaturateWithTheirSign) {
  constexpr int kMax = std::numeric_limits<int>::max();
  PlayerMove move;
  ReadSearchLine("info depth 99999999999 score cp 4294966296", &move);
  EXPECT_EQ(move.score_cp, kMax);
  EXPECT_EQ(move.depth, kMax);
  ReadSearchLine("info score cp -2147483648", &move);
  EXPECT_EQ(move.score_cp, -kMax);
  ReadSearchLine("info score mate -9223372036854775808", &move);
  EXPECT_EQ(move.mate_in, -kMax);
}

}  // namespace
}  // namespace gc9::worker
