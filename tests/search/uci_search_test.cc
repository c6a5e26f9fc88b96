// UCI transcripts of the search commands: limits honoured, stop answered while searching,
// bad input survived, the options and the parameter listing.
#include <sys/sysinfo.h>

#include <cstdint>
#include <regex>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "engine/bench.h"
#include "engine/uci.h"
#include "engine/variant_catalog.h"
#include "gtest/gtest.h"

namespace gc9::engine {
namespace {

class UciSearchTest : public ::testing::Test {
 protected:
  // Runs the commands, waits for the search to report, and returns what was printed.
  std::string Run(const std::vector<std::string>& commands) {
    out_.str("");
    for (const std::string& c : commands) session_.Handle(c);
    session_.WaitForSearch();
    return out_.str();
  }

  std::ostringstream out_;
  UciSession session_{out_};
};

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::vector<std::string> Lines(const std::string& text, const std::string& prefix) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(prefix, 0) == 0) out.push_back(line);
  }
  return out;
}

// The transcript without its wall-clock fields (time and nps).
std::string WithoutClock(const std::string& text) {
  return std::regex_replace(text, std::regex(" (nps|time) \\d+"), "");
}

uint64_t NodesOf(const std::string& info) {
  std::smatch m;
  EXPECT_TRUE(std::regex_search(info, m, std::regex(" nodes (\\d+)"))) << info;
  return std::stoull(m[1]);
}

TEST_F(UciSearchTest, NodeLimitIsExactAndRepeats) {
  const std::string first = Run({"position startpos moves P@e3 P@d3 P@e7 P@d7", "go nodes 1000"});
  const auto infos = Lines(first, "info depth");
  ASSERT_FALSE(infos.empty());
  for (const std::string& info : infos) EXPECT_LE(NodesOf(info), 1000u) << info;
  EXPECT_EQ(NodesOf(infos.back()), 1000u);
  ASSERT_EQ(Lines(first, "bestmove").size(), 1u);
  // A second session, and this one after ucinewgame, print the same transcript.
  std::ostringstream other_out;
  UciSession other(other_out);
  other.Handle("position startpos moves P@e3 P@d3 P@e7 P@d7");
  other.Handle("go nodes 1000");
  other.WaitForSearch();
  EXPECT_EQ(WithoutClock(other_out.str()), WithoutClock(first));
  const std::string again =
      Run({"ucinewgame", "position startpos moves P@e3 P@d3 P@e7 P@d7", "go nodes 1000"});
  EXPECT_EQ(WithoutClock(again), WithoutClock(first));
}

TEST_F(UciSearchTest, DepthLimit) {
  const std::string out = Run({"setoption name UCI_Variant value grand", "go depth 3"});
  EXPECT_TRUE(Contains(out, "info depth 3 "));
  EXPECT_FALSE(Contains(out, "info depth 4 "));
  const auto best = Lines(out, "bestmove ");
  ASSERT_EQ(best.size(), 1u);
  EXPECT_TRUE(std::regex_match(best[0], std::regex("bestmove [a-j]\\d+[a-j]\\d+( ponder \\S+)?")))
      << best[0];
}

TEST_F(UciSearchTest, InfoLineFormat) {
  const std::string out = Run({"go depth 2"});
  for (const std::string& info : Lines(out, "info depth")) {
    EXPECT_TRUE(std::regex_match(
        info, std::regex("info depth \\d+ seldepth \\d+ score (cp -?\\d+|mate -?\\d+) nodes \\d+ "
                         "nps \\d+ hashfull \\d+ time \\d+ pv( \\S+)+")))
        << info;
  }
}

TEST_F(UciSearchTest, StopIsAnsweredWhileSearching) {
  out_.str("");
  session_.Handle("position startpos");
  session_.Handle("go infinite");
  session_.Handle("isready");  // answered at once, while the search runs
  EXPECT_TRUE(Contains(out_.str(), "readyok"));
  EXPECT_FALSE(Contains(out_.str(), "bestmove"));
  session_.Handle("stop");  // returns once the best move is out
  const auto best = Lines(out_.str(), "bestmove ");
  ASSERT_EQ(best.size(), 1u);
  EXPECT_TRUE(Contains(best[0], "bestmove P@")) << best[0];
  EXPECT_LT(out_.str().find("readyok"), out_.str().find("bestmove"));
}

TEST_F(UciSearchTest, TimeLimits) {
  // The last two once overflowed the time arithmetic (the sanitized suite reports that).
  for (const char* go :
       {"go movetime 50", "go wtime 300 btime 300 winc 10 binc 10",
        "go wtime 1000 btime 1000 movestogo 5", "go wtime 300 btime 300 winc 4000000000000000000",
        "go wtime 9223372036854775807 btime 300 movetime 50"}) {
    const std::string out = Run({"position startpos moves P@e3 P@d3 P@e7 P@d7", go});
    EXPECT_EQ(Lines(out, "bestmove ").size(), 1u) << go;
  }
}

