// The oracle helper itself: FSF's output parsed, a missing binary or file reported as an
// error rather than a crash, and one live answer that everyone knows.
#include "tests/oracle/fairy_stockfish.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <string>

#include "gtest/gtest.h"

namespace gc9::oracle {
namespace {

TEST(FairyStockfishHelper, ParsesDivideBlocks) {
  const std::string output =
      "Fairy-Stockfish 11.1 LB 64 by Fabian Fichter\n"
      "info string variant x files 9 ranks 9\n"
      "e2e4: 20\ne9e10q: 3\nP@d3: 7\n\nNodes searched: 30\n\n"
      "a1a2: 1\n\nNodes searched: 1\n";
  absl::StatusOr<std::vector<PerftResult>> results = ParsePerftOutput(output);
  ASSERT_TRUE(results.ok()) << results.status();
  ASSERT_EQ(results->size(), 2u);
  EXPECT_EQ((*results)[0].total, 30u);
  EXPECT_EQ((*results)[0].divide.size(), 3u);
  EXPECT_EQ((*results)[0].divide.at("e9e10q"), 3u);
  EXPECT_EQ((*results)[0].divide.at("P@d3"), 7u);
  EXPECT_EQ((*results)[1].divide.at("a1a2"), 1u);
}

TEST(FairyStockfishHelper, MissingBinaryIsAnError) {
  FairyStockfish fsf("grand", "", "/nonexistent/fairy-stockfish");
  EXPECT_EQ(fsf.CheckAvailable().code(), absl::StatusCode::kNotFound);
  absl::StatusOr<PerftResult> result = fsf.Perft("10/10/10/10/10/10/10/10/10/10 w - - 0 1", 1);
  EXPECT_EQ(result.status().code(), absl::StatusCode::kNotFound);
  EXPECT_NE(result.status().message().find("fairy-stockfish"), absl::string_view::npos);
}

TEST(FairyStockfishHelper, MissingVariantFileIsAnError) {
  FairyStockfish fsf("x", "/nonexistent/variants.ini");
  ASSERT_TRUE(fsf.CheckAvailable().ok()) << fsf.CheckAvailable();
  EXPECT_FALSE(fsf.Perft("9/9/9/9/9/9/9/9/9 w - - 0 1", 1).ok());
}

TEST(FairyStockfishHelper, BadVariantFileIsReported) {
  FairyStockfish probe("grand");
  ASSERT_TRUE(probe.CheckAvailable().ok()) << probe.CheckAvailable();
  char path[] = "/tmp/gc9-oracle-ini-XXXXXX";
  int fd = mkstemp(path);
  ASSERT_GE(fd, 0);
  const std::string text =
      "[broken]\nmaxRank = 9\nmaxFile = 9\nking = k\npawn = p\nnoSuchOption = 1\n"
      "startFen = 4k4/9/9/9/9/9/9/9/4K4 w - - 0 1\n";
  ASSERT_EQ(write(fd, text.data(), text.size()), ssize_t(text.size()));
  close(fd);
  absl::Status status = FairyStockfish("broken", path).CheckVariantFile();
  unlink(path);
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message().find("noSuchOption"), absl::string_view::npos) << status;
}

TEST(FairyStockfishHelper, GrandStartLive) {
  FairyStockfish fsf("grand");
  ASSERT_TRUE(fsf.CheckAvailable().ok()) << fsf.CheckAvailable();
  absl::StatusOr<std::vector<PerftResult>> results = fsf.PerftBatch(
      {{"r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1", 1},
       {"r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1", 2}});
  ASSERT_TRUE(results.ok()) << results.status();
  EXPECT_EQ((*results)[0].total, 65u);
  EXPECT_EQ((*results)[0].divide.size(), 65u);
  EXPECT_EQ((*results)[1].total, 4225u);
  EXPECT_EQ((*results)[1].divide.at("e3e5"), 65u);
}

}  // namespace
}  // namespace gc9::oracle
