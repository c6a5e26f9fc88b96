// The built-in engine as a Player: against Fairy-Stockfish in Grand Chess, and in self-play in
// TheGrandChess9 with the engines placing their own pawns and in Granlem Shatranj (the wide
// board), with and without multi-move turns.
#include "worker/match/builtin_player.h"

#include <fstream>

#include "absl/strings/match.h"
#include "engine/game_end.h"
#include "engine/variant_catalog.h"
#include "gtest/gtest.h"
#include "worker/match/match.h"
#include "worker/match/pgn.h"
#include "worker/match/test_games.h"
#include "worker/match/uci_player.h"

namespace gc9::worker {
namespace {

TimeControl Nodes(int64_t nodes) {
  TimeControl tc;
  tc.nodes = nodes;
  return tc;
}

bool IsFault(const std::string& reason) {
  return reason == "illegal-move" || reason == "crash" || reason == "time-loss" ||
         reason == "protocol-error";
}

// A game ends by a rule of the variant or by the maximum length, nothing else.
bool IsRuleOrMaxLength(const std::string& reason) {
  if (reason == "max-length") return true;
  for (engine::GameEnd end :
       {engine::GameEnd::kCheckmate, engine::GameEnd::kShielded, engine::GameEnd::kStalemate,
        engine::GameEnd::kDead, engine::GameEnd::kFifty, engine::GameEnd::kRepetition}) {
    if (reason == engine::GameEndName(end)) return true;
  }
  return false;
}

// A short self-play game of `variant` between two built-in players, checked entry by entry.
GameRecord ExpectCleanSelfPlay(const std::string& name, int max_plies) {
  auto variant = *engine::BuiltinVariant(name);
  BuiltinPlayer a({"gc9-a", {}});
  BuiltinPlayer b({"gc9-b", {{"MobilityMg", 30.4}}});
  Adjudication adj;
  adj.max_plies = max_plies;
  absl::StatusOr<GameRecord> game = PlayGame(variant, {}, a, b, Nodes(300), adj);
  EXPECT_TRUE(game.ok()) << game.status();
  if (!game.ok()) return {};
  SCOPED_TRACE(game->pgn);
  EXPECT_TRUE(IsRuleOrMaxLength(game->reason)) << game->reason << " " << game->detail;
  EXPECT_GT(game->moves.size(), 0u);
  EXPECT_LE(game->moves.size(), size_t(max_plies));
  if (game->reason == "max-length") {
    EXPECT_EQ(game->moves.size(), size_t(max_plies));
  }
  ExpectAllLegal(variant, *game);
  absl::StatusOr<PgnGame> pgn = ReadPgn(game->pgn);
  EXPECT_TRUE(pgn.ok()) << pgn.status();
  if (!pgn.ok()) return *game;
  EXPECT_EQ(PgnTag(*pgn, "Variant"), name);
  EXPECT_EQ(PgnTag(*pgn, "PlyCount"), std::to_string(game->moves.size()));
  EXPECT_EQ(pgn->moves.size(), game->moves.size());
  EXPECT_EQ(UciOfSan(variant, game->start_fen, pgn->moves), game->moves);
  std::ofstream(testing::TempDir() + "gc9_selfplay_" + name + ".pgn") << game->pgn;
  return *std::move(game);
}

TEST(BuiltinPlayerTest, PairAgainstFairyStockfishInGrandChess) {
  auto grand = *engine::BuiltinVariant("grand");
  BuiltinPlayer gc9({"gc9", {}});
  UciPlayerOptions fsf_options;
  fsf_options.name = "fairy-stockfish";
  fsf_options.path = GC9_FAIRY_STOCKFISH;
  fsf_options.uci_options = {{"Threads", "1"}, {"Hash", "16"}};
  UciPlayer fsf(fsf_options);
  Adjudication adj;
  adj.max_plies = 300;
  adj.resign_score_cp = 1000;
  adj.resign_plies = 6;
  absl::StatusOr<PairRecord> pair = PlayPair(grand, {}, gc9, fsf, Nodes(2000), adj);
  ASSERT_TRUE(pair.ok()) << pair.status();
  for (const GameRecord& game : pair->games) {
    SCOPED_TRACE(game.pgn);
    EXPECT_FALSE(IsFault(game.reason)) << game.reason << " " << game.detail;
    ExpectAllLegal(grand, game);
    absl::StatusOr<PgnGame> pgn = ReadPgn(game.pgn);
    ASSERT_TRUE(pgn.ok()) << pgn.status();
    EXPECT_EQ(UciOfSan(grand, game.start_fen, pgn->moves), game.moves);
  }
  EXPECT_EQ(pair->games[0].white, "gc9");
  EXPECT_EQ(pair->games[1].white, "fairy-stockfish");
  RecordProperty("gc9_points_x2", pair->first_engine_points_x2);
  // Left behind for a look at the games: TEST_TMPDIR or /tmp.
  std::ofstream(testing::TempDir() + "gc9_vs_fsf_grand.pgn")
      << pair->games[0].pgn << pair->games[1].pgn;
}

TEST(BuiltinPlayerTest, SelfPlayInGrandChess9PlacesItsOwnPawns) {
  auto gc9 = *engine::BuiltinVariant("grandchess9");
  BuiltinPlayer a({"gc9-a", {}});
  BuiltinPlayer b({"gc9-b", {{"MobilityMg", 30.4}}});
  Adjudication adj;
  adj.max_plies = 200;
  adj.resign_score_cp = 1000;
  adj.resign_plies = 6;
  absl::StatusOr<PairRecord> pair = PlayPair(gc9, {}, a, b, Nodes(1000), adj);
  ASSERT_TRUE(pair.ok()) << pair.status();
  for (const GameRecord& game : pair->games) {
    SCOPED_TRACE(game.pgn);
    EXPECT_FALSE(IsFault(game.reason)) << game.reason << " " << game.detail;
    ExpectAllLegal(gc9, game);
    ASSERT_GE(game.moves.size(), 4u);
    for (int i = 0; i < 4; ++i) EXPECT_EQ(game.moves[i].substr(0, 2), "P@") << i;
    EXPECT_EQ(game.opening_plies, 0);
    absl::StatusOr<PgnGame> pgn = ReadPgn(game.pgn);
    ASSERT_TRUE(pgn.ok()) << pgn.status();
    EXPECT_EQ(UciOfSan(gc9, game.start_fen, pgn->moves), game.moves);
    for (int i = 0; i < 4; ++i) EXPECT_EQ(pgn->moves[i].substr(0, 2), "P@") << i;
    EXPECT_EQ(PgnTag(*pgn, "Variant"), "grandchess9");
  }
  std::ofstream(testing::TempDir() + "gc9_selfplay_grandchess9.pgn")
      << pair->games[0].pgn << pair->games[1].pgn;
}

TEST(BuiltinPlayerTest, SelfPlayInGranlemMultiMoveTurns) {
  // The 18x12 board (the wide build) with up to three moves a turn: every entry is a whole
  // turn, and the engine uses more than one move in some turns (the opening has three
  // sections with a leader each).
  const GameRecord game = ExpectCleanSelfPlay("granlem-multimove", 12);
  int multi = 0;
  for (const std::string& turn : game.moves) multi += absl::StrContains(turn, ",");
  EXPECT_GT(multi, 0);
  // The PGN writes each turn as one token of comma-joined SAN.
  absl::StatusOr<PgnGame> pgn = ReadPgn(game.pgn);
  ASSERT_TRUE(pgn.ok()) << pgn.status();
  int multi_san = 0;
  for (const std::string& turn : pgn->moves) {
    multi_san += absl::StrContains(turn, ",");
    EXPECT_FALSE(absl::StrContains(turn, "0000")) << turn;
  }
  EXPECT_GT(multi_san, 0);
}

TEST(BuiltinPlayerTest, SelfPlayInGranlem) {
  const GameRecord game = ExpectCleanSelfPlay("granlem", 16);
  for (const std::string& move : game.moves) EXPECT_FALSE(absl::StrContains(move, ",")) << move;
}

TEST(BuiltinPlayerTest, BadParametersAreErrors) {
  auto grand = *engine::BuiltinVariant("grand");
  BuiltinPlayer unknown({"gc9", {{"NoSuchParameter", 1}}});
  EXPECT_FALSE(unknown.NewGame(grand).ok());
  BuiltinPlayer out_of_range({"gc9", {{"PawnValueMg", 100000}}});
  EXPECT_FALSE(out_of_range.NewGame(grand).ok());
  BuiltinPlayer fresh({"gc9", {}});
  EXPECT_EQ(fresh.Go(GoRequest{}).status().code(), absl::StatusCode::kFailedPrecondition);
}

TEST(MakePlayerTest, BuildsEitherKind) {
  EngineSpec builtin;
  builtin.params = {{"PawnValueMg", 110}};
  absl::StatusOr<std::unique_ptr<Player>> player = MakePlayer(builtin);
  ASSERT_TRUE(player.ok()) << player.status();
  EXPECT_EQ((*player)->name(), "gc9");

  EngineSpec external;
  external.kind = EngineSpec::kExternal;
  external.path = GC9_FAIRY_STOCKFISH;
  player = MakePlayer(external);
  ASSERT_TRUE(player.ok()) << player.status();
  EXPECT_EQ((*player)->name(), "fairy-stockfish");

  external.params = {{"PawnValueMg", 110}};
  EXPECT_FALSE(MakePlayer(external).ok());
  external.params.clear();
  external.path.clear();
  EXPECT_FALSE(MakePlayer(external).ok());
}

}  // namespace
}  // namespace gc9::worker
