// Anytime confidence bounds for cell scores: Hoeffding with a union bound, and the trinomial
// mixture-martingale interval.
#include "coordinator/study/anytime_bound.h"

#include <cmath>
#include <limits>
#include <tuple>
#include <unordered_map>

namespace gc9::coordinator::study {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr int kMaxSteps = 100;
constexpr double kOutcome[3] = {0.0, 0.5, 1.0};  // loss, draw, win

// ln of the KT mixture's probability of the counts (any order of the games).
double LogKt(double losses, double draws, double wins) {
  const double half_log_pi = 0.5 * std::log(M_PI);  // ln Gamma(1/2)
  return std::lgamma(1.5) - 3 * half_log_pi + std::lgamma(losses + 0.5) + std::lgamma(draws + 0.5) +
         std::lgamma(wins + 0.5) - std::lgamma(losses + draws + wins + 1.5);
}

double XLogY(double x, double y) { return x > 0 ? x * std::log(y) : 0.0; }

// The root of an increasing function on [low, high] with f(low) <= 0 <= f(high), by Newton
// steps kept inside the bracket (bisection when a step leaves it). `f` returns the value and
// the slope.
template <typename F>
double BracketedRoot(F f, double low, double high) {
  double x = low;
  for (int i = 0; i < kMaxSteps; ++i) {
    const auto [value, slope] = f(x);
    if (value == 0) return x;
    (value < 0 ? low : high) = x;
    double next = slope > 0 ? x - value / slope : 0.5 * (low + high);
    if (!(next > low && next < high)) next = 0.5 * (low + high);
    if (std::fabs(next - x) <= 1e-13 * (1 + std::fabs(x)) || high - low <= 1e-13) return next;
    x = next;
  }
  return x;
}

// K_inf(p, m) for m above p's mean: the smallest KL(p || q) over q with mean >= m, and its
// slope in m, which is the maximizing lambda (envelope theorem, with sum_k p_k / (1 - lambda
// (f_k - m)) = 1 at the optimum).
std::pair<double, double> KInf(const double p[3], double m) {
  const double top = 1.0 / (1.0 - m);
  auto dual = [&](double lambda) {
    double sum = 0;
    for (int k = 0; k < 3; ++k) {
      if (p[k] > 0) sum += p[k] * std::log1p(-lambda * (kOutcome[k] - m));
    }
    return sum;
  };
  // -g'(lambda) and -g''(lambda): increasing in lambda since g is concave.
  auto minus_slope = [&](double lambda) {
    double first = 0, second = 0;
    for (int k = 0; k < 3; ++k) {
      if (p[k] == 0) continue;
      const double a = kOutcome[k] - m;
      const double r = 1 / (1 - lambda * a);
      first += p[k] * a * r;
      second += p[k] * a * a * r * r;
    }
    return std::make_pair(first, second);
  };
  // Without wins the dual may rise all the way to its end, where q puts its extra mass on 1.
  if (p[2] == 0 && minus_slope(top).first <= 0) return {dual(top), top};
  const double lambda = BracketedRoot(minus_slope, 0.0, p[2] == 0 ? top : top * (1 - 1e-15));
  return {dual(lambda), lambda};
}

// The largest m with n K_inf(p, m) <= budget; counts (losses, draws, wins).
double UpperEnd(double losses, double draws, double wins, double budget) {
  const double n = losses + draws + wins;
  const double p[3] = {losses / n, draws / n, wins / n};
  if (p[2] == 1) return 1.0;
  const double mean = p[1] / 2 + p[2];
  // n K_inf rises to n ln(1 / p_win) at m = 1 (all of q on a win), +inf without wins.
  if (p[2] > 0 && n * std::log(1 / p[2]) <= budget) return 1.0;
  auto excess = [&](double m) {
    const auto [k, slope] = KInf(p, m);
    return std::make_pair(n * k - budget, n * slope);
  };
  return BracketedRoot(excess, mean, 1.0 - 1e-12);
}

struct Key {
  int64_t wins, draws, losses, cells;
  double delta;
  bool operator==(const Key& o) const {
    return std::tie(wins, draws, losses, cells, delta) ==
           std::tie(o.wins, o.draws, o.losses, o.cells, o.delta);
  }
};

struct KeyHash {
  size_t operator()(const Key& k) const {
    size_t h = std::hash<int64_t>()(k.wins);
    for (int64_t v : {k.draws, k.losses, k.cells}) h = h * 1000003u ^ std::hash<int64_t>()(v);
    return h * 1000003u ^ std::hash<double>()(k.delta);
  }
};

}  // namespace

double AnytimeRadius(int64_t games, int64_t cell_count, double delta) {
  if (games <= 0) return kInfinity;
  constexpr double kPiSquared = 9.869604401089358;
  const double n = static_cast<double>(games);
  const double beta =
      std::log(kPiSquared * static_cast<double>(cell_count) * n * n / (3.0 * delta));
  return std::sqrt(beta / (2.0 * n));
}

Interval AnytimeInterval(const CellResult& cell, int64_t cell_count, double delta) {
  if (Games(cell) == 0) return Interval{-kInfinity, kInfinity};
  // One executor thread asks; the cache is per thread so that tests on others stay apart.
  thread_local std::unordered_map<Key, Interval, KeyHash> cache;
  const Key key{cell.wins, cell.draws, cell.losses, cell_count, delta};
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  if (cache.size() > (1u << 20)) cache.clear();
  const double w = static_cast<double>(cell.wins);
  const double d = static_cast<double>(cell.draws);
  const double l = static_cast<double>(cell.losses);
  const double n = w + d + l;
  const double log_ml = XLogY(w, w / n) + XLogY(d, d / n) + XLogY(l, l / n);
  const double regret = log_ml - LogKt(l, d, w);
  const double budget = std::log(static_cast<double>(cell_count) / delta) + regret;
  Interval interval;
  interval.high = UpperEnd(l, d, w, budget);
  interval.low = 1.0 - UpperEnd(w, d, l, budget);  // the mirror: White's losses as wins
  cache.emplace(key, interval);
  return interval;
}

}  // namespace gc9::coordinator::study
