// gc9-run: the main job in one command. Starts a coordinator and N worker processes on
// loopback (a private database, token and free port unless told otherwise), submits the run,
// draws its progress on stderr and prints the summary when it ends.
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "common/flags.h"
#include "coordinator/cli/prepare_engines.h"
#include "coordinator/cli/process.h"
#include "coordinator/cli/report.h"
#include "coordinator/cli/spsa_report.h"
#include "coordinator/cli/study_report.h"
#include "coordinator/cli/user_client.h"
#include "coordinator/config/run_config.h"
#include "coordinator/report/text_file.h"
#include "coordinator/stats/elo.h"
#include "coordinator/stats/sprt.h"
#include "worker/engine_build/cache.h"

namespace gc9::coordinator::cli {
namespace {

std::atomic<bool> interrupted{false};
void OnInterrupt(int signal_number) { interrupted = true; }

std::string Binary(const char* env, const char* built) {
  const char* value = std::getenv(env);
  return value != nullptr && *value ? value : built;
}

// The progress bar: how far the run is towards its end. For an SPRT that is how close the
// LLR is to the nearer bound or the pairs to max_pairs, whichever is further along.
std::string ProgressLine(const proto::RunStatus& status, int width) {
  stats::Pentanomial pentanomial;
  for (int i = 0; i < 5 && i < status.pentanomial_size(); ++i) {
    pentanomial.counts[i] = status.pentanomial(i);
  }
  const int64_t pairs = stats::PairCount(pentanomial);
  double fraction = status.target_pairs() > 0 ? double(pairs) / status.target_pairs() : 0;
  std::string detail = absl::StrCat(pairs, "/", status.target_pairs(), " pairs");
  if (status.config().has_sprt() && pairs > 0) {
    stats::SprtParams params;
    params.elo0 = status.config().sprt().elo0();
    params.elo1 = status.config().sprt().elo1();
    if (status.config().sprt().alpha() > 0) params.alpha = status.config().sprt().alpha();
    if (status.config().sprt().beta() > 0) params.beta = status.config().sprt().beta();
    absl::StatusOr<stats::SprtResult> sprt = stats::EvaluateSprt(pentanomial, params);
    if (sprt.ok()) {
      const double bound = sprt->llr >= 0 ? sprt->bounds.upper : -sprt->bounds.lower;
      fraction = std::max(fraction, std::min(1.0, std::fabs(sprt->llr) / bound));
      detail = absl::StrFormat("%d pairs  LLR %.2f (%.2f, %.2f)", pairs, sprt->llr,
                               sprt->bounds.lower, sprt->bounds.upper);
    }
  }
  if (status.has_spsa()) {
    // Elo between two perturbations means nothing; the first parameters' theta says more.
    for (int i = 0; i < status.spsa().param_size() && i < 2; ++i) {
      absl::StrAppend(&detail, absl::StrFormat("  %s %.1f", status.spsa().param(i).name(),
                                               status.spsa().param(i).theta()));
    }
  } else if (pairs > 0) {
    absl::StatusOr<stats::EloEstimate> elo = stats::EstimateElo(pentanomial);
    if (elo.ok())
      absl::StrAppend(&detail, absl::StrFormat("  Elo %.1f +/- %.1f", elo->elo, elo->error()));
  }
  if (status.eta_seconds() > 0)
    absl::StrAppend(&detail, "  ETA ", FormatDuration(status.eta_seconds()));
  if (status.failures() > 0) absl::StrAppend(&detail, "  failures: ", status.failures());
  fraction = std::clamp(fraction, 0.0, 1.0);
  const int filled = static_cast<int>(std::lround(fraction * width));
  return absl::StrCat("[", std::string(filled, '#'), std::string(width - filled, '.'), "] ",
                      detail);
}

// "TheGrandChess9 piece values" -> "thegrandchess9-piece-values", for file names.
std::string Slug(const std::string& name) {
  std::string slug;
  for (char c : name) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      slug.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    } else if (!slug.empty() && slug.back() != '-') {
      slug.push_back('-');
    }
  }
  while (!slug.empty() && slug.back() == '-') slug.pop_back();
  return slug.empty() ? "spsa" : slug;
}

