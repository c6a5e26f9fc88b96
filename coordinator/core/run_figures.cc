#include "coordinator/core/run_figures.h"

#include <utility>

#include "absl/status/statusor.h"
#include "coordinator/config/run_config.h"
#include "coordinator/stats/summary.h"

namespace gc9::coordinator::core {

void FillRunFigures(const PentanomialCounts& counts, const proto::RunConfig& config,
                    proto::RunFigures* figures) {
  stats::Pentanomial pentanomial;
  pentanomial.counts = counts;
  const int64_t pairs = stats::PairCount(pentanomial);
  if (pairs == 0 || config.has_spsa()) return;
  absl::StatusOr<stats::Summary> summary =
      stats::Summarize(pentanomial, config::SprtParamsOf(config));
  if (!summary.ok()) return;  // counts and parameters were validated; nothing to show else
  figures->set_pairs(pairs);
  figures->set_elo(summary->elo.elo);
  figures->set_elo_low(summary->elo.low);
  figures->set_elo_high(summary->elo.high);
  figures->set_nelo(summary->nelo.nelo);
  figures->set_nelo_low(summary->nelo.low);
  figures->set_nelo_high(summary->nelo.high);
  figures->set_los(summary->elo.los);
  if (config.has_sprt()) {
    figures->set_llr(summary->sprt.llr);
    figures->set_llr_lower(summary->sprt.bounds.lower);
    figures->set_llr_upper(summary->sprt.bounds.upper);
  }
}

void FiguresHistory::Record(int64_t counted, const PentanomialCounts& counts,
                            const proto::RunConfig& config) {
  // SPSA has no figures to chart (its engines change every batch).
  if (counted % spacing_ != 0 || config.has_spsa()) return;
  FillRunFigures(counts, config, &points_.emplace_back());
  if (points_.size() < kMaxPoints) return;
  // Keep the points at multiples of the doubled spacing: with spacing s the kept counts are
  // s, 2s, ..., so the odd positions (0-based) hold the multiples of 2s.
  std::vector<proto::RunFigures> kept;
  kept.reserve(kMaxPoints / 2);
  for (size_t i = 1; i < points_.size(); i += 2) kept.push_back(std::move(points_[i]));
  points_ = std::move(kept);
  spacing_ *= 2;
}

}  // namespace gc9::coordinator::core
