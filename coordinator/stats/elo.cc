#include "coordinator/stats/elo.h"

#include <algorithm>
#include <array>
#include <vector>

#include "absl/types/span.h"
#include "coordinator/stats/distribution.h"
#include "coordinator/stats/normal.h"

namespace gc9::coordinator::stats {

namespace {

constexpr double kScoreClamp = 1e-3;  // stat_util.elo

// stat_util.get_elo for 2n+1 score classes, the score of n games each: class i
// is worth i/2 points. The variance is the group variance divided by n, so the
// standard error over all games is sqrt(var / games).
EloEstimate EloFromCounts(absl::Span<const int64_t> counts) {
  const std::vector<double> r = Regularize(counts);
  const double games_per_group = (r.size() - 1) / 2.0;
  double groups = 0;
  for (double c : r) groups += c;
  const double games = groups * games_per_group;
  double points = 0;
  for (size_t i = 0; i < r.size(); ++i) points += r[i] * (i / 2.0);
  const double mu = points / games;
  const double group_mu = games_per_group * mu;
  double var = 0;
  for (size_t i = 0; i < r.size(); ++i) {
    var += r[i] * (i / 2.0 - group_mu) * (i / 2.0 - group_mu);
  }
  var /= games;
  const double stderr_mu = std::sqrt(var) / std::sqrt(games);
  const double mu_min = mu + NormalQuantile(0.025) * stderr_mu;
  const double mu_max = mu + NormalQuantile(0.975) * stderr_mu;
  EloEstimate e;
  e.elo = EloFromScore(mu);
  const double error = (EloFromScore(mu_max) - EloFromScore(mu_min)) / 2;
  e.low = e.elo - error;
  e.high = e.elo + error;
  e.los = NormalCdf((mu - 0.5) / stderr_mu);
  return e;
}

}  // namespace

double EloFromScore(double score) {
  score = std::clamp(score, kScoreClamp, 1 - kScoreClamp);
  return -400 * std::log10(1 / score - 1);
}

double ScoreFromElo(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

absl::StatusOr<EloEstimate> EstimateElo(const Pentanomial& pentanomial) {
  absl::Status status = ValidatePentanomial(pentanomial);
  if (!status.ok()) return status;
  return EloFromCounts(pentanomial.counts);
}

absl::StatusOr<EloEstimate> EstimateElo(const WinLossDraw& wld) {
  absl::Status status = ValidateWinLossDraw(wld);
  if (!status.ok()) return status;
  const std::array<int64_t, 3> counts = {wld.losses, wld.draws, wld.wins};
  return EloFromCounts(counts);
}

absl::StatusOr<NormalizedEloEstimate> EstimateNormalizedElo(const Pentanomial& pentanomial) {
  absl::Status status = ValidatePentanomial(pentanomial);
  if (!status.ok()) return status;
  const Sample sample = ToSample(pentanomial.counts);
  const Moments m = ComputeMoments(sample.pdf);
  const double t = (m.mean - 0.5) / std::sqrt(m.variance);
  // The asymptotic variance of the sample t-value; rounding can push it below
  // zero when the sample is nearly degenerate, hence the clamp.
  const double var_t = std::max(1 - t * m.skewness + 0.25 * t * t * (m.excess_kurtosis + 2), 0.0);
  const double scale = kNeloPerT / std::sqrt(2.0);
  const double delta = scale * NormalQuantile(0.975) * std::sqrt(var_t / sample.total);
  NormalizedEloEstimate e;
  e.nelo = scale * t;
  e.low = e.nelo - delta;
  e.high = e.nelo + delta;
  return e;
}

absl::StatusOr<double> PentanomialDrawRatio(const Pentanomial& pentanomial) {
  absl::Status status = ValidatePentanomial(pentanomial);
  if (!status.ok()) return status;
  const std::vector<double> r = Regularize(pentanomial.counts);
  double total = 0;
  for (double c : r) total += c;
  return r[2] / total;
}

absl::StatusOr<double> DrawRatio(const WinLossDraw& wld) {
  absl::Status status = ValidateWinLossDraw(wld);
  if (!status.ok()) return status;
  const std::array<int64_t, 3> counts = {wld.losses, wld.draws, wld.wins};
  const std::vector<double> r = Regularize(counts);
  return r[1] / (r[0] + r[1] + r[2]);
}

}  // namespace gc9::coordinator::stats
