// Run configurations: the shipped files load, and every kind of mistake names its file, line
// and field.
#include "coordinator/config/run_config.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "engine/chess8400.h"
#include "gtest/gtest.h"

namespace gc9::coordinator::config {
namespace {

constexpr const char* kValid = R"(
variant: "grandchess9"
engine { builtin {} }
baseline { builtin { param { name: "MobilityMg" value: 0 } } }
time_control { nodes: 500 }
openings { engines_place: true }
fixed { pairs: 4 }
)";

// Every shipped configuration, so that none can rot unnoticed.
TEST(RunConfig, ShippedConfigsLoad) {
  int loaded = 0;
  for (const auto& entry : std::filesystem::directory_iterator(GC9_CONFIGS_DIR)) {
    if (entry.path().extension() != ".textproto") continue;
    absl::StatusOr<proto::RunConfig> config = LoadRunConfigFile(entry.path().string());
    EXPECT_TRUE(config.ok()) << entry.path() << ": " << config.status();
    ++loaded;
  }
  EXPECT_GE(loaded, 7);
}

TEST(RunConfig, DefaultIsTheTuningFile) {
  absl::StatusOr<proto::RunConfig> config =
      ParseRunConfig(DefaultRunConfigText(), kDefaultRunConfigSource, ".");
  ASSERT_TRUE(config.ok()) << config.status();
  EXPECT_TRUE(config->has_spsa());
  EXPECT_EQ(config->variant(), "grandchess9");
}

TEST(RunConfig, ValidParses) {
  absl::StatusOr<proto::RunConfig> config = ParseRunConfig(kValid, "x.textproto", ".");
  ASSERT_TRUE(config.ok()) << config.status();
  EXPECT_EQ(TargetPairs(*config), 4);
  EXPECT_EQ(EffectivePriority(*config), 1);
  EXPECT_EQ(EffectiveBatchPairs(*config), kDefaultBatchPairs);
}

std::string ErrorOf(const std::string& text) {
  absl::StatusOr<proto::RunConfig> config = ParseRunConfig(text, "bad.textproto", ".");
  return config.ok() ? "" : std::string(config.status().message());
}

TEST(RunConfig, UnknownFieldNamesFileAndLine) {
  const std::string error = ErrorOf(std::string(kValid) + "colour: 3\n");
  EXPECT_NE(error.find("bad.textproto:8:"), std::string::npos) << error;
  EXPECT_NE(error.find("colour"), std::string::npos) << error;
}

TEST(RunConfig, ImpossibleValuesNameFieldAndLine) {
  std::string text = kValid;
  text.replace(text.find("nodes: 500"), 10, "nodes: -5");
  std::string error = ErrorOf(text);
  EXPECT_NE(error.find("bad.textproto:5: time_control.nodes: must be positive"), std::string::npos)
      << error;

  text = kValid;
  text.replace(text.find("fixed { pairs: 4 }"), 18, "sprt { elo0: 5 elo1: 0 }");
  error = ErrorOf(text);
  EXPECT_NE(error.find("bad.textproto:7: sprt:"), std::string::npos) << error;

  text = kValid;
  text.replace(text.find("\"grandchess9\""), 13, "\"nosuch\"");
  error = ErrorOf(text);
  EXPECT_NE(error.find("bad.textproto:2: variant: unknown variant 'nosuch'"), std::string::npos)
      << error;

  text = kValid;
  text += "adjudication { max_plies: -1 }\n";
  error = ErrorOf(text);
  EXPECT_NE(error.find("bad.textproto:8: adjudication.max_plies"), std::string::npos) << error;
}

// A repeated field named as a whole once aborted `gc9 run` and `gc9 submit` inside protobuf
// (found by the run_config fuzzer); it points at its first element, or its parent if it has none.
TEST(RunConfig, RepeatedFieldsNamedAsAWholeHaveALine) {
  constexpr const char* kStudy = R"(
variant: "grandchess9"
engine { builtin {} }
time_control { nodes: 500 }
placement_study {
  replies: REPLIES_LISTED
  budget_games: 100
}
)";
  std::string error = ErrorOf(kStudy);
  EXPECT_NE(error.find("bad.textproto:5: placement_study.cell: REPLIES_LISTED lists no cell"),
            std::string::npos)
      << error;

  std::string text = kStudy;
  text.replace(text.find("budget_games: 100"), 17,
               "budget_games: 100\n  cell { white: 'c3+g3' black: 'd7+f7' }\n"
               "  cell { white: 'c3+g3' black: 'zz' }");
  error = ErrorOf(text);
  EXPECT_NE(error.find("bad.textproto:9: placement_study.cell[1]"), std::string::npos) << error;
}

