// Engine artifacts on the real coordinator: uploads checked by their hash, a coordinator
// killed mid-upload that never serves half a file, artifacts removed once no run needs them,
// and gc9 submit refusing bad revisions before anything is submitted.
#include <signal.h>
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "common/file.h"
#include "common/rpc.h"
#include "common/sha256.h"
#include "engine/bench.h"
#include "gtest/gtest.h"
#include "tests/integration/cluster.h"
#include "tests/integration/test_repo.h"

namespace gc9::testing {
namespace {

namespace fs = std::filesystem;

std::string Bytes(int n) {
  std::string data;
  for (int i = 0; i < n; ++i)
    data.push_back(static_cast<char>((static_cast<uint32_t>(i) * 2654435761u) >> 24));
  return data;
}

std::unique_ptr<proto::ArtifactService::Stub> ArtifactStub(Cluster& cluster) {
  return proto::ArtifactService::NewStub(
      common::MakeChannel(cluster.address(), grpc::InsecureChannelCredentials()));
}

// What the coordinator's artifact folder holds.
std::vector<std::string> Stored(const Cluster& cluster) {
  std::vector<std::string> names;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(cluster.db() + ".artifacts", error)) {
    names.push_back(entry.path().filename().string());
  }
  return names;
}

proto::UploadChunk Header(const std::string& data, const std::string& sha) {
  proto::UploadChunk chunk;
  chunk.mutable_artifact()->set_sha256(sha);
  chunk.mutable_artifact()->set_size(static_cast<int64_t>(data.size()));
  return chunk;
}

grpc::Status Upload(proto::ArtifactService::Stub& stub, const std::string& token,
                    const std::string& data, const std::string& sha) {
  proto::UploadReply reply;
  auto context = common::MakeContext(token, 30000);
  auto writer = stub.Upload(context.get(), &reply);
  proto::UploadChunk chunk = Header(data, sha);
  for (size_t at = 0; at < data.size(); at += 200000) {
    chunk.set_data(data.substr(at, 200000));
    if (!writer->Write(chunk)) break;
    chunk.Clear();
  }
  writer->WritesDone();
  return writer->Finish();
}

TEST(Artifacts, AnUploadWithAWrongHashIsRefusedAndNothingIsStored) {
  Cluster cluster;
  cluster.StartCoordinator();
  auto stub = ArtifactStub(cluster);
  const std::string data = Bytes(1 << 20);
  grpc::Status wrong = Upload(*stub, cluster.token(), data, common::Sha256Hex("not this"));
  EXPECT_EQ(wrong.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(wrong.error_message().find("have the SHA-256 " + common::Sha256Hex(data)),
            std::string::npos)
      << wrong.error_message();
  EXPECT_TRUE(Stored(cluster).empty());
  // Without the token, nothing either; with both right, it is stored.
  EXPECT_EQ(Upload(*stub, "", data, common::Sha256Hex(data)).error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_TRUE(Stored(cluster).empty());
  ASSERT_TRUE(Upload(*stub, cluster.token(), data, common::Sha256Hex(data)).ok());
  EXPECT_EQ(Stored(cluster), std::vector<std::string>{common::Sha256Hex(data)});
}

TEST(Artifacts, ACoordinatorKilledMidUploadNeverServesHalfAFile) {
  Cluster cluster;
  cluster.StartCoordinator();
  const std::string data = Bytes(5 << 20);
  const std::string sha = common::Sha256Hex(data);
  {
    auto stub = ArtifactStub(cluster);
    proto::UploadReply reply;
    auto context = common::MakeContext(cluster.token(), 30000);
    auto writer = stub->Upload(context.get(), &reply);
    proto::UploadChunk chunk = Header(data, sha);
    chunk.set_data(data.substr(0, 2 << 20));
    ASSERT_TRUE(writer->Write(chunk));
    // Half is on the coordinator's disk, under a temporary name only.
    bool half = false;
    for (int i = 0; i < 500 && !half; ++i) {
      for (const std::string& name : Stored(cluster)) {
        half |= name.rfind("tmp-", 0) == 0 &&
                fs::file_size(cluster.db() + ".artifacts/" + name) >= (2u << 20);
      }
      if (!half) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ASSERT_TRUE(half);
    cluster.coordinator().Stop(SIGKILL, 1000);
    context->TryCancel();
  }
  for (const std::string& name : Stored(cluster)) EXPECT_NE(name, sha);
  cluster.StartCoordinator();
  // The leftover is gone; the artifact is not there, so it is neither found nor served.
  EXPECT_TRUE(Stored(cluster).empty());
  auto stub = ArtifactStub(cluster);
  proto::StatArtifactRequest stat;
  stat.set_sha256(sha);
  proto::StatArtifactReply stat_reply;
  auto context = common::MakeContext(cluster.token(), 5000);
  ASSERT_TRUE(stub->Stat(context.get(), stat, &stat_reply).ok());
  EXPECT_FALSE(stat_reply.present());
  proto::DownloadRequest download;
  download.set_sha256(sha);
  auto read_context = common::MakeContext(cluster.token(), 5000);
  auto reader = stub->Download(read_context.get(), download);
  proto::DownloadChunk chunk;
  EXPECT_FALSE(reader->Read(&chunk));
  EXPECT_EQ(reader->Finish().error_code(), grpc::StatusCode::NOT_FOUND);
  // Uploaded again, whole, it is served whole.
  ASSERT_TRUE(Upload(*stub, cluster.token(), data, sha).ok());
  std::string served;
  auto again = common::MakeContext(cluster.token(), 30000);
  auto whole = stub->Download(again.get(), download);
  while (whole->Read(&chunk)) served += chunk.data();
  ASSERT_TRUE(whole->Finish().ok());
  EXPECT_TRUE(served == data);
}

// An engine file (a script standing in for an engine), for runs that upload one.
std::string EngineScript(const std::string& dir) {
  const std::string path = dir + "/engine.sh";
  std::ofstream(path) << "#!/bin/sh\necho \"Nodes searched: 7\"\n";
  chmod(path.c_str(), 0755);
  return path;
}

TEST(Artifacts, SubmitUploadsAnEngineFileWhichGoesWhenNoRunNeedsIt) {
  Cluster cluster;
  cluster.StartCoordinator(60000, {"--artifact-grace-s", "2", "--artifact-sweep-s", "1"});
  EngineScript(cluster.dir());
  proto::RunConfig config = TinyRun(2, 2);
  config.mutable_baseline()->mutable_external()->set_file("engine.sh");
  config.mutable_baseline()->set_bench(7);
  const std::string path = WriteConfig(cluster.dir(), config);
  const std::string flags =
      absl::StrCat(" --coordinator ", cluster.address(), " --token-file ", cluster.token_file(),
                   " --cache-dir ", cluster.dir(), "/cache");
  Result submit = Shell(cluster.dir(), absl::StrCat(GC9_CLI_BINARY, " submit ", path, flags));
  ASSERT_EQ(submit.exit_code, 0) << submit.err;
  EXPECT_NE(submit.err.find("uploading engine.sh"), std::string::npos) << submit.err;
  const std::string sha = *common::Sha256OfFile(cluster.dir() + "/engine.sh");
  absl::StatusOr<proto::RunStatus> status = cluster.client().Status(1);
  ASSERT_TRUE(status.ok());
  EXPECT_EQ(status->config().baseline().external().binary().sha256(), sha);
  EXPECT_EQ(status->config().engine().bench(), engine::kBenchSignature);
  // Kept while the run lives, past the grace period.
  std::this_thread::sleep_for(std::chrono::milliseconds(3500));
  EXPECT_EQ(Stored(cluster), std::vector<std::string>{sha});
  // A second submit finds it there and sends nothing.
  Result again = Shell(cluster.dir(), absl::StrCat(GC9_CLI_BINARY, " submit ", path, flags));
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(again.err.find("uploading"), std::string::npos) << again.err;
  ASSERT_TRUE(cluster.client().Cancel(1).ok());
  std::this_thread::sleep_for(std::chrono::milliseconds(3500));
  EXPECT_EQ(Stored(cluster), std::vector<std::string>{sha});  // run 2 still needs it
  ASSERT_TRUE(cluster.client().Cancel(2).ok());
  for (int i = 0; i < 100 && !Stored(cluster).empty(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_TRUE(Stored(cluster).empty());
}

TEST(Artifacts, BadRevisionsAreRefusedBeforeAnythingIsSubmitted) {
  Cluster cluster;
  cluster.StartCoordinator();
  const std::string flags =
      absl::StrCat(" --coordinator ", cluster.address(), " --token-file ", cluster.token_file(),
                   " --cache-dir ", cluster.dir(), "/cache");
  auto submit = [&](const std::string& dir, const std::string& revision) {
    proto::RunConfig config = TinyRun(2, 2);
    config.mutable_engine()->mutable_builtin()->set_revision(revision);
    return Shell(cluster.dir(),
                 absl::StrCat(GC9_CLI_BINARY, " submit ", WriteConfig(dir, config), flags));
  };
  // No repository holds the config.
  const std::string plain = cluster.dir() + "/plain";
  fs::create_directories(plain);
  Result none = submit(plain, "HEAD");
  EXPECT_EQ(none.exit_code, 1);
  EXPECT_NE(none.err.find("engine.builtin.revision: revision 'HEAD': no git repository holds"),
            std::string::npos)
      << none.err;
  // A repository whose source does not build: the build's own words come back.
  const std::string repo = cluster.dir() + "/repo";
  fs::create_directories(repo);
  std::ofstream(repo + "/CMakeLists.txt") << "cmake_minimum_required(VERSION 3.22)\nproject(x)\n"
                                             "message(FATAL_ERROR \"this revision is broken\")\n";
  Git(repo, {"init", "-q"});
  Git(repo, {"add", "-A"});
  Git(repo, {"commit", "-q", "-m", "broken"});
  Result unknown = submit(repo, "no-such-branch");
  EXPECT_EQ(unknown.exit_code, 1);
  EXPECT_NE(unknown.err.find("revision 'no-such-branch' names no commit in " + repo),
            std::string::npos)
      << unknown.err;
  Result broken = submit(repo, "HEAD");
  EXPECT_EQ(broken.exit_code, 1);
  EXPECT_NE(broken.err.find("configuring failed (exit 1); the end of its log:"), std::string::npos)
      << broken.err;
  EXPECT_NE(broken.err.find("this revision is broken"), std::string::npos) << broken.err;
  // Uncommitted changes to tracked files.
  std::ofstream(repo + "/CMakeLists.txt", std::ios::app) << "# edited\n";
  Result dirty = submit(repo, "HEAD");
  EXPECT_EQ(dirty.exit_code, 1);
  EXPECT_NE(dirty.err.find("has uncommitted changes (CMakeLists.txt)"), std::string::npos)
      << dirty.err;
  // Nothing reached the coordinator.
  absl::StatusOr<proto::ListReply> runs = cluster.client().List();
  ASSERT_TRUE(runs.ok());
  EXPECT_EQ(runs->run_size(), 0);
  EXPECT_TRUE(Stored(cluster).empty());
}

}  // namespace
}  // namespace gc9::testing
