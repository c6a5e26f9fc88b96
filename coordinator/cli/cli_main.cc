// gc9-cli: the user's commands against a running coordinator: submit, status, cancel, pgn,
// the fleet (workers, block, unblock) and an SPSA run's results. `./gc9 submit ...` runs
// `gc9-cli submit ...`, and so on; `./gc9 spsa export ...` runs `gc9-cli spsa-export ...`.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "common/flags.h"
#include "common/status_macros.h"
#include "coordinator/cli/prepare_engines.h"
#include "coordinator/cli/process.h"
#include "coordinator/cli/report.h"
#include "coordinator/cli/spsa_report.h"
#include "coordinator/cli/study_report.h"
#include "coordinator/cli/user_client.h"
#include "coordinator/cli/workers_report.h"
#include "coordinator/config/run_config.h"
#include "coordinator/report/text_file.h"
#include "worker/engine_build/cache.h"

namespace gc9::coordinator::cli {
namespace {

struct Command {
  const char* name;
  const char* usage;
  const char* summary;
  int positional;  // required positional arguments (-1: zero or one)
};

constexpr Command kCommands[] = {
    {"submit", "gc9 submit FILE [--coordinator ADDR] [--token-file F] [--cache-dir DIR]",
     "Validates a run configuration (protobuf text, see configs/runs/) and submits it; prints\n"
     "the new run's id. Engines given as `builtin { revision: REV }` are packed from the git\n"
     "repository holding FILE, built and benched here (cached in --cache-dir) and uploaded,\n"
     "as are engines given as `external { file: PATH }`; every engine's expected bench\n"
     "signature is filled in.",
     1},
    {"status", "gc9 status [RUN] [--json] [--coordinator ADDR] [--token-file F]",
     "Without RUN, one line per run; with RUN, its status lines (LLR, Elo, LOS, Games,\n"
     "Ptnml) as fishtest shows them.",
     -1},
    {"cancel", "gc9 cancel RUN [--coordinator ADDR] [--token-file F]",
     "Cancels a pending or running run; workers drop its batches.", 1},
    {"workers", "gc9 workers [--json] [--coordinator ADDR] [--token-file F]",
     "Lists every worker: id, host, cores, its build's bench, state (active, idle, lost,\n"
     "blocked), the runs it plays, pairs counted, failures, crashes, time losses, illegal\n"
     "moves, last contact, and its last failure.",
     0},
    {"block", "gc9 block WORKER [--coordinator ADDR] [--token-file F]",
     "Stops leasing to a worker; the pairs it holds are replayed by others, and what it has\n"
     "already played is still counted. Kept across coordinator restarts.",
     1},
    {"unblock", "gc9 unblock WORKER [--coordinator ADDR] [--token-file F]",
     "Lets a blocked worker take leases again.", 1},
    {"pgn", "gc9 pgn RUN [--coordinator ADDR] [--token-file F] > games.pgn",
     "Writes every stored game of the run as PGN to standard output (runs keep PGN when\n"
     "their config says store_pgn: true).",
     1},
    {"spsa-export", "gc9 spsa export RUN [--out FILE] [--coordinator ADDR] [--token-file F]",
     "Writes an SPSA run's current theta as a parameter file (`name,value` lines, rounded to the\n"
     "engine's integers) to FILE or standard output; `gc9 engine --params FILE` loads it.",
     1},
    {"spsa-plot", "gc9 spsa plot RUN --out FILE.svg [--coordinator ADDR] [--token-file F]",
     "Writes an SPSA run's trajectory (every parameter against the pairs applied) as SVG.", 1},
    {"study-report", "gc9 study report RUN --out DIR [--coordinator ADDR] [--token-file F]",
     "Writes a placement study's report into DIR: cells.csv, ranking.csv/.txt (by worst case\n"
     "and by average), squares.csv/.svg and cells.svg (heatmaps), and engine.txt (the built-in\n"
     "engine's own placement against the study's ranking); prints the ranking.",
     1},
};

void PrintTopHelp() {
  std::printf("gc9-cli: commands for a running coordinator.\n\nusage: gc9-cli COMMAND ...\n\n");
  for (const Command& command : kCommands) std::printf("  %s\n", command.usage);
  std::printf("\nRun 'gc9-cli COMMAND --help' for one command's flags.\n");
}

// `what`: "run" or "worker".
absl::StatusOr<int64_t> ParseId(const std::string& text, const char* what) {
  int64_t id = 0;
  if (!absl::SimpleAtoi(text, &id) || id <= 0) {
    return absl::InvalidArgumentError(absl::StrCat("'", text, "' is not a ", what, " id"));
  }
  return id;
}

// gc9 submit's work between loading the config and printing the run's id.
absl::StatusOr<int64_t> PrepareAndSubmit(const proto::RunConfig& config,
                                         const std::string& config_path,
                                         const std::string& cache_dir, int64_t cache_max_mb,
                                         UserClient& client,
                                         const std::function<void(const std::string&)>& say) {
  ASSIGN_OR_RETURN(const std::string work_dir, MakeTempDir("gc9-submit"));
  PrepareOptions options;
  options.config_path = config_path;
  options.cache.dir = cache_dir;
  options.cache.max_bytes = cache_max_mb << 20;
  options.work_dir = work_dir;
  options.say = say;
  absl::StatusOr<PreparedRun> prepared = PrepareEngines(config, options);
  absl::Status uploaded =
      prepared.ok() ? UploadArtifacts(prepared->uploads, client, say) : prepared.status();
  RemoveTree(work_dir);
  RETURN_IF_ERROR(uploaded);
  return client.Submit(prepared->config);
}

int Main(int argc, char** argv) {
  if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h") {
    PrintTopHelp();
    return argc < 2 ? common::kExitUsage : 0;
  }
  const Command* command = nullptr;
  for (const Command& candidate : kCommands) {
    if (argv[1] == std::string(candidate.name)) command = &candidate;
  }
  if (command == nullptr) {
    std::fprintf(stderr, "gc9-cli: error: unknown command '%s'\n", argv[1]);
    PrintTopHelp();
    return common::kExitUsage;
  }
  const char* env = std::getenv("GC9_COORDINATOR");
  std::string coordinator = env != nullptr ? env : "127.0.0.1:50051";
  std::string token_file;
  std::string tls_ca;
  bool json = false;
  std::string out;
  common::FlagParser flags(absl::StrCat("gc9 ", absl::StrReplaceAll(command->name, {{"-", " "}})),
                           command->usage, command->summary);
  flags.AddString("coordinator", &coordinator, "the coordinator's HOST:PORT ($GC9_COORDINATOR)");
  flags.AddString("token-file", &token_file, "file whose first line is the shared secret");
  flags.AddString("tls-ca", &tls_ca, "PEM root certificate: connect with TLS");
  if (command->name == std::string("status")) {
    flags.AddBool("json", &json, "print JSON (one object, or one per line without RUN)");
  }
  if (command->name == std::string("workers")) flags.AddBool("json", &json, "print JSON");
  const bool block = command->name == std::string("block");
  const bool worker_command = block || command->name == std::string("unblock");
  const bool spsa_command = absl::StartsWith(command->name, "spsa-");
  const bool study_report = command->name == std::string("study-report");
  if (spsa_command) flags.AddString("out", &out, "the file to write");
  if (study_report) flags.AddString("out", &out, "the directory to write the report into");
  const bool submit = command->name == std::string("submit");
  std::string cache_dir = worker::engine_build::DefaultCacheDir();
  int64_t cache_max_mb = 2048;
  if (submit) {
    flags.AddString("cache-dir", &cache_dir, "where builds of revisions are kept");
    flags.AddInt("cache-max-mb", &cache_max_mb, "the cache's bound, least recently used out");
  }
  bool help = false;
  absl::StatusOr<std::vector<std::string>> args = flags.Parse(argc, argv, 2, &help);
  if (!args.ok()) return flags.Fail(args.status());
  if (help) {
    std::fputs(flags.Help().c_str(), stdout);
    return 0;
  }
  const int count = static_cast<int>(args->size());
  if ((command->positional >= 0 && count != command->positional) ||
      (command->positional < 0 && count > 1)) {
    return flags.Fail(absl::InvalidArgumentError(
        count == 0 ? "missing argument"
                   : absl::StrCat("unexpected argument '", args->back(), "'")));
  }
  if (study_report && out.empty()) {
    return flags.Fail(absl::InvalidArgumentError("--out DIR is required"));
  }
  if (command->name == std::string("spsa-plot") && out.empty()) {
    return flags.Fail(absl::InvalidArgumentError("--out FILE.svg is required"));
  }
  if (submit && cache_max_mb < 1) {
    return flags.Fail(absl::InvalidArgumentError("--cache-max-mb must be positive"));
  }
  int64_t run_id = 0;
  if (command->name != std::string("submit") && count == 1) {
    absl::StatusOr<int64_t> id = ParseId((*args)[0], worker_command ? "worker" : "run");
    if (!id.ok()) return flags.Fail(id.status());
    run_id = *id;
  }
  proto::RunConfig config;
  if (submit) {
    absl::StatusOr<proto::RunConfig> loaded = config::LoadRunConfigFile((*args)[0]);
    if (!loaded.ok()) return flags.Fail(loaded.status());
    config = *std::move(loaded);
  }
  absl::StatusOr<std::unique_ptr<UserClient>> client =
      UserClient::Connect(coordinator, token_file, tls_ca);
  if (!client.ok()) return flags.Fail(client.status());

