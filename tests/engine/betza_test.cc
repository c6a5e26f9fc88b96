// Betza parsing: each atom's move set on an empty board, counted by hand.
#include "engine/betza.h"

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
}

}  // namespace
}  // namespace gc9::engine
