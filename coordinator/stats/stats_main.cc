// gc9-stats: fishtest's pentanomial SPRT, Elo and LOS for one set of game-pair
// counts, as status lines or JSON. Exit status: 0 on success, 2 on bad input.
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "absl/flags/commandlineflag.h"
#include "absl/flags/flag.h"
#include "absl/flags/reflection.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "coordinator/stats/pentanomial.h"
#include "coordinator/stats/sprt.h"
#include "coordinator/stats/summary.h"

ABSL_FLAG(std::string, pentanomial, "",
          "required: P0,P1,P2,P3,P4, the number of game pairs in which the "
          "tested engine scored 0, 1/2, 1, 3/2 and 2 points (LL; LD; DD or WL; "
          "WD; WW)");
ABSL_FLAG(std::optional<double>, elo0, std::nullopt,
          "required: H0 bound in normalized Elo (fishtest's elo_model "
          "normalized)");
ABSL_FLAG(std::optional<double>, elo1, std::nullopt,
          "required: H1 bound in normalized Elo, greater than --elo0");
ABSL_FLAG(double, alpha, 0.05, "false-positive rate (accepting H1 when elo = elo0), in (0, 1)");
ABSL_FLAG(double, beta, 0.05, "false-negative rate (accepting H0 when elo = elo1), in (0, 1)");
ABSL_FLAG(bool, json, false, "print one JSON object instead of status lines");

