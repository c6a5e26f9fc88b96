#include "coordinator/spsa/params.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace gc9::coordinator::spsa {
namespace {

using ::testing::HasSubstr;

// The error for a file whose only parameter line is `line`, preceded by a
// comment so that the line number is 2.
std::string ErrorFor(const std::string& line) {
  absl::StatusOr<std::vector<SpsaParam>> params = ParseParams("# header\n" + line + "\n");
  EXPECT_FALSE(params.ok()) << line;
  return std::string(params.status().message());
}

TEST(SpsaParams, ParsesFishtestLinesCommentsAndBlankLines) {
  absl::StatusOr<std::vector<SpsaParam>> params = ParseParams(
      "# eval weights\n"
      "\n"
      "Tempo,1,0,2,0.5,0.1\r\n"
      "  KnightValue , 300.5 , 100 , 500 , 10 , 0.002  # trailing comment\n"
      "   \n");
  ASSERT_TRUE(params.ok()) << params.status();
  ASSERT_EQ(params->size(), 2u);
  const SpsaParam& tempo = (*params)[0];
  EXPECT_EQ(tempo.name, "Tempo");
  EXPECT_EQ(tempo.start, 1);
  EXPECT_EQ(tempo.min, 0);
  EXPECT_EQ(tempo.max, 2);
  EXPECT_EQ(tempo.c_end, 0.5);
  EXPECT_EQ(tempo.r_end, 0.1);
  const SpsaParam& knight = (*params)[1];
  EXPECT_EQ(knight.name, "KnightValue");
  EXPECT_EQ(knight.start, 300.5);
  EXPECT_EQ(knight.c_end, 10);
  EXPECT_EQ(knight.r_end, 0.002);
}

TEST(SpsaParams, AcceptsStartOnEitherBound) {
  EXPECT_TRUE(ParseParams("lo,0,0,5,1,0.1\nhi,5,0,5,1,0.1\nfixed,3,3,3,1,0.1").ok());
}

TEST(SpsaParams, WrongFieldCount) {
  const std::string error = ErrorFor("Tempo,1,0,2,0.5");
  EXPECT_THAT(error, HasSubstr("line 2"));
  EXPECT_THAT(error, HasSubstr("expected 6"));
  EXPECT_THAT(error, HasSubstr("got 5"));
  EXPECT_THAT(ErrorFor("Tempo,1,0,2,0.5,0.1,7"), HasSubstr("got 7"));
}

TEST(SpsaParams, NonNumericField) {
  const std::string error = ErrorFor("Tempo,1,zero,2,0.5,0.1");
  EXPECT_THAT(error, HasSubstr("line 2"));
  EXPECT_THAT(error, HasSubstr("min 'zero' is not a finite number"));
  EXPECT_THAT(ErrorFor("Tempo,1,0,2,0.5,nan"), HasSubstr("r_end 'nan'"));
  EXPECT_THAT(ErrorFor("Tempo,inf,0,2,0.5,0.1"), HasSubstr("start 'inf'"));
  EXPECT_THAT(ErrorFor("Tempo,1,0,,0.5,0.1"), HasSubstr("max ''"));
}

TEST(SpsaParams, MinAboveMax) {
  const std::string error = ErrorFor("Tempo,1,3,2,0.5,0.1");
  EXPECT_THAT(error, HasSubstr("line 2"));
  EXPECT_THAT(error, HasSubstr("min 3 is greater than max 2"));
}

TEST(SpsaParams, StartOutsideRange) {
  const std::string error = ErrorFor("Tempo,7,0,2,0.5,0.1");
  EXPECT_THAT(error, HasSubstr("line 2"));
  EXPECT_THAT(error, HasSubstr("start 7 is outside [0, 2]"));
  EXPECT_THAT(ErrorFor("Tempo,-1,0,2,0.5,0.1"), HasSubstr("start -1 is outside"));
}

TEST(SpsaParams, NonPositiveCEndOrREnd) {
  EXPECT_THAT(ErrorFor("Tempo,1,0,2,0,0.1"), HasSubstr("line 2: c_end must be > 0"));
  EXPECT_THAT(ErrorFor("Tempo,1,0,2,-0.5,0.1"), HasSubstr("c_end must be > 0"));
  EXPECT_THAT(ErrorFor("Tempo,1,0,2,0.5,0"), HasSubstr("line 2: r_end must be > 0"));
  EXPECT_THAT(ErrorFor("Tempo,1,0,2,0.5,-1e-3"), HasSubstr("r_end must be > 0"));
}

TEST(SpsaParams, EmptyName) {
  EXPECT_THAT(ErrorFor(" ,1,0,2,0.5,0.1"), HasSubstr("name is empty"));
}

TEST(SpsaParams, DuplicateName) {
  absl::StatusOr<std::vector<SpsaParam>> params =
      ParseParams("Tempo,1,0,2,0.5,0.1\nOther,1,0,2,0.5,0.1\n\nTempo,1,0,2,0.5,0.1\n");
  ASSERT_FALSE(params.ok());
  EXPECT_THAT(params.status().message(),
              HasSubstr("line 4: duplicate name 'Tempo' (first defined on line 1)"));
}

TEST(SpsaParams, NothingToTune) {
  EXPECT_FALSE(ParseParams("").ok());
  EXPECT_FALSE(ParseParams("# only a comment\n\n").ok());
}

TEST(SpsaParams, ReportsTheFirstBadLine) {
  absl::StatusOr<std::vector<SpsaParam>> params =
      ParseParams("a,1,0,2,0.5,0.1\n\n# c\nb,1,0,2\nc,x,0,2,0.5,0.1\n");
  ASSERT_FALSE(params.ok());
  EXPECT_THAT(params.status().message(), HasSubstr("line 4:"));
}

}  // namespace
}  // namespace gc9::coordinator::spsa
