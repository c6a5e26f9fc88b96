// UCI transcripts: the session answers in Stockfish's and Fairy-Stockfish's format and
// survives every bad input with an `info string` error and its previous position.
#include "engine/uci.h"

#include <fstream>
#include <sstream>

#include "gtest/gtest.h"

namespace gc9::engine {
namespace {

class UciTest : public ::testing::Test {
 protected:
  // Runs the commands and returns everything the session printed.
  std::string Run(const std::vector<std::string>& commands) {
    out_.str("");
    for (const std::string& c : commands) session_.Handle(c);
    return out_.str();
  }
  std::string FenLine() {
    const std::string d = Run({"d"});
    const size_t at = d.find("Fen: ");
    return d.substr(at + 5, d.find('\n', at) - at - 5);
  }

  std::ostringstream out_;
  UciSession session_{out_};
};

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST_F(UciTest, Handshake) {
  const std::string out = Run({"uci", "isready"});
  EXPECT_TRUE(Contains(out, "id name gc9"));
  EXPECT_TRUE(Contains(out,
                       "option name UCI_Variant type combo default grandchess9 var chess8400 "
                       "var grand var grandchess9 var grandchess9-app "
                       "var grandchess9-fullshield var grandchess9-noshield var granlem "
                       "var granlem-multimove var modern"));
  EXPECT_TRUE(Contains(out, "uciok"));
  EXPECT_TRUE(Contains(out, "readyok"));
}

TEST_F(UciTest, PositionAndDisplay) {
  Run({"position startpos moves P@a3 P@i3 P@e7"});
  EXPECT_EQ(FenLine(), "rcnsqkbcr/ppppppppp/4p4/9/9/9/P7P/PPPPPPPPP/RCNSQKBCR[p] b - - 0 1");
  const std::string d = Run({"d"});
  EXPECT_TRUE(Contains(d, "Result: ongoing"));
  EXPECT_TRUE(Contains(d, "Variant: grandchess9"));
  Run({"position fen k6R1/1c7/1N7/9/9/9/9/9/R3K4 b - - 0 1"});
  EXPECT_TRUE(Contains(Run({"d"}), "Result: shielded"));
}

TEST_F(UciTest, PerftDivide) {
  const std::string out = Run({"position startpos", "go perft 2"});
  EXPECT_TRUE(Contains(out, "P@a3: 8\n"));
  EXPECT_TRUE(Contains(out, "Nodes searched: 72\n"));
  int lines = 0;
  for (size_t at = out.find(": 8\n"); at != std::string::npos; at = out.find(": 8\n", at + 1)) {
    ++lines;
  }
  EXPECT_EQ(lines, 9);
}

TEST_F(UciTest, VariantSwitch) {
  Run({"setoption name UCI_Variant value grand"});
  EXPECT_EQ(FenLine(), "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1");
  EXPECT_TRUE(Contains(Run({"go perft 2"}), "Nodes searched: 4225"));
  // An unknown variant keeps the current one.
  EXPECT_TRUE(Contains(Run({"setoption name UCI_Variant value nosuch"}),
                       "info string error: unknown variant \"nosuch\""));
  EXPECT_TRUE(Contains(FenLine(), "1NBQKCABN1"));
}

TEST_F(UciTest, BadInputKeepsThePreviousPosition) {
  Run({"position startpos moves P@c3"});
  const std::string before = FenLine();
  EXPECT_TRUE(Contains(Run({"position startpos moves P@c3 e2e4"}),
                       "info string error: illegal move \"e2e4\""));
  EXPECT_EQ(FenLine(), before);
  EXPECT_TRUE(Contains(Run({"position fen 4k4/9 w - - 0 1"}), "info string error: bad FEN"));
  EXPECT_EQ(FenLine(), before);
  EXPECT_TRUE(Contains(Run({"position sideways"}), "info string error"));
  EXPECT_TRUE(Contains(Run({"frobnicate"}), "info string error: unknown command \"frobnicate\""));
  EXPECT_TRUE(Contains(Run({"go perft x"}), "info string error: perft depth \"x\""));
  EXPECT_TRUE(Contains(Run({"setoption value 3"}), "info string error"));
  EXPECT_TRUE(Contains(Run({"setoption name NoSuchOption value 3"}), "unknown option"));
  EXPECT_TRUE(Contains(Run({"isready"}), "readyok"));
  EXPECT_EQ(FenLine(), before);
}

TEST_F(UciTest, QuitEndsTheSession) {
  EXPECT_TRUE(session_.Handle("isready"));
  EXPECT_FALSE(session_.Handle("quit"));
}

TEST_F(UciTest, VariantPathLoadsAUserDefinition) {
  const std::string bad = ::testing::TempDir() + "/broken.textproto";
  std::ofstream(bad) << "name: \"broken\"\nfiles: 99\n";
  EXPECT_TRUE(
      Contains(Run({"setoption name VariantPath value " + bad}), "files: 99 is outside 8..20"));
}

}  // namespace
}  // namespace gc9::engine
