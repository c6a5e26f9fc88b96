// Game-pair (pentanomial) and per-game (W/L/D) result counts, the inputs of
// every statistic in this folder, and their validation.
#pragma once

#include <array>
#include <cstdint>

#include "absl/status/status.h"

namespace gc9::coordinator::stats {

// counts[i] is the number of game pairs in which the tested engine scored i/2
// points: [0] LL, [1] LD, [2] DD or WL, [3] WD, [4] WW. Fishtest orders its
// "Ptnml(0-2)" the same way.
struct Pentanomial {
  std::array<int64_t, 5> counts{};
};

struct WinLossDraw {
  int64_t wins = 0;
  int64_t losses = 0;
  int64_t draws = 0;
};

// InvalidArgument naming the first negative count.
absl::Status ValidatePentanomial(const Pentanomial& pentanomial);
absl::Status ValidateWinLossDraw(const WinLossDraw& wld);

int64_t PairCount(const Pentanomial& pentanomial);

// W/L/D counts consistent with `pentanomial`, approximately: a pair scoring 1
// is DD or WL and the pentanomial cannot tell which. Half of them (rounded
// down) count as WL, the rest as DD, which halves the worst-case error of
// either extreme; with today's unbalanced opening books most are WL, with
// balanced ones most are DD. Use real W/L/D counts where they are known.
WinLossDraw ApproximateWinLossDraw(const Pentanomial& pentanomial);

}  // namespace gc9::coordinator::stats
