#include "coordinator/stats/format.h"

#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"

namespace gc9::coordinator::stats {

namespace {

// "%.2f" would print -0.004 as "-0.00", which reads like a loss.
std::string Fixed2(double x) {
  if (std::abs(x) < 0.005) x = 0;
  return absl::StrFormat("%.2f", x);
}

}  // namespace

std::string FormatLlrLine(const SprtResult& sprt, const SprtParams& params) {
  return absl::StrCat("LLR: ", Fixed2(sprt.llr), " (", Fixed2(sprt.bounds.lower), ", ",
                      Fixed2(sprt.bounds.upper), ") [", Fixed2(params.elo0), ", ",
                      Fixed2(params.elo1), "]");
}

std::string FormatEloLine(const EloEstimate& elo, const NormalizedEloEstimate& nelo) {
  return absl::StrCat("Elo: ", Fixed2(elo.elo), " +/- ", Fixed2(elo.error()),
                      " (95%), nElo: ", Fixed2(nelo.nelo), " +/- ", Fixed2(nelo.error()));
}

std::string FormatLosLine(double los, double draw_ratio) {
  return absl::StrCat("LOS: ", Fixed2(100 * los), " %, DrawRatio: ", Fixed2(100 * draw_ratio),
                      " %");
}

std::string FormatPentanomialLine(const Pentanomial& pentanomial) {
  return absl::StrCat("Ptnml(0-2): [", absl::StrJoin(pentanomial.counts, ", "), "]");
}

std::string FormatGamesLine(const WinLossDraw& wld) {
  return absl::StrCat("Games: ", wld.wins + wld.losses + wld.draws, ", W: ", wld.wins,
                      ", L: ", wld.losses, ", D: ", wld.draws);
}

std::string FormatGamesLine(const Pentanomial& pentanomial) {
  return FormatGamesLine(ApproximateWinLossDraw(pentanomial));
}

}  // namespace gc9::coordinator::stats
