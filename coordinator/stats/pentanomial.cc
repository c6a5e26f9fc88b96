#include "coordinator/stats/pentanomial.h"

#include "absl/strings/str_cat.h"

namespace gc9::coordinator::stats {

absl::Status ValidatePentanomial(const Pentanomial& pentanomial) {
  for (int i = 0; i < 5; ++i) {
    if (pentanomial.counts[i] < 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("pentanomial count P", i, " is negative (", pentanomial.counts[i], ")"));
    }
  }
  return absl::OkStatus();
}

absl::Status ValidateWinLossDraw(const WinLossDraw& wld) {
  if (wld.wins < 0) {
    return absl::InvalidArgumentError(absl::StrCat("win count is negative (", wld.wins, ")"));
  }
  if (wld.losses < 0) {
    return absl::InvalidArgumentError(absl::StrCat("loss count is negative (", wld.losses, ")"));
  }
  if (wld.draws < 0) {
    return absl::InvalidArgumentError(absl::StrCat("draw count is negative (", wld.draws, ")"));
  }
  return absl::OkStatus();
}

int64_t PairCount(const Pentanomial& pentanomial) {
  int64_t pairs = 0;
  for (int64_t count : pentanomial.counts) pairs += count;
  return pairs;
}

WinLossDraw ApproximateWinLossDraw(const Pentanomial& pentanomial) {
  const auto& p = pentanomial.counts;
  const int64_t win_loss_pairs = p[2] / 2;
  WinLossDraw wld;
  wld.wins = p[3] + 2 * p[4] + win_loss_pairs;
  wld.losses = p[1] + 2 * p[0] + win_loss_pairs;
  wld.draws = p[1] + p[3] + 2 * (p[2] - win_loss_pairs);
  return wld;
}

}  // namespace gc9::coordinator::stats
