// Runs the built gc9-stats binary as a child process: its JSON, its status
// lines, and exit status 2 with a message naming the problem on bad input.
#include <sys/wait.h>

#include <cstdio>
#include <ostream>
#include <string>

#include "absl/strings/str_cat.h"
#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"

namespace {

struct Output {
  int exit_code = -1;
  std::string stdout_text;
};

// `args` goes to /bin/sh as written; `stderr_to_stdout` folds the two streams.
Output RunStats(const std::string& args, bool stderr_to_stdout = false) {
  const std::string command =
      absl::StrCat("'", GC9_STATS_BINARY, "' ", args, stderr_to_stdout ? " 2>&1" : " 2>/dev/null");
  Output out;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return out;
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof(buffer), pipe)) > 0) {
    out.stdout_text.append(buffer, n);
  }
  const int status = pclose(pipe);
  if (WIFEXITED(status)) out.exit_code = WEXITSTATUS(status);
  return out;
}

double Number(const google::protobuf::Struct& json, const std::string& key) {
  const auto it = json.fields().find(key);
  EXPECT_NE(it, json.fields().end()) << "missing key " << key;
  if (it == json.fields().end()) return 0;
  EXPECT_EQ(it->second.kind_case(), google::protobuf::Value::kNumberValue) << key;
  return it->second.number_value();
}

TEST(StatsMainTest, JsonForPublishedRun) {
  // fishtest issue #1737: LLR 2.9420974720708513 with bounds +-2.94443...
  const Output out =
      RunStats("--pentanomial 93,18711,58877,18739,100 --elo0=-1.75 --elo1 0.25 --json");
  ASSERT_EQ(out.exit_code, 0) << out.stdout_text;
  google::protobuf::Struct json;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(out.stdout_text, &json).ok())
      << out.stdout_text;
  EXPECT_NEAR(Number(json, "llr"), 2.9420974720708513, 1e-6);
  EXPECT_NEAR(Number(json, "lower_bound"), -2.9444389791664403, 1e-9);
  EXPECT_NEAR(Number(json, "upper_bound"), 2.9444389791664403, 1e-9);
  const double elo = Number(json, "elo");
  EXPECT_LT(Number(json, "elo_low"), elo);
  EXPECT_GT(Number(json, "elo_high"), elo);
  const double nelo = Number(json, "nelo");
  EXPECT_LT(Number(json, "nelo_low"), nelo);
  EXPECT_GT(Number(json, "nelo_high"), nelo);
  const double los = Number(json, "los");
  EXPECT_GT(los, 0);
  EXPECT_LT(los, 1);
  EXPECT_NEAR(Number(json, "draw_ratio"), 58877.0 / 96520.0, 1e-9);
  EXPECT_EQ(Number(json, "pairs"), 96520);
  EXPECT_EQ(json.fields().at("decision").string_value(), "continue");
}

TEST(StatsMainTest, JsonDecisionAcceptH1) {
  // Stockfish PR #6633: fishtest shows LLR 2.95, a pass.
  const Output out = RunStats(
      "--pentanomial=677,25001,61196,24940,714 --elo0=-1.75 --elo1=0.25 "
      "--alpha=0.05 --beta=0.05 --json");
  ASSERT_EQ(out.exit_code, 0);
  google::protobuf::Struct json;
  ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(out.stdout_text, &json).ok())
      << out.stdout_text;
  EXPECT_EQ(json.fields().at("decision").string_value(), "accept H1");
}

TEST(StatsMainTest, StatusLines) {
  const Output out = RunStats("--pentanomial 39,5335,18992,5622,12 --elo0 0 --elo1 2");
  ASSERT_EQ(out.exit_code, 0);
  // Stockfish PR #4160's fixed-games run: Elo 1.35, nElo 3.13.
  EXPECT_NE(out.stdout_text.find("LLR: "), std::string::npos) << out.stdout_text;
  EXPECT_NE(out.stdout_text.find(" (-2.94, 2.94) [0.00, 2.00]\n"), std::string::npos)
      << out.stdout_text;
  EXPECT_NE(out.stdout_text.find("Elo: 1.35 +/- "), std::string::npos) << out.stdout_text;
  EXPECT_NE(out.stdout_text.find("nElo: 3.13 +/- "), std::string::npos) << out.stdout_text;
  EXPECT_NE(out.stdout_text.find("Games: 60000, W: "), std::string::npos) << out.stdout_text;
  EXPECT_NE(out.stdout_text.find("Ptnml(0-2): [39, 5335, 18992, 5622, 12]\n"), std::string::npos)
      << out.stdout_text;
}

TEST(StatsMainTest, HelpNamesEveryFlag) {
  const Output out = RunStats("--help");
  EXPECT_EQ(out.exit_code, 0);
  for (const char* flag : {"--pentanomial", "--elo0", "--elo1", "--alpha", "--beta", "--json"}) {
    EXPECT_NE(out.stdout_text.find(flag), std::string::npos) << flag;
  }
}

struct BadInput {
  const char* name;
  const char* args;
  const char* message_part;
};

void PrintTo(const BadInput& c, std::ostream* os) { *os << c.args; }

class StatsMainBadInputTest : public testing::TestWithParam<BadInput> {};

TEST_P(StatsMainBadInputTest, ExitsTwoNamingTheProblem) {
  const Output out = RunStats(GetParam().args, /*stderr_to_stdout=*/true);
  EXPECT_EQ(out.exit_code, 2) << GetParam().args << "\n" << out.stdout_text;
  EXPECT_NE(out.stdout_text.find(GetParam().message_part), std::string::npos)
      << GetParam().args << "\n"
      << out.stdout_text;
}

INSTANTIATE_TEST_SUITE_P(
    All, StatsMainBadInputTest,
    testing::Values(
        BadInput{"MissingPentanomial", "--elo0 0 --elo1 2", "--pentanomial is required"},
        BadInput{"FourCounts", "--pentanomial 1,2,3,4 --elo0 0 --elo1 2", "five"},
        BadInput{"NonIntegerCount", "--pentanomial 1,2,x,4,5 --elo0 0 --elo1 2", "P2"},
        BadInput{"NegativeCount", "--pentanomial 1,2,-3,4,5 --elo0 0 --elo1 2", "negative"},
        BadInput{"MissingElo0", "--pentanomial 1,2,3,4,5 --elo1 2", "--elo0 is required"},
        BadInput{"EqualBounds", "--pentanomial 1,2,3,4,5 --elo0 2 --elo1 2", "elo0"},
        BadInput{"AlphaAboveOne", "--pentanomial 1,2,3,4,5 --elo0 0 --elo1 2 --alpha 1.5", "alpha"},
        BadInput{"BetaZero", "--pentanomial 1,2,3,4,5 --elo0 0 --elo1 2 --beta 0", "beta"},
        BadInput{"NonNumericElo0", "--pentanomial 1,2,3,4,5 --elo0 zero --elo1 2", "--elo0"},
        BadInput{"UnknownFlag", "--pentanomial 1,2,3,4,5 --elo0 0 --elo1 2 --bogus",
                 "unknown flag --bogus"},
        BadInput{"MissingValue", "--pentanomial 1,2,3,4,5 --elo0 0 --elo1", "needs a value"},
        BadInput{"PositionalArgument", "stray --pentanomial 1,2,3,4,5 --elo0 0 --elo1 2",
                 "unexpected argument"}),
    [](const testing::TestParamInfo<BadInput>& info) { return std::string(info.param.name); });

}  // namespace
