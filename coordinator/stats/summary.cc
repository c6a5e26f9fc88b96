#include "coordinator/stats/summary.h"

#include <cmath>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "coordinator/stats/format.h"

namespace gc9::coordinator::stats {

namespace {

// JSON has no NaN or infinity; every statistic here is finite by
// construction, but a null is safer than an unparsable document.
std::string JsonNumber(double x) {
  if (!std::isfinite(x)) return "null";
  if (x == 0) x = 0;  // no "-0"
  return absl::StrFormat("%.15g", x);
}

}  // namespace

absl::StatusOr<Summary> Summarize(const Pentanomial& pentanomial, const SprtParams& params) {
  Summary summary;
  summary.pentanomial = pentanomial;
  summary.params = params;
  absl::StatusOr<SprtResult> sprt = EvaluateSprt(pentanomial, params);
  if (!sprt.ok()) return sprt.status();
  summary.sprt = *sprt;
  absl::StatusOr<EloEstimate> elo = EstimateElo(pentanomial);
  if (!elo.ok()) return elo.status();
  summary.elo = *elo;
  absl::StatusOr<NormalizedEloEstimate> nelo = EstimateNormalizedElo(pentanomial);
  if (!nelo.ok()) return nelo.status();
  summary.nelo = *nelo;
  absl::StatusOr<double> draw_ratio = PentanomialDrawRatio(pentanomial);
  if (!draw_ratio.ok()) return draw_ratio.status();
  summary.draw_ratio = *draw_ratio;
  return summary;
}

std::string SummaryToText(const Summary& summary) {
  return absl::StrCat(
      FormatLlrLine(summary.sprt, summary.params), "\n", FormatEloLine(summary.elo, summary.nelo),
      "\n", FormatLosLine(summary.elo.los, summary.draw_ratio), "\n",
      FormatGamesLine(summary.pentanomial), "\n", FormatPentanomialLine(summary.pentanomial), "\n");
}

std::string SummaryToJson(const Summary& summary) {
  const int64_t pairs = PairCount(summary.pentanomial);
  const std::vector<std::pair<std::string, std::string>> fields = {
      {"llr", JsonNumber(summary.sprt.llr)},
      {"lower_bound", JsonNumber(summary.sprt.bounds.lower)},
      {"upper_bound", JsonNumber(summary.sprt.bounds.upper)},
      {"decision", absl::StrCat("\"", SprtDecisionName(summary.sprt.decision), "\"")},
      {"elo0", JsonNumber(summary.params.elo0)},
      {"elo1", JsonNumber(summary.params.elo1)},
      {"alpha", JsonNumber(summary.params.alpha)},
      {"beta", JsonNumber(summary.params.beta)},
      {"elo", JsonNumber(summary.elo.elo)},
      {"elo_low", JsonNumber(summary.elo.low)},
      {"elo_high", JsonNumber(summary.elo.high)},
      {"los", JsonNumber(summary.elo.los)},
      {"nelo", JsonNumber(summary.nelo.nelo)},
      {"nelo_low", JsonNumber(summary.nelo.low)},
      {"nelo_high", JsonNumber(summary.nelo.high)},
      {"draw_ratio", JsonNumber(summary.draw_ratio)},
      {"pairs", absl::StrCat(pairs)},
      {"games", absl::StrCat(2 * pairs)},
      {"pentanomial", absl::StrCat("[", absl::StrJoin(summary.pentanomial.counts, ", "), "]")},
  };
  return absl::StrCat("{",
                      absl::StrJoin(fields, ", ",
                                    [](std::string* out, const auto& field) {
                                      absl::StrAppend(out, "\"", field.first, "\": ", field.second);
                                    }),
                      "}");
}

}  // namespace gc9::coordinator::stats
