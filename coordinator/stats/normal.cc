#include "coordinator/stats/normal.h"

#include <cmath>
#include <limits>

namespace gc9::coordinator::stats {

double NormalCdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

double NormalQuantile(double p) {
  if (!(p > 0.0)) return -std::numeric_limits<double>::infinity();
  if (!(p < 1.0)) return std::numeric_limits<double>::infinity();
  // Bisection on the monotone cdf: a handful of calls per report, so plain and
  // obviously correct beats a rational approximation. |x| > 40 has cdf 0 or 1
  // in double precision.
  double lo = -40.0;
  double hi = 40.0;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (mid <= lo || mid >= hi) break;
    if (NormalCdf(mid) < p) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return 0.5 * (lo + hi);
}

}  // namespace gc9::coordinator::stats
