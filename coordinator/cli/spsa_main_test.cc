// Runs the real gc9-spsa binary (GC9_SPSA_BINARY, set by CMake) as a separate
// process.
#include <sys/wait.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace gc9::coordinator::spsa {
namespace {

using ::testing::HasSubstr;

struct ProcessResult {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

ProcessResult RunSpsa(const std::string& args) {
  const std::string command = absl::StrCat(GC9_SPSA_BINARY, " ", args, " 2>&1");
  ProcessResult run;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return run;
  char buffer[4096];
  size_t read = 0;
  while ((read = fread(buffer, 1, sizeof(buffer), pipe)) > 0) run.output.append(buffer, read);
  const int status = pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

class SpsaMain : public ::testing::Test {
 protected:
  void SetUp() override {
    char dir_template[] = "/tmp/gc9_spsa_main_test.XXXXXX";
    ASSERT_NE(mkdtemp(dir_template), nullptr);
    dir_ = dir_template;
  }
  void TearDown() override {
    for (const std::string& file : files_) std::remove(file.c_str());
    rmdir(dir_.c_str());
  }

  std::string WriteFile(const std::string& name, const std::string& text) {
    const std::string path = absl::StrCat(dir_, "/", name);
    std::ofstream(path) << text;
    files_.push_back(path);
    return path;
  }

  std::string dir_;
  std::vector<std::string> files_;
};

// The number after `"key": ` in the JSON object that starts at `from`.
double JsonField(const std::string& json, const std::string& key, size_t from) {
  const std::string marker = absl::StrCat("\"", key, "\": ");
  const size_t at = json.find(marker, from);
  EXPECT_NE(at, std::string::npos) << key;
  if (at == std::string::npos) return NAN;
  const size_t begin = at + marker.size();
  const size_t end = json.find_first_of(",}", begin);
  double value = NAN;
  EXPECT_TRUE(absl::SimpleAtod(json.substr(begin, end - begin), &value)) << key;
  return value;
}

void ExpectClose(double actual, double expected) {
  EXPECT_NEAR(actual, expected, 1e-12 * std::abs(expected));
}

TEST_F(SpsaMain, PlanJsonCarriesTheSchedule) {
  const std::string params = WriteFile("params.txt",
                                       "# fishtest's example parameter\nTempo,1,0,2,0.5,0.1\n\n"
                                       "x,100,0,200,10,0.002\n");
  const ProcessResult run =
      RunSpsa(absl::StrCat("plan --params ", params, " --pairs 250 --iteration 9 --json"));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const size_t tempo = run.output.find("\"name\": \"Tempo\"");
  const size_t x = run.output.find("\"name\": \"x\"");
  ASSERT_NE(tempo, std::string::npos) << run.output;
  ASSERT_NE(x, std::string::npos) << run.output;
  // Hand-computed values, see schedule_test.cc.
  ExpectClose(JsonField(run.output, "c", tempo), 0.8732969536786795);
  ExpectClose(JsonField(run.output, "a", tempo), 0.7352216553570176);
  ExpectClose(JsonField(run.output, "A", tempo), 25);
  ExpectClose(JsonField(run.output, "c_k", tempo), 0.6920889976948965);
  ExpectClose(JsonField(run.output, "R_k", tempo), 0.1805366739915686);
  ExpectClose(JsonField(run.output, "c", x), 10 * std::pow(250.0, 0.101));
}

TEST_F(SpsaMain, PlanDefaultsToIterationZeroAndPrintsATable) {
  const std::string params = WriteFile("params.txt", "Tempo,1,0,2,0.5,0.1\n");
  const ProcessResult run = RunSpsa(absl::StrCat("plan --params=", params, " --pairs=250"));
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_THAT(run.output, HasSubstr("iteration k = 0"));
  EXPECT_THAT(run.output, HasSubstr("Tempo"));
  EXPECT_THAT(run.output, HasSubstr("0.135606"));  // R_0, see schedule_test.cc
}

TEST_F(SpsaMain, BadParamsFileExitsTwoNamingTheLine) {
  const std::string params = WriteFile("bad.txt", "Tempo,1,0,2,0.5,0.1\nKing,5,10,0,1,0.1\n");
  const ProcessResult run = RunSpsa(absl::StrCat("plan --params ", params, " --pairs 100"));
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.output, HasSubstr("line 2"));
  EXPECT_THAT(run.output, HasSubstr("min 10 is greater than max 0"));
}

TEST_F(SpsaMain, MissingFileExitsTwo) {
  const ProcessResult run =
      RunSpsa(absl::StrCat("plan --params ", dir_, "/absent.txt --pairs 100"));
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.output, HasSubstr("cannot open params file"));
}

TEST_F(SpsaMain, BadFlagsAndValuesExitTwo) {
  const std::string params = WriteFile("params.txt", "Tempo,1,0,2,0.5,0.1\n");
  const struct {
    std::string args;
    std::string message;
  } cases[] = {
      {absl::StrCat("plan --params ", params), "--pairs must be given"},
      {"plan --pairs 10", "--params FILE is required"},
      {absl::StrCat("plan --params ", params, " --pairs=ten"), "bad value 'ten' for '--pairs'"},
      {absl::StrCat("plan --params ", params, " --pairs 0"), "--pairs must be given and >= 1"},
      {absl::StrCat("plan --params ", params, " --pairs 10 --iteration 10"),
       "--iteration must be in [0, 10)"},
      {absl::StrCat("plan --params ", params, " --pairs 10 --iteration -1"),
       "--iteration must be in [0, 10)"},
      {absl::StrCat("plan --params ", params, " --pairs 10 --bogus"), "unknown flag '--bogus'"},
      {absl::StrCat("plan --params ", params, " --pairs 10 --flagfile=x"),
       "unknown flag '--flagfile'"},
      {absl::StrCat("plan --params ", params, " --pairs 10 extra"), "unexpected argument 'extra'"},
      {absl::StrCat("plan --params ", params, " --pairs"), "'--pairs' is missing its value"},
      {absl::StrCat("plan --params ", params, " --pairs 10 --json=maybe"), "'--json'"},
  };
  for (const auto& test : cases) {
    const ProcessResult run = RunSpsa(test.args);
    EXPECT_EQ(run.exit_code, 2) << test.args << "\n" << run.output;
    EXPECT_THAT(run.output, HasSubstr(test.message)) << test.args;
  }
}

TEST_F(SpsaMain, NoOrUnknownSubcommandPrintsUsageAndExitsTwo) {
  ProcessResult run = RunSpsa("");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.output, HasSubstr("gc9-spsa plan --params FILE --pairs N"));
  run = RunSpsa("tune --pairs 3");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.output, HasSubstr("unknown subcommand 'tune'"));
  EXPECT_THAT(run.output, HasSubstr("Usage:"));
}

TEST_F(SpsaMain, HelpDescribesThePlan) {
  ProcessResult run = RunSpsa("plan --help");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_THAT(run.output, HasSubstr("prints the SPSA schedule"));
  EXPECT_THAT(run.output, HasSubstr("--params"));
  EXPECT_THAT(run.output, HasSubstr("--pairs"));
  EXPECT_THAT(run.output, HasSubstr("--iteration"));
  EXPECT_THAT(run.output, HasSubstr("--json"));
  run = RunSpsa("--help");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_THAT(run.output, HasSubstr("gc9-spsa plan"));
}

}  // namespace
}  // namespace gc9::coordinator::spsa
