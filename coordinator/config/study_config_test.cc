#include "coordinator/config/study_config.h"

#include <string>

#include "coordinator/config/run_config.h"
#include "gtest/gtest.h"

namespace gc9::coordinator::config {
namespace {

constexpr const char* kBase = R"(
variant: "grandchess9"
engine { builtin {} }
time_control { nodes: 500 }
)";

absl::StatusOr<proto::RunConfig> Parse(const std::string& study) {
  return ParseRunConfig(std::string(kBase) + study, "study.textproto", ".");
}

TEST(StudyConfigTest, TheShippedConfigResolves) {
  absl::StatusOr<proto::RunConfig> config =
      LoadRunConfigFile(std::string(GC9_CONFIGS_DIR) + "/placement-study.textproto");
  ASSERT_TRUE(config.ok()) << config.status();
  StudyErrorSite site;
  absl::StatusOr<StudySetup> setup = ResolveStudy(*config, &site);
  ASSERT_TRUE(setup.ok()) << setup.status();
  EXPECT_EQ(setup->cells.size(), 36u);
  EXPECT_EQ(setup->white_row.rank, 3);
  EXPECT_EQ(setup->black_row.rank, 7);
  EXPECT_EQ(setup->allocator.games_per_pick, 2);
  EXPECT_EQ(TargetPairs(*config) * 2, config->placement_study().budget_games());
}

TEST(StudyConfigTest, CellSetsOfEachKind) {
  StudyErrorSite site;
  absl::StatusOr<proto::RunConfig> all = Parse("placement_study { budget_games: 100 }");
  ASSERT_TRUE(all.ok()) << all.status();
  EXPECT_EQ(ResolveStudy(*all, &site)->cells.size(), 1296u);
  absl::StatusOr<proto::RunConfig> engine =
      Parse("placement_study { replies: REPLIES_ENGINE budget_games: 100 node_jitter: 0 }");
  ASSERT_TRUE(engine.ok()) << engine.status();
  EXPECT_TRUE(ResolveStudy(*engine, &site)->engine_replies);
  EXPECT_EQ(ResolveStudy(*engine, &site)->node_jitter, 0);
  absl::StatusOr<proto::RunConfig> listed = Parse(
      "placement_study { replies: REPLIES_LISTED budget_games: 100 "
      "cell { white: 'c3+g3' black: 'd7+f7' } cell { white: 'g3+c3' black: 'e7+f7' } "
      "cell { white: 'a3+b3' black: 'e7+f7' } }");
  ASSERT_TRUE(listed.ok()) << listed.status();
  EXPECT_EQ(ResolveStudy(*listed, &site)->cells.size(), 3u);
}

TEST(StudyConfigTest, RejectsWithTheFieldNamed) {
  const std::pair<const char*, const char*> cases[] = {
      {"placement_study { }", "budget_games"},
      {"placement_study { replies: REPLIES_FIXED budget_games: 10 }", "black"},
      {"placement_study { replies: REPLIES_FIXED black: 'c3+g3' budget_games: 10 }", "black"},
      {"placement_study { white: 'c3+c3' budget_games: 10 }", "white[0]"},
      {"placement_study { top_count: 36 budget_games: 10 }", "top_count"},
      {"placement_study { budget_games: 10 } openings { engines_place: true }", "openings"},
      {"placement_study { budget_games: 10 node_jitter: 1.5 }", "node_jitter"},
  };
  for (const auto& [text, field] : cases) {
    absl::StatusOr<proto::RunConfig> config = Parse(text);
    ASSERT_FALSE(config.ok()) << text;
    EXPECT_NE(config.status().message().find(field), std::string::npos)
        << text << " -> " << config.status();
  }
  absl::StatusOr<proto::RunConfig> grand = ParseRunConfig(
      "variant: 'grand' engine { builtin {} } time_control { nodes: 5 } "
      "placement_study { budget_games: 10 }",
      "grand.textproto", ".");
  ASSERT_FALSE(grand.ok());
  EXPECT_NE(grand.status().message().find("no placement phase"), std::string::npos)
      << grand.status();
}

}  // namespace
}  // namespace gc9::coordinator::config
