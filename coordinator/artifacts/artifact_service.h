// ArtifactService: uploads, downloads and looks at the artifact store. It reads and writes
// files, so it is served on gRPC's synchronous API (threads of gRPC's own pool), never on the
// callback reactions or the core's executor, which must not block. Every call needs the token.
#pragma once

#include <string>

#include "coordinator/artifacts/artifact_store.h"
#include "proto/coordinator.grpc.pb.h"

namespace gc9::coordinator::artifacts {

// Bytes per DownloadChunk: large enough that a 5 MB artifact is twenty messages.
inline constexpr int64_t kChunkBytes = 256 << 10;

class ArtifactServiceImpl final : public proto::ArtifactService::Service {
 public:
  // `store` must outlive the service.
  ArtifactServiceImpl(ArtifactStore* store, std::string token)
      : store_(store), token_(std::move(token)) {}

  grpc::Status Upload(grpc::ServerContext* context, grpc::ServerReader<proto::UploadChunk>* reader,
                      proto::UploadReply* reply) override;
  grpc::Status Download(grpc::ServerContext* context, const proto::DownloadRequest* request,
                        grpc::ServerWriter<proto::DownloadChunk>* writer) override;
  grpc::Status Stat(grpc::ServerContext* context, const proto::StatArtifactRequest* request,
                    proto::StatArtifactReply* reply) override;

 private:
  ArtifactStore* store_;
  std::string token_;
};

}  // namespace gc9::coordinator::artifacts