// Hash offers up to 64 GB; asking for more than the machine has ended the engine
// (std::bad_alloc). Where the kernel cannot refuse it, the test would take the memory instead.
TEST_F(UciSearchTest, HashBeyondTheMachineIsRefused) {
#ifdef __SANITIZE_ADDRESS__
  GTEST_SKIP() << "AddressSanitizer reserves without the kernel's check";
#endif
  struct sysinfo info;
  ASSERT_EQ(sysinfo(&info), 0);
  if ((uint64_t(info.totalram) + info.totalswap) * info.mem_unit >= (uint64_t{64} << 30)) {
    GTEST_SKIP() << "this machine could hold a 64 GB hash";
  }
  const std::string out = Run({"setoption name Hash value 65536", "go depth 2"});
  EXPECT_TRUE(Contains(out, "info string error: Hash 65536: not that much memory")) << out;
  EXPECT_EQ(Lines(out, "bestmove ").size(), 1u) << out;  // the old table still serves
}

TEST_F(UciSearchTest, BadInputIsSurvived) {
  std::string out = Run({"go nodes abc"});
  EXPECT_TRUE(Contains(out, "info string error: go nodes needs a number, got \"abc\"")) << out;
  EXPECT_FALSE(Contains(out, "bestmove"));
  out = Run({"go depth"});
  EXPECT_TRUE(Contains(out, "info string error: go depth needs a number")) << out;
  out = Run({"go sideways 3"});
  EXPECT_TRUE(Contains(out, "info string error: go: unknown limit \"sideways\"")) << out;
  out = Run({"setoption name SceptreValueMg value 99999"});
  EXPECT_TRUE(
      Contains(out, "info string error: parameter SceptreValueMg value 99999 is outside 600..2000"))
      << out;
  out = Run({"setoption name SceptreValueMg value many"});
  EXPECT_TRUE(Contains(out, "info string error: option SceptreValueMg needs an integer")) << out;
  out = Run({"setoption name Hash value 0"});
  EXPECT_TRUE(Contains(out, "info string error: Hash 0 is outside 1..")) << out;
  out = Run({"isready", "go depth 2"});
  EXPECT_TRUE(Contains(out, "readyok"));
  EXPECT_EQ(Lines(out, "bestmove ").size(), 1u);
}

TEST_F(UciSearchTest, OptionsAndParameters) {
  std::string out = Run({"uci"});
  EXPECT_TRUE(Contains(out, "option name Hash type spin default 16 min 1 max 65536\n"));
  EXPECT_TRUE(
      Contains(out, "option name SceptreValueMg type spin default 1200 min 600 max 2000\n"));
  EXPECT_TRUE(
      Contains(out, "option name CharioteerValueEg type spin default 400 min 0 max 1000\n"));
  EXPECT_TRUE(Contains(out, "option name NullMove type spin default 1 min 0 max 1\n"));
  EXPECT_TRUE(Contains(out, "uciok"));
  out = Run({"setoption name SceptreValueMg value 1150", "setoption name Hash value 4", "params"});
  EXPECT_FALSE(Contains(out, "error")) << out;
  EXPECT_TRUE(Contains(out, "SceptreValueMg,1150,600,2000,40,0.0020\n")) << out;
  const auto listing = Lines(out, "");
  EXPECT_EQ(listing.size(), Params().Listing().size());
  // Grand Chess's own weights are the values its search uses, so `params` lists them, and a
  // value set explicitly replaces the variant's.
  out = "\n" + Run({"setoption name UCI_Variant value grand", "setoption name MobilityEg value 30",
                    "params"});
  const auto grand = *BuiltinVariant("grand");
  for (const auto& [id, value] : grand->eval_weights()) {
    const ParamSpec& spec = ParamSpecs()[id];
    if (id == kMobilityEg) {
      EXPECT_TRUE(Contains(out, absl::StrCat("\nMobilityEg,30,"))) << out;
    } else {
      EXPECT_TRUE(Contains(out, absl::StrCat("\n", spec.name, ",", value, ","))) << spec.name;
    }
  }
}

TEST_F(UciSearchTest, GameOverGivesNoMove) {
  std::string out = Run({"setoption name UCI_Variant value grandchess9-noshield",
                         "position fen kc5R1/9/2K6/9/9/9/9/9/R8 b - - 0 1", "go depth 3"});
  EXPECT_TRUE(Contains(out, "info string game over: checkmate\nbestmove (none)")) << out;
  out = Run({"setoption name UCI_Variant value grandchess9",
             "position fen kc5R1/9/2K6/9/9/9/9/9/R8 b - - 0 1", "go nodes 100"});
  EXPECT_TRUE(Contains(out, "info string game over: shielded\nbestmove (none)")) << out;
}

TEST_F(UciSearchTest, EndOfInputFinishesTheSearch) {
  std::istringstream in("position startpos\ngo depth 3\n");
  session_.Run(in);
  EXPECT_EQ(Lines(out_.str(), "bestmove ").size(), 1u);
  std::istringstream infinite("go infinite\n");
  out_.str("");
  session_.Run(infinite);  // no stop can come: the search is stopped at the end of input
  EXPECT_EQ(Lines(out_.str(), "bestmove ").size(), 1u);
}

}  // namespace
}  // namespace gc9::engine
