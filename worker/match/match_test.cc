// PlayGame and PlayPair with scripted players: adjudication, faults, clocks and the pair score.
// (Real engines, good and bad, are in uci_player_test.cc.)
#include "worker/match/match.h"

#include <functional>
#include <optional>
#include <utility>

#include "engine/game.h"
#include "engine/variant_catalog.h"
#include "gtest/gtest.h"
#include "worker/match/pgn.h"
#include "worker/match/test_games.h"

namespace gc9::worker {
namespace {

using engine::Game;

// A test double: it rebuilds the position it is asked about and lets a policy choose the
// reply; the default policy plays the first legal move and reports no score.
class ScriptedPlayer : public Player {
 public:
  using Policy = std::function<PlayerMove(const GoRequest&, Game&, int call)>;

  ScriptedPlayer(std::string name, Policy policy = nullptr)
      : name_(std::move(name)), policy_(std::move(policy)) {}

  const std::string& name() const override { return name_; }
  absl::Status NewGame(const std::shared_ptr<const engine::Variant>& variant) override {
    variant_ = variant;
    ++games_;
    calls_ = 0;
    return absl::OkStatus();
  }
  absl::StatusOr<PlayerMove> Go(const GoRequest& request) override {
    requests_.push_back(request);
    std::unique_ptr<Game> game = *Game::New(variant_);
    EXPECT_TRUE(game->SetFen(request.start_fen).ok());
    for (const std::string& text : request.moves) EXPECT_TRUE(game->Play(text).ok()) << text;
    if (policy_) return policy_(request, *game, calls_++);
    return FirstLegal(*game);
  }
  void Quit() override {}

  static PlayerMove FirstLegal(Game& game) {
    PlayerMove move;
    move.uci = game.LegalMoves().at(0);
    return move;
  }

  int games() const { return games_; }
  const std::vector<GoRequest>& requests() const { return requests_; }

