#include "coordinator/artifacts/artifact_service.h"

#include "absl/strings/str_cat.h"
#include "common/rpc.h"

namespace gc9::coordinator::artifacts {

grpc::Status ArtifactServiceImpl::Upload(grpc::ServerContext* context,
                                         grpc::ServerReader<proto::UploadChunk>* reader,
                                         proto::UploadReply* reply) {
  if (grpc::Status allowed = common::CheckToken(*context, token_); !allowed.ok()) return allowed;
  proto::UploadChunk chunk;
  if (!reader->Read(&chunk)) {
    return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, "an upload without a header");
  }
  if (!chunk.has_artifact()) {
    return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT,
                        "an upload's first message names the artifact (sha256, size)");
  }
  const proto::ArtifactRef ref = chunk.artifact();
  *reply->mutable_artifact() = ref;
  // Already there (named by its content, so it is the same bytes): the rest need not come.
  if (absl::StatusOr<int64_t> size = store_->Stat(ref.sha256()); size.ok()) {
    if (*size != ref.size()) {
      return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT,
                          absl::StrCat(ref.sha256(), " has ", *size, " bytes, not ", ref.size()));
    }
    reply->set_already_present(true);
    return grpc::Status::OK;
  }
  absl::StatusOr<ArtifactStore::Upload> upload = store_->BeginUpload(ref.sha256(), ref.size());
  if (!upload.ok()) return common::ToGrpc(upload.status());
  do {
    if (absl::Status status = upload->Append(chunk.data()); !status.ok()) {
      return common::ToGrpc(status);
    }
  } while (reader->Read(&chunk));
  if (context->IsCancelled()) return grpc::Status(grpc::StatusCode::CANCELLED, "cancelled");
  return common::ToGrpc(upload->Finish());
}

grpc::Status ArtifactServiceImpl::Download(grpc::ServerContext* context,
                                           const proto::DownloadRequest* request,
                                           grpc::ServerWriter<proto::DownloadChunk>* writer) {
  if (grpc::Status allowed = common::CheckToken(*context, token_); !allowed.ok()) return allowed;
  absl::StatusOr<ArtifactStore::Reader> file = store_->Open(request->sha256());
  if (!file.ok()) return common::ToGrpc(file.status());
  if (request->offset() < 0 || request->offset() > file->size()) {
    return grpc::Status(
        grpc::StatusCode::OUT_OF_RANGE,
        absl::StrCat("offset ", request->offset(), " is outside 0..", file->size()));
  }
  int64_t offset = request->offset();
  proto::DownloadChunk chunk;
  chunk.set_size(file->size());
  do {
    absl::StatusOr<std::string> bytes = file->Read(offset, kChunkBytes);
    if (!bytes.ok()) return common::ToGrpc(bytes.status());
    offset += static_cast<int64_t>(bytes->size());
    *chunk.mutable_data() = *std::move(bytes);
    if (!writer->Write(chunk)) return grpc::Status(grpc::StatusCode::CANCELLED, "cancelled");
    chunk.Clear();
  } while (offset < file->size());
  return grpc::Status::OK;
}

grpc::Status ArtifactServiceImpl::Stat(grpc::ServerContext* context,
                                       const proto::StatArtifactRequest* request,
                                       proto::StatArtifactReply* reply) {
  if (grpc::Status allowed = common::CheckToken(*context, token_); !allowed.ok()) return allowed;
  absl::StatusOr<int64_t> size = store_->Stat(request->sha256());
  if (absl::IsNotFound(size.status())) return grpc::Status::OK;
  if (!size.ok()) return common::ToGrpc(size.status());
  reply->set_present(true);
  reply->set_size(*size);
  return grpc::Status::OK;
}

}  // namespace gc9::coordinator::artifacts
