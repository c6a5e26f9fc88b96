#include "coordinator/stats/mle.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/str_cat.h"

namespace gc9::coordinator::stats {

absl::StatusOr<double> SolveSecular(const Distribution& shifted) {
  const auto [min_it, max_it] = std::minmax_element(shifted.values.begin(), shifted.values.end());
  const double v = *min_it;
  const double w = *max_it;
  if (!(v * w < 0)) {
    return absl::OutOfRangeError(
        absl::StrCat("no distribution on these results meets the constraint (shifted "
                     "scores span [",
                     v, ", ", w, "])"));
  }
  auto f = [&](double x) {
    double sum = 0;
    for (size_t i = 0; i < shifted.values.size(); ++i) {
      sum += shifted.probs[i] * shifted.values[i] / (1 + x * shifted.values[i]);
    }
    return sum;
  };
  // Fishtest's bracket: 1e-9 inside the poles, where f is +inf and -inf. f is
  // strictly decreasing between them (f' = -sum p a^2 / (1 + x a)^2), so
  // bisection down to adjacent doubles finds its one root.
  constexpr double kPoleMargin = 1e-9;
  double lo = -1 / w + kPoleMargin;
  double hi = -1 / v - kPoleMargin;
  for (int i = 0; i < 2000; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (mid <= lo || mid >= hi) break;
    if (f(mid) > 0) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return 0.5 * (lo + hi);
}

absl::StatusOr<Distribution> MleWithMean(const Distribution& observed, double mean) {
  Distribution shifted = observed;
  for (double& a : shifted.values) a -= mean;
  absl::StatusOr<double> x = SolveSecular(shifted);
  if (!x.ok()) return x.status();
  Distribution mle = observed;
  for (size_t i = 0; i < mle.probs.size(); ++i) {
    mle.probs[i] = observed.probs[i] / (1 + *x * shifted.values[i]);
  }
  return mle;
}

absl::StatusOr<Distribution> MleWithTValue(const Distribution& observed, double ref, double t) {
  constexpr int kMaxRounds = 10;
  constexpr double kConverged = 1e-9;
  const size_t n = observed.values.size();
  Distribution mle = observed;
  std::fill(mle.probs.begin(), mle.probs.end(), 1.0 / n);
  for (int round = 0; round < kMaxRounds; ++round) {
    const Moments m = ComputeMoments(mle);
    const double sigma = std::sqrt(m.variance);
    Distribution shifted = observed;
    for (double& a : shifted.values) {
      const double z = (m.mean - a) / sigma;
      a = a - ref - t * sigma * (1 + z * z) / 2;
    }
    absl::StatusOr<double> x = SolveSecular(shifted);
    if (!x.ok()) return x.status();
    double change = 0;
    for (size_t i = 0; i < n; ++i) {
      const double p = observed.probs[i] / (1 + *x * shifted.values[i]);
      change = std::max(change, std::abs(p - mle.probs[i]));
      mle.probs[i] = p;
    }
    if (change < kConverged) break;
  }
  return mle;
}

}  // namespace gc9::coordinator::stats