// Accepted before, such an override failed every pair on every worker, out of the user's sight.
TEST(RunConfig, BuiltinParametersAreCheckedAgainstTheEngine) {
  std::string text = kValid;
  text.replace(text.find("MobilityMg"), 10, "MobiltyMg");
  std::string error = ErrorOf(text);
  EXPECT_NE(error.find("bad.textproto:4: baseline.builtin.param[0]: unknown parameter "
                       "\"MobiltyMg\""),
            std::string::npos)
      << error;
  text = kValid;
  text.replace(text.find("value: 0"), 8, "value: 4294967320");
  error = ErrorOf(text);
  EXPECT_NE(error.find("baseline.builtin.param[0]: parameter MobilityMg value 4294967320 is "
                       "outside 0..100"),
            std::string::npos)
      << error;
}

// Unbounded, a week-long increment times the engine's factors overflowed int64.
TEST(RunConfig, TimesBeyondAWeekAreRefused) {
  std::string text = kValid;
  text.replace(text.find("nodes: 500"), 10,
               "clock { base_ms: 60000 increment_ms: 4000000000000000000 }");
  std::string error = ErrorOf(text);
  EXPECT_NE(error.find("bad.textproto:5: time_control.clock.increment_ms: must be at most "
                       "604800000 (a week)"),
            std::string::npos)
      << error;
  text = kValid;
  text.replace(text.find("nodes: 500"), 10, "nodes: 500 margin_ms: 9223372036854775807");
  error = ErrorOf(text);
  EXPECT_NE(error.find("time_control.margin_ms: must be at most"), std::string::npos) << error;
}

// An engine's own time control (the odds ladder) is checked like the run's, at its own path.
TEST(RunConfig, EngineTimeControlIsCheckedWhereItIs) {
  std::string text = kValid;
  text.replace(text.find("engine { builtin {} }"), 21,
               "engine { builtin {} time_control { clock { base_ms: 10000 increment_ms: 100 } } }");
  ASSERT_EQ(ErrorOf(text), "");
  text = kValid;
  text.replace(text.find("engine { builtin {} }"), 21,
               "engine { builtin {} time_control { movetime_ms: -1 } }");
  std::string error = ErrorOf(text);
  EXPECT_NE(error.find("bad.textproto:3: engine.time_control.movetime_ms: must be positive"),
            std::string::npos)
      << error;
  text = kValid;
  text.replace(text.find("baseline { builtin {"), 20, "baseline { time_control { } builtin {");
  error = ErrorOf(text);
  EXPECT_NE(error.find("baseline.time_control: set one of nodes, depth, movetime_ms or clock"),
            std::string::npos)
      << error;
  // A placement study's cells are played alike, so it takes no engine of its own pace.
  text = kValid;
  text.replace(text.find("openings { engines_place: true }"), 32, "");
  text.replace(text.find("fixed { pairs: 4 }"), 18, "placement_study { budget_games: 100 }");
  text.replace(text.find("engine { builtin {} }"), 21,
               "engine { builtin {} time_control { nodes: 100 } }");
  error = ErrorOf(text);
  EXPECT_NE(error.find("engine.time_control: a placement study plays every cell alike"),
            std::string::npos)
      << error;
}

// The core keeps a byte per pair: a trillion pairs took the coordinator down at submit.
TEST(RunConfig, PairCountsAreBounded) {
  std::string text = kValid;
  text.replace(text.find("fixed { pairs: 4 }"), 18, "fixed { pairs: 1000000000000 }");
  std::string error = ErrorOf(text);
  EXPECT_NE(error.find("bad.textproto:7: fixed.pairs: must be at most 10000000"), std::string::npos)
      << error;
  text = kValid;
  text.replace(text.find("fixed { pairs: 4 }"), 18,
               "sprt { elo0: 0 elo1: 5 max_pairs: 9223372036854775807 }");
  error = ErrorOf(text);
  EXPECT_NE(error.find("sprt.max_pairs: must be at most 10000000"), std::string::npos) << error;
  text = kValid;
  text.replace(text.find("fixed { pairs: 4 }"), 18,
               "spsa { pairs: 20000000 params: \"PawnValueMg,100,50,200,6,0.002\" }");
  error = ErrorOf(text);
  EXPECT_NE(error.find("spsa.pairs: must be at most 10000000"), std::string::npos) << error;
  text = kValid;
  text.replace(text.find("openings { engines_place: true }"), 32, "");
  text.replace(text.find("fixed { pairs: 4 }"), 18,
               "placement_study { budget_games: 9223372036854775807 }");
  error = ErrorOf(text);
  EXPECT_NE(error.find("placement_study.budget_games: must be at most 20000000"), std::string::npos)
      << error;
}

TEST(RunConfig, MissingPartsAreNamed) {
  std::string text = kValid;
  text.replace(text.find("time_control { nodes: 500 }"), 27, "");
  EXPECT_NE(ErrorOf(text).find("time_control: required"), std::string::npos) << ErrorOf(text);
  text = kValid;
  text.replace(text.find("fixed { pairs: 4 }"), 18, "");
  EXPECT_NE(ErrorOf(text).find("run kind"), std::string::npos);
}

