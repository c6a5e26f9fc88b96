// A run's statistics as the status carries them (proto::RunFigures), and the sampled history
// of them that the dashboard charts. The maths is coordinator/stats/'s; this only chooses what
// to keep.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "proto/coordinator.pb.h"

namespace gc9::coordinator::core {

using PentanomialCounts = std::array<int64_t, 5>;

// Elo, nElo and LOS of the counts; for an SPRT also the LLR and its bounds. Left empty (all
// zero) with no pair counted or for SPSA, where the engines change every batch.
void FillRunFigures(const PentanomialCounts& counts, const proto::RunConfig& config,
                    proto::RunFigures* figures);

// The figures after a sample of the pairs: every pair at first, then, whenever kMaxPoints are
// kept, every other point is dropped and the spacing doubles. So a run of any length keeps
// between kMaxPoints / 2 and kMaxPoints snapshots spread evenly over its whole life, and
// recording costs O(1) amortized. Figures are computed when recorded, so reading them is cheap.
class FiguresHistory {
 public:
  static constexpr size_t kMaxPoints = 256;

  // Called after each counted pair with the total so far.
  void Record(int64_t counted, const PentanomialCounts& counts, const proto::RunConfig& config);
  const std::vector<proto::RunFigures>& points() const { return points_; }

 private:
  int64_t spacing_ = 1;
  std::vector<proto::RunFigures> points_;
};

}  // namespace gc9::coordinator::core
