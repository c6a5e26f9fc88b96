// Anytime Hoeffding radius with a union bound over cells and game counts.
#include "coordinator/study/anytime_bound.h"

#include <cmath>
#include <limits>

namespace gc9::coordinator::study {

double AnytimeRadius(int64_t games, int64_t cell_count, double delta) {
  if (games <= 0) return std::numeric_limits<double>::infinity();
  constexpr double kPiSquared = 9.869604401089358;
  const double n = static_cast<double>(games);
  const double beta = std::log(kPiSquared * static_cast<double>(cell_count) *
                               n * n / (3.0 * delta));
  return std::sqrt(beta / (2.0 * n));
}

}  // namespace gc9::coordinator::study
