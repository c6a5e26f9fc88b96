#include "worker/match/adjudicator.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>

namespace gc9::worker {

int MateAsCentipawns(int mate_in) {
  // An engine may print any distance; past 50000 moves they are all one, so that an absurd
  // one keeps its sign (mate in 2147483647 was -2147383647, a loss).
  const int distance = int(std::min<int64_t>(std::abs(int64_t{mate_in}), 50000));
  return mate_in > 0 ? 100000 - distance : -100000 + distance;
}

template <typename Test>
bool ScoreAdjudicator::LastPliesAgree(int plies, Test test) const {
  // A run of one ply would be one engine's opinion; two is the least for both to speak.
  plies = std::max(plies, 2);
  if (int(plies_.size()) < plies) return false;
  bool seen[2] = {false, false};
  for (int i = int(plies_.size()) - plies; i < int(plies_.size()); ++i) {
    const Ply& ply = plies_[i];
    if (!ply.white_score.has_value() || !test(ply)) return false;
    seen[ply.mover] = true;
  }
  return seen[engine::kWhite] && seen[engine::kBlack];
}

ScoreAdjudicator::Verdict ScoreAdjudicator::AddPly(engine::Color mover,
                                                   std::optional<int> mover_score_cp,
                                                   int fullmove) {
  std::optional<int> white_score;
  if (mover_score_cp.has_value()) {
    white_score = mover == engine::kWhite ? *mover_score_cp : -*mover_score_cp;
  }
  plies_.push_back({mover, white_score, fullmove});

  if (rules_.resign_plies > 0 && rules_.resign_score_cp > 0) {
    const int threshold = rules_.resign_score_cp;
    if (LastPliesAgree(rules_.resign_plies,
                       [&](const Ply& p) { return *p.white_score >= threshold; })) {
      return Verdict::kWhiteWins;
    }
    if (LastPliesAgree(rules_.resign_plies,
                       [&](const Ply& p) { return *p.white_score <= -threshold; })) {
      return Verdict::kBlackWins;
    }
  }
  if (rules_.draw_plies > 0) {
    // Only plies from the draw move number on count towards the run.
    const int threshold = rules_.draw_score_cp;
    auto drawish = [&](const Ply& p) {
      return p.fullmove >= rules_.draw_move_number && std::abs(*p.white_score) <= threshold;
    };
    if (LastPliesAgree(rules_.draw_plies, drawish)) {
      return Verdict::kDraw;
    }
  }
  return Verdict::kNone;
}

}  // namespace gc9::worker
