#include "coordinator/stats/distribution.h"

#include <cmath>

namespace gc9::coordinator::stats {

namespace {
constexpr double kRegularizationEpsilon = 1e-3;  // LLRcalc.regularize
}  // namespace

std::vector<double> Regularize(absl::Span<const int64_t> counts) {
  std::vector<double> out;
  out.reserve(counts.size());
  for (int64_t c : counts) {
    out.push_back(c == 0 ? kRegularizationEpsilon : static_cast<double>(c));
  }
  return out;
}

Sample ToSample(absl::Span<const int64_t> counts) {
  const std::vector<double> regularized = Regularize(counts);
  Sample sample;
  for (double c : regularized) sample.total += c;
  const double last = static_cast<double>(regularized.size() - 1);
  for (size_t i = 0; i < regularized.size(); ++i) {
    sample.pdf.values.push_back(static_cast<double>(i) / last);
    sample.pdf.probs.push_back(regularized[i] / sample.total);
  }
  return sample;
}

Moments ComputeMoments(const Distribution& pdf) {
  Moments m;
  for (size_t i = 0; i < pdf.values.size(); ++i) {
    m.mean += pdf.probs[i] * pdf.values[i];
  }
  double m3 = 0;
  double m4 = 0;
  for (size_t i = 0; i < pdf.values.size(); ++i) {
    const double d = pdf.values[i] - m.mean;
    m.variance += pdf.probs[i] * d * d;
    m3 += pdf.probs[i] * d * d * d;
    m4 += pdf.probs[i] * d * d * d * d;
  }
  m.skewness = m3 / std::pow(m.variance, 1.5);
  m.excess_kurtosis = m4 / (m.variance * m.variance) - 3;
  return m;
}

}  // namespace gc9::coordinator::stats
