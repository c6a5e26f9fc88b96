#include "coordinator/server/server.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "common/file.h"
#include "common/rpc.h"
#include "coordinator/artifacts/artifact_service.h"
#include "proto/coordinator.grpc.pb.h"

namespace gc9::coordinator::server {
namespace {

// The reaction shared by every method: authenticate, then `forward` the call, which answers
// through the done callback it is given; the answer is sent on `replies`. (Finish costs some
// 50 microseconds of the calling thread; the core answers a whole commit's calls at once.)
template <typename Forward>
grpc::ServerUnaryReactor* Dispatch(grpc::CallbackServerContext* context, const std::string& token,
                                   core::Executor* replies, Forward forward) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  if (grpc::Status allowed = common::CheckToken(*context, token); !allowed.ok()) {
    reactor->Finish(allowed);
    return reactor;
  }
  forward([reactor, replies](absl::Status status) {
    replies->Post(
        [reactor, status = std::move(status)] { reactor->Finish(common::ToGrpc(status)); });
  });
  return reactor;
}

}  // namespace

namespace {

// What both services share: the core, its executor, the read side, the thread that sends
// replies and the token every call must carry.
class Route {
 public:
  Route(core::Core* core, core::Executor* executor, core::ReadSide* reads, core::Executor* replies,
        std::string token)
      : core_(core),
        executor_(executor),
        reads_(reads),
        replies_(replies),
        token_(std::move(token)) {}

  // To the core, on its executor.
  template <typename Request, typename Reply>
  grpc::ServerUnaryReactor* operator()(grpc::CallbackServerContext* context, const Request* request,
                                       Reply* reply,
                                       void (core::Core::*handler)(const Request&, Reply*,
                                                                   core::Done)) const {
    return Dispatch(context, token_, replies_,
                    [=, state = core_, executor = executor_](core::Done done) {
                      executor->Post([=] { (state->*handler)(*request, reply, done); });
                    });
  }

  // To the read side, which posts its own work and never blocks the caller.
  template <typename Request, typename Reply>
  grpc::ServerUnaryReactor* operator()(grpc::CallbackServerContext* context, const Request* request,
                                       Reply* reply,
                                       void (core::ReadSide::*handler)(const Request&, Reply*,
                                                                       core::Done)) const {
    return Dispatch(context, token_, replies_, [=, reads = reads_](core::Done done) {
      (reads->*handler)(*request, reply, std::move(done));
    });
  }

 private:
  core::Core* core_;
  core::Executor* executor_;
  core::ReadSide* reads_;
  core::Executor* replies_;
  std::string token_;
};

}  // namespace

class Server::WorkerServiceImpl : public proto::WorkerService::CallbackService {
 public:
  explicit WorkerServiceImpl(Route route) : route_(std::move(route)) {}

  grpc::ServerUnaryReactor* Register(grpc::CallbackServerContext* context,
                                     const proto::RegisterRequest* request,
                                     proto::RegisterReply* reply) override {
    return route_(context, request, reply, &core::Core::HandleRegister);
  }
  grpc::ServerUnaryReactor* AcquireWork(grpc::CallbackServerContext* context,
                                        const proto::AcquireRequest* request,
                                        proto::AcquireReply* reply) override {
    return route_(context, request, reply, &core::Core::HandleAcquire);
  }
  grpc::ServerUnaryReactor* ReportPairs(grpc::CallbackServerContext* context,
                                        const proto::ReportRequest* request,
                                        proto::ReportReply* reply) override {
    return route_(context, request, reply, &core::Core::HandleReport);
  }
  grpc::ServerUnaryReactor* Heartbeat(grpc::CallbackServerContext* context,
                                      const proto::HeartbeatRequest* request,
                                      proto::HeartbeatReply* reply) override {
    return route_(context, request, reply, &core::Core::HandleHeartbeat);
  }
  grpc::ServerUnaryReactor* ReportFailure(grpc::CallbackServerContext* context,
                                          const proto::FailureRequest* request,
                                          proto::FailureReply* reply) override {
    return route_(context, request, reply, &core::Core::HandleReportFailure);
  }
  grpc::ServerUnaryReactor* Release(grpc::CallbackServerContext* context,
                                    const proto::ReleaseRequest* request,
                                    proto::ReleaseReply* reply) override {
    return route_(context, request, reply, &core::Core::HandleRelease);
  }

 private:
  Route route_;
};

class Server::UserServiceImpl : public proto::UserService::CallbackService {
 public:
  explicit UserServiceImpl(Route route) : route_(std::move(route)) {}

