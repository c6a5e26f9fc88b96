// The coordinator's gRPC front: WorkerService and UserService on the callback API. A reaction
// checks the token and hands the request to the core, through its executor, or to the read
// side (PGN export); they answer once the request's writes are committed, and the answers
// are sent from the server's own reply thread, so that the core's thread spends its time on
// the core and the commit, not in gRPC. Nothing here blocks. The ArtifactService, which reads and
// writes files, is served beside them on gRPC's synchronous API (its own threads;
// artifacts/artifact_service.h).
#pragma once

#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "coordinator/artifacts/artifact_store.h"
#include "coordinator/core/core.h"
#include "coordinator/core/executor.h"
#include "coordinator/core/read_side.h"
#include "grpcpp/grpcpp.h"

namespace gc9::coordinator::server {

struct ServerOptions {
  std::string listen = "127.0.0.1:0";  // port 0: any free port (see Server::port)
  std::string token;                   // required from every caller when not empty
  std::string tls_cert_file;           // both set: TLS (PEM files)
  std::string tls_key_file;
};

class Server {
 public:
  // `core` runs on `executor`; all of them must outlive the server. Without `artifacts` the
  // ArtifactService is not served.
  static absl::StatusOr<std::unique_ptr<Server>> Start(core::Core* core, core::Executor* executor,
                                                       core::ReadSide* reads,
                                                       artifacts::ArtifactStore* artifacts,
                                                       const ServerOptions& options);
  ~Server();

  int port() const { return port_; }
  // Stops taking calls and waits for those in flight (the executor must still be running, so
  // that their commits are made and their replies sent).
  void Shutdown();

 private:
  class WorkerServiceImpl;
  class UserServiceImpl;
  Server() = default;

  // Declared first, so it is destroyed last: Finish runs on it until the server is gone.
  core::Executor replies_{nullptr, nullptr, 60000};
  std::unique_ptr<WorkerServiceImpl> worker_service_;
  std::unique_ptr<UserServiceImpl> user_service_;
  std::unique_ptr<grpc::Service> artifact_service_;
  std::unique_ptr<grpc::Server> server_;
  int port_ = 0;
};

}  // namespace gc9::coordinator::server
