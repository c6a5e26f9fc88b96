// gc9-worker: plays game pairs for a coordinator until SIGINT or SIGTERM, which drain it
// (worker.h: Drain; a second signal ends it at once), or until its fleet-mode bounds.
#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <thread>

#include "absl/strings/str_cat.h"
#include "common/flags.h"
#include "common/rpc.h"
#include "worker/client/worker.h"
#include "worker/engine_build/cache.h"

namespace gc9::worker {
namespace {

int Main(int argc, char** argv) {
  std::string coordinator;
  int64_t concurrency = 1;
  std::string token_file;
  std::string tls_ca;
  std::string outbox = absl::StrCat("/tmp/gc9-worker-", getuid(), ".outbox");
  bool verbose = false;
  std::string cache_dir = engine_build::DefaultCacheDir();
  int64_t cache_max_mb = 2048;
  common::FlagParser flags(
      "gc9-worker",
      "gc9 worker --coordinator HOST:PORT [--concurrency N] [--token-file F] [--outbox F]",
      "A gc9 worker: takes leases of game pairs from the coordinator, plays them on N threads\n"
      "(each pair: one opening, colours swapped) and reports every pair as it finishes.\n"
      "Results the coordinator cannot take yet are kept in the outbox file and sent again.");
  flags.AddString("coordinator", &coordinator, "required: the coordinator's HOST:PORT");
  flags.AddInt("concurrency", &concurrency, "pairs played at once, one thread each");
  flags.AddString("token-file", &token_file, "file whose first line is the shared secret");
  flags.AddString("tls-ca", &tls_ca, "PEM root certificate: connect with TLS");
  flags.AddString("outbox", &outbox,
                  "file for results not yet acknowledged (one per worker; locked)");
  flags.AddBool("verbose", &verbose, "log every batch and pair");
  flags.AddString("cache-dir", &cache_dir,
                  "engines fetched and built for runs (workers may share one)");
  flags.AddInt("cache-max-mb", &cache_max_mb, "the cache's bound, least recently used out");
  int64_t exit_when_idle_s = 0;
  int64_t max_pairs = 0;
  int64_t max_minutes = 0;
  int64_t drain_s = 25;
  flags.AddInt("exit-when-idle", &exit_when_idle_s,
               "exit 0 after SECONDS with no work and nothing unreported (0: never)");
  flags.AddInt("max-pairs", &max_pairs, "drain and exit after playing N pairs (0: no bound)");
  flags.AddInt("max-minutes", &max_minutes, "drain and exit after M minutes (0: no bound)");
  flags.AddInt("drain-seconds", &drain_s,
               "a drain's bound (SIGTERM, --max-pairs, --max-minutes): pairs in play that end "
               "by then are reported, the rest handed back");
  if (std::optional<int> exit_code = flags.ParseFlagsOnly(argc, argv)) return *exit_code;
  constexpr int64_t kWeekSeconds = 7 * 24 * 3600;
  if (exit_when_idle_s < 0 || exit_when_idle_s > kWeekSeconds) {
    return flags.Fail(absl::InvalidArgumentError("--exit-when-idle must be in 0..604800"));
  }
  if (max_pairs < 0 || max_pairs > 1'000'000'000) {
    return flags.Fail(absl::InvalidArgumentError("--max-pairs must be in 0..1000000000"));
  }
  if (max_minutes < 0 || max_minutes > kWeekSeconds / 60) {
    return flags.Fail(absl::InvalidArgumentError("--max-minutes must be in 0..10080"));
  }
  if (drain_s < 1 || drain_s > 3600) {
    return flags.Fail(absl::InvalidArgumentError("--drain-seconds must be in 1..3600"));
  }
  if (coordinator.empty())
    return flags.Fail(absl::InvalidArgumentError("--coordinator is required"));
  if (concurrency < 1 || concurrency > 1024) {
    return flags.Fail(absl::InvalidArgumentError("--concurrency must be in 1..1024"));
  }
  if (cache_max_mb < 1) {
    return flags.Fail(absl::InvalidArgumentError("--cache-max-mb must be positive"));
  }
  WorkerOptions options;
  options.cache_dir = cache_dir;
  options.cache_max_bytes = cache_max_mb << 20;
  options.coordinator = coordinator;
  options.concurrency = static_cast<int>(concurrency);
  options.tls_ca_file = tls_ca;
  options.outbox_path = outbox;
  options.verbose = verbose;
  options.exit_when_idle_ms = exit_when_idle_s * 1000;
  options.max_pairs = max_pairs;
  options.max_ms = max_minutes * 60000;
  options.drain_ms = drain_s * 1000;
  absl::StatusOr<std::string> token = common::ReadOptionalTokenFile(token_file);
  if (!token.ok()) return flags.Fail(token.status());
  options.token = *token;

  sigset_t signals = common::BlockStopSignals();
  // External engines are children; a dead one must not kill the worker through its pipe.
  signal(SIGPIPE, SIG_IGN);

  Worker worker(options);
  std::thread waiter([&] {
    int signal_number = 0;
    sigwait(&signals, &signal_number);
    std::fprintf(stderr, "gc9-worker: signal %d: draining; a second signal ends it at once\n",
                 signal_number);
    worker.Drain(absl::StrCat("signal ", signal_number));
    sigwait(&signals, &signal_number);
    _exit(1);
  });
  waiter.detach();
  absl::Status status = worker.Run();
  if (!status.ok()) {
    std::fprintf(stderr, "gc9-worker: %s\n", std::string(status.message()).c_str());
    return 1;
  }
  return 0;
}

}  // namespace
}  // namespace gc9::worker

int main(int argc, char** argv) { return gc9::worker::Main(argc, argv); }
