// Cell scores and intervals.
#include "coordinator/study/cell_stats.h"

#include <algorithm>
#include <cmath>

#include "coordinator/stats/normal.h"

namespace gc9::coordinator::study {

int64_t Games(const CellResult& cell) { return cell.wins + cell.draws + cell.losses; }

double Score(const CellResult& cell) {
  const int64_t n = Games(cell);
  if (n == 0) return 0.5;
  return (static_cast<double>(cell.wins) + 0.5 * static_cast<double>(cell.draws)) /
         static_cast<double>(n);
}

double ScoreVariance(const CellResult& cell) {
  const int64_t n = Games(cell);
  if (n == 0) return 0.25;
  const double p = Score(cell);
  const double second_moment =
      (static_cast<double>(cell.wins) + 0.25 * static_cast<double>(cell.draws)) /
      static_cast<double>(n);
  return std::max(0.0, second_moment - p * p);
}

double ZForConfidence(double confidence) { return stats::NormalQuantile(0.5 + confidence / 2.0); }

Interval WilsonInterval(const CellResult& cell, double z) {
  const int64_t games = Games(cell);
  if (games == 0) return Interval{0.0, 1.0};
  const double n = static_cast<double>(games);
  const double p = Score(cell);
  const double z2 = z * z;
  const double denominator = 1.0 + z2 / n;
  const double centre = (p + z2 / (2.0 * n)) / denominator;
  const double half = z / denominator * std::sqrt(p * (1.0 - p) / n + z2 / (4.0 * n * n));
  return Interval{std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

Interval TrinomialNormalInterval(const CellResult& cell, double z) {
  const int64_t games = Games(cell);
  if (games == 0) return Interval{0.0, 1.0};
  const double p = Score(cell);
  const double half = z * std::sqrt(ScoreVariance(cell) / static_cast<double>(games));
  return Interval{std::max(0.0, p - half), std::min(1.0, p + half)};
}

}  // namespace gc9::coordinator::study
