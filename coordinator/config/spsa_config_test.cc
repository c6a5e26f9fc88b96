// The spsa run kind in run configurations: both ways of giving the parameters, the engine's
// registry filling gaps and rejecting unknown names, fishtest's schedule defaults and errors
// that name the file and line.
#include "coordinator/config/spsa_config.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "coordinator/config/run_config.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace gc9::coordinator::config {
namespace {

using ::testing::HasSubstr;

std::string Config(const std::string& spsa, const std::string& engines = "") {
  return absl::StrCat(R"(name: "t"
variant: "grandchess9"
engine { builtin {} }
)",
                      engines.empty() ? "baseline { builtin {} }\n" : engines, R"(
time_control { nodes: 100 }
openings { random { plies: 4 } }
spsa {
)",
                      spsa, "}\n");
}

absl::StatusOr<proto::RunConfig> Parse(const std::string& text) {
  return ParseRunConfig(text, "tune.textproto", ".");
}

absl::StatusOr<SpsaSetup> Resolve(const proto::RunConfig& config) {
  SpsaErrorSite site;
  return ResolveSpsa(config.spsa(), &site);
}

TEST(SpsaConfig, FishtestLinesAsPrintedByTheEngine) {
  absl::StatusOr<proto::RunConfig> config = Parse(Config(R"(  pairs: 1000
  params: "SceptreValueMg,600,600,2000,80,0.04\n"
          "charioteervalueeg,100,0,1000,40,0.05  # any case, comments allowed\n"
)"));
  ASSERT_TRUE(config.ok()) << config.status();
  EXPECT_EQ(TargetPairs(*config), 1000);
  absl::StatusOr<SpsaSetup> setup = Resolve(*config);
  ASSERT_TRUE(setup.ok()) << setup.status();
  ASSERT_EQ(setup->params.size(), 2u);
  EXPECT_EQ(setup->params[1].name, "CharioteerValueEg") << "the registry's spelling";
  EXPECT_EQ(setup->params[1].start, 100);
  EXPECT_EQ(setup->params[1].r_end, 0.05);
  // fishtest's defaults: A = 0.1 N, alpha 0.602, gamma 0.101.
  EXPECT_DOUBLE_EQ(setup->schedule.stability, 100);
  EXPECT_DOUBLE_EQ(setup->schedule.alpha, 0.602);
  EXPECT_DOUBLE_EQ(setup->schedule.gamma, 0.101);
}

TEST(SpsaConfig, StructuredParamsTakeTheRegistryForWhatIsLeftOut) {
  absl::StatusOr<proto::RunConfig> config = Parse(Config(R"(  pairs: 50
  param { name: "SceptreValueMg" start: 700 }
  param { name: "Tempo" }
  stability: 0  alpha: 0.5  gamma: 0.2
)"));
  ASSERT_TRUE(config.ok()) << config.status();
  absl::StatusOr<SpsaSetup> setup = Resolve(*config);
  ASSERT_TRUE(setup.ok()) << setup.status();
  const spsa::SpsaParam& sceptre = setup->params[0];
  EXPECT_EQ(sceptre.start, 700);
  EXPECT_EQ(sceptre.min, 600);  // engine/params.h's entry
  EXPECT_EQ(sceptre.max, 2000);
  EXPECT_EQ(sceptre.c_end, 40);
  EXPECT_EQ(setup->params[1].start, 12);
  EXPECT_EQ(setup->schedule.stability, 0);
  EXPECT_EQ(setup->schedule.alpha, 0.5);
  EXPECT_EQ(setup->schedule.gamma, 0.2);
}

TEST(SpsaConfig, ErrorsNameFileLineAndReason) {
  std::string text = Config(R"(  pairs: 10
  params: "SceptreValueMg,600,600,2000,80,0.04\n"
          "QueenValueMgg,900,500,1500,30,0.002\n"
)");
  EXPECT_THAT(std::string(Parse(text).status().message()),
              HasSubstr("tune.textproto:10: spsa.params: line 2: unknown engine parameter "
                        "'QueenValueMgg'"));
  text = Config("  pairs: 10\n  param { name: \"Tempo\" }\n  param { name: \"Nope\" }\n");
  EXPECT_THAT(std::string(Parse(text).status().message()),
              HasSubstr("tune.textproto:11: spsa.param[1]: unknown engine parameter 'Nope'"));
  text = Config("  pairs: 10\n  param { name: \"SceptreValueMg\" min: 100 }\n");
  EXPECT_THAT(std::string(Parse(text).status().message()), HasSubstr("leaves the engine's"));
  text = Config("  pairs: 10\n  param { name: \"NullMove\" }\n");
  EXPECT_THAT(std::string(Parse(text).status().message()), HasSubstr("not a tunable"));
  text = Config("  pairs: 10\n  param { name: \"Tempo\" }\n  param { name: \"tempo\" }\n");
  EXPECT_THAT(std::string(Parse(text).status().message()), HasSubstr("tuned twice"));
  text = Config("  pairs: 0\n  param { name: \"Tempo\" }\n");
  EXPECT_THAT(std::string(Parse(text).status().message()),
              HasSubstr("spsa.pairs: must be positive"));
  text = Config("  pairs: 10\n");
  EXPECT_THAT(std::string(Parse(text).status().message()), HasSubstr("no parameter to tune"));
  text = Config("  pairs: 10\n  param { name: \"Tempo\" }\n",
                "baseline { external { path: \"/bin/true\" } }\n");
  EXPECT_THAT(std::string(Parse(text).status().message()),
              HasSubstr("baseline: an spsa run tunes gc9's own engine"));
}

}  // namespace
}  // namespace gc9::coordinator::config