  grpc::ServerUnaryReactor* Submit(grpc::CallbackServerContext* context,
                                   const proto::SubmitRequest* request,
                                   proto::SubmitReply* reply) override {
    return route_(context, request, reply, &core::Core::HandleSubmit);
  }
  grpc::ServerUnaryReactor* List(grpc::CallbackServerContext* context,
                                 const proto::ListRequest* request,
                                 proto::ListReply* reply) override {
    return route_(context, request, reply, &core::Core::HandleList);
  }
  grpc::ServerUnaryReactor* Status(grpc::CallbackServerContext* context,
                                   const proto::StatusRequest* request,
                                   proto::StatusReply* reply) override {
    return route_(context, request, reply, &core::Core::HandleStatus);
  }
  grpc::ServerUnaryReactor* Cancel(grpc::CallbackServerContext* context,
                                   const proto::CancelRequest* request,
                                   proto::CancelReply* reply) override {
    return route_(context, request, reply, &core::Core::HandleCancel);
  }
  grpc::ServerUnaryReactor* ExportPgn(grpc::CallbackServerContext* context,
                                      const proto::ExportPgnRequest* request,
                                      proto::ExportPgnReply* reply) override {
    return route_(context, request, reply, &core::ReadSide::HandleExportPgn);
  }
  grpc::ServerUnaryReactor* ListWorkers(grpc::CallbackServerContext* context,
                                        const proto::ListWorkersRequest* request,
                                        proto::ListWorkersReply* reply) override {
    return route_(context, request, reply, &core::Core::HandleListWorkers);
  }
  grpc::ServerUnaryReactor* SetWorkerBlocked(grpc::CallbackServerContext* context,
                                             const proto::SetWorkerBlockedRequest* request,
                                             proto::SetWorkerBlockedReply* reply) override {
    return route_(context, request, reply, &core::Core::HandleSetWorkerBlocked);
  }

 private:
  Route route_;
};

absl::StatusOr<std::unique_ptr<Server>> Server::Start(core::Core* core, core::Executor* executor,
                                                      core::ReadSide* reads,
                                                      artifacts::ArtifactStore* artifacts,
                                                      const ServerOptions& options) {
  std::shared_ptr<grpc::ServerCredentials> credentials;
  if (!options.tls_cert_file.empty() || !options.tls_key_file.empty()) {
    if (options.tls_cert_file.empty() || options.tls_key_file.empty()) {
      return absl::InvalidArgumentError("TLS needs both a certificate and a key");
    }
    absl::StatusOr<std::string> cert =
        common::ReadWholeFile(options.tls_cert_file, "TLS certificate");
    if (!cert.ok()) return cert.status();
    absl::StatusOr<std::string> key = common::ReadWholeFile(options.tls_key_file, "TLS key");
    if (!key.ok()) return key.status();
    grpc::SslServerCredentialsOptions ssl;
    ssl.pem_key_cert_pairs.push_back({*key, *cert});
    credentials = grpc::SslServerCredentials(ssl);
  } else {
    credentials = grpc::InsecureServerCredentials();
  }
  std::unique_ptr<Server> server(new Server());
  server->replies_.Start();
  const Route route(core, executor, reads, &server->replies_, options.token);
  server->worker_service_ = std::make_unique<WorkerServiceImpl>(route);
  server->user_service_ = std::make_unique<UserServiceImpl>(route);
  grpc::ServerBuilder builder;
  builder.AddListeningPort(options.listen, credentials, &server->port_);
  builder.RegisterService(server->worker_service_.get());
  builder.RegisterService(server->user_service_.get());
  if (artifacts != nullptr) {
    server->artifact_service_ =
        std::make_unique<artifacts::ArtifactServiceImpl>(artifacts, options.token);
    builder.RegisterService(server->artifact_service_.get());
  }
  builder.SetMaxReceiveMessageSize(64 << 20);
  builder.AddChannelArgument(GRPC_ARG_KEEPALIVE_PERMIT_WITHOUT_CALLS, 1);
  builder.AddChannelArgument(GRPC_ARG_HTTP2_MIN_RECV_PING_INTERVAL_WITHOUT_DATA_MS, 5000);
  server->server_ = builder.BuildAndStart();
  if (server->server_ == nullptr || server->port_ == 0) {
    return absl::UnavailableError(absl::StrCat("cannot listen on ", options.listen));
  }
  return server;
}

void Server::Shutdown() {
  if (server_ != nullptr) {
    // Calls still running after a second are cancelled: their writes are either committed
    // (the worker's retry is then a duplicate, ignored) or not made at all.
    server_->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(1));
  }
}

Server::~Server() {
  Shutdown();
  replies_.Stop();  // the replies still queued go out before the gRPC server is destroyed
}

}  // namespace gc9::coordinator::server