namespace gc9::coordinator::stats {
namespace {

constexpr int kExitBadInput = 2;
constexpr absl::string_view kFlagOrder[] = {"pentanomial", "elo0", "elo1", "alpha", "beta", "json"};

void PrintHelp() {
  std::string text =
      "gc9-stats: fishtest's pentanomial SPRT for one snapshot of game-pair\n"
      "results: the log-likelihood ratio (normalized Elo model) against the\n"
      "Wald bounds log(beta/(1-alpha)) and log((1-beta)/alpha), the decision,\n"
      "logistic Elo and normalized Elo with 95% intervals, LOS and draw "
      "ratio.\n"
      "\n"
      "usage: gc9-stats --pentanomial P0,P1,P2,P3,P4 --elo0 E0 --elo1 E1\n"
      "                 [--alpha A] [--beta B] [--json]\n"
      "\n"
      "flags:\n";
  for (absl::string_view name : kFlagOrder) {
    const absl::CommandLineFlag* flag = absl::FindCommandLineFlag(name);
    absl::StrAppend(&text, "  --", name, "\n      ", flag->Help());
    const std::string def = flag->DefaultValue();
    if (!def.empty()) absl::StrAppend(&text, " (default: ", def, ")");
    absl::StrAppend(&text, "\n");
  }
  absl::StrAppend(&text,
                  "  --help\n      print this text and exit\n"
                  "\nexit status: 0 on success, 2 on a bad flag or value.\n");
  std::fputs(text.c_str(), stdout);
}

bool IsOwnFlag(absl::string_view name) {
  for (absl::string_view own : kFlagOrder) {
    if (own == name) return true;
  }
  return false;
}

// absl::ParseCommandLine exits with status 1 on a bad flag, and this tool
// promises 2, so the loop below finds each flag itself and hands its value to
// absl's own parser (CommandLineFlag::ParseFrom). Returns whether --help was
// given.
absl::StatusOr<bool> ParseFlags(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    absl::string_view arg = argv[i];
    if (!absl::ConsumePrefix(&arg, "--") && !absl::ConsumePrefix(&arg, "-")) {
      return absl::InvalidArgumentError(absl::StrCat("unexpected argument '", arg, "'"));
    }
    std::optional<std::string> value;
    std::string name(arg);
    if (const size_t eq = arg.find('='); eq != absl::string_view::npos) {
      name = std::string(arg.substr(0, eq));
      value = std::string(arg.substr(eq + 1));
    }
    if (name == "help" || name == "h") return true;
    absl::CommandLineFlag* flag = IsOwnFlag(name) ? absl::FindCommandLineFlag(name) : nullptr;
    if (flag == nullptr && absl::StartsWith(name, "no") && !value) {
      absl::CommandLineFlag* negated =
          IsOwnFlag(name.substr(2)) ? absl::FindCommandLineFlag(name.substr(2)) : nullptr;
      if (negated != nullptr && negated->IsOfType<bool>()) {
        flag = negated;
        value = "false";
      }
    }
    if (flag == nullptr) {
      return absl::InvalidArgumentError(absl::StrCat("unknown flag --", name));
    }
    if (!value) {
      if (flag->IsOfType<bool>()) {
        value = "true";
      } else if (i + 1 < argc) {
        value = argv[++i];
      } else {
        return absl::InvalidArgumentError(absl::StrCat("flag --", name, " needs a value"));
      }
    }
    std::string error;
    if (!flag->ParseFrom(*value, &error)) {
      return absl::InvalidArgumentError(
          absl::StrCat("bad value '", *value, "' for --", name, ": ", error));
    }
  }
  return false;
}

absl::StatusOr<Pentanomial> ParsePentanomial(absl::string_view text) {
  if (text.empty()) {
    return absl::InvalidArgumentError("--pentanomial is required");
  }
  const std::vector<absl::string_view> fields = absl::StrSplit(text, ',');
  if (fields.size() != 5) {
    return absl::InvalidArgumentError(
        absl::StrCat("--pentanomial needs five comma-separated counts, got ", fields.size(),
                     " in '", text, "'"));
  }
  Pentanomial pentanomial;
  for (int i = 0; i < 5; ++i) {
    if (!absl::SimpleAtoi(fields[i], &pentanomial.counts[i])) {
      return absl::InvalidArgumentError(
          absl::StrCat("--pentanomial count P", i, " ('", fields[i], "') is not an integer"));
    }
  }
  return pentanomial;
}

absl::StatusOr<std::string> Run() {
  absl::StatusOr<Pentanomial> pentanomial = ParsePentanomial(absl::GetFlag(FLAGS_pentanomial));
  if (!pentanomial.ok()) return pentanomial.status();
  const std::optional<double> elo0 = absl::GetFlag(FLAGS_elo0);
  const std::optional<double> elo1 = absl::GetFlag(FLAGS_elo1);
  if (!elo0) return absl::InvalidArgumentError("--elo0 is required");
  if (!elo1) return absl::InvalidArgumentError("--elo1 is required");
  SprtParams params;
  params.elo0 = *elo0;
  params.elo1 = *elo1;
  params.alpha = absl::GetFlag(FLAGS_alpha);
  params.beta = absl::GetFlag(FLAGS_beta);
  absl::StatusOr<Summary> summary = Summarize(*pentanomial, params);
  if (!summary.ok()) return summary.status();
  if (absl::GetFlag(FLAGS_json)) return SummaryToJson(*summary) + "\n";
  return SummaryToText(*summary);
}

// Every failure comes from the command line: a flag, a count or a bound the
// statistics cannot use.
int Fail(const absl::Status& status) {
  std::fprintf(stderr, "gc9-stats: error: %s\nRun 'gc9-stats --help' for usage.\n",
               std::string(status.message()).c_str());
  return kExitBadInput;
}

int Main(int argc, char** argv) {
  absl::StatusOr<bool> help = ParseFlags(argc, argv);
  if (!help.ok()) return Fail(help.status());
  if (*help) {
    PrintHelp();
    return 0;
  }
  absl::StatusOr<std::string> output = Run();
  if (!output.ok()) return Fail(output.status());
  std::fputs(output->c_str(), stdout);
  return 0;
}

}  // namespace
}  // namespace gc9::coordinator::stats

int main(int argc, char** argv) { return gc9::coordinator::stats::Main(argc, argv); }
