// gc9-spsa: command-line access to the SPSA schedule, so that a tuning run's
// step sizes can be checked before any game is played.
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/flags/commandlineflag.h"
#include "absl/flags/flag.h"
#include "absl/flags/parse.h"
#include "absl/flags/reflection.h"
#include "absl/flags/usage.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "coordinator/spsa/params.h"
#include "coordinator/spsa/plan.h"
#include "coordinator/spsa/schedule.h"

ABSL_FLAG(std::string, params, "",
          "File of tuning parameters, one 'name,start,min,max,c_end,r_end' per line "
          "(fishtest's format; blank lines and # comments allowed). Required.");
ABSL_FLAG(int64_t, pairs, 0, "Number of game pairs N in the run, >= 1. Required.");
ABSL_FLAG(int64_t, iteration, 0, "Iteration k to show c_k and R_k for, in [0, N).");
ABSL_FLAG(bool, json, false,
          "Print a JSON list of {name, c, a, A, c_k, R_k} objects instead of a "
          "table.");

namespace gc9::coordinator::spsa {
namespace {

// Usage errors exit with 2, as most Unix tools do; absl's parser exits with 1.
constexpr int kUsageError = 2;

constexpr char kTopUsage[] =
    "gc9-spsa: SPSA tuning maths for gc9, with fishtest's default schedule.\n"
    "\n"
    "Usage:\n"
    "  gc9-spsa plan --params FILE --pairs N [--iteration K] [--json]\n"
    "      For each parameter in FILE, print the run constants c, a and A\n"
    "      and the perturbation c_k and learning rate R_k at iteration K\n"
    "      (default 0) of a run of N game pairs.\n"
    "      Run 'gc9-spsa plan --help' for the flags.\n";

constexpr char kPlanUsage[] =
    "prints the SPSA schedule of a tuning run.\n"
    "\n"
    "Usage: gc9-spsa plan --params FILE --pairs N [--iteration K] [--json]\n"
    "\n"
    "FILE holds one 'name,start,min,max,c_end,r_end' per line. With N pairs,\n"
    "A = 0.1 N, alpha = 0.602, gamma = 0.101, and for each parameter\n"
    "  c = c_end N^gamma,  a = r_end c_end^2 (A + N)^alpha,\n"
    "  c_k = c / (k + 1)^gamma,  R_k = a / (A + k + 1)^alpha / c_k^2.\n"
    "The output is a table, or with --json a list of objects with keys\n"
    "name, c, a, A, c_k, R_k. Bad flags, values or files exit with status 2.";

bool IsHelpName(absl::string_view name) {
  return name == "help" || name == "helpfull" || name == "helpshort" || name == "h" ||
         name == "helppackage";
}

// Only this file's flags are accepted: absl's --flagfile and friends would read
// further arguments that this check never sees, and a bad one there would exit
// with 1, not 2.
bool IsOwnFlag(const absl::CommandLineFlag& flag) {
  return absl::EndsWith(flag.Filename(), "spsa_main.cc");
}

// absl's own error text only repeats the value and the flag's name; this says
// what the flag expects instead.
absl::string_view ExpectedKind(const absl::CommandLineFlag& flag) {
  if (flag.IsOfType<int64_t>()) return ": expected an integer";
  if (flag.IsOfType<bool>()) return ": expected true or false";
  return "";
}

// absl::ParseCommandLine exits with status 1 on any bad argument, so every
// argument is checked here first with absl's own value parsers; what passes
// cannot make it fail.
absl::Status CheckPlanArgs(const std::vector<char*>& args, bool* wants_help) {
  for (size_t i = 1; i < args.size(); ++i) {
    const absl::string_view arg = args[i];
    if (arg == "--") {
      if (i + 1 < args.size()) {
        return absl::InvalidArgumentError(absl::StrCat("unexpected argument '", args[i + 1], "'"));
      }
      break;
    }
    if (arg.size() < 2 || arg[0] != '-') {
      return absl::InvalidArgumentError(absl::StrCat("unexpected argument '", arg, "'"));
    }
    absl::string_view body = arg.substr(arg[1] == '-' ? 2 : 1);
    const size_t equals = body.find('=');
    const bool has_value = equals != absl::string_view::npos;
    const absl::string_view name = body.substr(0, equals);
    if (IsHelpName(name)) {
      *wants_help = true;
      continue;
    }

    absl::CommandLineFlag* flag = absl::FindCommandLineFlag(name);
    bool negated = false;
    if ((flag == nullptr || !IsOwnFlag(*flag)) && absl::StartsWith(name, "no")) {
      flag = absl::FindCommandLineFlag(name.substr(2));
      negated = true;
    }
    if (flag == nullptr || !IsOwnFlag(*flag) || (negated && !flag->IsOfType<bool>())) {
      return absl::InvalidArgumentError(absl::StrCat("unknown flag '--", name, "'"));
    }
    if (negated && has_value) {
      return absl::InvalidArgumentError(absl::StrCat("flag '--", name, "' takes no value"));
    }

    std::string value;
    if (has_value) {
      value = std::string(body.substr(equals + 1));
    } else if (flag->IsOfType<bool>()) {
      continue;
    } else if (i + 1 < args.size()) {
      value = args[++i];
    } else {
      return absl::InvalidArgumentError(absl::StrCat("flag '--", name, "' is missing its value"));
    }
    std::string error;
    if (!flag->ParseFrom(value, &error)) {
      return absl::InvalidArgumentError(
          absl::StrCat("bad value '", value, "' for '--", flag->Name(), "'", ExpectedKind(*flag)));
    }
  }
  return absl::OkStatus();
}

void PrintPlanHelp() {
  std::cout << "gc9-spsa plan: " << absl::ProgramUsageMessage() << "\n\nFlags:\n";
  // The required flags' defaults are placeholders, not worth showing.
  const struct {
    absl::string_view name;
    bool show_default;
  } kShown[] = {{"params", false}, {"pairs", false}, {"iteration", true}, {"json", true}};
  for (const auto& shown : kShown) {
    const absl::CommandLineFlag* flag = absl::FindCommandLineFlag(shown.name);
    std::cout << "  --" << flag->Name() << "\n      " << flag->Help();
    if (shown.show_default) {
      std::cout << " Default: " << flag->DefaultValue() << ".";
    }
    std::cout << "\n";
  }
}

absl::StatusOr<std::string> ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return absl::NotFoundError(
        absl::StrCat("cannot open params file '", path, "': ", std::strerror(errno)));
  }
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) {
    return absl::DataLossError(absl::StrCat("cannot read params file '", path, "'"));
  }
  return text.str();
}