// The coordinator of `gc9 run` goes away with it, so the run's results are written out now.
void WriteSpsaResults(UserClient& client, int64_t run_id, const proto::RunConfig& config,
                      const std::string& dir, const std::function<void(const std::string&)>& say) {
  absl::StatusOr<proto::RunStatus> status = client.Status(run_id, /*history=*/true);
  if (!status.ok()) return say(absl::StrCat("SPSA results: ", status.status().message()));
  const std::string base = absl::StrCat(dir, "/", Slug(config.name()));
  absl::Status made = report::EnsureDirectory(dir);
  const std::string params = base + ".params", plot = base + ".svg";
  if (made.ok()) made = report::WriteTextFile(params, SpsaParamsFile(*status));
  if (made.ok()) made = report::WriteTextFile(plot, SpsaPlotSvg(*status));
  if (!made.ok()) return say(absl::StrCat("SPSA results: ", made.message()));
  std::printf("Tuned values: %s (load with `./gc9 engine --params %s`)\nTrajectory plot: %s\n",
              params.c_str(), params.c_str(), plot.c_str());
  std::fflush(stdout);
}

// A study's report files under DIR/NAME, and the ranking with the engine's own choice.
void WriteStudy(const proto::RunStatus& status, const std::string& dir,
                const std::function<void(const std::string&)>& say) {
  const std::string out = absl::StrCat(dir, "/", Slug(status.name()));
  absl::StatusOr<std::string> text = WriteStudyResults(status, out);
  if (!text.ok()) return say(absl::StrCat("study report: ", text.status().message()));
  std::printf("\n%s\nReport (tables, heatmaps): %s/\n", text->c_str(), out.c_str());
  std::fflush(stdout);
}

// Cancels the run after a Ctrl-C or SIGTERM and says whether that worked: a run that was not
// cancelled stays unfinished in its database, which the user must know.
void CancelInterruptedRun(UserClient& client, int64_t run_id, const std::string& db,
                          const std::function<void(const std::string&)>& say) {
  absl::StatusOr<proto::RunStatus> cancelled = client.Cancel(run_id);
  if (cancelled.ok()) return say(absl::StrCat("run ", run_id, " cancelled"));
  // The run ended on its own just before the cancel came.
  if (cancelled.status().code() == absl::StatusCode::kFailedPrecondition) {
    return say(std::string(cancelled.status().message()));
  }
  say(absl::StrCat("cancelling run ", run_id, " failed: ", cancelled.status().message(),
                   "; the run stays unfinished in ", db));
}

