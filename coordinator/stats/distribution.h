// Discrete distributions over scores and their moments, as fishtest's
// LLRcalc.py represents game results: values ascending, probabilities summing
// to 1.
#pragma once

#include <cstdint>
#include <vector>

#include "absl/types/span.h"

namespace gc9::coordinator::stats {

struct Distribution {
  std::vector<double> values;
  std::vector<double> probs;
};

struct Moments {
  double mean = 0;
  double variance = 0;
  double skewness = 0;
  double excess_kurtosis = 0;
};

// Fishtest's LLRcalc.regularize: a zero count becomes 1e-3, so that every
// outcome class has positive probability and no logarithm or division below
// meets a zero. Empty and one-class samples stay finite this way.
std::vector<double> Regularize(absl::Span<const int64_t> counts);

// Fishtest's LLRcalc.results_to_pdf: the regularized counts of 2n+1 score
// classes as a distribution over i/(2n), i.e. the score per game of one
// group of n games, with `total` the regularized sample size.
struct Sample {
  double total = 0;
  Distribution pdf;
};
Sample ToSample(absl::Span<const int64_t> counts);

// Fishtest's LLRcalc.stats_ex. Skewness and kurtosis need variance > 0, which a
// regularized sample always has.
Moments ComputeMoments(const Distribution& pdf);

}  // namespace gc9::coordinator::stats
