// gc9-stats: fishtest's pentanomial SPRT, Elo and LOS for one set of game-pair
// counts, as status lines or JSON. Exit status: 0 on success, 2 on bad input.
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "common/flags.h"
#include "coordinator/stats/pentanomial.h"
#include "coordinator/stats/sprt.h"
#include "coordinator/stats/summary.h"

namespace gc9::coordinator::stats {
namespace {

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

int Main(int argc, char** argv) {
  std::string pentanomial_text;
  std::optional<double> elo0;
  std::optional<double> elo1;
  SprtParams params;  // alpha and beta keep their defaults unless given
  bool json = false;
  common::FlagParser flags(
      "gc9-stats",
      "gc9-stats --pentanomial P0,P1,P2,P3,P4 --elo0 E0 --elo1 E1\n"
      "                 [--alpha A] [--beta B] [--json]",
      "gc9-stats: fishtest's pentanomial SPRT for one snapshot of game-pair\n"
      "results: the log-likelihood ratio (normalized Elo model) against the\n"
      "Wald bounds log(beta/(1-alpha)) and log((1-beta)/alpha), the decision,\n"
      "logistic Elo and normalized Elo with 95% intervals, LOS and draw ratio.");
  flags.AddString("pentanomial", &pentanomial_text,
                  "required: P0,P1,P2,P3,P4, the number of game pairs in which the "
                  "tested engine scored 0, 1/2, 1, 3/2 and 2 points (LL; LD; DD or WL; "
                  "WD; WW)");
  flags.AddDouble("elo0", &elo0,
                  "required: H0 bound in normalized Elo (fishtest's elo_model normalized)");
  flags.AddDouble("elo1", &elo1, "required: H1 bound in normalized Elo, greater than --elo0");
  flags.AddDouble("alpha", &params.alpha,
                  "false-positive rate (accepting H1 when elo = elo0), in (0, 1)");
  flags.AddDouble("beta", &params.beta,
                  "false-negative rate (accepting H0 when elo = elo1), in (0, 1)");
  flags.AddBool("json", &json, "print one JSON object instead of status lines");
  // Every failure comes from the command line: a flag, a count or a bound the statistics
  // cannot use.
  flags.set_exit_status("0 on success, 2 on a bad flag or value");
  if (std::optional<int> exit_code = flags.ParseFlagsOnly(argc, argv)) return *exit_code;

  absl::StatusOr<Pentanomial> pentanomial = ParsePentanomial(pentanomial_text);
  if (!pentanomial.ok()) return flags.Fail(pentanomial.status());
  if (!elo0) return flags.Fail(absl::InvalidArgumentError("--elo0 is required"));
  if (!elo1) return flags.Fail(absl::InvalidArgumentError("--elo1 is required"));
  params.elo0 = *elo0;
  params.elo1 = *elo1;
  absl::StatusOr<Summary> summary = Summarize(*pentanomial, params);
  if (!summary.ok()) return flags.Fail(summary.status());
  const std::string output = json ? SummaryToJson(*summary) + "\n" : SummaryToText(*summary);
  std::fputs(output.c_str(), stdout);
  return 0;
}

}  // namespace
}  // namespace gc9::coordinator::stats

int main(int argc, char** argv) { return gc9::coordinator::stats::Main(argc, argv); }
