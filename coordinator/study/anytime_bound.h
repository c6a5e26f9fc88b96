// The confidence radius behind the adaptive allocator's stopping rule: valid
// for every cell of a study and at every number of games at once.
#pragma once

#include <cstdint>

namespace gc9::coordinator::study {

// A game's score lies in [0, 1], so Hoeffding's inequality gives
// P(|mean_n - mu| >= r) <= 2 exp(-2 n r^2). Spending delta_n = 6 delta / (pi^2
// K n^2) of the error budget on a cell's n-th game (the sum over n of 1/n^2 is
// pi^2/6, over the K cells it is K times that) makes the radius
//   r(n) = sqrt(ln(pi^2 K n^2 / (3 delta)) / (2 n))
// hold for all K cells and all n simultaneously with probability >= 1 - delta.
// Any decision taken while every interval holds is right, whatever order the
// games were played in, so the guarantee survives lost leases and a coordinator
// that hands out cells differently from the sampling rule. +inf for n = 0.
double AnytimeRadius(int64_t games, int64_t cell_count, double delta);

}  // namespace gc9::coordinator::study
