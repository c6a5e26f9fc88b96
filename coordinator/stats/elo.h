// Elo estimates of a fixed sample with 95% intervals, as fishtest shows them
// for fixed-games runs: logistic Elo and LOS
// (server/fishtest/stats/stat_util.py, get_elo), normalized Elo (the nElo line
// of fishtest's run view and raw statistics page,
// server/fishtest/templates/tests_stats.mak).
#pragma once

#include <cmath>

#include "absl/status/statusor.h"
#include "coordinator/stats/pentanomial.h"

namespace gc9::coordinator::stats {

// Normalized Elo per unit t-value, 800 / ln 10 (LLRcalc.nelo_divided_by_nt):
// nElo = t * 800 / ln 10 with t = (score - 1/2) / stdev per game, which equals
// logistic Elo for small differences and no draws.
inline const double kNeloPerT = 800 / std::log(10.0);

// Logistic Elo of an expected score, stat_util.elo: the score is clamped to
// [1e-3, 1 - 1e-3] so that 0% and 100% give a finite +-1200.
double EloFromScore(double score);

// The inverse without clamping, stat_util.L: 1 / (1 + 10^(-elo / 400)).
double ScoreFromElo(double elo);

struct EloEstimate {
  double elo = 0;
  // Fishtest's interval is symmetric: elo -+ half the Elo distance between
  // the 95% bounds of the score.
  double low = 0;
  double high = 0;
  double los = 0.5;  // likelihood of superiority, P(elo > 0)
  double error() const { return (high - low) / 2; }
};

// stat_util.get_elo on the regularized counts: the per-game score and its
// standard error (pairs count as two games with the pair variance, so the
// correlation inside a pair is kept), a normal 95% interval in score mapped
// to Elo, and LOS = Phi((score - 1/2) / stderr).
absl::StatusOr<EloEstimate> EstimateElo(const Pentanomial& pentanomial);
// The same from trinomial counts, which assumes independent games.
absl::StatusOr<EloEstimate> EstimateElo(const WinLossDraw& wld);

struct NormalizedEloEstimate {
  double nelo = 0;
  double low = 0;
  double high = 0;
  double error() const { return (high - low) / 2; }
};

// Fishtest's pentanomial nElo: t = (mean - 1/2) / stdev of the per-pair
// distribution of points per game, its variance (1 - t skew + t^2 (exkurt + 2)
// / 4) / pairs (clamped at 0), a normal 95% interval, all scaled by 800 / ln 10
// / sqrt 2.
absl::StatusOr<NormalizedEloEstimate> EstimateNormalizedElo(const Pentanomial& pentanomial);

// The share of pairs scoring 1 (DD or WL) over the regularized counts, what
// fishtest's raw statistics call the pentanomial draw ratio.
absl::StatusOr<double> PentanomialDrawRatio(const Pentanomial& pentanomial);
// The share of drawn games over the regularized counts.
absl::StatusOr<double> DrawRatio(const WinLossDraw& wld);

}  // namespace gc9::coordinator::stats
