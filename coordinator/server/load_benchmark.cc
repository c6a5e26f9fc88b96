// gc9_load_benchmark: many simulated workers (simulated_worker.h) against one real
// gc9-coordinator process on loopback. A reply means the pair is committed to SQLite
// (synchronous=FULL), so replies per second are durable reports per second.
//
// With --kill-every-seconds it is the soak: the coordinator is SIGKILLed and restarted on the
// same database and port that often, simulated workers retry what failed, --real-workers
// gc9-worker processes play beside them, and every --sample-seconds a line gives the
// coordinator's memory and open files and the database's size. At the end the counts must be
// exact: what the simulated workers had acknowledged is what the coordinator counted for them,
// every worker's pairs add up to the run's, and a last restart gives back the same counts.
//
// With --dashboard-readers N, N threads read the dashboard's JSON as open pages do (a run page
// and the list, every --dashboard-poll-ms), to show what reading costs the workers.
//
// To compare two coordinators with the same load, GC9_COORDINATOR_BINARY names the one to
// start (default: the one built beside this benchmark).
//
// Not a test: run it by hand, e.g. gc9_load_benchmark --workers 1000 --seconds 20, or
// tests/soak/soak for the hour-long soak.
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "common/flags.h"
#include "coordinator/cli/process.h"
#include "coordinator/cli/user_client.h"
#include "coordinator/server/simulated_worker.h"
#include "grpcpp/grpcpp.h"
#include "httplib.h"

namespace gc9::coordinator {
namespace {

// The coordinator process, restartable on the same database and port.
class Coordinator {
 public:
  Coordinator(std::string dir, std::string db, bool dashboard)
      : dir_(std::move(dir)), db_(std::move(db)), dashboard_(dashboard) {}

  absl::Status Start() {
    const std::string port_file = dir_ + "/port";
    const std::string http_port_file = dir_ + "/http-port";
    std::filesystem::remove(port_file);
    std::filesystem::remove(http_port_file);
    const char* chosen = getenv("GC9_COORDINATOR_BINARY");
    const std::string binary =
        chosen != nullptr && *chosen != '\0' ? chosen : GC9_COORDINATOR_BINARY;
    std::vector<std::string> argv = {binary,
                                     "--db",
                                     db_,
                                     "--listen",
                                     absl::StrCat("127.0.0.1:", port_),
                                     "--port-file",
                                     port_file,
                                     "--token-file",
                                     dir_ + "/token",
                                     "--lease-ms",
                                     "600000"};
    if (dashboard_) {
      argv.insert(argv.end(), {"--http", absl::StrCat("127.0.0.1:", http_port_), "--http-port-file",
                               http_port_file});
    }
    absl::StatusOr<cli::ChildProcess> child =
        cli::ChildProcess::Start(argv, dir_ + "/coordinator.log");
    if (!child.ok()) return child.status();
    process_ = *std::move(child);
    absl::StatusOr<int> port = cli::WaitForPortFile(port_file, process_, 30000);
    if (!port.ok()) return port.status();
    port_ = *port;
    if (dashboard_) {
      absl::StatusOr<int> http_port = cli::WaitForPortFile(http_port_file, process_, 30000);
      if (!http_port.ok()) return http_port.status();
      http_port_ = *http_port;
    }
    return absl::OkStatus();
  }
  int http_port() const { return http_port_; }
  cli::ChildProcess& process() { return process_; }
  std::string address() const { return absl::StrCat("127.0.0.1:", port_); }
  const std::string& db() const { return db_; }

