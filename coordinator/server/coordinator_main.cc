// gc9-coordinator: the server. Opens (or creates) the SQLite database, rebuilds every run
// from it, and serves workers and users until SIGINT or SIGTERM.
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <future>
#include <memory>
#include <set>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "common/flags.h"
#include "common/protocol.h"
#include "common/rpc.h"
#include "coordinator/artifacts/janitor.h"
#include "coordinator/core/core.h"
#include "coordinator/core/executor.h"
#include "coordinator/core/read_side.h"
#include "coordinator/dashboard/dashboard.h"
#include "coordinator/server/server.h"
#include "coordinator/store/sqlite_store.h"

namespace gc9::coordinator {
namespace {

// Written whole under a temporary name, so a reader never sees half a number.
void WritePortFile(const std::string& path, int port) {
  const std::string temp = path + ".tmp";
  std::ofstream(temp) << port << "\n";
  std::rename(temp.c_str(), path.c_str());
}

int64_t NowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

int Main(int argc, char** argv) {
  // gRPC locks absl::Mutex on every call; Debian's Abseil checks each lock against a graph
  // of lock orders to find deadlocks, a debugging aid that cost the core's thread 4.5% of
  // its time under load (perf) and finds nothing gRPC's own tests have not.
  absl::SetMutexDeadlockDetectionMode(absl::OnDeadlockCycle::kIgnore);
  std::string db;
  std::string listen = "127.0.0.1:50051";
  std::string token_file;
  std::string tls_cert;
  std::string tls_key;
  std::string port_file;
  int64_t lease_ms = 60000;
  int64_t protocol_version = common::kProtocolVersion;
  std::string artifacts_dir;
  int64_t max_artifact_mb = 256;
  int64_t artifact_grace_s = 3600;
  int64_t artifact_sweep_s = 60;
  std::string http;
  std::string http_port_file;
  bool http_require_token = false;
  common::FlagParser flags(
      "gc9-coordinator",
      "gc9 coordinator --db FILE [--listen ADDR] [--token-file F] [--tls-cert F --tls-key F]",
      "The gc9 coordinator: hands out game pairs to workers, counts every reported pair exactly\n"
      "once, decides SPRTs, and keeps everything in one SQLite database so that a restart\n"
      "continues every run with the counts it had acknowledged.");
  flags.AddString("db", &db, "required: the SQLite database (created if missing)");
  flags.AddString("listen", &listen, "address to serve on; port 0 picks a free one");
  flags.AddString("token-file", &token_file,
                  "file whose first line is the shared secret every caller must send");
  flags.AddString("tls-cert", &tls_cert, "PEM certificate: serve TLS (with --tls-key)");
  flags.AddString("tls-key", &tls_key, "PEM private key of --tls-cert");
  flags.AddString("port-file", &port_file, "write the port served on to this file once listening");
  flags.AddInt("lease-ms", &lease_ms,
               "how long a lease lives without a heartbeat before its pairs are replayed");
  flags.AddInt("protocol-version", &protocol_version,
               "the worker protocol version to speak; only for tests of workers of another one");
  flags.AddString("artifacts", &artifacts_dir,
                  "the folder of uploaded engine archives and binaries (default: DB.artifacts)");
  flags.AddInt("max-artifact-mb", &max_artifact_mb, "the largest upload taken, in MB");
  flags.AddInt("artifact-grace-s", &artifact_grace_s,
               "how long an artifact no live run needs is kept after its upload or last look");
  flags.AddInt("artifact-sweep-s", &artifact_sweep_s,
               "how often artifacts no live run needs are looked for");
  flags.AddString("http", &http,
                  "serve the web dashboard on HOST:PORT (port 0 picks a free one); reading is "
                  "open unless --http-require-token");
  flags.AddString("http-port-file", &http_port_file,
                  "write the dashboard's port to this file once listening");
  flags.AddBool("http-require-token", &http_require_token,
                "the dashboard's pages and JSON need the token too (actions always do)");
  if (std::optional<int> exit_code = flags.ParseFlagsOnly(argc, argv)) return *exit_code;
  if (db.empty()) return flags.Fail(absl::InvalidArgumentError("--db is required"));
  if (max_artifact_mb < 1 || max_artifact_mb > (1 << 20)) {
    return flags.Fail(absl::InvalidArgumentError("--max-artifact-mb must be in 1..1048576"));
  }
  if (artifact_grace_s < 0 || artifact_sweep_s < 1) {
    return flags.Fail(absl::InvalidArgumentError(
        "--artifact-grace-s must not be negative, --artifact-sweep-s must be positive"));
  }
  if (artifacts_dir.empty()) artifacts_dir = db + ".artifacts";
  if (lease_ms < 100)
    return flags.Fail(absl::InvalidArgumentError("--lease-ms must be at least 100"));
  if (tls_cert.empty() != tls_key.empty()) {
    return flags.Fail(absl::InvalidArgumentError("--tls-cert and --tls-key go together"));
  }
  if (http.empty() && (!http_port_file.empty() || http_require_token)) {
    return flags.Fail(
        absl::InvalidArgumentError("--http-port-file and --http-require-token need --http"));
  }
  if (http_require_token && token_file.empty()) {
    return flags.Fail(absl::InvalidArgumentError("--http-require-token needs --token-file"));
  }
  server::ServerOptions options;
  options.listen = listen;
  options.tls_cert_file = tls_cert;
  options.tls_key_file = tls_key;
  absl::StatusOr<std::string> token = common::ReadOptionalTokenFile(token_file);
  if (!token.ok()) return flags.Fail(token.status());
  options.token = *token;

  // Every thread started from here on inherits the mask; the main thread takes the signals.
  sigset_t signals = common::BlockStopSignals();

  absl::StatusOr<std::unique_ptr<store::SqliteStore>> store = store::SqliteStore::Open(db);
  if (!store.ok()) {
    std::fprintf(stderr, "gc9-coordinator: %s\n", std::string(store.status().message()).c_str());
    return 1;
  }
  core::CoreOptions core_options;
  core_options.lease_ms = lease_ms;
  core_options.heartbeat_ms = std::max<int64_t>(50, lease_ms / 4);
  core_options.protocol_version = static_cast<int32_t>(protocol_version);
  core::Core core(store->get(), core_options, NowMs);
  if (absl::Status status = core.Recover(); !status.ok()) {
    std::fprintf(stderr, "gc9-coordinator: recovering %s: %s\n", db.c_str(),
                 std::string(status.message()).c_str());
    return 1;
  }
  absl::StatusOr<std::unique_ptr<artifacts::ArtifactStore>> artifact_store =
      artifacts::ArtifactStore::Open(artifacts_dir, max_artifact_mb << 20);
  if (!artifact_store.ok()) {
    std::fprintf(stderr, "gc9-coordinator: %s\n",
                 std::string(artifact_store.status().message()).c_str());
    return 1;
  }
  // The read side's own connection, opened once the store has made the database.
  absl::StatusOr<std::unique_ptr<store::SqliteReader>> reader = store::SqliteReader::Open(db);
  if (!reader.ok()) {
    std::fprintf(stderr, "gc9-coordinator: %s\n", std::string(reader.status().message()).c_str());
    return 1;
  }
  core::Executor executor([&core] { core.Flush(); }, [&core] { core.Tick(); },
                          std::min<int64_t>(1000, std::max<int64_t>(50, lease_ms / 10)));
  core::ReadSide reads(&core, &executor, *std::move(reader));
  // Artifacts no live run needs (and whose grace has passed) go at the start, then at every
  // sweep; the janitor asks the core through its executor.
  artifacts::JanitorOptions janitor_options;
  janitor_options.grace_ms = artifact_grace_s * 1000;
  janitor_options.interval_ms = artifact_sweep_s * 1000;
  artifacts::Janitor janitor(
      artifact_store->get(),
      [&core, &executor] {
        std::promise<std::set<std::string>> answer;
        executor.Post([&] { answer.set_value(core.ReferencedArtifacts()); });
        return answer.get_future().get();
      },
      janitor_options);
  executor.Start();
  reads.Start();
  janitor.Sweep();
  janitor.Start();
  absl::StatusOr<std::unique_ptr<server::Server>> server =
      server::Server::Start(&core, &executor, &reads, artifact_store->get(), options);
  if (!server.ok()) {
    std::fprintf(stderr, "gc9-coordinator: %s\n", std::string(server.status().message()).c_str());
    janitor.Stop();
    reads.Stop();
    executor.Stop();
    return 1;
  }
  const std::string host = listen.substr(0, listen.rfind(':'));
  std::fprintf(stderr, "gc9-coordinator: serving %s on %s:%d%s%s\n", db.c_str(), host.c_str(),
               (*server)->port(), options.token.empty() ? "" : ", token required",
               tls_cert.empty() ? "" : ", TLS");
  std::unique_ptr<dashboard::Dashboard> web;
  if (!http.empty()) {
    dashboard::DashboardOptions web_options;
    web_options.listen = http;
    web_options.token = options.token;
    web_options.require_token = http_require_token;
    web_options.tls_cert_file = tls_cert;
    web_options.tls_key_file = tls_key;
    absl::StatusOr<std::unique_ptr<dashboard::Dashboard>> started =
        dashboard::Dashboard::Start(&core, &executor, &reads, web_options);
    if (!started.ok()) {
      std::fprintf(stderr, "gc9-coordinator: %s\n",
                   std::string(started.status().message()).c_str());
      (*server)->Shutdown();
      janitor.Stop();
      reads.Stop();
      executor.Stop();
      return 1;
    }
    web = *std::move(started);
    const std::string web_host = http.substr(0, http.rfind(':'));
    std::fprintf(stderr, "gc9-coordinator: dashboard at %s://%s:%d/%s\n",
                 web->tls() ? "https" : "http", web_host.c_str(), web->port(),
                 http_require_token ? " (token required)" : "");
  }
  if (!port_file.empty()) WritePortFile(port_file, (*server)->port());
  if (web && !http_port_file.empty()) WritePortFile(http_port_file, web->port());
  int signal_number = 0;
  sigwait(&signals, &signal_number);
  std::fprintf(stderr, "gc9-coordinator: stopping (signal %d)\n", signal_number);
  // The dashboard and the server ask the executor, so they stop before it.
  if (web) web->Stop();
  (*server)->Shutdown();
  // The janitor and the read side post to the executor, so they stop first.
  janitor.Stop();
  reads.Stop();
  executor.Stop();
  return 0;
}

}  // namespace
}  // namespace gc9::coordinator

int main(int argc, char** argv) { return gc9::coordinator::Main(argc, argv); }
