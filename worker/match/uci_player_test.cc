// UciPlayer against real processes: Fairy-Stockfish, and gc9_bad_engine misbehaving on purpose.
#include "worker/match/uci_player.h"

#include <errno.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <optional>
#include <string>
#include <thread>

#include "engine/variant_catalog.h"
#include "gtest/gtest.h"
#include "worker/match/match.h"
#include "worker/match/pgn.h"
#include "worker/match/test_games.h"

namespace gc9::worker {
namespace {

std::shared_ptr<const engine::Variant> Grand() { return *engine::BuiltinVariant("grand"); }

UciPlayerOptions Fsf(const std::string& name) {
  UciPlayerOptions options;
  options.name = name;
  options.path = GC9_FAIRY_STOCKFISH;
  options.uci_options = {{"Threads", "1"}, {"Hash", "16"}};
  return options;
}

UciPlayerOptions Bad(const std::string& mode, int at = 3, const std::string& once_file = "") {
  UciPlayerOptions options;
  options.name = "bad-" + mode;
  options.path = GC9_BAD_ENGINE;
  options.args = {mode, std::to_string(at)};
  if (!once_file.empty()) options.args.push_back(once_file);
  return options;
}

TimeControl Nodes(int64_t nodes) {
  TimeControl tc;
  tc.nodes = nodes;
  tc.untimed_timeout_ms = 1000;  // the hang test's wait
  return tc;
}

bool ProcessGone(int pid) { return kill(pid, 0) != 0 && errno == ESRCH; }

TEST(UciPlayerTest, FairyStockfishPairInGrandChess) {
  UciPlayer a(Fsf("fsf-a")), b(Fsf("fsf-b"));
  Adjudication adj;
  adj.max_plies = 400;
  adj.resign_score_cp = 1500;
  adj.resign_plies = 6;
  absl::StatusOr<PairRecord> pair = PlayPair(Grand(), {}, a, b, Nodes(2000), adj);
  ASSERT_TRUE(pair.ok()) << pair.status();
  int points = 0;
  for (int i = 0; i < 2; ++i) {
    const GameRecord& game = pair->games[i];
    SCOPED_TRACE(game.pgn);
    for (const char* fault : {"illegal-move", "crash", "time-loss", "protocol-error"}) {
      EXPECT_NE(game.reason, fault) << game.detail;
    }
    EXPECT_GT(game.moves.size(), 10u);
    ExpectAllLegal(Grand(), game);
    absl::StatusOr<PgnGame> pgn = ReadPgn(game.pgn);
    ASSERT_TRUE(pgn.ok()) << pgn.status();
    EXPECT_EQ(UciOfSan(Grand(), game.start_fen, pgn->moves), game.moves);
    EXPECT_EQ(pgn->result, engine::OutcomeText(game.result));
    EXPECT_EQ(PgnTag(*pgn, "Result"), engine::OutcomeText(game.result));
    EXPECT_EQ(PgnTag(*pgn, "Variant"), "grand");
    EXPECT_EQ(PgnTag(*pgn, "SetUp"), "1");
    EXPECT_EQ(PgnTag(*pgn, "FEN"), Grand()->start_fen());
    EXPECT_EQ(PgnTag(*pgn, "White"), i == 0 ? "fsf-a" : "fsf-b");
    points += i == 0 ? WhitePointsX2(game.result) : 2 - WhitePointsX2(game.result);
  }
  EXPECT_EQ(pair->first_engine_points_x2, points);
  EXPECT_EQ(pair->pentanomial_index, points);
  // The same processes served both games.
  EXPECT_EQ(a.starts(), 1);
  EXPECT_EQ(b.starts(), 1);
  EXPECT_NE(a.engine_id().find("Fairy-Stockfish"), std::string::npos) << a.engine_id();
}

struct Misbehaviour {
  std::string mode;
  std::string reason;
};

void PrintTo(const Misbehaviour& m, std::ostream* os) { *os << m.mode << " -> " << m.reason; }

class BadEngineTest : public testing::TestWithParam<Misbehaviour> {};

// The bad engine (White) misbehaves on its third move and loses with the right reason; the
// next game starts a fresh process, which (told so by its marker file) then plays normally.
TEST_P(BadEngineTest, LosesAndIsRestartedForTheNextGame) {
  const Misbehaviour& m = GetParam();
  std::string once = testing::TempDir() + "/gc9_bad_engine_once_" + m.mode;
  std::remove(once.c_str());
  UciPlayer bad(Bad(m.mode, 3, once)), good(Bad("good"));
  Adjudication adj;
  adj.max_plies = 12;
  absl::StatusOr<GameRecord> game = PlayGame(Grand(), {}, bad, good, Nodes(100), adj);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(engine::OutcomeText(game->result), "0-1");
  EXPECT_EQ(game->reason, m.reason) << game->detail;
  EXPECT_EQ(game->moves.size(), 4u);
  ASSERT_TRUE(ReadPgn(game->pgn).ok());

  game = PlayGame(Grand(), {}, bad, good, Nodes(100), adj);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(game->reason, "max-length") << game->detail;
  EXPECT_EQ(bad.starts(), m.reason == "illegal-move" ? 1 : 2);
  EXPECT_EQ(good.starts(), 1);
  std::remove(once.c_str());
}

INSTANTIATE_TEST_SUITE_P(
    Modes, BadEngineTest,
    testing::Values(Misbehaviour{"illegal", "illegal-move"}, Misbehaviour{"abort", "crash"},
                    Misbehaviour{"exit", "crash"}, Misbehaviour{"hang", "time-loss"},
                    Misbehaviour{"garbage", "protocol-error"}, Misbehaviour{"flood", "time-loss"}),
    [](const testing::TestParamInfo<Misbehaviour>& info) { return info.param.mode; });

TEST(UciPlayerTest, CrashDetailSaysHow) {
  UciPlayer bad(Bad("abort", 2)), good(Bad("good"));
  absl::StatusOr<GameRecord> game = PlayGame(Grand(), {}, good, bad, Nodes(100), {});
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(engine::OutcomeText(game->result), "1-0");
  EXPECT_EQ(game->reason, "crash");
  EXPECT_NE(game->detail.find("signal"), std::string::npos) << game->detail;
  // Its restarted process dies again, later in the next game: still a game result.
  game = PlayGame(Grand(), {}, bad, good, Nodes(100), {});
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(game->reason, "crash");
  EXPECT_EQ(bad.starts(), 2);
}

// An engine that dies before it has ever moved did not start: no game result, an error that
// says so, for the worker to report.
TEST(UciPlayerTest, DyingBeforeTheFirstMoveIsAStartFailure) {
  for (const char* mode : {"abort", "exit"}) {
    UciPlayer bad(Bad(mode, 1)), good(Bad("good"));
    absl::StatusOr<GameRecord> game = PlayGame(Grand(), {}, good, bad, Nodes(100), {});
    ASSERT_FALSE(game.ok()) << mode;
    std::optional<StartFailure> failure = StartFailureOf(game.status());
    ASSERT_TRUE(failure.has_value()) << game.status();
    EXPECT_EQ(failure->kind, StartFailure::kStart);
    EXPECT_EQ(failure->player, std::string("bad-") + mode);
    EXPECT_NE(game.status().message().find("before its first move"), absl::string_view::npos)
        << game.status();
    EXPECT_NE(game.status().message().find(mode == std::string("abort") ? "signal" : "status 3"),
              absl::string_view::npos)
        << game.status();
  }
}

TEST(UciPlayerTest, HangOnTheClockIsATimeLoss) {
  UciPlayer bad(Bad("hang", 2)), good(Bad("good"));
  TimeControl tc;
  tc.base_ms = 300;
  tc.increment_ms = 10;
  tc.margin_ms = 50;
  absl::StatusOr<GameRecord> game = PlayGame(Grand(), {}, good, bad, tc, {});
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(engine::OutcomeText(game->result), "1-0");
  EXPECT_EQ(game->reason, "time-loss");
  EXPECT_EQ(game->moves.size(), 3u);
}

TEST(UciPlayerTest, NoiseBeforeBestmoveIsIgnored) {
  UciPlayer noisy(Bad("noisy")), good(Bad("good"));
  Adjudication adj;
  adj.max_plies = 10;
  absl::StatusOr<GameRecord> game = PlayGame(Grand(), {}, noisy, good, Nodes(100), adj);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(game->reason, "max-length") << game->detail;
}

TEST(UciPlayerTest, SetupProblemsAreErrorsNotResults) {
  auto gc9 = *engine::BuiltinVariant("grandchess9");
  UciPlayerOptions missing = Bad("good");
  missing.path = "/nonexistent/engine";
  UciPlayer nobody(missing);
  const absl::Status no_file = nobody.NewGame(Grand());
  EXPECT_EQ(no_file.code(), absl::StatusCode::kNotFound);
  ASSERT_TRUE(StartFailureOf(no_file).has_value());
  EXPECT_EQ(StartFailureOf(no_file)->kind, StartFailure::kMissing);
  EXPECT_EQ(StartFailureOf(no_file)->player, "bad-good");

  UciPlayer fsf(Fsf("fsf"));
  const absl::Status no_variant = fsf.NewGame(gc9);
  EXPECT_EQ(no_variant.code(), absl::StatusCode::kFailedPrecondition);
  ASSERT_TRUE(StartFailureOf(no_variant).has_value());
  EXPECT_EQ(StartFailureOf(no_variant)->kind, StartFailure::kStart);

  UciPlayerOptions misspelt = Fsf("fsf");
  misspelt.uci_options = {{"Hashh", "16"}};
  UciPlayer typo(misspelt);
  const absl::Status no_option = typo.NewGame(Grand());
  EXPECT_EQ(no_option.code(), absl::StatusCode::kInvalidArgument);
  ASSERT_TRUE(StartFailureOf(no_option).has_value());
  EXPECT_EQ(StartFailureOf(no_option)->kind, StartFailure::kStart);

  UciPlayer fresh(Bad("good"));
  EXPECT_EQ(fresh.Go(GoRequest{}).status().code(), absl::StatusCode::kFailedPrecondition);

  UciPlayer good(Bad("good"));
  absl::StatusOr<GameRecord> game = PlayGame(Grand(), {}, nobody, good, Nodes(100), {});
  EXPECT_FALSE(game.ok());
}

// Whatever keeps a path from running is seen at once and named: no file, a directory, a file
// without execute permission, an executable file in no executable format.
TEST(UciPlayerTest, AnEngineThatCannotBeExecutedIsMissing) {
  const std::string dir = testing::TempDir() + "/gc9_not_engines_" + std::to_string(getpid());
  mkdir(dir.c_str(), 0755);
  const std::string plain = dir + "/plain", text = dir + "/text";
  std::ofstream(plain) << "not an engine\n";
  std::ofstream(text) << "not an engine either\n";
  chmod(text.c_str(), 0755);
  for (const std::string& path : {dir + "/none", dir, plain, text}) {
    UciPlayerOptions options = Bad("good");
    options.path = path;
    UciPlayer player(options);
    const absl::Status status = player.NewGame(Grand());
    EXPECT_EQ(status.code(), absl::StatusCode::kNotFound) << path << ": " << status;
    EXPECT_NE(status.message().find("cannot execute " + path + ":"), absl::string_view::npos)
        << status;
    ASSERT_TRUE(StartFailureOf(status).has_value()) << path;
    EXPECT_EQ(StartFailureOf(status)->kind, StartFailure::kMissing) << path;
    EXPECT_EQ(player.starts(), 0) << path;
  }
  for (const std::string& path : {plain, text}) unlink(path.c_str());
  rmdir(dir.c_str());
}

TEST(UciPlayerTest, ChildrenDieWithTheirPlayer) {
  int pid = -1;
  {
    UciPlayer hung(Bad("hang", 1));
    ASSERT_TRUE(hung.NewGame(Grand()).ok());
    pid = hung.pid();
    ASSERT_GT(pid, 0);
    EXPECT_FALSE(ProcessGone(pid));
  }
  EXPECT_TRUE(ProcessGone(pid));  // killed and reaped: no zombie either

  UciPlayer player(Bad("good"));
  ASSERT_TRUE(player.NewGame(Grand()).ok());
  pid = player.pid();
  player.Quit();
  EXPECT_TRUE(ProcessGone(pid));
  EXPECT_EQ(player.pid(), -1);
  ASSERT_TRUE(player.NewGame(Grand()).ok());  // and starts again
  EXPECT_EQ(player.starts(), 2);
}

TEST(UciPlayerTest, AnEngineKilledBetweenGamesIsRestarted) {
  UciPlayer a(Bad("good")), b(Bad("good"));
  Adjudication adj;
  adj.max_plies = 6;
  ASSERT_TRUE(PlayGame(Grand(), {}, a, b, Nodes(100), adj).ok());
  const int pid = a.pid();
  ASSERT_EQ(kill(pid, SIGKILL), 0);
  absl::StatusOr<GameRecord> game = PlayGame(Grand(), {}, a, b, Nodes(100), adj);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(game->reason, "max-length");
  EXPECT_EQ(a.starts(), 2);
  EXPECT_TRUE(ProcessGone(pid));
}

// Several games at once, as the worker's --concurrency plays them: each sees its own engine's
// crash, and no engine's end is mistaken for another's.
TEST(UciPlayerTest, CrashesAreSeenWhileOtherThreadsStartEngines) {
  constexpr int kThreads = 4;
  std::string reasons[kThreads];
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([t, &reasons] {
      for (int game = 0; game < 3; ++game) {
        UciPlayer bad(Bad("abort", 2)), good(Bad("good"));
        TimeControl tc = Nodes(100);
        tc.untimed_timeout_ms = 20000;  // a missed end of output would show as a time loss
        absl::StatusOr<GameRecord> record = PlayGame(Grand(), {}, bad, good, tc, {});
        reasons[t] += record.ok() ? record->reason : std::string(record.status().message());
        reasons[t] += " ";
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (int t = 0; t < kThreads; ++t) EXPECT_EQ(reasons[t], "crash crash crash ");
}

}  // namespace
}  // namespace gc9::worker
