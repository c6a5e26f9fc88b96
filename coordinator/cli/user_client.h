// A thin synchronous client of the coordinator's UserService and ArtifactService (what a
// submit uploads), shared by the command line and `gc9 run`.
#pragma once

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "proto/coordinator.grpc.pb.h"

namespace gc9::coordinator::cli {

class UserClient {
 public:
  static absl::StatusOr<std::unique_ptr<UserClient>> Connect(const std::string& address,
                                                             const std::string& token_file,
                                                             const std::string& tls_ca_file);
  UserClient(std::shared_ptr<grpc::Channel> channel, std::string token);

  absl::StatusOr<int64_t> Submit(const proto::RunConfig& config);
  absl::StatusOr<proto::ListReply> List();
  // `history`: also the run kind's history (an SPSA run's trajectory).
  absl::StatusOr<proto::RunStatus> Status(int64_t run_id, bool history = false);
  absl::StatusOr<proto::RunStatus> Cancel(int64_t run_id);
  absl::StatusOr<proto::ListWorkersReply> ListWorkers();
  absl::StatusOr<proto::WorkerStatus> SetWorkerBlocked(int64_t worker_id, bool blocked);
  // Every stored game of the run, page by page, to `sink`.
  absl::Status ExportPgn(int64_t run_id, const std::function<void(const std::string&)>& sink);

  // Whether the coordinator holds the artifact `ref` names (its size included). Asking renews
  // the coordinator's grace period for it, so a submit that follows finds it there.
  absl::StatusOr<bool> HasArtifact(const proto::ArtifactRef& ref);
  // Streams the file at `path`, whose hash and size `ref` gives, to the coordinator, which
  // checks both; `progress` hears the bytes sent so far now and then.
  absl::Status UploadArtifact(const std::string& path, const proto::ArtifactRef& ref,
                              const std::function<void(int64_t sent)>& progress = nullptr);

 private:
  std::unique_ptr<proto::UserService::Stub> stub_;
  std::unique_ptr<proto::ArtifactService::Stub> artifacts_;
  std::string token_;
  std::string address_;
};

}  // namespace gc9::coordinator::cli
