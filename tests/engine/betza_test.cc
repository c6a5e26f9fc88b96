// Betza parsing: each atom's move set on an empty board, counted by hand.
#include "engine/betza.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"

namespace gc9::engine {
namespace {

int StepCount(const std::string& betza) {
  auto atoms = ParseBetza(betza);
  EXPECT_TRUE(atoms.ok()) << atoms.status();
  int n = 0;
  for (const MoveAtom& a : *atoms) n += int(a.steps.size());
  return n;
}

using Square = std::pair<int, int>;

// Every destination of a description, single-leg and multi-leg atoms alike.
std::set<Square> Destinations(const std::vector<MoveAtom>& atoms) {
  std::set<Square> out;
  for (const MoveAtom& a : atoms) {
    for (const Step& s : a.steps) out.insert({s.dx, s.dy});
  }
  return out;
}

// The landing sequences of the multi-leg paths that end on `to`.
std::multiset<std::vector<Square>> LandingsTo(const std::vector<MoveAtom>& atoms, Square to) {
  std::multiset<std::vector<Square>> out;
  for (const MoveAtom& a : atoms) {
    for (const LegPath& p : a.paths) {
      if (Square{p.destination.dx, p.destination.dy} != to) continue;
      std::vector<Square> landings;
      for (const Step& s : p.landings) landings.push_back({s.dx, s.dy});
      out.insert(landings);
    }
  }
  return out;
}

int PathCount(const std::vector<MoveAtom>& atoms) {
  int n = 0;
  for (const MoveAtom& a : atoms) n += int(a.paths.size());
  return n;
}

// The squares 1..4 steps away along each of the given unit directions.
std::set<Square> Lines(const std::vector<Square>& units) {
  std::set<Square> out;
  for (auto [ux, uy] : units) {
    for (int k = 1; k <= 4; ++k) out.insert({ux * k, uy * k});
  }
  return out;
}

std::string ErrorOf(const std::string& betza) {
  auto atoms = ParseBetza(betza);
  return atoms.ok() ? "ok" : std::string(atoms.status().message());
}

TEST(BetzaTest, LeapersHaveTheirSymmetricImages) {
  // Orthogonal and diagonal leapers have 4 images, oblique ones 8.
  for (const char* letter : {"W", "F", "D", "A", "H", "G"})
    EXPECT_EQ(StepCount(letter), 4) << letter;
  for (const char* letter : {"N", "C", "Z"}) EXPECT_EQ(StepCount(letter), 8) << letter;
  EXPECT_EQ(StepCount("K"), 8);
  EXPECT_EQ(StepCount("Q"), 8);
}

TEST(BetzaTest, RidersAndRanges) {
  auto rook = ParseBetza("R");
  ASSERT_TRUE(rook.ok());
  EXPECT_EQ((*rook)[0].range, 0);
  auto w2 = ParseBetza("W2");
  ASSERT_TRUE(w2.ok());
  EXPECT_EQ((*w2)[0].range, 2);
  auto nightrider = ParseBetza("NN");
  ASSERT_TRUE(nightrider.ok());
  EXPECT_EQ((*nightrider)[0].range, 0);
  EXPECT_EQ((*nightrider)[0].steps.size(), 8u);
}

TEST(BetzaTest, DirectionModifiers) {
  EXPECT_EQ(StepCount("fW"), 1);
  EXPECT_EQ(StepCount("vW"), 2);
  EXPECT_EQ(StepCount("sW"), 2);
  EXPECT_EQ(StepCount("fF"), 2);
  EXPECT_EQ(StepCount("flF"), 1);
  EXPECT_EQ(StepCount("fN"), 4);
  EXPECT_EQ(StepCount("ffN"), 2);  // forward narrow
  EXPECT_EQ(StepCount("fsN"), 2);  // forward wide
  EXPECT_EQ(StepCount("lN"), 4);
  EXPECT_EQ(StepCount("fbN"), 8);  // f and b apart, not a pair
}

TEST(BetzaTest, MoveAndCaptureModes) {
  auto pawn = ParseBetza("fmWfcFifmnD");
  ASSERT_TRUE(pawn.ok());
  ASSERT_EQ(pawn->size(), 3u);
  EXPECT_TRUE((*pawn)[0].quiet);
  EXPECT_FALSE((*pawn)[0].capture);
  EXPECT_FALSE((*pawn)[1].quiet);
  EXPECT_TRUE((*pawn)[1].capture);
  EXPECT_TRUE((*pawn)[2].initial);
  EXPECT_TRUE((*pawn)[2].lame);
  auto cannon = ParseBetza("mRcpR");
  ASSERT_TRUE(cannon.ok());
  EXPECT_TRUE((*cannon)[1].hopper);
  EXPECT_FALSE((*cannon)[1].quiet);
}

TEST(BetzaTest, LamePathGoesStraightThenDiagonally) {
  auto path = LamePath({1, 2});  // the xiangqi horse: blocked one step ahead
  ASSERT_EQ(path.size(), 1u);
  EXPECT_EQ(path[0], (Step{0, 1}));
  auto elephant = LamePath({2, 2});
  ASSERT_EQ(elephant.size(), 1u);
  EXPECT_EQ(elephant[0], (Step{1, 1}));
}

TEST(BetzaTest, ErrorsNameTheProblem) {
  auto unknown = ParseBetza("QX");
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.status().message().find("unknown piece letter 'X' at position 2"),
            std::string::npos)
      << unknown.status();
  EXPECT_FALSE(ParseBetza("").ok());
  EXPECT_FALSE(ParseBetza("fm").ok());  // modifiers apply to nothing
  EXPECT_FALSE(ParseBetza("qN").ok());  // q is no modifier
  EXPECT_FALSE(ParseBetza("pN").ok());  // a hopper must ride
  // Read with atoi, 2^32 + 2 wrapped into the range 2.
  for (const char* betza : {"W17", "W4294967298", "W99999999999999999999"}) {
    auto ranged = ParseBetza(betza);
    ASSERT_FALSE(ranged.ok()) << betza;
    EXPECT_NE(ranged.status().message().find("range must be 0 (unlimited) to 16"),
              std::string::npos)
        << ranged.status();
  }
}

TEST(BetzaTest, MultiLegAtomsHoldTheirPaths) {
  auto atoms = ParseBetza("FaA");
  ASSERT_TRUE(atoms.ok()) << atoms.status();
  ASSERT_EQ(atoms->size(), 1u);
  const MoveAtom& a = (*atoms)[0];
  EXPECT_TRUE(a.multi_leg);
  EXPECT_EQ(a.range, 1);
  EXPECT_EQ(a.paths.size(), 16u);  // 4 F images times 4 A images, none back on the origin
  EXPECT_EQ(a.steps.size(), 16u);  // each coordinate is +-1 +-2, a distinct +-1 or +-3
  auto single = ParseBetza("W");
  ASSERT_TRUE(single.ok());
  EXPECT_FALSE((*single)[0].multi_leg);
  EXPECT_TRUE((*single)[0].paths.empty());
}

TEST(BetzaTest, RelativeDirectionsFollowThePreviousLeg) {
  // Forward then a quarter turn: the W leg (0,1) turns left to (-1,0) and right to (1,0).
  auto left = ParseBetza("WalW");
  ASSERT_TRUE(left.ok()) << left.status();
  EXPECT_EQ(PathCount(*left), 4);
  EXPECT_EQ(LandingsTo(*left, {-1, 1}), (std::multiset<std::vector<Square>>{{{0, 1}}}));
  auto right = ParseBetza("WarW");
  ASSERT_TRUE(right.ok());
  EXPECT_EQ(LandingsTo(*right, {1, 1}), (std::multiset<std::vector<Square>>{{{0, 1}}}));
  // Diagonal: after F (1,1), left is (-1,1).
  auto bent = ParseBetza("FalF");
  ASSERT_TRUE(bent.ok());
  EXPECT_EQ(LandingsTo(*bent, {0, 2}), (std::multiset<std::vector<Square>>{{{1, 1}}}));
  EXPECT_EQ(PathCount(*bent), 4);
  // s is l or r: each F square two ways. v is f or b, and b back to the origin is no move.
  auto sideways = ParseBetza("WasW");
  ASSERT_TRUE(sideways.ok());
  EXPECT_EQ(PathCount(*sideways), 8);
  EXPECT_EQ(Destinations(*sideways), (std::set<Square>{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}));
  auto vertical = ParseBetza("WavW");
  ASSERT_TRUE(vertical.ok());
  EXPECT_EQ(Destinations(*vertical), (std::set<Square>{{0, 2}, {0, -2}, {2, 0}, {-2, 0}}));
  EXPECT_EQ(PathCount(*vertical), 4);
  // A union of relative modifiers, and absolute ones on the first leg.
  auto forward_then_turn = ParseBetza("fWafsW");
  ASSERT_TRUE(forward_then_turn.ok());
  EXPECT_EQ(Destinations(*forward_then_turn), (std::set<Square>{{0, 2}, {1, 1}, {-1, 1}}));
  // No modifier: every image, including the oblique ones a modifier cannot name.
  auto any = ParseBetza("WaN");
  ASSERT_TRUE(any.ok());
  EXPECT_EQ(PathCount(*any), 32);
  EXPECT_EQ(LandingsTo(*any, {1, 3}), (std::multiset<std::vector<Square>>{{{0, 1}}}));
  // Descriptions of no move, like "fsW".
  EXPECT_FALSE(ParseBetza("WabW").ok());
  EXPECT_FALSE(ParseBetza("WafF").ok());
  EXPECT_FALSE(ParseBetza("WafN").ok());
  // An intermediate landing on the origin is kept: the piece has left it.
  auto there_and_back = ParseBetza("WabWaW");
  ASSERT_TRUE(there_and_back.ok());
  EXPECT_EQ(LandingsTo(*there_and_back, {0, 1}).count({{0, 1}, {0, 0}}), 1u);
}

TEST(BetzaTest, MultiLegModesAndReading) {
  auto quiet = ParseBetza("mFaAicWaW");
  ASSERT_TRUE(quiet.ok()) << quiet.status();
  ASSERT_EQ(quiet->size(), 2u);
  EXPECT_TRUE((*quiet)[0].quiet);
  EXPECT_FALSE((*quiet)[0].capture);
  EXPECT_FALSE((*quiet)[0].initial);
  EXPECT_FALSE((*quiet)[1].quiet);
  EXPECT_TRUE((*quiet)[1].initial);
  // A doubled letter before `a` is the letter and then a multi-leg atom, not a rider.
  auto split = ParseBetza("WWaF");
  ASSERT_TRUE(split.ok()) << split.status();
  ASSERT_EQ(split->size(), 2u);
  EXPECT_FALSE((*split)[0].multi_leg);
  EXPECT_EQ((*split)[0].range, 1);
  EXPECT_TRUE((*split)[1].multi_leg);
  auto two = ParseBetza("FafFFafA");
  ASSERT_TRUE(two.ok()) << two.status();
  EXPECT_EQ(two->size(), 2u);
}

TEST(BetzaTest, GranlemOliphant) {
  auto atoms = ParseBetza("FAFafFFafAAafFAafA");
  ASSERT_TRUE(atoms.ok()) << atoms.status();
  EXPECT_EQ(Destinations(*atoms), Lines({{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}));
  EXPECT_EQ(Destinations(*atoms).size(), 16u);
  EXPECT_EQ(PathCount(*atoms), 16);  // four multi-leg atoms, one path per diagonal each
  using L = std::multiset<std::vector<Square>>;
  EXPECT_EQ(LandingsTo(*atoms, {3, 3}), (L{{{1, 1}}, {{2, 2}}}));  // F then A, A then F
  EXPECT_EQ(LandingsTo(*atoms, {4, 4}), (L{{{2, 2}}}));            // A then A
  EXPECT_EQ(LandingsTo(*atoms, {2, 2}), (L{{{1, 1}}}));            // F then F; plain A too
  EXPECT_EQ(LandingsTo(*atoms, {-3, 3}), (L{{{-1, 1}}, {{-2, 2}}}));
  EXPECT_TRUE(LandingsTo(*atoms, {1, 1}).empty());  // the plain F only
}

TEST(BetzaTest, GranlemLightningWarmachine) {
  auto atoms = ParseBetza("WDWafWWafDDafWDafD");
  ASSERT_TRUE(atoms.ok()) << atoms.status();
  EXPECT_EQ(Destinations(*atoms), Lines({{0, 1}, {0, -1}, {1, 0}, {-1, 0}}));
  EXPECT_EQ(Destinations(*atoms).size(), 16u);
  using L = std::multiset<std::vector<Square>>;
  EXPECT_EQ(LandingsTo(*atoms, {0, 3}), (L{{{0, 1}}, {{0, 2}}}));
  EXPECT_EQ(LandingsTo(*atoms, {-4, 0}), (L{{{-2, 0}}}));
  EXPECT_EQ(LandingsTo(*atoms, {0, -2}), (L{{{0, -1}}}));
}

TEST(BetzaTest, GranlemBentShaman) {
  auto atoms = ParseBetza("FAFaAAaF");
  ASSERT_TRUE(atoms.ok()) << atoms.status();
  // F then A (or A then F) changes each coordinate by +-1 +-2, giving +-1 or +-3 by one sign
  // choice only: 16 squares, all of them both ways. With the plain A's 4 squares (the F's are
  // among the 16): 20.
  std::set<Square> expected = {{2, 2}, {2, -2}, {-2, 2}, {-2, -2}};
  for (int x : {-3, -1, 1, 3}) {
    for (int y : {-3, -1, 1, 3}) expected.insert({x, y});
  }
  EXPECT_EQ(Destinations(*atoms), expected);
  EXPECT_EQ(Destinations(*atoms).size(), 20u);
  EXPECT_EQ(PathCount(*atoms), 32);
  using L = std::multiset<std::vector<Square>>;
  EXPECT_EQ(LandingsTo(*atoms, {3, -1}), (L{{{1, 1}}, {{2, -2}}}));
  // F forward then A back lands behind the origin: the F square, by a path.
  EXPECT_EQ(LandingsTo(*atoms, {-1, -1}), (L{{{1, 1}}, {{-2, -2}}}));
  EXPECT_EQ(LandingsTo(*atoms, {3, 3}), (L{{{1, 1}}, {{2, 2}}}));
}

TEST(BetzaTest, GranlemBentHero) {
  auto atoms = ParseBetza("WDWaDDaW");
  ASSERT_TRUE(atoms.ok()) << atoms.status();
  // W then D (or D then W): along the same line the W or H squares, across it the N squares.
  // 4 W + 4 H + 8 N from the legs, 4 D from the plain D: 20.
  std::set<Square> expected;
  for (auto [x, y] : std::vector<Square>{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {2, 1}}) {
    for (int sx : {-1, 1}) {
      for (int sy : {-1, 1}) {
        expected.insert({sx * x, sy * y});
        expected.insert({sy * y, sx * x});
      }
    }
  }
  EXPECT_EQ(Destinations(*atoms), expected);
  EXPECT_EQ(Destinations(*atoms).size(), 20u);
  EXPECT_EQ(PathCount(*atoms), 32);
  using L = std::multiset<std::vector<Square>>;
  EXPECT_EQ(LandingsTo(*atoms, {2, 1}), (L{{{0, 1}}, {{2, 0}}}));
  EXPECT_EQ(LandingsTo(*atoms, {0, 1}), (L{{{0, -1}}, {{0, 2}}}));
  EXPECT_EQ(LandingsTo(*atoms, {0, 3}), (L{{{0, 1}}, {{0, 2}}}));
}

TEST(BetzaTest, MultiLegErrorsNameTheProblem) {
  auto has = [](const std::string& betza, const std::string& what) {
    const std::string message = ErrorOf(betza);
    EXPECT_NE(message.find(what), std::string::npos) << betza << ": " << message;
  };
  has("Wa", "'a' is followed by no leg at position 2");
  has("WaNN", "doubled leg 'N': a leg is a single leaper letter at position 4");
  has("NafW",
      "relative direction 'f' after an oblique leg, which has no such directions at "
      "position 3");
  has("WanD", "'n' is no relative direction (f b l r v s) after 'a' at position 3");
  has("W2aF", "a leg of a multi-leg move takes no range at position 2");
  has("WaF2", "a leg of a multi-leg move takes no range at position 4");
  has("WaK", "'K' is no leaper letter (W F D N A H C Z G) for a leg at position 3");
  has("KaW", "'K' is a shorthand, not a leaper letter for a leg at position 1");
  has("nWaF", "'n' (lame) on a multi-leg move at position 1");
  has("mpWaF", "'p' (hopper) on a multi-leg move at position 2");
  // Legs multiply: seven W legs made 16,384 paths, which the engine walked at every move
  // generation (a fuzzer time-out); eight N legs would make 16,777,216.
  const std::string too_many = "the multi-leg moves combine their legs in more than 1024 ways";
  has("R2WaWaWaWaWaWaW", too_many + " at position 3");
  has("NaNaNaNaNaNaNaN", too_many + " at position 1");
  has("WaWaWaWaWFaFaFaF", too_many + " at position 10");  // 1024, then 256 more
}

TEST(BetzaTest, ManyLegsAreFineWhileTheirCombinationsAreFew) {
  auto at_the_limit = ParseBetza("WaWaWaWaW");  // 4^5 = 1024 combinations
  ASSERT_TRUE(at_the_limit.ok()) << at_the_limit.status();
  EXPECT_GT(PathCount(*at_the_limit), 0);
  auto straight = ParseBetza("WafWafWafWafWafWafWafWafW");  // nine legs, one way per direction
  ASSERT_TRUE(straight.ok()) << straight.status();
  EXPECT_EQ(PathCount(*straight), 4);
}

}  // namespace
}  // namespace gc9::engine
