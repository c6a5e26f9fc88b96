// The confidence bounds behind the adaptive allocator's stopping rule: valid for every cell
// of a study and at every number of games at once, so the study may stop whenever they
// separate, whatever order the games were played and reported in.
#pragma once

#include <cstdint>

#include "coordinator/study/cell_stats.h"

namespace gc9::coordinator::study {

// Hoeffding's inequality with a union bound over cells and game counts: a game's score lies
// in [0, 1], so P(|mean_n - mu| >= r) <= 2 exp(-2 n r^2); spending delta_n = 6 delta /
// (pi^2 K n^2) of the error budget on a cell's n-th game gives
//   r(n) = sqrt(ln(pi^2 K n^2 / (3 delta)) / (2 n)),
// holding for all K cells and all n with probability >= 1 - delta. It ignores draws (it
// assumes the worst variance, 1/4) and pays 2 ln n for the union over n. +inf for n = 0.
double AnytimeRadius(int64_t games, int64_t cell_count, double delta);

// The bound the allocator uses: a mixture martingale over the trinomial outcome {loss, draw,
// win} = {0, 1/2, 1}. For any outcome distribution q, the Krichevsky-Trofimov mixture
// (Dirichlet(1/2, 1/2, 1/2) prior) over q's likelihood,
//   M_n(q) = KT(n_L, n_D, n_W) / prod_k q_k^{n_k},
//   KT = Gamma(3/2) prod_k Gamma(n_k + 1/2) / (Gamma(1/2)^3 Gamma(n + 3/2)),
// is a non-negative martingale of mean 1 when the games are drawn from q, so by Ville's
// inequality P(exists n: M_n(q) >= K / delta) <= delta / K: no union over n is needed
// (Robbins' method of mixtures; the betting form in Waudby-Smith and Ramdas, "Estimating
// means of bounded random variables by betting", JRSS-B 2024). With the empirical frequencies
// p, {q : M_n(q) < K / delta} is {q : n KL(p || q) < ln(K / delta) + R_n}, R_n = ln(prod
// p_k^{n_k} / KT) the mixture's regret (about ln n), and the interval is the range of q's
// mean over that set: its upper end is the largest m with n K_inf(p, m) <= ln(K / delta) +
// R_n, where K_inf(p, m) = max over lambda in [0, 1 / (1 - m)] of sum_k p_k ln(1 - lambda
// (f_k - m)) (Honda and Takemura's dual, "Non-asymptotic analysis of a new bandit algorithm
// for semi-bounded rewards", JMLR 2015), and the lower end the same for the mirrored
// outcomes. Union over the K cells: all intervals hold at all n with probability >= 1 -
// delta. Since KL is measured on the trinomial, draws narrow it (the width goes as
// sqrt(2 V ln(K / delta) / n) with V the trinomial variance, against Hoeffding's V = 1/4),
// with no lower-order penalty as in empirical Bernstein.
// [-inf, +inf] for an unplayed cell; otherwise inside [0, 1]. Memoized by the counts, since
// the allocator asks for every cell on every call and most cells' counts repeat.
Interval AnytimeInterval(const CellResult& cell, int64_t cell_count, double delta);

}  // namespace gc9::coordinator::study
