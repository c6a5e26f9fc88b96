// gc9_artifact_benchmark: many workers fetching one artifact from one real gc9-coordinator
// process on loopback, as when a run of a new revision starts on a whole fleet. Each simulated
// worker has its own channel (and TCP connection) and fetches with the worker's own code
// (ArtifactFetcher into an EngineCache of its own: streamed, hashed, fsynced, renamed); all
// start together. Reported: the time until every worker has the file, the aggregate MB/s, the
// spread of finishing times, and, as the reference measured in the same session, one worker
// fetching alone.
//
// Not a test: run it by hand, e.g. gc9_artifact_benchmark --workers 100 --mb 5.
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <fstream>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "common/flags.h"
#include "common/rpc.h"
#include "common/sha256.h"
#include "coordinator/cli/process.h"
#include "coordinator/cli/user_client.h"
#include "worker/client/artifact_download.h"
#include "worker/engine_build/builder.h"

namespace gc9::coordinator {
namespace {

using Clock = std::chrono::steady_clock;

struct Round {
  double all_ms = 0;                // until the last worker had it
  std::vector<double> finished_ms;  // each worker's, sorted
  int failures = 0;
};

// `workers` fetch the artifact at once, each into a fresh cache under `dir`.
Round Fetch(const std::string& address, const std::string& token, const proto::ArtifactRef& ref,
            int workers, const std::string& dir) {
  std::vector<std::unique_ptr<proto::ArtifactService::Stub>> stubs;
  std::vector<std::unique_ptr<worker::engine_build::EngineCache>> caches;
  for (int i = 0; i < workers; ++i) {
    // A channel each: its own connection, as separate worker processes have.
    grpc::ChannelArguments args;
    args.SetInt("gc9.benchmark.worker", i);
    stubs.push_back(proto::ArtifactService::NewStub(
        grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), args)));
    worker::engine_build::CacheOptions options;
    options.dir = absl::StrCat(dir, "/worker-", i);
    caches.push_back(*worker::engine_build::EngineCache::Open(options));
  }
  std::mutex mutex;
  std::condition_variable go;
  bool started = false;
  Round round;
  std::vector<std::thread> threads;
  Clock::time_point start;
  for (int i = 0; i < workers; ++i) {
    threads.emplace_back([&, i] {
      {
        std::unique_lock<std::mutex> lock(mutex);
        go.wait(lock, [&] { return started; });
      }
      worker::DownloadOptions download;
      download.token = token;
      absl::StatusOr<worker::engine_build::CacheEntry> file = worker::engine_build::EnsureFile(
          *caches[i], ref.sha256(), ref.size(),
          worker::ArtifactFetcher(stubs[i].get(), ref.sha256(), download));
      const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
      std::lock_guard<std::mutex> lock(mutex);
      if (!file.ok()) {
        ++round.failures;
        std::fprintf(stderr, "worker %d: %s\n", i, std::string(file.status().message()).c_str());
      }
      round.finished_ms.push_back(ms);
    });
  }
  {
    std::lock_guard<std::mutex> lock(mutex);
    start = Clock::now();
    started = true;
  }
  go.notify_all();
  for (std::thread& thread : threads) thread.join();
  std::sort(round.finished_ms.begin(), round.finished_ms.end());
  round.all_ms = round.finished_ms.back();
  cli::RemoveTree(dir);
  return round;
}