int Main(int argc, char** argv) {
  int64_t workers = std::max(1L, sysconf(_SC_NPROCESSORS_ONLN));
  int64_t concurrency = 1;
  std::string db;
  std::string json_path;
  std::string pgn_path;
  std::string results_dir = "results";
  int64_t lease_ms = 30000;
  bool quiet = false;
  bool keep = false;
  std::string cache_dir = worker::engine_build::DefaultCacheDir();
  int64_t cache_max_mb = 2048;
  common::FlagParser flags(
      "gc9 run",
      "gc9 run [CONFIG] [--workers N] [--concurrency C] [--db FILE] [--json FILE] [--pgn FILE]",
      "Runs a whole test on this machine: a coordinator and N worker processes on loopback,\n"
      "the run from CONFIG (protobuf text, see configs/runs/; without CONFIG the built-in\n"
      "default, configs/runs/tune-piece-values.textproto), a progress bar on stderr and the\n"
      "summary on stdout when the run ends. An spsa run also writes its tuned values and\n"
      "trajectory plot under --results.");
  flags.AddInt("workers", &workers, "worker processes to start (default: the number of cores)");
  flags.AddInt("concurrency", &concurrency, "pairs each worker plays at once");
  flags.AddString("db", &db, "keep the coordinator's database in FILE (default: a temporary one)");
  flags.AddString("json", &json_path, "also write the final status as JSON to FILE");
  flags.AddString("pgn", &pgn_path, "write the run's games as PGN to FILE when it ends");
  flags.AddString("results", &results_dir,
                  "an spsa run writes its tuned values (NAME.params) and plot (NAME.svg) here");
  flags.AddInt("lease-ms", &lease_ms, "lease life without a heartbeat");
  flags.AddBool("quiet", &quiet, "no progress bar");
  flags.AddBool("keep", &keep, "keep the temporary directory (logs, token) after the run");
  flags.AddString("cache-dir", &cache_dir,
                  "where builds of revisions are kept (this command's and the workers')");
  flags.AddInt("cache-max-mb", &cache_max_mb, "the cache's bound, least recently used out");
  bool help = false;
  absl::StatusOr<std::vector<std::string>> args = flags.Parse(argc, argv, &help);
  if (!args.ok()) return flags.Fail(args.status());
  if (help) {
    std::fputs(flags.Help().c_str(), stdout);
    return 0;
  }
  if (args->size() > 1)
    return flags.Fail(
        absl::InvalidArgumentError(absl::StrCat("unexpected argument '", (*args)[1], "'")));
  if (workers < 1 || workers > 256)
    return flags.Fail(absl::InvalidArgumentError("--workers must be in 1..256"));
  if (concurrency < 1 || concurrency > 64)
    return flags.Fail(absl::InvalidArgumentError("--concurrency must be in 1..64"));
  if (cache_max_mb < 1)
    return flags.Fail(absl::InvalidArgumentError("--cache-max-mb must be positive"));
  absl::StatusOr<proto::RunConfig> config =
      args->empty() ? config::ParseRunConfig(config::DefaultRunConfigText(),
                                             config::kDefaultRunConfigSource, ".")
                    : config::LoadRunConfigFile((*args)[0]);
  if (!config.ok()) return flags.Fail(config.status());

  absl::StatusOr<std::string> dir = MakeTempDir("gc9-run");
  if (!dir.ok()) return flags.Fail(dir.status());
  auto say = [&](const std::string& text) { std::fprintf(stderr, "gc9 run: %s\n", text.c_str()); };
  // Revisions are built and benched before anything starts, so that a bad one stops here.
  PrepareOptions prepare;
  prepare.config_path = args->empty() ? std::string(config::kDefaultRunConfigSource) : (*args)[0];
  prepare.cache.dir = cache_dir;
  prepare.cache.max_bytes = cache_max_mb << 20;
  prepare.work_dir = *dir;
  prepare.say = say;
  absl::StatusOr<PreparedRun> prepared = PrepareEngines(*config, prepare);
  if (!prepared.ok()) {
    RemoveTree(*dir);
    std::fprintf(stderr, "gc9 run: %s\n", std::string(prepared.status().message()).c_str());
    return 1;
  }
  if (db.empty()) db = *dir + "/gc9.db";
  const std::string token_file = *dir + "/token";
  std::ofstream(token_file) << RandomToken() << "\n";
  const std::string port_file = *dir + "/port";
  const std::string http_port_file = *dir + "/http-port";

  std::signal(SIGINT, OnInterrupt);
  std::signal(SIGTERM, OnInterrupt);
  // The children are out of reach of the terminal's Ctrl-C (ProcessGroup::kOwn), so that the
  // coordinator is still up when this process cancels the run; it stops them here.
  ChildProcess coordinator_process;
  std::vector<ChildProcess> worker_processes;
  int exit_code = 0;
  auto cleanup = [&] {
    // The workers first, so that what they hand back reaches the coordinator.
    StopAll(worker_processes, SIGTERM, 5000);
    coordinator_process.Stop(SIGTERM, 5000);
    if (exit_code == 0 && !keep) {
      RemoveTree(*dir);
    } else {
      say(absl::StrCat("logs kept in ", *dir));
    }
  };

  absl::StatusOr<ChildProcess> coordinator = ChildProcess::Start(
      {Binary("GC9_COORDINATOR_BINARY", GC9_COORDINATOR_BINARY), "--db", db, "--listen",
       "127.0.0.1:0", "--port-file", port_file, "--token-file", token_file, "--lease-ms",
       absl::StrCat(lease_ms), "--http", "127.0.0.1:0", "--http-port-file", http_port_file},
      *dir + "/coordinator.log", ProcessGroup::kOwn);
  if (!coordinator.ok()) return flags.Fail(coordinator.status());
  coordinator_process = *coordinator;
  absl::StatusOr<int> port = WaitForPortFile(port_file, coordinator_process, 30000, &interrupted);
  if (!port.ok()) {
    say(interrupted ? "interrupted before the coordinator had started"
                    : "the coordinator did not start");
    exit_code = interrupted ? 130 : 1;
    cleanup();
    return exit_code;
  }
  const std::string address = absl::StrCat("127.0.0.1:", *port);
  // Written just after the gRPC port; a coordinator that could not serve it has exited.
  const int http_port = WaitForPortFile(http_port_file, coordinator_process, 5000).value_or(0);
  for (int i = 0; i < workers; ++i) {
    absl::StatusOr<ChildProcess> worker = ChildProcess::Start(
        {Binary("GC9_WORKER_BINARY", GC9_WORKER_BINARY), "--coordinator", address, "--concurrency",
         absl::StrCat(concurrency), "--token-file", token_file, "--outbox",
         absl::StrCat(*dir, "/worker-", i, ".outbox"), "--cache-dir", cache_dir, "--cache-max-mb",
         absl::StrCat(cache_max_mb)},
        absl::StrCat(*dir, "/worker-", i, ".log"), ProcessGroup::kOwn);
    if (!worker.ok()) {
      say(std::string(worker.status().message()));
      exit_code = 1;
      cleanup();
      return exit_code;
    }
    worker_processes.push_back(*worker);
  }
  absl::StatusOr<std::unique_ptr<UserClient>> client = UserClient::Connect(address, token_file, "");
  absl::Status uploaded =
      client.ok() ? UploadArtifacts(prepared->uploads, **client, say) : client.status();
  absl::StatusOr<int64_t> run_id =
      uploaded.ok() ? (*client)->Submit(prepared->config) : absl::StatusOr<int64_t>(uploaded);
  if (!run_id.ok()) {
    say(absl::StrCat("submitting: ", run_id.status().message()));
    exit_code = 1;
    cleanup();
    return exit_code;
  }
  say(absl::StrCat("run ", *run_id, " '", config->name(), "' on ", workers, " worker(s) x ",
                   concurrency, ", coordinator at ", address));
  if (http_port > 0) {
    say(absl::StrCat("dashboard at http://127.0.0.1:", http_port, "/runs/", *run_id));
  }

  const bool tty = isatty(STDERR_FILENO);
  auto last_line = std::chrono::steady_clock::now() - std::chrono::hours(1);
  int64_t last_pairs = -1;
  proto::RunStatus status;
  for (;;) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    if (interrupted) {
      say("interrupted; cancelling the run");
      CancelInterruptedRun(**client, *run_id, db, say);
      exit_code = 130;
      break;
    }
    if (!coordinator_process.Running()) {
      say("the coordinator stopped unexpectedly");
      exit_code = 1;
      break;
    }
    int alive = 0;
    for (ChildProcess& worker : worker_processes) alive += worker.Running() ? 1 : 0;
    if (alive == 0) {
      say("every worker has stopped");
      exit_code = 1;
      break;
    }
    absl::StatusOr<proto::RunStatus> current = (*client)->Status(*run_id);
    if (!current.ok()) continue;
    status = *current;
    const bool ended = status.state() == proto::RUN_FINISHED ||
                       status.state() == proto::RUN_CANCELLED ||
                       status.state() == proto::RUN_FAILED;
    int64_t pairs = 0;
    for (int64_t count : status.pentanomial()) pairs += count;
    if (!quiet) {
      if (tty) {
        std::fprintf(stderr, "\r\033[K%s", ProgressLine(status, 30).c_str());
        if (ended) std::fprintf(stderr, "\n");
      } else if (ended || (pairs != last_pairs && std::chrono::steady_clock::now() - last_line >
                                                      std::chrono::seconds(2))) {
        std::fprintf(stderr, "%s\n", ProgressLine(status, 30).c_str());
        last_line = std::chrono::steady_clock::now();
        last_pairs = pairs;
      }
    }
    if (ended) break;
  }
  if (exit_code == 0) {
    // A failed run's status carries the workers' reasons (with a build's log), printed here.
    std::fputs(FormatRunStatus(status).c_str(), stdout);
    std::fflush(stdout);
    if (!json_path.empty()) std::ofstream(json_path) << RunStatusToJson(status) << "\n";
    if (status.state() == proto::RUN_FAILED) {
      say(absl::StrCat("run ", *run_id, " failed: it could not be played (the reasons are above)"));
      exit_code = 1;
    }
  }
  if (exit_code == 0) {
    if (status.has_spsa()) WriteSpsaResults(**client, *run_id, *config, results_dir, say);
    if (status.has_placement_study()) WriteStudy(status, results_dir, say);
    if (!pgn_path.empty()) {
      std::ofstream pgn(pgn_path);
      absl::Status exported =
          (*client)->ExportPgn(*run_id, [&](const std::string& text) { pgn << text; });
      if (!exported.ok()) say(absl::StrCat("PGN: ", exported.message()));
    }
  }
  cleanup();
  return exit_code;
}

}  // namespace
}  // namespace gc9::coordinator::cli

int main(int argc, char** argv) { return gc9::coordinator::cli::Main(argc, argv); }
