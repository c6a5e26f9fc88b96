// The worker's engine preparation against a real ArtifactService on loopback, with real
// files, builds that fail for real, and real benches (gc9's shell stand-ins and
// Fairy-Stockfish).
#include "worker/client/engine_prep.h"

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "common/file.h"
#include "common/rpc.h"
#include "common/sha256.h"
#include "coordinator/artifacts/artifact_service.h"
#include "engine/bench.h"
#include "grpcpp/grpcpp.h"
#include "gtest/gtest.h"
#include "worker/engine_build/command.h"

namespace gc9::worker {
namespace {

namespace fs = std::filesystem;
namespace artifacts = coordinator::artifacts;

class EnginePrepTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = ::testing::TempDir() + "/engine_prep_" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name();
    fs::remove_all(dir_);
    fs::create_directories(dir_ + "/files");
    store_ = *artifacts::ArtifactStore::Open(dir_ + "/coordinator", 64 << 20);
    service_ = std::make_unique<artifacts::ArtifactServiceImpl>(store_.get(), "t");
    grpc::ServerBuilder builder;
    int port = 0;
    builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
    builder.RegisterService(service_.get());
    server_ = builder.BuildAndStart();
    stub_ = proto::ArtifactService::NewStub(
        common::MakeChannel(absl::StrCat("127.0.0.1:", port), grpc::InsecureChannelCredentials()));
    PreparerOptions options;
    options.cache.dir = dir_ + "/cache";
    options.artifacts = stub_.get();
    options.token = "t";
    options.own_bench = engine::kBenchSignature;
    preparer_ = std::make_unique<EnginePreparer>(options);
  }
  void TearDown() override { server_->Shutdown(); }

  // Puts a file on the coordinator, as gc9 submit would.
  proto::ArtifactRef Upload(const std::string& bytes, const std::string& name) {
    proto::ArtifactRef ref;
    ref.set_sha256(common::Sha256Hex(bytes));
    ref.set_size(static_cast<int64_t>(bytes.size()));
    ref.set_name(name);
    auto upload = store_->BeginUpload(ref.sha256(), ref.size());
    EXPECT_TRUE(upload.ok() && upload->Append(bytes).ok() && upload->Finish().ok());
    return ref;
  }

  static std::string BenchScript(int nodes) {
    return absl::StrCat("#!/bin/sh\nif [ \"$1\" = bench ]; then echo \"Nodes searched: ", nodes,
                        "\"; fi\n");
  }

  proto::RunConfig Config(const proto::EngineConfig& engine) {
    proto::RunConfig config;
    config.set_variant("grandchess9");
    *config.mutable_engine() = engine;
    config.mutable_baseline()->mutable_builtin();
    config.mutable_time_control()->set_nodes(100);
    return config;
  }

  std::string dir_;
  std::unique_ptr<artifacts::ArtifactStore> store_;
  std::unique_ptr<artifacts::ArtifactServiceImpl> service_;
  std::unique_ptr<grpc::Server> server_;
  std::unique_ptr<proto::ArtifactService::Stub> stub_;
  std::unique_ptr<EnginePreparer> preparer_;
};

TEST_F(EnginePrepTest, TheWorkersOwnBuildIsComparedWithItsSignature) {
  proto::EngineConfig engine;
  engine.mutable_builtin();
  engine.set_bench(engine::kBenchSignature);
  absl::StatusOr<Preparation> ready = preparer_->Prepare(Config(engine));
  ASSERT_TRUE(ready.ok());
  EXPECT_FALSE(ready->failure.has_value());
  EXPECT_FALSE(fs::exists(dir_ + "/cache"));  // gc9's own build needs no cache
  engine.set_bench(engine::kBenchSignature + 1);
  engine.set_name("tuned");
  absl::StatusOr<Preparation> refused = preparer_->Prepare(Config(engine));
  ASSERT_TRUE(refused.ok() && refused->failure.has_value());
  EXPECT_EQ(refused->failure->kind(), proto::FAILURE_BENCH_MISMATCH);
  EXPECT_EQ(refused->failure->engine(), "tuned");
  EXPECT_EQ(refused->failure->message(),
            absl::StrCat("engine 'tuned': this worker's own build of gc9 has bench ",
                         engine::kBenchSignature, " here; the run expects ",
                         engine::kBenchSignature + 1));
}

