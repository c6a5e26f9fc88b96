// Constrained maximum-likelihood estimates of a discrete distribution, the core
// of fishtest's generalized SPRT (server/fishtest/stats/LLRcalc.py: secular,
// MLE_expected, MLE_t_value). Theory: M. Van den Bergh, "Support for MLE of
// multinomial distributions" and "Normalized Elo, practical"
// (cantate.be/Fishtest).
#pragma once

#include "absl/status/statusor.h"
#include "coordinator/stats/distribution.h"

namespace gc9::coordinator::stats {

// The root x of sum_i p_i a_i / (1 + x a_i) = 0 between the poles -1/max(a)
// and -1/min(a). The a_i must take both signs, otherwise there is no root and
// the constraint is unreachable: OutOfRange.
absl::StatusOr<double> SolveSecular(const Distribution& shifted);

// The distribution on the same values that is most likely to have produced the
// empirical `observed` among those whose mean is `mean` (Proposition 1.1 of the
// MLE note): p_i / (1 + x (a_i - mean)).
absl::StatusOr<Distribution> MleWithMean(const Distribution& observed, double mean);

// The same under the constraint (mean - ref) / stdev == t, found by fishtest's
// fixed-point iteration (Section 4.1 of "Normalized Elo, practical"): at most
// ten rounds, each a secular equation whose shifts use the previous round's
// mean and stdev, stopping once no probability moves by 1e-9. The round cap is
// fishtest's too, so that both give the same LLR on hard inputs.
absl::StatusOr<Distribution> MleWithTValue(const Distribution& observed, double ref, double t);

}  // namespace gc9::coordinator::stats
