#include "common/rpc.h"

#include <chrono>

#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "common/file.h"
#include "common/token.h"

namespace gc9::common {

grpc::Status CheckToken(const grpc::ServerContextBase& context, const std::string& token) {
  if (token.empty()) return grpc::Status::OK;
  const auto& metadata = context.client_metadata();
  auto it = metadata.find(kTokenMetadata);
  if (it == metadata.end()) return grpc::Status(grpc::StatusCode::UNAUTHENTICATED, "no token");
  const grpc::string_ref given = it->second;
  if (!TokenMatches(absl::string_view(given.data(), given.size()), token)) {
    return grpc::Status(grpc::StatusCode::UNAUTHENTICATED, "wrong token");
  }
  return grpc::Status::OK;
}

absl::StatusOr<std::string> ReadTokenFile(const std::string& path) {
  absl::StatusOr<std::string> text = ReadWholeFile(path, "token file");
  if (!text.ok()) return text.status();
  std::string line = text->substr(0, text->find('\n'));
  std::string token(absl::StripAsciiWhitespace(line));
  if (token.empty()) return absl::InvalidArgumentError(absl::StrCat(path, " holds no token"));
  return token;
}

absl::StatusOr<std::string> ReadOptionalTokenFile(const std::string& path) {
  if (path.empty()) return std::string();
  return ReadTokenFile(path);
}

sigset_t BlockStopSignals() {
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  return signals;
}

absl::StatusOr<std::shared_ptr<grpc::ChannelCredentials>> ClientCredentials(
    const std::string& ca_file) {
  if (ca_file.empty()) return grpc::InsecureChannelCredentials();
  absl::StatusOr<std::string> ca = ReadWholeFile(ca_file, "TLS root certificate");
  if (!ca.ok()) return ca.status();
  grpc::SslCredentialsOptions options;
  options.pem_root_certs = *ca;
  return grpc::SslCredentials(options);
}

std::shared_ptr<grpc::Channel> MakeChannel(const std::string& address,
                                           std::shared_ptr<grpc::ChannelCredentials> credentials) {
  grpc::ChannelArguments args;
  args.SetMaxReceiveMessageSize(-1);
  args.SetInt(GRPC_ARG_KEEPALIVE_TIME_MS, 20000);
  args.SetInt(GRPC_ARG_KEEPALIVE_TIMEOUT_MS, 10000);
  // Reconnect quickly after a coordinator restart rather than after gRPC's two minutes.
  args.SetInt(GRPC_ARG_MAX_RECONNECT_BACKOFF_MS, 2000);
  args.SetInt(GRPC_ARG_INITIAL_RECONNECT_BACKOFF_MS, 200);
  args.SetInt(GRPC_ARG_MIN_RECONNECT_BACKOFF_MS, 200);
  return grpc::CreateCustomChannel(address, credentials, args);
}

std::unique_ptr<grpc::ClientContext> MakeContext(const std::string& token, int64_t timeout_ms) {
  auto context = std::make_unique<grpc::ClientContext>();
  if (!token.empty()) context->AddMetadata(kTokenMetadata, token);
  context->set_deadline(std::chrono::system_clock::now() + std::chrono::milliseconds(timeout_ms));
  return context;
}

}  // namespace gc9::common
