// What the coordinator, the worker and the command line share about talking gRPC: status
// conversion (absl's codes are gRPC's), the token metadata and credentials.
#pragma once

#include <signal.h>

#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "grpcpp/grpcpp.h"

namespace gc9::common {

// The metadata key that carries the shared worker token.
inline constexpr char kTokenMetadata[] = "x-gc9-token";

inline grpc::Status ToGrpc(const absl::Status& status) {
  return grpc::Status(static_cast<grpc::StatusCode>(status.code()), std::string(status.message()));
}

inline absl::Status FromGrpc(const grpc::Status& status) {
  return absl::Status(static_cast<absl::StatusCode>(status.error_code()), status.error_message());
}

// OK when `token` is empty or the caller sent it; UNAUTHENTICATED ("no token", "wrong token")
// otherwise. The comparison takes the same time wherever the strings differ, so the token
// cannot be guessed byte by byte from response times.
grpc::Status CheckToken(const grpc::ServerContextBase& context, const std::string& token);

// The file's first line, whitespace trimmed; an empty token is an error.
absl::StatusOr<std::string> ReadTokenFile(const std::string& path);
// The token of --token-file, or "" (no authentication) when no file was given.
absl::StatusOr<std::string> ReadOptionalTokenFile(const std::string& path);

// Blocks SIGINT and SIGTERM in the calling thread and every thread it starts afterwards, and
// returns the set for sigwait: the binaries stop cleanly from one thread that waits for them.
sigset_t BlockStopSignals();

// TLS with `ca_file` as the root (empty: insecure, for loopback and tests).
absl::StatusOr<std::shared_ptr<grpc::ChannelCredentials>> ClientCredentials(
    const std::string& ca_file);

// A channel to `address` with the credentials, plus keepalive so that a dead coordinator is
// noticed, and no cap on reply size (PGN pages can be large).
std::shared_ptr<grpc::Channel> MakeChannel(const std::string& address,
                                           std::shared_ptr<grpc::ChannelCredentials> credentials);

// A client context with the token (when not empty) and a deadline.
std::unique_ptr<grpc::ClientContext> MakeContext(const std::string& token, int64_t timeout_ms);

}  // namespace gc9::common
