// The standard normal distribution: fishtest's Phi and Phi_inv (stat_util.py),
// which call scipy.stats.norm.cdf and .ppf.
#pragma once

namespace gc9::coordinator::stats {

double NormalCdf(double x);

// The x with NormalCdf(x) == p, for p in (0, 1); -inf/+inf at 0/1.
double NormalQuantile(double p);

}  // namespace gc9::coordinator::stats
