// The engine fields of issue 11: revisions, uploaded engine files, expected bench signatures;
// what a user writes against what gc9 submit fills in.
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "common/sha256.h"
#include "coordinator/config/run_config.h"
#include "gtest/gtest.h"

namespace gc9::coordinator::config {
namespace {

std::string Config(const std::string& engine, const std::string& baseline = "builtin {}") {
  return "variant: \"grandchess9\"\n"
         "engine { " +
         engine +
         " }\n"
         "baseline { " +
         baseline +
         " }\n"
         "time_control { nodes: 500 }\n"
         "openings { engines_place: true }\n"
         "fixed { pairs: 4 }\n";
}

std::string ErrorOf(const std::string& text, const std::string& dir = ".") {
  absl::StatusOr<proto::RunConfig> config = ParseRunConfig(text, "e.textproto", dir);
  return config.ok() ? "" : std::string(config.status().message());
}

void Fill(proto::ArtifactRef* ref) {
  ref->set_sha256(common::Sha256Hex("archive"));
  ref->set_size(1234);
}

TEST(EngineConfig, ARevisionWithParametersIsWhatAUserWrites) {
  absl::StatusOr<proto::RunConfig> config = ParseRunConfig(
      Config("builtin { revision: \"HEAD~1\" param { name: \"MobilityMg\" value: 3 } }"),
      "e.textproto", ".");
  ASSERT_TRUE(config.ok()) << config.status();
  EXPECT_EQ(config->engine().builtin().revision(), "HEAD~1");
  // The coordinator takes it only with what gc9 submit fills in.
  absl::Status submitted = ValidateRunConfig(*config);
  EXPECT_NE(submitted.message().find("engine.builtin.commit: revision needs its commit"),
            std::string::npos)
      << submitted;
  config->mutable_engine()->mutable_builtin()->set_commit(std::string(40, 'a'));
  submitted = ValidateRunConfig(*config);
  EXPECT_NE(submitted.message().find("engine.builtin.source: `revision` needs its uploaded"),
            std::string::npos)
      << submitted;
  Fill(config->mutable_engine()->mutable_builtin()->mutable_source());
  EXPECT_TRUE(ValidateRunConfig(*config).ok()) << ValidateRunConfig(*config);
  config->mutable_engine()->mutable_builtin()->mutable_source()->set_sha256("../x");
  EXPECT_FALSE(ValidateRunConfig(*config).ok());
}

TEST(EngineConfig, WhatGc9SubmitFillsInIsNotWrittenByHand) {
  std::string error = ErrorOf(Config("builtin { revision: \"HEAD\" commit: \"abc\" }"));
  EXPECT_NE(error.find("e.textproto:2: engine.builtin.commit: filled in by gc9 submit"),
            std::string::npos)
      << error;
  error = ErrorOf(Config("builtin {}", "builtin {\n source { sha256: \"ab\" size: 3 } }"));
  EXPECT_NE(error.find("e.textproto:4: baseline.builtin.source: filled in by gc9 submit"),
            std::string::npos)
      << error;
  error = ErrorOf(Config("external { path: \"/bin/true\" binary { sha256: \"ab\" } }"));
  EXPECT_NE(error.find("engine.external.binary: filled in by gc9 submit"), std::string::npos)
      << error;
  error = ErrorOf(Config("builtin { revision: \"--upload-pack=x\" }"));
  EXPECT_NE(error.find("engine.builtin.revision: a git revision"), std::string::npos) << error;
  // A submitted config cannot carry refs without what they came from either.
  proto::RunConfig config = *ParseRunConfig(Config("builtin {}"), "e.textproto", ".");
  Fill(config.mutable_engine()->mutable_builtin()->mutable_source());
  EXPECT_NE(ValidateRunConfig(config).message().find("engine.builtin.source: filled in"),
            std::string::npos);
}

TEST(EngineConfig, AnExternalEngineIsAPathOrAFileNotBoth) {
  std::string error = ErrorOf(Config("external {\n path: \"/bin/true\"\n file: \"eng\" }"));
  EXPECT_NE(error.find("e.textproto:4: engine.external.file: give `path`"), std::string::npos)
      << error;
  error = ErrorOf(Config("external { arg: \"-x\" }"));
  EXPECT_NE(error.find("engine.external.path: an external engine needs a path"), std::string::npos)
      << error;
}

TEST(EngineConfig, AnEngineFileIsAnExecutableBesideTheConfig) {
  const std::string dir = ::testing::TempDir() + "/engine_config_files";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir + "/engines");
  std::ofstream(dir + "/engines/plain") << "not executable\n";
  std::ofstream(dir + "/engines/runnable") << "#!/bin/sh\n";
  chmod((dir + "/engines/runnable").c_str(), 0755);
  auto load = [&](const std::string& file) {
    std::ofstream(dir + "/run.textproto") << Config("external { file: \"" + file + "\" }");
    return LoadRunConfigFile(dir + "/run.textproto");
  };
  absl::StatusOr<proto::RunConfig> missing = load("engines/none");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.status().message().find(":2: engine.external.file: '" + dir +
                                            "/engines/none' is no file"),
            std::string::npos)
      << missing.status();
  absl::StatusOr<proto::RunConfig> plain = load("engines/plain");
  ASSERT_FALSE(plain.ok());
  EXPECT_NE(plain.status().message().find("is not executable"), std::string::npos);
  absl::StatusOr<proto::RunConfig> runnable = load("engines/runnable");
  ASSERT_TRUE(runnable.ok()) << runnable.status();
  EXPECT_EQ(
      ResolveConfigPath(ConfigDir(dir + "/run.textproto"), runnable->engine().external().file()),
      dir + "/engines/runnable");
  // Submitted, it needs its upload.
  EXPECT_NE(ValidateRunConfig(*runnable).message().find("engine.external.binary: `file` needs"),
            std::string::npos);
  Fill(runnable->mutable_engine()->mutable_external()->mutable_binary());
  EXPECT_TRUE(ValidateRunConfig(*runnable).ok());
}

TEST(EngineConfig, BenchSignatures) {
  EXPECT_EQ(ErrorOf(Config("builtin {} bench: 779675")), "");
  EXPECT_EQ(ErrorOf(Config("external { path: \"/usr/games/fairy-stockfish\" } bench: 123 "
                           "bench_command: \"bench 16 1 10\"")),
            "");
  std::string error = ErrorOf(Config("builtin {} bench: 0"));
  EXPECT_NE(error.find("engine.bench: must be positive"), std::string::npos) << error;
  error = ErrorOf(Config("builtin {} bench: 5 bench_command: \"bench\""));
  EXPECT_NE(error.find("engine.bench_command: only external engines"), std::string::npos) << error;
  error = ErrorOf(Config("external { path: \"/bin/true\" } bench_command: \"bench\""));
  EXPECT_NE(error.find("engine.bench_command: set `bench` too"), std::string::npos) << error;
}

}  // namespace
}  // namespace gc9::coordinator::config
