// gc9-spsa: command-line access to the SPSA schedule, so that a tuning run's
// step sizes can be checked before any game is played.
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "common/file.h"
#include "common/flags.h"
#include "coordinator/spsa/params.h"
#include "coordinator/spsa/plan.h"
#include "coordinator/spsa/schedule.h"

namespace gc9::coordinator::spsa {
namespace {

constexpr char kTopUsage[] =
    "gc9-spsa: SPSA tuning maths for gc9, with fishtest's default schedule.\n"
    "\n"
    "Usage:\n"
    "  gc9-spsa plan --params FILE --pairs N [--iteration K] [--json]\n"
    "      For each parameter in FILE, print the run constants c, a and A\n"
    "      and the perturbation c_k and learning rate R_k at iteration K\n"
    "      (default 0) of a run of N game pairs.\n"
    "      Run 'gc9-spsa plan --help' for the flags.\n";

constexpr char kPlanSummary[] =
    "gc9-spsa plan: prints the SPSA schedule of a tuning run.\n"
    "\n"
    "FILE holds one 'name,start,min,max,c_end,r_end' per line. With N pairs,\n"
    "A = 0.1 N, alpha = 0.602, gamma = 0.101, and for each parameter\n"
    "  c = c_end N^gamma,  a = r_end c_end^2 (A + N)^alpha,\n"
    "  c_k = c / (k + 1)^gamma,  R_k = a / (A + k + 1)^alpha / c_k^2.\n"
    "The output is a table, or with --json a list of objects with keys\n"
    "name, c, a, A, c_k, R_k.";

struct PlanFlags {
  std::string params;
  int64_t pairs = 0;
  int64_t iteration = 0;
  bool json = false;
};

absl::StatusOr<std::string> RunPlan(const PlanFlags& flags) {
  if (flags.params.empty()) {
    return absl::InvalidArgumentError("--params FILE is required");
  }
  if (flags.pairs < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("--pairs must be given and >= 1, got ", flags.pairs));
  }
  if (flags.iteration < 0 || flags.iteration >= flags.pairs) {
    return absl::InvalidArgumentError(
        absl::StrCat("--iteration must be in [0, ", flags.pairs, "), got ", flags.iteration));
  }
  absl::StatusOr<std::string> text = common::ReadWholeFile(flags.params, "params file");
  if (!text.ok()) return text.status();
  absl::StatusOr<std::vector<SpsaParam>> params = ParseParams(*text);
  if (!params.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("params file '", flags.params, "': ", params.status().message()));
  }
  absl::StatusOr<SpsaSchedule> schedule = DefaultSchedule(flags.pairs);
  if (!schedule.ok()) return schedule.status();

  const std::vector<PlanRow> rows = PlanAt(*params, *schedule, flags.iteration);
  return flags.json ? FormatPlanJson(rows) : FormatPlanTable(rows, *schedule, flags.iteration);
}

// `gc9-spsa plan ...`: argv[1] is "plan".
int PlanMain(int argc, char** argv) {
  PlanFlags values;
  common::FlagParser flags("gc9-spsa plan",
                           "gc9-spsa plan --params FILE --pairs N [--iteration K] [--json]",
                           kPlanSummary);
  flags.AddString("params", &values.params,
                  "required: file of tuning parameters, one 'name,start,min,max,c_end,r_end' "
                  "per line (fishtest's format; blank lines and # comments allowed)");
  flags.AddInt("pairs", &values.pairs, "required: number of game pairs N in the run, >= 1");
  flags.AddInt("iteration", &values.iteration, "iteration k to show c_k and R_k for, in [0, N)");
  flags.AddBool("json", &values.json,
                "print a JSON list of {name, c, a, A, c_k, R_k} objects instead of a table");
  flags.UseAbslWording();
  flags.set_exit_status("0 on success, 2 on a bad flag, value or file");
  if (std::optional<int> exit_code = flags.ParseFlagsOnly(argc, argv, /*first=*/2)) {
    return *exit_code;
  }
  absl::StatusOr<std::string> out = RunPlan(values);
  if (!out.ok()) return flags.Fail(out.status());
  std::fputs(out->c_str(), stdout);
  return 0;
}

int Main(int argc, char** argv) {
  if (argc < 2) {
    std::fputs(kTopUsage, stderr);
    return common::kExitUsage;
  }
  const absl::string_view command = argv[1];
  if (command == "--help" || command == "-help" || command == "-h" || command == "help") {
    std::fputs(kTopUsage, stdout);
    return 0;
  }
  if (command != "plan") {
    std::fprintf(stderr, "gc9-spsa: unknown subcommand '%s'\n\n%s", argv[1], kTopUsage);
    return common::kExitUsage;
  }
  return PlanMain(argc, argv);
}

}  // namespace
}  // namespace gc9::coordinator::spsa

int main(int argc, char** argv) { return gc9::coordinator::spsa::Main(argc, argv); }