 private:
  std::string dir_;
  std::string db_;
  bool dashboard_;
  int port_ = 0;  // 0 until the first start chooses one
  int http_port_ = 0;
  cli::ChildProcess process_;
};

int64_t FileSize(const std::string& path) {
  struct stat info;
  return stat(path.c_str(), &info) == 0 ? info.st_size : 0;
}

// Resident memory in KiB from /proc/PID/status.
int64_t ResidentKiB(pid_t pid) {
  std::ifstream status(absl::StrCat("/proc/", pid, "/status"));
  std::string line;
  while (std::getline(status, line)) {
    int64_t kib = 0;
    if (line.rfind("VmRSS:", 0) == 0 &&
        absl::SimpleAtoi(absl::StripAsciiWhitespace(line.substr(6, line.size() - 9)), &kib)) {
      return kib;
    }
  }
  return 0;
}

int64_t OpenFiles(pid_t pid) {
  std::error_code error;
  int64_t count = 0;
  for (auto it = std::filesystem::directory_iterator(absl::StrCat("/proc/", pid, "/fd"), error);
       !error && it != std::filesystem::directory_iterator(); it.increment(error)) {
    ++count;
  }
  return count;
}

// Threads reading the dashboard's JSON as an open run page and run list do, until stopped.
class DashboardReaders {
 public:
  DashboardReaders(int readers, int port, int64_t run_id, int64_t poll_ms) {
    for (int i = 0; i < readers; ++i) {
      threads_.emplace_back([this, port, run_id, poll_ms] {
        httplib::Client client("127.0.0.1", port);
        const std::string run_page = absl::StrCat("/api/runs/", run_id);
        while (!stop_) {
          for (const std::string& path : {run_page, std::string("/api/runs")}) {
            const Clock::time_point start = Clock::now();
            httplib::Result answer = client.Get(path.c_str());
            const double ms =
                std::chrono::duration<double, std::milli>(Clock::now() - start).count();
            std::lock_guard<std::mutex> lock(mutex_);
            if (answer && answer->status == 200) {
              latencies_ms_.push_back(ms);
            } else {
              ++errors_;
            }
          }
          std::this_thread::sleep_for(std::chrono::milliseconds(poll_ms));
        }
      });
    }
  }
  ~DashboardReaders() { Stop(); }
  void Stop() {
    stop_ = true;
    for (std::thread& thread : threads_) {
      if (thread.joinable()) thread.join();
    }
  }
  // "N requests, p50 A ms, p99 B ms, E errors".
  std::string Summary() {
    std::lock_guard<std::mutex> lock(mutex_);
    std::sort(latencies_ms_.begin(), latencies_ms_.end());
    auto at = [&](double p) {
      return latencies_ms_.empty() ? 0.0
                                   : latencies_ms_[std::min(latencies_ms_.size() - 1,
                                                            size_t(p * latencies_ms_.size()))];
    };
    return absl::StrFormat("%d requests, p50 %.2f ms, p99 %.2f ms, %d errors", latencies_ms_.size(),
                           at(0.5), at(0.99), errors_);
  }

