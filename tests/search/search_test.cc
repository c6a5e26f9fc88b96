// The search finds composed mates (checked against the rules: after the principal variation
// the loser has no move and Adjudicate calls it checkmate), refuses the Charioteer's shielded
// "mate", reports finished games, and repeats itself exactly under a node limit.
#include "engine/search.h"

#include <algorithm>
#include <atomic>
#include <thread>

#include "gtest/gtest.h"
#include "tests/search/search_util.h"

namespace gc9::engine {
namespace {

using testing::Depth;
using testing::EngineAt;
using testing::Nodes;
using testing::PlayLine;
using testing::SearchOrDie;

struct MateCase {
  const char* variant;
  const char* fen;
  int moves;  // mate in this many moves
};

// Composed positions (White to move and mates); none has a Charioteer, so the shield is moot.
const MateCase kMates[] = {
    {"grandchess9", "8k/3Q5/9/8K/9/4p4/7R1/3p5/3r5 w - - 0 1", 1},
    {"grandchess9", "9/1Q7/p7K/9/4R1p2/9/7r1/9/8k w - - 0 1", 2},
    {"grandchess9", "5r3/p8/9/9/5R3/1k1K5/2p6/4Q4/9 w - - 0 1", 3},
    {"grand", "8b1/1p8/10/6N2K/5Q4/8k1/4R5/10/10/1r8 w - - 0 1", 1},
    {"grand", "2b7/K9/10/4p3Q1/10/10/R9/10/r1N2kp3/10 w - - 0 1", 2},
    {"grand", "10/10/1p6k1/6K3/1R8/10/10/10/2p2r4/4N1bQ2 w - - 0 1", 3},
};

class MateTest : public ::testing::TestWithParam<MateCase> {};

TEST_P(MateTest, FindsTheMateAndTheRulesAgree) {
  const MateCase& c = GetParam();
  auto engine = EngineAt(c.variant, c.fen);
  const SearchResult r = SearchOrDie(*engine, Depth(2 * c.moves + 2));
  EXPECT_EQ(r.info.mate, c.moves) << r.info.score;
  ASSERT_EQ(int(r.info.pv_uci.size()), 2 * c.moves - 1);
  EXPECT_EQ(r.best_uci, r.info.pv_uci[0]);
  Position end = PlayLine(PositionOf(engine->game()), r.info.pv_uci);
  MoveList moves;
  GenerateLegal(end, &moves);
  EXPECT_EQ(moves.size, 0);
  const GameResult result = Adjudicate(end);
  EXPECT_EQ(result.end, GameEnd::kCheckmate);
  EXPECT_TRUE(result.decisive);
  EXPECT_EQ(result.winner, kWhite);
}

INSTANTIATE_TEST_SUITE_P(Composed, MateTest, ::testing::ValuesIn(kMates));

TEST(SearchTest, TheMatedSideSeesItsMate) {
  // Black to move is mated in one whatever it does (the commander mates on the back rank).
  auto engine = EngineAt("grandchess9", "8k/9/7K1/9/9/9/9/9/3Q5 b - - 0 1");
  const SearchResult r = SearchOrDie(*engine, Depth(6));
  EXPECT_EQ(r.info.mate, -1);
}

// Black's king on a9 is boxed in: its Charioteer on b9 is pinned by the airavat on i9 and the
// white king covers b8. Rh1-a1 leaves Black in check with no move, but the Charioteer stands
// beside the king, so under TheGrandChess9's shield that is a draw, not a mate.
constexpr char kShieldTrap[] = "kc6R/9/2K6/9/9/9/9/9/7R1 w - - 0 1";

TEST(ShieldTest, TheTrapIsADrawByTheRules) {
  auto engine = EngineAt("grandchess9", kShieldTrap);
  Position end = PlayLine(PositionOf(engine->game()), {"h1a1"});
  EXPECT_EQ(Adjudicate(end).end, GameEnd::kShielded);
  auto noshield = EngineAt("grandchess9-noshield", kShieldTrap);
  Position mate = PlayLine(PositionOf(noshield->game()), {"h1a1"});
  EXPECT_EQ(Adjudicate(mate).end, GameEnd::kCheckmate);
}

TEST(ShieldTest, DoesNotPlayForTheShieldedDrawWhenWinning) {
  auto engine = EngineAt("grandchess9", kShieldTrap);
  for (int depth : {1, 2, 3, 5, 7}) {
    const SearchResult r = SearchOrDie(*engine, Depth(depth));
    EXPECT_NE(r.best_uci, "h1a1") << "depth " << depth;
    EXPECT_EQ(r.info.mate, 0) << "depth " << depth;
    EXPECT_GT(r.info.score, 300) << "depth " << depth;  // two airavats up
  }
}

TEST(ShieldTest, WithoutTheShieldTheSameMoveMates) {
  auto engine = EngineAt("grandchess9-noshield", kShieldTrap);
  const SearchResult r = SearchOrDie(*engine, Depth(4));
  EXPECT_EQ(r.best_uci, "h1a1");
  EXPECT_EQ(r.info.mate, 1);
}

TEST(ShieldTest, ADefenderCountsOnTheShield) {
  // The trap with colours swapped: ...Rh9-a9 would be the shielded draw for Black.
  auto engine = EngineAt("grandchess9", "7r1/9/9/9/9/9/9/2k6/KC6r b - - 0 1");
  const SearchResult r = SearchOrDie(*engine, Depth(5));
  EXPECT_NE(r.best_uci, "h9a9");
  EXPECT_GT(r.info.score, 300);
}

TEST(SearchTest, GameOverAtTheRoot) {
  // Checkmated: the side to move has no move and the result says so.
  auto mated = EngineAt("grandchess9-noshield", "kc5R1/9/2K6/9/9/9/9/9/R8 b - - 0 1");
  SearchResult r = SearchOrDie(*mated, Depth(3));
  EXPECT_TRUE(r.best.IsNone());
  EXPECT_EQ(r.best_uci, "(none)");
  EXPECT_EQ(r.game.end, GameEnd::kCheckmate);
  // The same under the shield is the shielded end.
  auto shielded = EngineAt("grandchess9", "kc5R1/9/2K6/9/9/9/9/9/R8 b - - 0 1");
  r = SearchOrDie(*shielded, Depth(3));
  EXPECT_TRUE(r.best.IsNone());
  EXPECT_EQ(r.game.end, GameEnd::kShielded);
}

TEST(SearchTest, PlacementDropsAreSearchedAsPlies) {
  auto engine = EngineAt("grandchess9", "startpos");
  std::vector<std::string> played;
  for (int ply = 0; ply < 4; ++ply) {
    const SearchResult r = SearchOrDie(*engine, Depth(5));
    ASSERT_EQ(r.best_uci.substr(0, 2), "P@") << r.best_uci;
    // White drops on rank 3, Black on rank 7, and each side drops twice in a row.
    EXPECT_EQ(r.best_uci.back(), ply < 2 ? '3' : '7');
    played.push_back(r.best_uci);
    ASSERT_TRUE(engine->SetPosition("startpos", played).ok());
  }
  EXPECT_TRUE(PositionOf(engine->game()).HandEmpty(kWhite));
  EXPECT_TRUE(PositionOf(engine->game()).HandEmpty(kBlack));
}

TEST(SearchTest, NodeLimitIsExactAndDeterministic) {
  for (const char* variant : {"grandchess9", "grand"}) {
    auto engine = EngineAt(variant, "startpos");
    const SearchResult first = SearchOrDie(*engine, Nodes(20000));
    EXPECT_EQ(first.info.nodes, 20000u) << variant;
    // A fresh engine, and the same engine after a clear, repeat the search exactly.
    auto fresh = EngineAt(variant, "startpos");
    const SearchResult second = SearchOrDie(*fresh, Nodes(20000));
    ASSERT_TRUE(engine->NewGame().ok());
    const SearchResult third = SearchOrDie(*engine, Nodes(20000));
    for (const SearchResult* r : {&second, &third}) {
      EXPECT_EQ(r->best_uci, first.best_uci) << variant;
      EXPECT_EQ(r->info.nodes, first.info.nodes) << variant;
      EXPECT_EQ(r->info.pv_uci, first.info.pv_uci) << variant;
      EXPECT_EQ(r->info.score, first.info.score) << variant;
    }
  }
}

TEST(SearchTest, TinyNodeLimitsStillGiveALegalMove) {
  auto engine = EngineAt("grand", "startpos");
  for (uint64_t nodes : {1, 2, 3, 10, 50}) {
    const SearchResult r = SearchOrDie(*engine, Nodes(nodes));
    EXPECT_LE(r.info.nodes, nodes);
    Position pos = PositionOf(engine->game());
    EXPECT_TRUE(ParseUciMove(pos, r.best_uci).ok()) << r.best_uci;
  }
}

TEST(SearchTest, DepthLimitIsHonoured) {
  auto engine = EngineAt("grandchess9", "startpos");
  int deepest = 0;
  auto r = engine->Search(Depth(4),
                          [&](const SearchInfo& info) { deepest = std::max(deepest, info.depth); });
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(deepest, 4);
  EXPECT_EQ(r->info.depth, 4);
}

TEST(SearchTest, StopEndsAnInfiniteSearchWithAMove) {
  auto engine = EngineAt("grand", "startpos");
  SearchLimits limits;
  limits.infinite = true;
  std::atomic<bool> done{false};
  SearchResult result;
  ASSERT_TRUE(engine
                  ->Go(limits, nullptr,
                       [&](const SearchResult& r) {
                         result = r;
                         done = true;
                       })
                  .ok());
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_FALSE(done.load());  // an infinite search waits for stop
  EXPECT_TRUE(engine->searching());
  EXPECT_FALSE(engine->SetPosition("startpos").ok());  // busy
  engine->Stop();
  engine->Wait();
  EXPECT_TRUE(done.load());
  Position pos = PositionOf(engine->game());
  EXPECT_TRUE(ParseUciMove(pos, result.best_uci).ok()) << result.best_uci;
}

TEST(SearchTest, ClockLimitsGiveAMove) {
  auto engine = EngineAt("grandchess9", "startpos");
  SearchLimits limits;
  limits.use_clock = true;
  limits.time_ms[kWhite] = limits.time_ms[kBlack] = 200;
  limits.inc_ms[kWhite] = limits.inc_ms[kBlack] = 10;
  const SearchResult r = SearchOrDie(*engine, limits);
  EXPECT_FALSE(r.best.IsNone());
  SearchLimits movetime;
  movetime.movetime_ms = 30;
  EXPECT_FALSE(SearchOrDie(*engine, movetime).best.IsNone());
}

TEST(SearchTest, SwitchesAreParameters) {
  // The features can be turned off (for strength checks) and the search still works.
  auto engine = EngineAt("grandchess9", "5r3/p8/9/9/5R3/1k1K5/2p6/4Q4/9 w - - 0 1");
  ASSERT_TRUE(engine->SetParameter("NullMove", 0).ok());
  ASSERT_TRUE(engine->SetParameter("Lmr", 0).ok());
  ASSERT_TRUE(engine->SetParameter("Futility", 0).ok());
  const SearchResult r = SearchOrDie(*engine, Depth(7));
  EXPECT_EQ(r.info.mate, 3);
}

constexpr char kGrandOpening[] =
    "r8r/1nbqkcabn1/pppp1ppppp/10/4p5/5P4/10/PPPPP1PPPP/1NBQKCABN1/R8R w - - 0 2";

// The nodes a depth-8 search of `fen` takes in `variant`, with the parameters `set` given
// explicitly (as UCI would).
uint64_t NodesToDepth8(std::shared_ptr<const Variant> variant, const char* fen,
                       std::initializer_list<std::pair<const char*, int>> set = {}) {
  Engine engine;
  EXPECT_TRUE(engine.SetVariant(std::move(variant)).ok());
  EXPECT_TRUE(engine.SetPosition(fen).ok());
  for (const auto& [name, value] : set) EXPECT_TRUE(engine.SetParameter(name, value).ok());
  return SearchOrDie(engine, Depth(8)).info.nodes;
}

TEST(SearchTest, AVariantsSearchSettingsReplaceOnlyTheDefaults) {
  // Grand Chess defined with a null-move reduction of its own (3 + depth/3, the registry's
  // is 2 + depth/6): it searches exactly as with those values set, and a value set explicitly
  // wins over the definition's.
  proto::VariantDefinition def = (*BuiltinVariant("grand"))->definition();
  for (const auto& [name, value] : {std::pair("NullMoveBase", 3), {"NullMoveDepthDivisor", 3}}) {
    proto::ParamDefault* setting = def.add_search_settings();
    setting->set_name(name);
    setting->set_value(value);
  }
  const auto own = Variant::Conclude(def);
  ASSERT_TRUE(own.ok()) << own.status();
  const auto plain = *BuiltinVariant("grand");
  const uint64_t with_settings = NodesToDepth8(*own, kGrandOpening);
  const uint64_t plain_nodes = NodesToDepth8(plain, kGrandOpening);
  EXPECT_EQ(with_settings, NodesToDepth8(plain, kGrandOpening,
                                         {{"NullMoveBase", 3}, {"NullMoveDepthDivisor", 3}}));
  EXPECT_NE(with_settings, plain_nodes);
  EXPECT_EQ(plain_nodes,
            NodesToDepth8(*own, kGrandOpening, {{"NullMoveBase", 2}, {"NullMoveDepthDivisor", 6}}));
  // `params` (UCI) lists the values the variant's search uses.
  const std::vector<std::string> listing = Params().Listing(own->get());
  EXPECT_NE(std::find(listing.begin(), listing.end(), "NullMoveBase,3,1,6,0.5,0.0020"),
            listing.end());
}

TEST(SearchTest, ImprovingPruningIsGrandChesssAlone) {
  // Grand Chess's definition switches it on and TheGrandChess9's does not: each searches
  // exactly as with its value set explicitly, and otherwise with the other value.
  const auto grand = *BuiltinVariant("grand");
  const uint64_t grand_nodes = NodesToDepth8(grand, kGrandOpening);
  EXPECT_EQ(grand_nodes, NodesToDepth8(grand, kGrandOpening, {{"ImprovingPruning", 1}}));
  EXPECT_NE(grand_nodes, NodesToDepth8(grand, kGrandOpening, {{"ImprovingPruning", 0}}));
  const auto tgc9 = *BuiltinVariant("grandchess9");
  const char* middlegame =
      "rc2qkbcr/1pp1ppppp/3npp3/p2p5/9/P8/2P1PPP2/1PP1PPCPP/RCN1QKB1R w - - 1 7";
  const uint64_t tgc9_nodes = NodesToDepth8(tgc9, middlegame);
  EXPECT_EQ(tgc9_nodes, NodesToDepth8(tgc9, middlegame, {{"ImprovingPruning", 0}}));
  EXPECT_NE(tgc9_nodes, NodesToDepth8(tgc9, middlegame, {{"ImprovingPruning", 1}}));
}

}  // namespace
}  // namespace gc9::engine