int Main(int argc, char** argv) {
  int64_t workers = 100;
  int64_t megabytes = 5;
  int64_t rounds = 3;
  common::FlagParser flags(
      "gc9_artifact_benchmark", "gc9_artifact_benchmark [--workers N] [--mb M] [--rounds R]",
      "Simulated workers fetching one artifact at once from a gc9-coordinator on loopback:\n"
      "the time until all have it and the aggregate MB/s, against one worker fetching alone.");
  flags.AddInt("workers", &workers, "simulated workers, each with its own channel and cache");
  flags.AddInt("mb", &megabytes, "the artifact's size in MB");
  flags.AddInt("rounds", &rounds, "rounds of each measurement (the median is reported)");
  if (std::optional<int> exit_code = flags.ParseFlagsOnly(argc, argv)) return *exit_code;
  if (workers < 1 || megabytes < 1 || rounds < 1) {
    return flags.Fail(absl::InvalidArgumentError("--workers, --mb and --rounds must be positive"));
  }
  absl::StatusOr<std::string> dir = cli::MakeTempDir("gc9-artifact-bench");
  if (!dir.ok()) return flags.Fail(dir.status());
  const std::string token = cli::RandomToken();
  std::ofstream(*dir + "/token") << token << "\n";
  absl::StatusOr<cli::ChildProcess> coordinator =
      cli::ChildProcess::Start({GC9_COORDINATOR_BINARY, "--db", *dir + "/bench.db", "--listen",
                                "127.0.0.1:0", "--port-file", *dir + "/port", "--token-file",
                                *dir + "/token", "--max-artifact-mb", absl::StrCat(megabytes + 1)},
                               *dir + "/coordinator.log");
  if (!coordinator.ok()) return flags.Fail(coordinator.status());
  absl::StatusOr<int> port = cli::WaitForPortFile(*dir + "/port", *coordinator, 10000);
  if (!port.ok()) return flags.Fail(port.status());
  const std::string address = absl::StrCat("127.0.0.1:", *port);

  // The artifact: incompressible bytes, uploaded as gc9 submit uploads.
  std::string bytes(static_cast<size_t>(megabytes) << 20, 0);
  uint64_t x = 88172645463325252ull;
  for (char& c : bytes) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    c = static_cast<char>(x);
  }
  const std::string file = *dir + "/artifact";
  std::ofstream(file, std::ios::binary) << bytes;
  proto::ArtifactRef ref;
  ref.set_sha256(common::Sha256Hex(bytes));
  ref.set_size(static_cast<int64_t>(bytes.size()));
  ref.set_name("artifact");
  auto client = cli::UserClient::Connect(address, *dir + "/token", "");
  absl::Status uploaded = client.ok() ? (*client)->UploadArtifact(file, ref) : client.status();
  if (!uploaded.ok()) {
    std::fprintf(stderr, "upload: %s\n", std::string(uploaded.message()).c_str());
    coordinator->Stop(SIGTERM, 5000);
    return 1;
  }

  auto median_round = [&](int count) {
    std::vector<Round> all;
    for (int r = 0; r < rounds; ++r) {
      all.push_back(Fetch(address, token, ref, count, absl::StrCat(*dir, "/caches-", r)));
    }
    std::sort(all.begin(), all.end(),
              [](const Round& a, const Round& b) { return a.all_ms < b.all_ms; });
    return all[all.size() / 2];
  };
  const Round alone = median_round(1);
  const Round fleet = median_round(static_cast<int>(workers));
  coordinator->Stop(SIGTERM, 5000);
  cli::RemoveTree(*dir);

  const double mb = static_cast<double>(megabytes);
  auto percentile = [&](double p) {
    return fleet.finished_ms[static_cast<size_t>(p * (fleet.finished_ms.size() - 1))];
  };
  std::printf("artifact:               %lld MB, %lld round(s) each, medians shown\n",
              static_cast<long long>(megabytes), static_cast<long long>(rounds));
  std::printf("one worker alone:       %.0f ms, %.0f MB/s\n", alone.all_ms,
              mb / (alone.all_ms / 1000));
  std::printf("%lld workers at once:   all have it after %.0f ms; %.0f MB/s in total\n",
              static_cast<long long>(workers), fleet.all_ms,
              mb * static_cast<double>(workers) / (fleet.all_ms / 1000));
  std::printf("finishing times (ms):   p10 %.0f, p50 %.0f, p90 %.0f, last %.0f\n", percentile(0.1),
              percentile(0.5), percentile(0.9), fleet.all_ms);
  std::printf("ratio to one alone:     %.1fx the time for %lldx the bytes\n",
              fleet.all_ms / alone.all_ms, static_cast<long long>(workers));
  std::printf("failed fetches:         %d\n", fleet.failures + alone.failures);
  return fleet.failures + alone.failures == 0 ? 0 : 1;
}

}  // namespace
}  // namespace gc9::coordinator

int main(int argc, char** argv) { return gc9::coordinator::Main(argc, argv); }