TEST(RunConfig, IllegalOpeningMoveIsRejected) {
  std::string text = kValid;
  text.replace(text.find("openings { engines_place: true }"), 32,
               "openings { list { position { move: \"a1a9\" } } }");
  const std::string error = ErrorOf(text);
  EXPECT_NE(error.find("openings.list.position[0]: move 'a1a9'"), std::string::npos) << error;
}

TEST(RunConfig, MultiMoveOpeningsEndOnAWholeTurn) {
  std::string base = kValid;
  base.replace(base.find("grandchess9"), 11, "granlem-multimove");
  auto with_moves = [&](const std::string& moves) {
    std::string text = base;
    text.replace(text.find("openings { engines_place: true }"), 32,
                 "openings { list { position { " + moves + " } } }");
    return text;
  };
  // Whole turns, or a turn ply by ply up to its pass.
  EXPECT_EQ(ErrorOf(with_moves("move: \"d2d3,g1h3\" move: \"d11d10\" move: \"0000\"")), "");
  std::string error = ErrorOf(with_moves("move: \"d2d3\""));
  EXPECT_NE(error.find("openings.list.position[0]: ends in the middle of a turn"),
            std::string::npos)
      << error;
  // Two moves in the left wing are no turn.
  error = ErrorOf(with_moves("move: \"d2d3,c2c3\""));
  EXPECT_NE(error.find("openings.list.position[0]: move 'd2d3,c2c3'"), std::string::npos) << error;
}

TEST(RunConfig, OpeningsFileIsReadInline) {
  const std::string dir = ::testing::TempDir();
  {
    std::ofstream epd(dir + "/openings.epd");
    epd << "# two positions\n"
        << "rcnsqkbcr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RCNSQKBCR[PPpp] w - - id \"start\";\n"
        << "rcnsqkbcr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RCNSQKBCR[PPpp] w - - 0 1\n";
  }
  std::string text = kValid;
  text.replace(text.find("openings { engines_place: true }"), 32,
               "openings { file: \"openings.epd\" }");
  absl::StatusOr<proto::RunConfig> config = ParseRunConfig(text, "x.textproto", dir);
  ASSERT_TRUE(config.ok()) << config.status();
  ASSERT_EQ(config->openings().list().position_size(), 2);
  EXPECT_EQ(config->openings().list().position(0).fen(),
            "rcnsqkbcr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RCNSQKBCR[PPpp] w - - 0 1");
}

TEST(RunConfig, Chess8400ArraysBecomeStartPositions) {
  const std::string base = R"(
variant: "chess8400"
engine { builtin {} }
baseline { builtin {} }
time_control { nodes: 500 }
fixed { pairs: 4 }
seed: 3
)";
  absl::StatusOr<proto::RunConfig> named = ParseRunConfig(
      base + "openings { chess8400 { index: 0 index: 8399 } }\n", "c.textproto", ".");
  ASSERT_TRUE(named.ok()) << named.status();
  ASSERT_EQ(named->openings().list().position_size(), 2);
  EXPECT_EQ(named->openings().list().position(0).fen(), *engine::Chess8400StartFen(0));
  EXPECT_EQ(named->openings().list().position(1).fen(), *engine::Chess8400StartFen(8399));

  // Random arrays are distinct and the same for the same seed.
  const std::string random = base + "openings { chess8400 { random: 50 } }\n";
  absl::StatusOr<proto::RunConfig> a = ParseRunConfig(random, "c.textproto", ".");
  absl::StatusOr<proto::RunConfig> b = ParseRunConfig(random, "c.textproto", ".");
  ASSERT_TRUE(a.ok() && b.ok());
  std::set<std::string> fens;
  for (int i = 0; i < 50; ++i) {
    EXPECT_EQ(a->openings().list().position(i).fen(), b->openings().list().position(i).fen());
    fens.insert(a->openings().list().position(i).fen());
  }
  EXPECT_EQ(fens.size(), 50u);

  std::string error = ErrorOf(base + "openings { chess8400 { index: 8400 } }\n");
  EXPECT_NE(error.find("openings.chess8400: Chess8400 array 8400 is outside 0..8399"),
            std::string::npos)
      << error;
  error = ErrorOf(base + "openings { chess8400 { index: 1 random: 3 } }\n");
  EXPECT_NE(error.find("not both"), std::string::npos) << error;
  std::string wrong_variant = kValid;
  wrong_variant.replace(wrong_variant.find("openings { engines_place: true }"), 32,
                        "openings { chess8400 { random: 3 } }");
  error = ErrorOf(wrong_variant);
  EXPECT_NE(error.find("need variant \"chess8400\""), std::string::npos) << error;
}

}  // namespace
}  // namespace gc9::coordinator::config
