#include "worker/client/artifact_download.h"

#include <algorithm>
#include <chrono>
#include <thread>

#include "absl/strings/str_cat.h"
#include "common/rpc.h"

namespace gc9::worker {

engine_build::Fetcher ArtifactFetcher(proto::ArtifactService::StubInterface* stub,
                                      const std::string& sha256, DownloadOptions options) {
  return [stub, sha256, options](const engine_build::FileSink& sink) -> absl::Status {
    int64_t received = 0;
    int64_t backoff_ms = 200;
    grpc::Status last;
    for (int attempt = 0; attempt < options.attempts; ++attempt) {
      if (options.cancel != nullptr && options.cancel->load()) {
        return absl::CancelledError("cancelled");
      }
      if (attempt > 0) {
        std::this_thread::sleep_for(std::chrono::milliseconds(backoff_ms));
        backoff_ms = std::min<int64_t>(backoff_ms * 2, 5000);
      }
      proto::DownloadRequest request;
      request.set_sha256(sha256);
      request.set_offset(received);
      auto context = common::MakeContext(options.token, options.timeout_ms);
      std::unique_ptr<grpc::ClientReaderInterface<proto::DownloadChunk>> reader =
          stub->Download(context.get(), request);
      proto::DownloadChunk chunk;
      absl::Status sunk;
      while (reader->Read(&chunk)) {
        sunk = sink(chunk.data());
        if (!sunk.ok()) break;
        received += static_cast<int64_t>(chunk.data().size());
      }
      if (!sunk.ok()) {
        context->TryCancel();
        (void)reader->Finish();
        return sunk;
      }
      last = reader->Finish();
      if (last.ok()) return absl::OkStatus();
      if (last.error_code() == grpc::StatusCode::NOT_FOUND ||
          last.error_code() == grpc::StatusCode::UNAUTHENTICATED ||
          last.error_code() == grpc::StatusCode::INVALID_ARGUMENT ||
          last.error_code() == grpc::StatusCode::OUT_OF_RANGE) {
        break;
      }
    }
    return absl::Status(
        static_cast<absl::StatusCode>(last.error_code()),
        absl::StrCat("downloading artifact ", sha256.substr(0, 12), ": ", last.error_message()));
  };
}

}  // namespace gc9::worker
