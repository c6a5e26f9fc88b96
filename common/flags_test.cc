#include "common/flags.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace gc9::common {
namespace {

absl::StatusOr<std::vector<std::string>> ParseArgs(FlagParser& flags, std::vector<std::string> args,
                                                   bool* help) {
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  return flags.Parse(static_cast<int>(argv.size()), argv.data(), help);
}

TEST(FlagParser, ListFlagsGivesEveryFlagWithItsTypeAndDefault) {
  std::string name = "w";
  std::string empty;
  int64_t count = 25;
  bool verbose = false;
  std::optional<double> ratio;
  FlagParser flags("prog", "prog [flags]", "A program.");
  flags.AddString("name", &name, "a name");
  flags.AddString("db", &empty, "required: the database");
  flags.AddInt("drain-seconds", &count, "a bound");
  flags.AddBool("verbose", &verbose, "talk");
  flags.AddDouble("ratio", &ratio, "a ratio");
  bool help = false;
  ASSERT_TRUE(ParseArgs(flags, {"prog", "--list-flags"}, &help).ok());
  EXPECT_TRUE(help);
  EXPECT_EQ(flags.Help(),
            "--name string w\n"
            "--db string \n"
            "--drain-seconds int 25\n"
            "--verbose bool \n"
            "--ratio double \n");
}

TEST(FlagParser, HelpStaysTheUsageText) {
  int64_t count = 3;
  FlagParser flags("prog", "prog [flags]", "A program.");
  flags.AddInt("count", &count, "how many");
  bool help = false;
  ASSERT_TRUE(ParseArgs(flags, {"prog", "--help"}, &help).ok());
  EXPECT_TRUE(help);
  EXPECT_NE(flags.Help().find("  --count VALUE\n      how many (default: 3)"), std::string::npos);
}

TEST(FlagParser, AnUnknownFlagIsNamed) {
  FlagParser flags("prog", "prog [flags]", "A program.");
  bool help = false;
  absl::StatusOr<std::vector<std::string>> args = ParseArgs(flags, {"prog", "--exit-when"}, &help);
  ASSERT_FALSE(args.ok());
  EXPECT_EQ(args.status().message(), "unknown flag --exit-when");
}

}  // namespace
}  // namespace gc9::common
