#include "coordinator/cli/user_client.h"

#include <chrono>

#include "absl/strings/str_cat.h"
#include "common/file.h"
#include "common/rpc.h"

namespace gc9::coordinator::cli {
namespace {

constexpr int64_t kTimeoutMs = 30000;
// How long Connect waits for the connection before the first call: a coordinator that was
// started a moment ago, or a machine under load, may not accept it at once.
constexpr int64_t kConnectWaitMs = 5000;
constexpr int64_t kUploadTimeoutMs = 600000;
constexpr int64_t kUploadChunkBytes = 256 << 10;

absl::Status Failed(const grpc::Status& status) {
  if (status.error_code() == grpc::StatusCode::UNAVAILABLE) {
    return absl::UnavailableError(
        absl::StrCat("no coordinator answers (", status.error_message(), ")"));
  }
  return common::FromGrpc(status);
}

}  // namespace

absl::StatusOr<std::unique_ptr<UserClient>> UserClient::Connect(const std::string& address,
                                                                const std::string& token_file,
                                                                const std::string& tls_ca_file) {
  absl::StatusOr<std::string> token_or = common::ReadOptionalTokenFile(token_file);
  if (!token_or.ok()) return token_or.status();
  const std::string token = *std::move(token_or);
  absl::StatusOr<std::shared_ptr<grpc::ChannelCredentials>> credentials =
      common::ClientCredentials(tls_ca_file);
  if (!credentials.ok()) return credentials.status();
  std::shared_ptr<grpc::Channel> channel = common::MakeChannel(address, *credentials);
  // Whether it connects or not, the first call goes ahead: if the coordinator is absent or
  // refuses the connection (TLS), that call's error says why.
  (void)channel->WaitForConnected(std::chrono::system_clock::now() +
                                  std::chrono::milliseconds(kConnectWaitMs));
  return std::make_unique<UserClient>(std::move(channel), token);
}

UserClient::UserClient(std::shared_ptr<grpc::Channel> channel, std::string token)
    : stub_(proto::UserService::NewStub(channel)),
      artifacts_(proto::ArtifactService::NewStub(channel)),
      token_(std::move(token)) {}

absl::StatusOr<int64_t> UserClient::Submit(const proto::RunConfig& config) {
  proto::SubmitRequest request;
  *request.mutable_config() = config;
  proto::SubmitReply reply;
  auto context = common::MakeContext(token_, kTimeoutMs);
  grpc::Status status = stub_->Submit(context.get(), request, &reply);
  if (!status.ok()) return Failed(status);
  return reply.run_id();
}

absl::StatusOr<proto::ListReply> UserClient::List() {
  proto::ListReply reply;
  auto context = common::MakeContext(token_, kTimeoutMs);
  grpc::Status status = stub_->List(context.get(), proto::ListRequest(), &reply);
  if (!status.ok()) return Failed(status);
  return reply;
}

absl::StatusOr<proto::RunStatus> UserClient::Status(int64_t run_id, bool history) {
  proto::StatusRequest request;
  request.set_run_id(run_id);
  request.set_history(history);
  proto::StatusReply reply;
  auto context = common::MakeContext(token_, kTimeoutMs);
  grpc::Status status = stub_->Status(context.get(), request, &reply);
  if (!status.ok()) return Failed(status);
  return reply.run();
}

absl::StatusOr<proto::RunStatus> UserClient::Cancel(int64_t run_id) {
  proto::CancelRequest request;
  request.set_run_id(run_id);
  proto::CancelReply reply;
  auto context = common::MakeContext(token_, kTimeoutMs);
  grpc::Status status = stub_->Cancel(context.get(), request, &reply);
  if (!status.ok()) return Failed(status);
  return reply.run();
}

absl::StatusOr<proto::ListWorkersReply> UserClient::ListWorkers() {
  proto::ListWorkersReply reply;
  auto context = common::MakeContext(token_, kTimeoutMs);
  grpc::Status status = stub_->ListWorkers(context.get(), proto::ListWorkersRequest(), &reply);
  if (!status.ok()) return Failed(status);
  return reply;
}

absl::StatusOr<proto::WorkerStatus> UserClient::SetWorkerBlocked(int64_t worker_id, bool blocked) {
  proto::SetWorkerBlockedRequest request;
  request.set_worker_id(worker_id);
  request.set_blocked(blocked);
  proto::SetWorkerBlockedReply reply;
  auto context = common::MakeContext(token_, kTimeoutMs);
  grpc::Status status = stub_->SetWorkerBlocked(context.get(), request, &reply);
  if (!status.ok()) return Failed(status);
  return reply.worker();
}

absl::Status UserClient::ExportPgn(int64_t run_id,
                                   const std::function<void(const std::string&)>& sink) {
  proto::ExportPgnRequest request;
  request.set_run_id(run_id);
  request.set_after_pair(-1);
  for (;;) {
    proto::ExportPgnReply reply;
    auto context = common::MakeContext(token_, kTimeoutMs);
    grpc::Status status = stub_->ExportPgn(context.get(), request, &reply);
    if (!status.ok()) return Failed(status);
    sink(reply.pgn());
    if (reply.done()) return absl::OkStatus();
    request.set_after_pair(reply.last_pair());
  }
}

absl::StatusOr<bool> UserClient::HasArtifact(const proto::ArtifactRef& ref) {
  proto::StatArtifactRequest request;
  request.set_sha256(ref.sha256());
  proto::StatArtifactReply reply;
  auto context = common::MakeContext(token_, kTimeoutMs);
  grpc::Status status = artifacts_->Stat(context.get(), request, &reply);
  if (!status.ok()) return Failed(status);
  return reply.present() && reply.size() == ref.size();
}

absl::Status UserClient::UploadArtifact(const std::string& path, const proto::ArtifactRef& ref,
                                        const std::function<void(int64_t sent)>& progress) {
  proto::UploadReply reply;
  auto context = common::MakeContext(token_, kUploadTimeoutMs);
  std::unique_ptr<grpc::ClientWriter<proto::UploadChunk>> writer =
      artifacts_->Upload(context.get(), &reply);
  proto::UploadChunk chunk;
  *chunk.mutable_artifact() = ref;
  int64_t sent = 0;
  bool open = true;
  // The coordinator may answer early (it has the file, or refuses it): then Write fails and
  // Finish says why.
  absl::Status read = common::ReadFileInPieces(path, "artifact", [&](absl::string_view piece) {
    if (!open) return;
    chunk.mutable_data()->append(piece.data(), piece.size());
    if (static_cast<int64_t>(chunk.data().size()) < kUploadChunkBytes) return;
    open = writer->Write(chunk);
    sent += static_cast<int64_t>(chunk.data().size());
    chunk.Clear();
    if (progress) progress(sent);
  });
  if (!read.ok()) {
    context->TryCancel();
    (void)writer->Finish();
    return read;
  }
  if (open && (chunk.has_artifact() || !chunk.data().empty())) open = writer->Write(chunk);
  if (open) writer->WritesDone();
  grpc::Status status = writer->Finish();
  if (!status.ok()) return Failed(status);
  return absl::OkStatus();
}

}  // namespace gc9::coordinator::cli