 private:
  std::atomic<bool> stop_{false};
  std::mutex mutex_;
  std::vector<double> latencies_ms_;
  int64_t errors_ = 0;
  std::vector<std::thread> threads_;
};

int64_t Counted(const proto::RunStatus& status) {
  int64_t counted = 0;
  for (int64_t count : status.pentanomial()) counted += count;
  return counted;
}

int Main(int argc, char** argv) {
  int64_t workers = 1000;
  int64_t seconds = 15;
  int64_t warmup_seconds = 3;
  int64_t report_interval_ms = 0;
  int64_t pairs_per_report = 1;
  int64_t kill_every_seconds = 0;
  int64_t real_workers = 0;
  int64_t sample_seconds = 60;
  int64_t dashboard_readers = 0;
  int64_t dashboard_poll_ms = 1500;
  std::string db;
  common::FlagParser flags(
      "gc9_load_benchmark",
      "gc9_load_benchmark [--workers N] [--seconds S] [--report-interval-ms MS] "
      "[--pairs-per-report P] "
      "[--kill-every-seconds K --real-workers R] [--db FILE]",
      "Simulated workers against one gc9-coordinator on loopback: durable pair\n"
      "reports per second and their latency percentiles; with --kill-every-seconds, a soak.");
  flags.AddInt("workers", &workers, "simulated workers, each with its own channel");
  flags.AddInt("seconds", &seconds, "length of the measured window");
  flags.AddInt("warmup", &warmup_seconds, "seconds of load before measuring");
  flags.AddInt("report-interval-ms", &report_interval_ms,
               "each simulated worker reports this often (0: back to back), starting at a "
               "random moment within the first interval; give --warmup at least as long");
  flags.AddInt("pairs-per-report", &pairs_per_report,
               "pairs in each report, as a worker playing several at once sends them");
  flags.AddInt("kill-every-seconds", &kill_every_seconds,
               "soak: SIGKILL and restart the coordinator this often (0: never)");
  flags.AddInt("real-workers", &real_workers, "gc9-worker processes playing beside them");
  flags.AddInt("sample-seconds", &sample_seconds, "soak: print a sample line this often");
  flags.AddInt("dashboard-readers", &dashboard_readers,
               "threads reading the dashboard's run page and list as a browser does");
  flags.AddInt("dashboard-poll-ms", &dashboard_poll_ms, "each reader's pause between reads");
  flags.AddString("db", &db, "coordinator database (default: a temporary file)");
  if (std::optional<int> exit_code = flags.ParseFlagsOnly(argc, argv)) return *exit_code;
  if (workers < 0 || seconds < 1 || warmup_seconds < 0 || report_interval_ms < 0 ||
      pairs_per_report < 1 || pairs_per_report > 1000 || kill_every_seconds < 0 ||
      real_workers < 0 || sample_seconds < 1 || dashboard_readers < 0 || dashboard_readers > 1000 ||
      dashboard_poll_ms < 0) {
    return flags.Fail(absl::InvalidArgumentError("a count or time is out of range"));
  }
  const bool soak = kill_every_seconds > 0;
  absl::StatusOr<std::string> dir = cli::MakeTempDir("gc9-load");
  if (!dir.ok()) return flags.Fail(dir.status());
  if (db.empty()) db = *dir + "/load.db";
  SimulationOptions options;
  options.token = cli::RandomToken();
  options.report_interval_ms = report_interval_ms;
  options.pairs_per_report = static_cast<int>(pairs_per_report);
  options.retry = soak;
  std::ofstream(*dir + "/token") << options.token << "\n";
  Coordinator coordinator(*dir, db, /*dashboard=*/dashboard_readers > 0);
  if (absl::Status started = coordinator.Start(); !started.ok()) return flags.Fail(started);
  const std::string address = coordinator.address();

  // One run big enough never to finish: pairs are counted for real, by the real core. Real
  // workers play it at one node a move.
  proto::RunConfig config;
  config.set_name("load");
  config.set_variant("grandchess9");
  config.mutable_engine()->mutable_builtin();
  config.mutable_baseline()->mutable_builtin();
  config.mutable_time_control()->set_nodes(1);
  config.mutable_openings()->set_engines_place(true);
  config.mutable_fixed()->set_pairs(10'000'000);
  config.set_batch_pairs(1000);
  auto client = cli::UserClient::Connect(address, *dir + "/token", "");
  if (!client.ok()) return flags.Fail(client.status());
  absl::StatusOr<int64_t> run = (*client)->Submit(config);
  if (!run.ok()) return flags.Fail(run.status());

  Timer timer;
  SimulationTotals totals;
  std::vector<std::unique_ptr<SimulatedWorker>> simulated;
  for (int i = 0; i < workers; ++i) {
    grpc::ChannelArguments args;
    // Its own connection, as a separate worker machine would have.
    args.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
    args.SetInt("gc9.worker", i);
    simulated.push_back(std::make_unique<SimulatedWorker>(
        grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), args), &options,
        &totals, &timer));
  }
  // Workers that report at an interval start at a random moment within the first one, as
  // a fleet's machines do; started together, their reports would come in one burst each
  // interval, a load no real fleet makes.
  std::mt19937_64 random(20261205);
  std::uniform_int_distribution<int64_t> phase(0, std::max<int64_t>(0, report_interval_ms - 1));
  for (auto& worker : simulated) worker->Start(phase(random));
  std::vector<cli::ChildProcess> real;
  for (int i = 0; i < real_workers; ++i) {
    absl::StatusOr<cli::ChildProcess> worker = cli::ChildProcess::Start(
        {GC9_WORKER_BINARY, "--coordinator", address, "--token-file", *dir + "/token",
         "--concurrency", "1", "--outbox", absl::StrCat(*dir, "/worker-", i, ".outbox")},
        absl::StrCat(*dir, "/worker-", i, ".log"));
    if (!worker.ok()) return flags.Fail(worker.status());
    real.push_back(*std::move(worker));
  }
  std::unique_ptr<DashboardReaders> readers;
  if (dashboard_readers > 0) {
    readers = std::make_unique<DashboardReaders>(static_cast<int>(dashboard_readers),
                                                 coordinator.http_port(), *run, dashboard_poll_ms);
  }
  std::this_thread::sleep_for(std::chrono::seconds(warmup_seconds));
  const int64_t before = totals.acknowledged;
  totals.measuring = true;
  const Clock::time_point start = Clock::now();
  Clock::time_point next_kill = start + std::chrono::seconds(kill_every_seconds);
  Clock::time_point next_sample = start;
  int64_t restarts = 0;
  if (soak) {
    std::printf("%8s %10s %10s %12s %14s %10s\n", "seconds", "rss_kib", "open_fds", "db_bytes",
                "acknowledged", "errors");
  }
  while (Clock::now() < start + std::chrono::seconds(seconds)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    if (!soak) continue;
    const Clock::time_point now = Clock::now();
    if (now >= next_sample) {
      const pid_t pid = coordinator.process().pid();
      std::printf("%8.0f %10lld %10lld %12lld %14lld %10lld\n",
                  std::chrono::duration<double>(now - start).count(),
                  static_cast<long long>(ResidentKiB(pid)), static_cast<long long>(OpenFiles(pid)),
                  static_cast<long long>(FileSize(db) + FileSize(db + "-wal")),
                  static_cast<long long>(totals.acknowledged.load()),
                  static_cast<long long>(totals.errors.load()));
      std::fflush(stdout);
      next_sample = now + std::chrono::seconds(sample_seconds);
    }
    if (now >= next_kill) {
      coordinator.process().Stop(SIGKILL, 10000);
      if (absl::Status started = coordinator.Start(); !started.ok()) return flags.Fail(started);
      ++restarts;
      next_kill = Clock::now() + std::chrono::seconds(kill_every_seconds);
    }
  }
  totals.measuring = false;
  if (readers) readers->Stop();
  const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  const int64_t measured = totals.acknowledged - before;
  totals.stopping = true;
  {
    std::unique_lock<std::mutex> lock(totals.mutex);
    totals.all_done.wait_for(lock, std::chrono::seconds(60), [&] { return totals.running == 0; });
  }
  for (cli::ChildProcess& worker : real) worker.Stop(SIGTERM, 30000);
  std::vector<double> latencies;
  {
    std::lock_guard<std::mutex> lock(totals.mutex);
    latencies = totals.latencies_ms;
  }
  std::sort(latencies.begin(), latencies.end());
  auto percentile = [&](double p) {
    return latencies.empty()
               ? 0.0
               : latencies[std::min(latencies.size() - 1, size_t(p * latencies.size()))];
  };
  absl::StatusOr<proto::RunStatus> status = (*client)->Status(*run);
  absl::StatusOr<proto::ListWorkersReply> fleet = (*client)->ListWorkers();
  if (!status.ok() || !fleet.ok()) {
    return flags.Fail(status.ok() ? fleet.status() : status.status());
  }
  const int64_t counted = Counted(*status);
  int64_t by_simulated = 0, by_all = 0;
  for (const proto::WorkerStatus& worker : fleet->worker()) {
    by_all += worker.pairs();
    // Simulated workers send no capabilities, so no host name.
    if (worker.hostname().empty()) by_simulated += worker.pairs();
  }
  std::printf("simulated workers:     %lld (one channel and connection each)\n",
              static_cast<long long>(workers));
  std::printf("measured window:       %.1f s after %lld s of warm-up\n", elapsed,
              static_cast<long long>(warmup_seconds));
  std::printf("durable pair reports:  %lld in the window, %.0f per second (%lld a call)\n",
              static_cast<long long>(measured), measured / elapsed,
              static_cast<long long>(pairs_per_report));
  std::printf("latency (ms):          p50 %.2f, p90 %.2f, p99 %.2f, max %.2f\n", percentile(0.5),
              percentile(0.9), percentile(0.99), latencies.empty() ? 0.0 : latencies.back());
  std::printf("errors:                %lld\n", static_cast<long long>(totals.errors.load()));
  if (readers) std::printf("dashboard reads:       %s\n", readers->Summary().c_str());
  std::printf("acknowledged in total: %lld; counted for simulated workers: %lld\n",
              static_cast<long long>(totals.acknowledged.load()),
              static_cast<long long>(by_simulated));
  std::printf("counted for the run:   %lld; by all workers: %lld\n",
              static_cast<long long>(counted), static_cast<long long>(by_all));
  bool exact = totals.acknowledged == by_simulated && counted == by_all;
  if (soak) {
    // The last restart: what was counted is what the database holds.
    coordinator.process().Stop(SIGKILL, 10000);
    if (absl::Status started = coordinator.Start(); !started.ok()) return flags.Fail(started);
    ++restarts;
    auto again = cli::UserClient::Connect(coordinator.address(), *dir + "/token", "");
    absl::StatusOr<proto::RunStatus> recovered =
        again.ok() ? (*again)->Status(*run) : absl::StatusOr<proto::RunStatus>(again.status());
    const int64_t after_restart = recovered.ok() ? Counted(*recovered) : -1;
    std::printf("coordinator restarts:  %lld (SIGKILL); counted after the last: %lld\n",
                static_cast<long long>(restarts), static_cast<long long>(after_restart));
    exact = exact && after_restart == counted;
    std::printf("database:              %lld bytes\n",
                static_cast<long long>(FileSize(db) + FileSize(db + "-wal")));
  }
  std::printf("counts exact:          %s\n", exact ? "yes" : "NO");
  simulated.clear();
  coordinator.process().Stop(SIGTERM, 10000);
  cli::RemoveTree(*dir);
  return exact ? 0 : 1;
}

}  // namespace
}  // namespace gc9::coordinator

int main(int argc, char** argv) { return gc9::coordinator::Main(argc, argv); }