TEST_F(EnginePrepTest, AnUploadedFileIsFetchedVerifiedAndBenched) {
  proto::EngineConfig engine;
  engine.set_name("script");
  engine.mutable_external()->set_file("engine.sh");
  *engine.mutable_external()->mutable_binary() = Upload(BenchScript(4242), "engine.sh");
  engine.set_bench(4242);
  absl::StatusOr<Preparation> ready = preparer_->Prepare(Config(engine));
  ASSERT_TRUE(ready.ok());
  ASSERT_FALSE(ready->failure.has_value()) << ready->failure->ShortDebugString();
  const std::string binary = ready->binaries.engine;
  EXPECT_EQ(binary, dir_ + "/cache/files/" + engine.external().binary().sha256());
  EXPECT_EQ(*common::ReadWholeFile(binary), BenchScript(4242));
  EXPECT_EQ(access(binary.c_str(), X_OK), 0);
  absl::StatusOr<MatchSettings> settings = MatchSettingsFromConfig(Config(engine), ready->binaries);
  ASSERT_TRUE(settings.ok()) << settings.status();
  EXPECT_EQ(settings->engine.kind, EngineSpec::kExternal);
  EXPECT_EQ(settings->engine.path, binary);

  engine.set_bench(4243);
  absl::StatusOr<Preparation> mismatch = preparer_->Prepare(Config(engine));
  ASSERT_TRUE(mismatch->failure.has_value());
  EXPECT_EQ(mismatch->failure->kind(), proto::FAILURE_BENCH_MISMATCH);
  EXPECT_EQ(mismatch->failure->message(),
            "engine 'script': engine.sh has bench 4242 here; the run expects 4243");

  // One the coordinator does not hold.
  engine.mutable_external()->mutable_binary()->set_sha256(common::Sha256Hex("gone"));
  absl::StatusOr<Preparation> missing = preparer_->Prepare(Config(engine));
  ASSERT_TRUE(missing->failure.has_value());
  EXPECT_EQ(missing->failure->kind(), proto::FAILURE_ARTIFACT);
  EXPECT_NE(missing->failure->message().find("no artifact"), std::string::npos)
      << missing->failure->message();
}

TEST_F(EnginePrepTest, AnInstalledEngineWithABenchIsBenchedWithItsCommand) {
  absl::StatusOr<uint64_t> expected =
      engine_build::RunBench("/usr/games/fairy-stockfish", {"bench", "16", "1", "4"}, 120000);
  ASSERT_TRUE(expected.ok()) << expected.status();
  proto::EngineConfig engine;
  engine.mutable_external()->set_path("/usr/games/fairy-stockfish");
  engine.set_bench(*expected);
  engine.set_bench_command("bench 16 1 4");
  absl::StatusOr<Preparation> ready = preparer_->Prepare(Config(engine));
  ASSERT_TRUE(ready.ok());
  EXPECT_FALSE(ready->failure.has_value()) << ready->failure->ShortDebugString();
  EXPECT_EQ(ready->binaries.engine, "");  // installed: played from its path

  engine.mutable_external()->set_path(dir_ + "/no-such-engine");
  absl::StatusOr<Preparation> missing = preparer_->Prepare(Config(engine));
  ASSERT_TRUE(missing->failure.has_value());
  EXPECT_EQ(missing->failure->kind(), proto::FAILURE_ENGINE_MISSING);
  EXPECT_EQ(missing->failure->engine(), "engine");
}

TEST_F(EnginePrepTest, ARevisionThatDoesNotBuildIsABuildFailureWithItsLog) {
  fs::create_directories(dir_ + "/tree");
  std::ofstream(dir_ + "/tree/CMakeLists.txt")
      << "cmake_minimum_required(VERSION 3.22)\nproject(broken)\n"
         "message(FATAL_ERROR \"no engine in this revision\")\n";
  ASSERT_TRUE(engine_build::RunForOutput(
                  {"tar", "-czf", dir_ + "/source.tar.gz", "-C", dir_ + "/tree", "."})
                  .ok());
  proto::EngineConfig engine;
  engine.set_name("new");
  engine.mutable_builtin()->set_revision("HEAD");
  engine.mutable_builtin()->set_commit(std::string(40, 'c'));
  *engine.mutable_builtin()->mutable_source() =
      Upload(*common::ReadWholeFile(dir_ + "/source.tar.gz"), "gc9.tar.gz");
  engine.set_bench(1);
  absl::StatusOr<Preparation> failed = preparer_->Prepare(Config(engine));
  ASSERT_TRUE(failed.ok() && failed->failure.has_value());
  EXPECT_EQ(failed->failure->kind(), proto::FAILURE_BUILD);
  EXPECT_NE(failed->failure->message().find(
                "engine 'new': building revision HEAD (cccccccccccc): configuring failed"),
            std::string::npos)
      << failed->failure->message();
  EXPECT_NE(failed->failure->detail().find("no engine in this revision"), std::string::npos);
}

TEST(MatchSettings, ARevisionIsAUciChildWithItsParametersAsOptions) {
  proto::EngineConfig engine;
  engine.mutable_builtin()->set_revision("HEAD~1");
  engine.mutable_builtin()->set_commit("0123456789abcdef0123456789abcdef01234567");
  proto::ParamOverride* param = engine.mutable_builtin()->add_param();
  param->set_name("MobilityMg");
  param->set_value(3.6);
  EXPECT_EQ(EngineSpecFromConfig(engine).status().code(), absl::StatusCode::kFailedPrecondition);
  absl::StatusOr<EngineSpec> spec = EngineSpecFromConfig(engine, "/cache/gc9-engine");
  ASSERT_TRUE(spec.ok());
  EXPECT_EQ(spec->kind, EngineSpec::kExternal);
  EXPECT_EQ(spec->path, "/cache/gc9-engine");
  EXPECT_EQ(spec->name, "gc9 0123456789ab");
  ASSERT_EQ(spec->uci_options.size(), 1u);
  EXPECT_EQ(spec->uci_options[0], (std::pair<std::string, std::string>("MobilityMg", "4")));
}

}  // namespace
}  // namespace gc9::worker
