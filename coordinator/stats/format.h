// Fishtest-style status lines, one function per line, e.g.
//   LLR: 2.95 (-2.94, 2.94) [0.00, 2.00]
//   Elo: 2.35 +/- 1.80 (95%), nElo: 4.01 +/- 3.07
//   LOS: 99.45 %, DrawRatio: 51.20 %
//   Games: 60000, W: 16422, L: 16189, D: 27389
//   Ptnml(0-2): [39, 5335, 18992, 5622, 12]
// Numbers have two decimals and never print as "-0.00".
#pragma once

#include <string>

#include "coordinator/stats/elo.h"
#include "coordinator/stats/pentanomial.h"
#include "coordinator/stats/sprt.h"

namespace gc9::coordinator::stats {

std::string FormatLlrLine(const SprtResult& sprt, const SprtParams& params);
std::string FormatEloLine(const EloEstimate& elo, const NormalizedEloEstimate& nelo);
// `los` and `draw_ratio` are fractions, printed as percentages.
std::string FormatLosLine(double los, double draw_ratio);
std::string FormatPentanomialLine(const Pentanomial& pentanomial);
std::string FormatGamesLine(const WinLossDraw& wld);
// From ApproximateWinLossDraw: half the pairs scoring 1 count as WL.
std::string FormatGamesLine(const Pentanomial& pentanomial);

}  // namespace gc9::coordinator::stats