 private:
  std::string name_;
  Policy policy_;
  std::shared_ptr<const engine::Variant> variant_;
  int games_ = 0;
  int calls_ = 0;
  std::vector<GoRequest> requests_;
};

std::shared_ptr<const engine::Variant> Grand() { return *engine::BuiltinVariant("grand"); }

TimeControl Nodes(int64_t nodes = 1000) {
  TimeControl tc;
  tc.nodes = nodes;
  return tc;
}

TimeControl Clock(int64_t base_ms, int64_t increment_ms, int64_t margin_ms) {
  TimeControl tc;
  tc.base_ms = base_ms;
  tc.increment_ms = increment_ms;
  tc.margin_ms = margin_ms;
  return tc;
}

// A policy reporting a fixed score (mover's view) with the first legal move.
ScriptedPlayer::Policy Scoring(int score) {
  return [score](const GoRequest&, Game& pos, int) {
    PlayerMove move = ScriptedPlayer::FirstLegal(pos);
    move.score_cp = score;
    return move;
  };
}

TEST(PlayGameTest, MaxLengthIsADraw) {
  ScriptedPlayer white("w"), black("b");
  Adjudication adj;
  adj.max_plies = 10;
  absl::StatusOr<GameRecord> game = PlayGame(Grand(), {}, white, black, Nodes(), adj);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(engine::OutcomeText(game->result), "1/2-1/2");
  EXPECT_EQ(game->reason, "max-length");
  EXPECT_EQ(game->moves.size(), 10u);
  EXPECT_EQ(game->white, "w");
  EXPECT_EQ(game->black, "b");
  EXPECT_EQ(game->start_fen, Grand()->start_fen());
  EXPECT_EQ(white.games(), 1);
  EXPECT_EQ(black.games(), 1);
  absl::StatusOr<PgnGame> pgn = ReadPgn(game->pgn);
  ASSERT_TRUE(pgn.ok()) << pgn.status();
  EXPECT_EQ(UciOfSan(Grand(), game->start_fen, pgn->moves), game->moves);
  EXPECT_EQ(PgnTag(*pgn, "Termination"), "adjudication");
  EXPECT_EQ(PgnTag(*pgn, "PlyCount"), "10");
}

TEST(PlayGameTest, DrawAdjudicationFromBothScores) {
  ScriptedPlayer white("w", Scoring(3)), black("b", Scoring(-4));
  Adjudication adj;
  adj.draw_move_number = 5;
  adj.draw_score_cp = 5;
  adj.draw_plies = 6;
  adj.max_plies = 200;
  absl::StatusOr<GameRecord> game = PlayGame(Grand(), {}, white, black, Nodes(), adj);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(engine::OutcomeText(game->result), "1/2-1/2");
  EXPECT_EQ(game->reason, "adjudicated-draw");
  // Moves 5, 6 and 7 (plies 9..14) form the first qualifying run of six plies.
  EXPECT_EQ(game->moves.size(), 14u);
}

TEST(PlayGameTest, DrawScoreAboveTheThresholdIsNoDraw) {
  ScriptedPlayer white("w", Scoring(30)), black("b", Scoring(-30));
  Adjudication adj;
  adj.draw_score_cp = 10;
  adj.draw_plies = 4;
  adj.max_plies = 40;
  absl::StatusOr<GameRecord> game = PlayGame(Grand(), {}, white, black, Nodes(), adj);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(game->reason, "max-length");
}

TEST(PlayGameTest, ResignWhenBothAgree) {
  ScriptedPlayer white("w", Scoring(-800)), black("b", Scoring(900));
  Adjudication adj;
  adj.resign_score_cp = 600;
  adj.resign_plies = 4;
  absl::StatusOr<GameRecord> game = PlayGame(Grand(), {}, white, black, Nodes(), adj);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(engine::OutcomeText(game->result), "0-1");
  EXPECT_EQ(game->reason, "resign");
  EXPECT_EQ(game->moves.size(), 4u);
}

TEST(PlayGameTest, NoResignWhenTheWinnerDoesNotAgree) {
  ScriptedPlayer white("w", Scoring(-800)), black("b", Scoring(100));
  Adjudication adj;
  adj.resign_score_cp = 600;
  adj.resign_plies = 2;
  adj.max_plies = 30;
  absl::StatusOr<GameRecord> game = PlayGame(Grand(), {}, white, black, Nodes(), adj);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(game->reason, "max-length");
}

TEST(PlayGameTest, MateScoresResign) {
  auto mating = [](int mate) {
    return [mate](const GoRequest&, Game& pos, int) {
      PlayerMove move = ScriptedPlayer::FirstLegal(pos);
      move.mate_in = mate;
      return move;
    };
  };
  ScriptedPlayer white("w", mating(5)), black("b", mating(-4));
  Adjudication adj;
  adj.resign_score_cp = 1000;
  adj.resign_plies = 2;
  absl::StatusOr<GameRecord> game = PlayGame(Grand(), {}, white, black, Nodes(), adj);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(engine::OutcomeText(game->result), "1-0");
  EXPECT_EQ(game->reason, "resign");
}

TEST(PlayGameTest, CheckmateByTheRules) {
  // Black's king in the corner, a white rook on the ninth rank: Rj1-j10 mates.
  Opening opening{"k9/8R1/10/10/10/10/10/10/4K5/9R w - - 0 1", {}};
  ScriptedPlayer white("w", [](const GoRequest&, Game&, int) {
    PlayerMove move;
    move.uci = "j1j10";
    return move;
  });
  ScriptedPlayer black("b");
  absl::StatusOr<GameRecord> game = PlayGame(Grand(), opening, white, black, Nodes(), {});
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(engine::OutcomeText(game->result), "1-0");
  EXPECT_EQ(game->reason, "checkmate");
  EXPECT_EQ(game->moves, std::vector<std::string>{"j1j10"});
  EXPECT_TRUE(black.requests().empty());
}

TEST(PlayGameTest, IllegalMoveLoses) {
  ScriptedPlayer white("w");
  ScriptedPlayer black("b", [](const GoRequest&, Game& pos, int call) {
    PlayerMove move = ScriptedPlayer::FirstLegal(pos);
    if (call == 2) move.uci = "a10a1";
    return move;
  });
  absl::StatusOr<GameRecord> game = PlayGame(Grand(), {}, white, black, Nodes(), {});
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(engine::OutcomeText(game->result), "1-0");
  EXPECT_EQ(game->reason, "illegal-move");
  EXPECT_EQ(game->moves.size(), 5u);  // the illegal sixth ply is not in the record
  EXPECT_NE(game->detail.find("a10a1"), std::string::npos);
  EXPECT_NE(game->pgn.find("a10a1"), std::string::npos);  // named in the final comment
  ASSERT_TRUE(ReadPgn(game->pgn).ok());
}

TEST(PlayGameTest, FaultsLoseWithTheirReason) {
  for (PlayerMove::Fault fault :
       {PlayerMove::kCrash, PlayerMove::kTimeLoss, PlayerMove::kProtocolError}) {
    ScriptedPlayer white("w", [fault](const GoRequest&, Game& pos, int call) {
      PlayerMove move = ScriptedPlayer::FirstLegal(pos);
      if (call == 1) move.fault = fault;
      return move;
    });
    ScriptedPlayer black("b");
    absl::StatusOr<GameRecord> game = PlayGame(Grand(), {}, white, black, Nodes(), {});
    ASSERT_TRUE(game.ok()) << game.status();
    EXPECT_EQ(engine::OutcomeText(game->result), "0-1");
    EXPECT_EQ(game->reason, FaultName(fault));
    EXPECT_EQ(game->moves.size(), 2u);
  }
}

TEST(PlayGameTest, ClockWithIncrement) {
  const TimeControl tc = Clock(1000, 100, 50);
  // White spends 300 ms a move and gains 100: 1000 -> 800 -> 600 -> 400 -> 200, and its fifth
  // move, 300 ms with 200 left and a 50 ms margin, loses on time.
  ScriptedPlayer white("w", [](const GoRequest&, Game& pos, int) {
    PlayerMove move = ScriptedPlayer::FirstLegal(pos);
    move.elapsed_ms = 300;
    return move;
  });
  ScriptedPlayer black("b", [](const GoRequest&, Game& pos, int) {
    PlayerMove move = ScriptedPlayer::FirstLegal(pos);
    move.elapsed_ms = 10;
    return move;
  });
  absl::StatusOr<GameRecord> game = PlayGame(Grand(), {}, white, black, tc, {});
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(engine::OutcomeText(game->result), "0-1");
  EXPECT_EQ(game->reason, "time-loss");
  const std::vector<GoRequest>& asked = white.requests();
  ASSERT_EQ(asked.size(), 5u);
  EXPECT_EQ(asked[0].white_ms, 1000);
  EXPECT_EQ(asked[1].white_ms, 800);
  EXPECT_EQ(asked[4].white_ms, 200);
  EXPECT_EQ(asked[4].deadline_ms, 250);
  EXPECT_EQ(game->moves.size(), 8u);
  EXPECT_EQ(asked[1].black_ms, 1090);
  EXPECT_TRUE(asked[0].white_to_move);
  EXPECT_FALSE(black.requests()[0].white_to_move);
  EXPECT_EQ(PgnTag(*ReadPgn(game->pgn), "TimeControl"), "1+0.1");
  EXPECT_EQ(PgnTag(*ReadPgn(game->pgn), "Termination"), "time forfeit");
  // Each move's comment gives the time it took and the clock it left, increment added; the
  // losing move is no move and has none.
  const std::vector<std::string> comments = ReadPgn(game->pgn)->move_comments;
  ASSERT_EQ(comments.size(), 8u);
  EXPECT_EQ(comments[0], "0.300s [%clk 0:00:00.8]");
  EXPECT_EQ(comments[1], "0.010s [%clk 0:00:01.0]");
  EXPECT_EQ(comments[6], "0.300s [%clk 0:00:00.2]");
  EXPECT_EQ(comments[7], "0.010s [%clk 0:00:01.3]");
}

// The comments carry what the engine said: score (or mate) and depth; a game without a clock
// has no %clk, and the opening's moves have no comment.
TEST(PlayGameTest, MoveCommentsGiveScoreAndDepth) {
  auto say = [](std::optional<int> cp, std::optional<int> mate, int depth) {
    return [=](const GoRequest&, Game& pos, int) {
      PlayerMove move = ScriptedPlayer::FirstLegal(pos);
      move.score_cp = cp;
      move.mate_in = mate;
      move.depth = depth;
      move.elapsed_ms = 1234;
      return move;
    };
  };
  ScriptedPlayer white("w", say(-35, std::nullopt, 12)), black("b", say(std::nullopt, 3, 0));
  Adjudication adj;
  adj.max_plies = 4;
  absl::StatusOr<GameRecord> game =
      PlayGame(Grand(), Opening{"", {"e3e4", "e8e7"}}, white, black, Nodes(), adj);
  ASSERT_TRUE(game.ok()) << game.status();
  const PgnGame pgn = *ReadPgn(game->pgn);
  EXPECT_EQ(pgn.move_comments, (std::vector<std::string>{"", "", "-0.35/12 1.234s", "+M3 1.234s"}));
  EXPECT_EQ(pgn.termination_comment, "max-length");
}

// An odds game: each side runs its own clock with its own increment, is told both, and loses
// on its own clock; the PGN names both time controls.
TEST(PlayGameTest, EachSideMayHaveItsOwnClock) {
  const TimeControl fast = Clock(500, 50, 0), slow = Clock(2000, 200, 0);
  // Both spend 200 ms a move: White (fast) 500 -> 350 -> 200 -> 50, and its fourth move loses;
  // Black (slow) keeps 2000 throughout.
  auto spend = [](const GoRequest&, Game& pos, int) {
    PlayerMove move = ScriptedPlayer::FirstLegal(pos);
    move.elapsed_ms = 200;
    return move;
  };
  ScriptedPlayer white("w", spend), black("b", spend);
  absl::StatusOr<GameRecord> game =
      PlayGame(Grand(), {}, white, black, SideTimeControls(fast, slow), {});
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(game->reason, "time-loss");
  EXPECT_EQ(engine::OutcomeText(game->result), "0-1");
  const std::vector<GoRequest>& asked = white.requests();
  ASSERT_EQ(asked.size(), 4u);
  EXPECT_EQ(asked[3].white_ms, 50);
  EXPECT_EQ(asked[3].deadline_ms, 50);
  EXPECT_EQ(asked[3].black_ms, 2000);
  EXPECT_EQ(asked[0].time_control, fast);
  EXPECT_EQ(black.requests()[0].time_control, slow);
  EXPECT_EQ(black.requests()[0].white_increment_ms, 50);
  EXPECT_EQ(black.requests()[0].black_increment_ms, 200);
  const PgnGame pgn = *ReadPgn(game->pgn);
  EXPECT_EQ(PgnTag(pgn, "TimeControl"), "?");
  EXPECT_EQ(PgnTag(pgn, "WhiteTimeControl"), "0.5+0.05");
  EXPECT_EQ(PgnTag(pgn, "BlackTimeControl"), "2+0.2");
}

TEST(PlayGameTest, GrandChess9OpeningDropsAndSelfPlacement) {
  auto gc9 = *engine::BuiltinVariant("grandchess9");
  Adjudication adj;
  adj.max_plies = 8;
  {
    ScriptedPlayer white("w"), black("b");
    Opening opening{"", {"P@c3", "P@g3", "P@c7", "P@g7"}};
    absl::StatusOr<GameRecord> game = PlayGame(gc9, opening, white, black, Nodes(), adj);
    ASSERT_TRUE(game.ok()) << game.status();
    EXPECT_EQ(game->opening_plies, 4);
    EXPECT_EQ(white.requests().size(), 2u);
    EXPECT_EQ(black.requests().size(), 2u);
  }
  {
    // No opening moves: the engines place their own pawns; White is asked twice in a row.
    ScriptedPlayer white("w"), black("b");
    absl::StatusOr<GameRecord> game = PlayGame(gc9, {}, white, black, Nodes(), adj);
    ASSERT_TRUE(game.ok()) << game.status();
    EXPECT_EQ(game->opening_plies, 0);
    ASSERT_EQ(white.requests().size(), 4u);
    EXPECT_EQ(white.requests()[1].moves.size(), 1u);
    EXPECT_EQ(black.requests()[0].moves.size(), 2u);
    EXPECT_EQ(game->moves[0][1], '@');
    EXPECT_EQ(game->moves[3][1], '@');
    EXPECT_NE(game->moves[4][1], '@');
    absl::StatusOr<PgnGame> pgn = ReadPgn(game->pgn);
    ASSERT_TRUE(pgn.ok()) << pgn.status();
    EXPECT_EQ(UciOfSan(gc9, game->start_fen, pgn->moves), game->moves);
    EXPECT_EQ(pgn->moves[0].substr(0, 2), "P@");
    EXPECT_EQ(PgnTag(*pgn, "Variant"), "grandchess9");
  }
}

TEST(PlayGameTest, Chess8400CastlingIsWrittenByTheKingsFile) {
  // Both castlings are long and are told apart by the king's file: e1h1 (the king takes its
  // own rook) puts the king on g1, d9a9 Black's king on c9.
  auto chess8400 = *engine::BuiltinVariant("chess8400");
  Opening opening{"r2k4r/9/9/9/9/9/9/9/1R2K2R1 w KQkq - 0 1", {"e1h1", "d9a9"}};
  ScriptedPlayer white("w"), black("b");
  Adjudication adj;
  adj.max_plies = 4;
  absl::StatusOr<GameRecord> game = PlayGame(chess8400, opening, white, black, Nodes(), adj);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(game->opening_plies, 2);
  EXPECT_NE(game->pgn.find("1. O-O-Og O-O-Oc 2. "), std::string::npos) << game->pgn;
  absl::StatusOr<PgnGame> pgn = ReadPgn(game->pgn);
  ASSERT_TRUE(pgn.ok()) << pgn.status();
  EXPECT_EQ(UciOfSan(chess8400, game->start_fen, pgn->moves), game->moves);
}

TEST(PlayGameTest, MultiMoveTurnsAreOneEntryEach) {
  // Granlem's multi-move turns: a reply is a whole turn. White's lone a2a3 could go on (its
  // centre and right wing may still move), so the match closes it and records the pass;
  // Black's two-move turn is closed by Play's implicit pass and recorded as returned.
  auto granlem = *engine::BuiltinVariant("granlem-multimove");
  auto script = [](std::vector<std::string> turns) {
    return [turns](const GoRequest&, Game&, int call) {
      PlayerMove move;
      move.uci = turns.at(call);
      return move;
    };
  };
  ScriptedPlayer white("w", script({"d2d3,g1h3,o2o3", "a2a3"}));
  ScriptedPlayer black("b", script({"d11d10,g12h10", "a11a10,0000"}));
  Adjudication adj;
  adj.max_plies = 4;
  absl::StatusOr<GameRecord> game = PlayGame(granlem, {}, white, black, Nodes(), adj);
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(game->reason, "max-length");
  EXPECT_EQ(game->moves, (std::vector<std::string>{"d2d3,g1h3,o2o3", "d11d10,g12h10", "a2a3,0000",
                                                   "a11a10,0000"}));
  ASSERT_EQ(black.requests().size(), 2u);
  EXPECT_EQ(black.requests()[1].moves.size(), 3u);
  EXPECT_FALSE(black.requests()[1].white_to_move);
  ExpectAllLegal(granlem, *game);
  // Each turn is followed by its comment (the scripted players take no time).
  EXPECT_NE(game->pgn.find("\n1. dd3,Nh3,oo3 {0.000s} 1... dd10,Nh10 {0.000s} 2. aa3 {0.000s} "
                           "2... aa10\n{0.000s} {max-length} 1/2-1/2\n"),
            std::string::npos)
      << game->pgn;
  absl::StatusOr<PgnGame> pgn = ReadPgn(game->pgn);
  ASSERT_TRUE(pgn.ok()) << pgn.status();
  EXPECT_EQ(PgnTag(*pgn, "PlyCount"), "4");
  EXPECT_EQ(UciOfSan(granlem, game->start_fen, pgn->moves), game->moves);
}

TEST(PlayGameTest, MultiMoveTurnBreakingTheRulesLoses) {
  // Two moves in the left wing (a-e) in one turn: at most one move a section.
  auto granlem = *engine::BuiltinVariant("granlem-multimove");
  ScriptedPlayer white("w", [](const GoRequest&, Game&, int) {
    PlayerMove move;
    move.uci = "d2d3,c2c3";
    return move;
  });
  ScriptedPlayer black("b");
  absl::StatusOr<GameRecord> game = PlayGame(granlem, {}, white, black, Nodes(), {});
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(engine::OutcomeText(game->result), "0-1");
  EXPECT_EQ(game->reason, "illegal-move");
  EXPECT_TRUE(game->moves.empty());
  EXPECT_NE(game->detail.find("d2d3,c2c3"), std::string::npos) << game->detail;
}

TEST(PlayGameTest, BadOpeningsAreErrors) {
  ScriptedPlayer white("w"), black("b");
  EXPECT_FALSE(PlayGame(Grand(), {"not a fen", {}}, white, black, Nodes(), {}).ok());
  EXPECT_FALSE(PlayGame(Grand(), {"", {"e3e4", "e3e4"}}, white, black, Nodes(), {}).ok());
  // A multi-move opening must end on a whole turn.
  auto granlem = *engine::BuiltinVariant("granlem-multimove");
  EXPECT_FALSE(PlayGame(granlem, {"", {"d2d3"}}, white, black, Nodes(), {}).ok());
  EXPECT_FALSE(PlayGame(Grand(), {"", {"e3e4,e8e7"}}, white, black, Nodes(), {}).ok());
  TimeControl none;
  EXPECT_FALSE(PlayGame(Grand(), {}, white, black, none, {}).ok());
  // The clocks add these; past a week they could overflow.
  TimeControl endless;
  endless.base_ms = 1000;
  endless.increment_ms = int64_t{1} << 62;
  EXPECT_FALSE(PlayGame(Grand(), {}, white, black, endless, {}).ok());
  EXPECT_EQ(white.games(), 0);  // nothing was started
}

TEST(PlayGameTest, CancelStopsBetweenMoves) {
  std::atomic<bool> cancel{false};
  ScriptedPlayer white("w", [&cancel](const GoRequest&, Game& pos, int call) {
    if (call == 2) cancel = true;
    return ScriptedPlayer::FirstLegal(pos);
  });
  ScriptedPlayer black("b");
  MatchContext context;
  context.cancel = &cancel;
  absl::StatusOr<GameRecord> game = PlayGame(Grand(), {}, white, black, Nodes(), {}, context);
  EXPECT_EQ(game.status().code(), absl::StatusCode::kCancelled);
}

TEST(PlayPairTest, ColoursSwapAndPentanomial) {
  // B plays an illegal move whenever it is Black: A wins game 1 (A White), and game 2
  // (B White) is drawn by the maximum length.
  auto errs_as_black = [](const GoRequest& request, Game& pos, int) {
    PlayerMove move = ScriptedPlayer::FirstLegal(pos);
    if (!request.white_to_move) move.uci = "a1a1";
    return move;
  };
  ScriptedPlayer a("A"), b("B", errs_as_black);
  Adjudication adj;
  adj.max_plies = 6;
  MatchContext context;
  context.round = "7";
  absl::StatusOr<PairRecord> pair = PlayPair(Grand(), {}, a, b, Nodes(), adj, context);
  ASSERT_TRUE(pair.ok()) << pair.status();
  EXPECT_EQ(pair->games[0].white, "A");
  EXPECT_EQ(engine::OutcomeText(pair->games[0].result), "1-0");
  EXPECT_EQ(pair->games[0].reason, "illegal-move");
  EXPECT_EQ(pair->games[1].white, "B");
  EXPECT_EQ(engine::OutcomeText(pair->games[1].result), "1/2-1/2");
  EXPECT_EQ(pair->first_engine_points_x2, 3);
  EXPECT_EQ(pair->pentanomial_index, 3);  // WD
  EXPECT_EQ(PgnTag(*ReadPgn(pair->games[1].pgn), "Round"), "7.2");
}

// Engine A keeps its own limit whichever colour it has; a pair of different limits is not
// replaced by the per-game node limits, which are for engines playing alike.
TEST(PlayPairTest, EachEngineKeepsItsOwnTimeControlAcrossColours) {
  ScriptedPlayer a("A"), b("B");
  Adjudication adj;
  adj.max_plies = 4;
  absl::StatusOr<PairRecord> pair =
      PlayPair(Grand(), {}, a, b, SideTimeControls(Nodes(4000), Nodes(1000)), adj, {}, {900, 1100});
  ASSERT_TRUE(pair.ok()) << pair.status();
  ASSERT_EQ(a.requests().size(), 4u);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(a.requests()[i].time_control.nodes, 4000) << i;
    EXPECT_EQ(b.requests()[i].time_control.nodes, 1000) << i;
  }
  EXPECT_EQ(PgnTag(*ReadPgn(pair->games[0].pgn), "WhiteTimeControl"), "nodes=4000");
  EXPECT_EQ(PgnTag(*ReadPgn(pair->games[1].pgn), "WhiteTimeControl"), "nodes=1000");
}

TEST(PlayPairTest, EachGameMayHaveItsOwnNodeLimit) {
  ScriptedPlayer a("A"), b("B");
  Adjudication adj;
  adj.max_plies = 4;
  absl::StatusOr<PairRecord> pair = PlayPair(Grand(), {}, a, b, Nodes(), adj, {}, {900, 1100});
  ASSERT_TRUE(pair.ok()) << pair.status();
  // Each player moves twice a game: in game 1 under 900 nodes, in game 2 under 1100.
  ASSERT_EQ(a.requests().size(), 4u);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(a.requests()[i].time_control.nodes, i < 2 ? 900 : 1100) << i;
    EXPECT_EQ(b.requests()[i].time_control.nodes, i < 2 ? 900 : 1100) << i;
  }
  // Without a node limit there is nothing to replace.
  TimeControl depth;
  depth.depth = 2;
  ScriptedPlayer c("C"), d("D");
  ASSERT_TRUE(PlayPair(Grand(), {}, c, d, depth, adj, {}, {900, 1100}).ok());
  EXPECT_EQ(c.requests()[0].time_control.nodes, 0);
}

TEST(PlayPairTest, PointsToPentanomial) {
  EXPECT_EQ(WhitePointsX2(engine::Outcome::kWhiteWins), 2);
  EXPECT_EQ(WhitePointsX2(engine::Outcome::kDraw), 1);
  EXPECT_EQ(WhitePointsX2(engine::Outcome::kBlackWins), 0);
}

}  // namespace
}  // namespace gc9::worker
