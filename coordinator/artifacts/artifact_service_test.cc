// The ArtifactService on a real gRPC server on loopback, called through its stub.
#include "coordinator/artifacts/artifact_service.h"

#include <filesystem>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "common/rpc.h"
#include "common/sha256.h"
#include "grpcpp/grpcpp.h"
#include "gtest/gtest.h"

namespace gc9::coordinator::artifacts {
namespace {

constexpr char kToken[] = "secret";

class ArtifactServiceTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = ::testing::TempDir() + "/artifact_service_" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name();
    std::filesystem::remove_all(dir_);
    store_ = *ArtifactStore::Open(dir_, 4 << 20);
    service_ = std::make_unique<ArtifactServiceImpl>(store_.get(), kToken);
    grpc::ServerBuilder builder;
    int port = 0;
    builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(), &port);
    builder.RegisterService(service_.get());
    server_ = builder.BuildAndStart();
    ASSERT_NE(port, 0);
    stub_ = proto::ArtifactService::NewStub(
        common::MakeChannel(absl::StrCat("127.0.0.1:", port), grpc::InsecureChannelCredentials()));
  }
  void TearDown() override { server_->Shutdown(); }

  grpc::Status Upload(const std::string& data, const std::string& sha, int64_t size,
                      proto::UploadReply* reply, const std::string& token = kToken) {
    auto context = common::MakeContext(token, 10000);
    auto writer = stub_->Upload(context.get(), reply);
    proto::UploadChunk chunk;
    chunk.mutable_artifact()->set_sha256(sha);
    chunk.mutable_artifact()->set_size(size);
    chunk.mutable_artifact()->set_name("engine.tar.gz");
    for (size_t at = 0; at < data.size() || at == 0; at += 100000) {
      chunk.set_data(data.substr(at, 100000));
      if (!writer->Write(chunk)) break;
      chunk.clear_artifact();
      if (data.empty()) break;
    }
    writer->WritesDone();
    return writer->Finish();
  }

  grpc::Status Download(const std::string& sha, int64_t offset, std::string* data, int64_t* size) {
    auto context = common::MakeContext(kToken, 10000);
    proto::DownloadRequest request;
    request.set_sha256(sha);
    request.set_offset(offset);
    auto reader = stub_->Download(context.get(), request);
    proto::DownloadChunk chunk;
    bool first = true;
    while (reader->Read(&chunk)) {
      if (first) *size = chunk.size();
      first = false;
      data->append(chunk.data());
    }
    return reader->Finish();
  }

  std::string dir_;
  std::unique_ptr<ArtifactStore> store_;
  std::unique_ptr<ArtifactServiceImpl> service_;
  std::unique_ptr<grpc::Server> server_;
  std::unique_ptr<proto::ArtifactService::Stub> stub_;
};

std::string Bytes(int n) {
  std::string data;
  for (int i = 0; i < n; ++i)
    data.push_back(static_cast<char>((static_cast<uint32_t>(i) * 7919u) >> 3));
  return data;
}

TEST_F(ArtifactServiceTest, UploadThenStatThenDownloadFromAnOffset) {
  const std::string data = Bytes(700000);
  const std::string sha = common::Sha256Hex(data);
  proto::UploadReply reply;
  grpc::Status status = Upload(data, sha, data.size(), &reply);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_FALSE(reply.already_present());
  EXPECT_EQ(reply.artifact().sha256(), sha);
  // Again: the coordinator has it and says so.
  ASSERT_TRUE(Upload(data, sha, data.size(), &reply).ok());
  EXPECT_TRUE(reply.already_present());

  proto::StatArtifactRequest stat;
  stat.set_sha256(sha);
  proto::StatArtifactReply stat_reply;
  auto context = common::MakeContext(kToken, 10000);
  ASSERT_TRUE(stub_->Stat(context.get(), stat, &stat_reply).ok());
  EXPECT_TRUE(stat_reply.present());
  EXPECT_EQ(stat_reply.size(), 700000);

  std::string whole, tail;
  int64_t size = 0;
  ASSERT_TRUE(Download(sha, 0, &whole, &size).ok());
  EXPECT_EQ(size, 700000);
  EXPECT_TRUE(whole == data);
  ASSERT_TRUE(Download(sha, 654321, &tail, &size).ok());
  EXPECT_TRUE(tail == data.substr(654321));
  std::string none;
  EXPECT_EQ(Download(sha, 700001, &none, &size).error_code(), grpc::StatusCode::OUT_OF_RANGE);
}

TEST_F(ArtifactServiceTest, AWrongHashIsRefusedAndNothingIsStored) {
  const std::string data = Bytes(300000);
  proto::UploadReply reply;
  grpc::Status status = Upload(data, common::Sha256Hex("other"), data.size(), &reply);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(status.error_message().find("have the SHA-256 " + common::Sha256Hex(data)),
            std::string::npos)
      << status.error_message();
  EXPECT_TRUE(std::filesystem::is_empty(dir_));
}

TEST_F(ArtifactServiceTest, SizesNamesAndTheTokenAreChecked) {
  const std::string big = Bytes((4 << 20) + 1);
  proto::UploadReply reply;
  EXPECT_EQ(Upload(big, common::Sha256Hex(big), big.size(), &reply).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  // A declared size smaller than what comes.
  const std::string data = Bytes(1000);
  EXPECT_EQ(Upload(data, common::Sha256Hex(data), 10, &reply).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(Upload(data, "../escape", data.size(), &reply).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(Upload(data, common::Sha256Hex(data), data.size(), &reply, "wrong").error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(Upload(data, common::Sha256Hex(data), data.size(), &reply, "").error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
  std::string out;
  int64_t size = 0;
  EXPECT_EQ(Download(common::Sha256Hex(data), 0, &out, &size).error_code(),
            grpc::StatusCode::NOT_FOUND);
  EXPECT_TRUE(std::filesystem::is_empty(dir_));
}

}  // namespace
}  // namespace gc9::coordinator::artifacts