  auto fail = [&](const absl::Status& status) {
    std::fprintf(stderr, "%s: %s\n", flags.program().c_str(),
                 std::string(status.message()).c_str());
    return 1;
  };
  const std::string name = command->name;
  if (submit) {
    auto say = [&](const std::string& text) {
      std::fprintf(stderr, "%s: %s\n", flags.program().c_str(), text.c_str());
    };
    absl::StatusOr<int64_t> id =
        PrepareAndSubmit(config, (*args)[0], cache_dir, cache_max_mb, **client, say);
    if (!id.ok()) return fail(id.status());
    std::printf("%lld\n", static_cast<long long>(*id));
  } else if (name == "status" && run_id == 0) {
    absl::StatusOr<proto::ListReply> list = (*client)->List();
    if (!list.ok()) return fail(list.status());
    for (const proto::RunStatus& run : list->run()) {
      std::printf("%s\n", json ? RunStatusToJson(run).c_str() : FormatRunLine(run).c_str());
    }
    if (!json) std::printf("%d worker(s) holding leases\n", list->workers());
  } else if (name == "status") {
    absl::StatusOr<proto::RunStatus> status = (*client)->Status(run_id);
    if (!status.ok()) return fail(status.status());
    std::fputs(json ? (RunStatusToJson(*status) + "\n").c_str() : FormatRunStatus(*status).c_str(),
               stdout);
  } else if (name == "cancel") {
    absl::StatusOr<proto::RunStatus> status = (*client)->Cancel(run_id);
    if (!status.ok()) return fail(status.status());
    std::fputs(FormatRunStatus(*status).c_str(), stdout);
  } else if (name == "workers") {
    absl::StatusOr<proto::ListWorkersReply> workers = (*client)->ListWorkers();
    if (!workers.ok()) return fail(workers.status());
    std::fputs(json ? (WorkersToJson(*workers) + "\n").c_str() : FormatWorkers(*workers).c_str(),
               stdout);
  } else if (worker_command) {
    // The id parsed above is the worker's.
    absl::StatusOr<proto::WorkerStatus> worker = (*client)->SetWorkerBlocked(run_id, block);
    if (!worker.ok()) return fail(worker.status());
    const int64_t now_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                               std::chrono::system_clock::now().time_since_epoch())
                               .count();
    std::fputs(FormatWorker(*worker, now_ms).c_str(), stdout);
  } else if (name == "pgn") {
    absl::Status status = (*client)->ExportPgn(
        run_id, [](const std::string& text) { std::fwrite(text.data(), 1, text.size(), stdout); });
    if (!status.ok()) return fail(status);
  } else if (study_report) {
    absl::StatusOr<proto::RunStatus> status = (*client)->Status(run_id);
    if (!status.ok()) return fail(status.status());
    if (!status->has_placement_study()) {
      return fail(
          absl::FailedPreconditionError(absl::StrCat("run ", run_id, " is not a placement study")));
    }
    absl::StatusOr<std::string> text = WriteStudyResults(*status, out);
    if (!text.ok()) return fail(text.status());
    std::fputs(text->c_str(), stdout);
    std::fprintf(stderr, "%s: wrote the report into %s\n", flags.program().c_str(), out.c_str());
  } else if (spsa_command) {
    absl::StatusOr<proto::RunStatus> status = (*client)->Status(run_id, name == "spsa-plot");
    if (!status.ok()) return fail(status.status());
    if (!status->config().has_spsa()) {
      return fail(
          absl::FailedPreconditionError(absl::StrCat("run ", run_id, " is not an spsa run")));
    }
    const std::string text = name == "spsa-plot" ? SpsaPlotSvg(*status) : SpsaParamsFile(*status);
    if (out.empty()) {
      std::fputs(text.c_str(), stdout);
    } else if (absl::Status written = report::WriteTextFile(out, text); !written.ok()) {
      return fail(written);
    } else {
      std::fprintf(stderr, "%s: wrote %s\n", flags.program().c_str(), out.c_str());
    }
  }
  return 0;
}

}  // namespace
}  // namespace gc9::coordinator::cli

int main(int argc, char** argv) { return gc9::coordinator::cli::Main(argc, argv); }
