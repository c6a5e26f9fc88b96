// Every built-in variant through the whole system: a short match of the built-in engine
// against itself on a real coordinator and worker, with no rule or protocol error in any game
// and every game exported as PGN under its variant's name, its moves in SAN. Granlem Shatranj
// (the wide 18x12 board) is among them, and its multi-move variant writes whole turns.
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/variant_catalog.h"
#include "gtest/gtest.h"
#include "tests/integration/cluster.h"

namespace gc9::testing {
namespace {

// The ends a healthy match never has: each means an engine or the protocol failed.
constexpr const char* kFaults[] = {"illegal-move", "crash", "time-loss", "protocol-error"};

// The movetext's move tokens of every game in an export (move numbers, comments and results
// left out), and every PlyCount tag.
struct ExportedMoves {
  std::vector<std::string> moves;
  std::vector<int> ply_counts;
};

ExportedMoves MovesOf(const std::string& pgn) {
  ExportedMoves out;
  bool in_comment = false;
  for (absl::string_view line : absl::StrSplit(pgn, '\n')) {
    if (absl::StartsWith(line, "[PlyCount \"")) {
      int plies = -1;
      EXPECT_TRUE(absl::SimpleAtoi(line.substr(11, line.size() - 13), &plies)) << line;
      out.ply_counts.push_back(plies);
    }
    if (absl::StartsWith(line, "[")) continue;
    for (absl::string_view token : absl::StrSplit(line, ' ', absl::SkipEmpty())) {
      if (absl::StartsWith(token, "{")) in_comment = true;
      const bool skip = in_comment || absl::EndsWith(token, ".") || token == "1-0" ||
                        token == "0-1" || token == "1/2-1/2" || token == "*";
      if (absl::EndsWith(token, "}")) in_comment = false;
      if (!skip) out.moves.emplace_back(token);
    }
  }
  return out;
}

TEST(Variants, EveryBuiltInVariantPlaysCleanly) {
  Cluster cluster;
  cluster.StartCoordinator();
  cluster.StartWorker(2);
  for (const std::string& variant : engine::BuiltinVariantNames()) {
    SCOPED_TRACE(variant);
    proto::RunConfig config = TinyRun(2, 1);
    config.set_name(absl::StrCat("selfplay-", variant));
    config.set_variant(variant);
    // Long enough for real play past any opening (and the placement phase) at this speed.
    config.mutable_adjudication()->set_max_plies(60);
    absl::StatusOr<int64_t> run = cluster.client().Submit(config);
    ASSERT_TRUE(run.ok()) << run.status();
    proto::RunStatus status = cluster.WaitFor(
        *run, [](const proto::RunStatus& s) { return s.state() == proto::RUN_FINISHED; });
    EXPECT_EQ(Cluster::Pairs(status), 2);
    EXPECT_EQ(status.wins() + status.losses() + status.draws(), 4);
    for (const char* fault : kFaults) {
      EXPECT_EQ(status.reasons().count(fault), 0u) << fault << " in " << variant;
    }
    const bool multi_move = (*engine::BuiltinVariant(variant))->multi_move();
    std::string pgn;
    ASSERT_TRUE(cluster.client().ExportPgn(*run, [&](const std::string& t) { pgn += t; }).ok());
    const std::string tag = absl::StrCat("[Variant \"", variant, "\"]");
    int games = 0;
    for (size_t at = pgn.find(tag); at != std::string::npos; at = pgn.find(tag, at + 1)) ++games;
    EXPECT_EQ(games, 4) << pgn.substr(0, 2000);
    // One PlyCount a game, counting entries (a multi-move turn is one), within max_plies.
    const ExportedMoves exported = MovesOf(pgn);
    ASSERT_EQ(exported.ply_counts.size(), 4u);
    int plies = 0;
    for (int count : exported.ply_counts) {
      EXPECT_GT(count, 0);
      EXPECT_LE(count, config.adjudication().max_plies());
      plies += count;
    }
    EXPECT_EQ(int(exported.moves.size()), plies) << pgn.substr(0, 2000);
    // SAN, never UCI's pass; a multi-move variant's turns are comma-joined SAN.
    int turns_of_several = 0;
    for (const std::string& move : exported.moves) {
      EXPECT_NE(move, "0000");
      EXPECT_FALSE(absl::StrContains(move, "0000")) << move;
      turns_of_several += absl::StrContains(move, ",");
    }
    if (multi_move) {
      EXPECT_GT(turns_of_several, 0) << pgn.substr(0, 2000);
    } else {
      EXPECT_EQ(turns_of_several, 0) << pgn.substr(0, 2000);
    }
  }
}

}  // namespace
}  // namespace gc9::testing