absl::StatusOr<std::string> RunPlan() {
  const std::string path = absl::GetFlag(FLAGS_params);
  const int64_t pairs = absl::GetFlag(FLAGS_pairs);
  const int64_t k = absl::GetFlag(FLAGS_iteration);
  if (path.empty()) {
    return absl::InvalidArgumentError("--params FILE is required");
  }
  if (pairs < 1) {
    return absl::InvalidArgumentError(absl::StrCat("--pairs must be given and >= 1, got ", pairs));
  }
  if (k < 0 || k >= pairs) {
    return absl::InvalidArgumentError(
        absl::StrCat("--iteration must be in [0, ", pairs, "), got ", k));
  }

  absl::StatusOr<std::string> text = ReadFile(path);
  if (!text.ok()) return text.status();
  absl::StatusOr<std::vector<SpsaParam>> params = ParseParams(*text);
  if (!params.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("params file '", path, "': ", params.status().message()));
  }
  absl::StatusOr<SpsaSchedule> schedule = DefaultSchedule(pairs);
  if (!schedule.ok()) return schedule.status();

  const std::vector<PlanRow> rows = PlanAt(*params, *schedule, k);
  return absl::GetFlag(FLAGS_json) ? FormatPlanJson(rows) : FormatPlanTable(rows, *schedule, k);
}

int PlanMain(std::vector<char*> args) {
  absl::SetProgramUsageMessage(kPlanUsage);
  bool wants_help = false;
  if (absl::Status status = CheckPlanArgs(args, &wants_help); !status.ok()) {
    std::cerr << "gc9-spsa plan: " << status.message()
              << "\nRun 'gc9-spsa plan --help' for usage.\n";
    return kUsageError;
  }
  if (wants_help) {
    PrintPlanHelp();
    return 0;
  }
  absl::ParseCommandLine(static_cast<int>(args.size()), args.data());

  absl::StatusOr<std::string> out = RunPlan();
  if (!out.ok()) {
    std::cerr << "gc9-spsa plan: " << out.status().message() << "\n";
    return kUsageError;
  }
  std::cout << *out;
  return 0;
}

}  // namespace
}  // namespace gc9::coordinator::spsa

int main(int argc, char** argv) {
  using gc9::coordinator::spsa::kTopUsage;
  using gc9::coordinator::spsa::kUsageError;
  if (argc < 2) {
    std::cerr << kTopUsage;
    return kUsageError;
  }
  const absl::string_view command = argv[1];
  if (command == "--help" || command == "-help" || command == "-h" || command == "help") {
    std::cout << kTopUsage;
    return 0;
  }
  if (command != "plan") {
    std::cerr << "gc9-spsa: unknown subcommand '" << command << "'\n\n" << kTopUsage;
    return kUsageError;
  }
  // The subcommand is dropped so that absl sees "gc9-spsa --flags...".
  std::vector<char*> args = {argv[0]};
  for (int i = 2; i < argc; ++i) args.push_back(argv[i]);
  return gc9::coordinator::spsa::PlanMain(std::move(args));
}
