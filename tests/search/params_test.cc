// The parameter registry: the SPSA listing's format, range checks, parameter files, and a
// value parameter for every piece of every built-in variant.
#include "engine/params.h"

#include <fstream>
#include <regex>

#include "engine/engine.h"
#include "engine/variant_catalog.h"
#include "gtest/gtest.h"

namespace gc9::engine {
namespace {

TEST(ParamsTest, ListingIsFishtestsFormat) {
  const Params params;
  const std::vector<std::string> lines = params.Listing();
  int tuned = 0;
  for (const ParamSpec& spec : ParamSpecs()) tuned += spec.tuned;
  EXPECT_EQ(int(lines.size()), tuned);
  const std::regex format(R"(^[A-Z][A-Za-z0-9]*,-?\d+,-?\d+,-?\d+,\d+(\.\d+)?,\d\.\d{4}$)");
  for (const std::string& line : lines) EXPECT_TRUE(std::regex_match(line, format)) << line;
  EXPECT_NE(std::find(lines.begin(), lines.end(), "SceptreValueMg,1200,600,2000,40,0.0020"),
            lines.end());
  EXPECT_NE(std::find(lines.begin(), lines.end(), "NullMoveBase,2,1,6,0.5,0.0020"), lines.end());
  // Switches are options, not tuning targets.
  for (const std::string& line : lines) EXPECT_NE(line.rfind("NullMove,", 0), 0u) << line;
}

TEST(ParamsTest, DefaultsLieInTheirRanges) {
  for (const ParamSpec& spec : ParamSpecs()) {
    EXPECT_LE(spec.min, spec.default_value) << spec.name;
    EXPECT_LE(spec.default_value, spec.max) << spec.name;
    EXPECT_EQ(FindParam(spec.name), &spec - ParamSpecs().data()) << spec.name;
  }
}

TEST(ParamsTest, RulesBookValues) {
  const Params p;
  EXPECT_EQ(p.Get(kPawnValueMg), 100);
  EXPECT_EQ(p.Get(kKnightValueMg), 300);
  EXPECT_EQ(p.Get(kBishopValueMg), 300);
  EXPECT_EQ(p.Get(kAiravatValueMg), 500);
  EXPECT_EQ(p.Get(kCharioteerValueMg), 400);
  EXPECT_EQ(p.Get(kCommanderValueMg), 900);
  EXPECT_EQ(p.Get(kSceptreValueMg), 1200);
}

TEST(ParamsTest, SetChecksNameAndRange) {
  Params p;
  EXPECT_TRUE(p.Set("SceptreValueMg", 1150).ok());
  EXPECT_EQ(p.Get(kSceptreValueMg), 1150);
  EXPECT_TRUE(p.Set("scepTREvaluemg", 1100).ok());  // UCI names ignore case
  const absl::Status range = p.Set("SceptreValueMg", 99999);
  EXPECT_EQ(range.code(), absl::StatusCode::kOutOfRange);
  EXPECT_EQ(range.message(), "parameter SceptreValueMg value 99999 is outside 600..2000");
  EXPECT_EQ(p.Get(kSceptreValueMg), 1100);
  EXPECT_EQ(p.Set("NoSuchThing", 1).code(), absl::StatusCode::kNotFound);
}

TEST(ParamsTest, EveryPieceOfEveryVariantHasValues) {
  for (const std::string& name : BuiltinVariantNames()) {
    auto variant = BuiltinVariant(name);
    ASSERT_TRUE(variant.ok());
    for (PieceType pt = 0; pt < (*variant)->piece_count(); ++pt) {
      const PieceInfo& info = (*variant)->piece(pt);
      if (info.royal) continue;
      EXPECT_GE(FindParam(PieceParamName(info.name, "ValueMg")), 0) << name << " " << info.name;
      EXPECT_GE(FindParam(PieceParamName(info.name, "ValueEg")), 0) << name << " " << info.name;
    }
  }
  EXPECT_EQ(PieceParamName("war machine", "ValueEg"), "WarMachineValueEg");
}

TEST(ParamsTest, ParameterFilesInEveryFormat) {
  Params p;
  const absl::Status s = p.ApplyText(
      "# tuned\n"
      "SceptreValueMg,1150\n"
      "  KnightValueEg = 310  # trailing comment\n"
      "MobilityMg,30.6,0,100,4,0.0020\n"
      "\n",
      "tuned.txt");
  ASSERT_TRUE(s.ok()) << s;
  EXPECT_EQ(p.Get(kSceptreValueMg), 1150);
  EXPECT_EQ(p.Get(kKnightValueEg), 310);
  EXPECT_EQ(p.Get(kMobilityMg), 31);
}

TEST(ParamsTest, ParameterFileErrorsNameTheLineAndChangeNothing) {
  Params p;
  absl::Status s = p.ApplyText("SceptreValueMg,1150\nKnightValueMg,lots\n", "f.txt");
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("f.txt:2: value \"lots\" is not a number"), std::string::npos)
      << s.message();
  EXPECT_EQ(p.Get(kSceptreValueMg), 1200);
  s = p.ApplyText("\n\nSceptreValueMg,5\n", "f.txt");
  EXPECT_NE(s.message().find("f.txt:3: parameter SceptreValueMg value 5 is outside"),
            std::string::npos)
      << s.message();
  s = p.ApplyText("Bogus=3\n", "f.txt");
  EXPECT_NE(s.message().find("f.txt:1: unknown parameter \"Bogus\""), std::string::npos);
  s = p.ApplyText("a,b,c\n", "f.txt");
  EXPECT_NE(s.message().find("f.txt:1: expected name,value"), std::string::npos);
}

// Rounded after the range check, a value beyond int wrapped: 2^32 + 100 was taken as 100.
TEST(ParamsTest, ValuesBeyondIntAreOutOfRangeNotWrapped) {
  Params p;
  absl::Status s = p.ApplyText("PawnValueMg,4294967396\n", "f.txt");
  EXPECT_NE(s.message().find("f.txt:1: parameter PawnValueMg value 4294967396 is outside 50..200"),
            std::string::npos)
      << s.message();
  EXPECT_FALSE(p.Set("PawnValueMg", -4294967196.0).ok());
  EXPECT_FALSE(p.Set("PawnValueMg", 1e300).ok());
  EXPECT_EQ(p.Get(kPawnValueMg), 100);
  EXPECT_TRUE(p.Set("PawnValueMg", 110.5).ok());
  EXPECT_EQ(p.Get(kPawnValueMg), 111);
}

TEST(ParamsTest, EngineLoadsAFile) {
  const std::string path = ::testing::TempDir() + "/gc9_params.txt";
  std::ofstream(path) << "SceptreValueEg=1300\n";
  Engine engine;
  ASSERT_TRUE(engine.LoadParameters(path).ok());
  EXPECT_EQ(engine.params().Get(kSceptreValueEg), 1300);
  EXPECT_EQ(engine.LoadParameters(path + ".missing").code(), absl::StatusCode::kNotFound);
}

}  // namespace
}  // namespace gc9::engine
