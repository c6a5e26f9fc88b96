// Draw and resign adjudication from the scores the engines report, as cutechess does it: both
// engines must agree over a run of consecutive plies before a game is decided for them.
#pragma once

#include <optional>
#include <vector>

#include "engine/types.h"
#include "worker/match/settings.h"

namespace gc9::worker {

class ScoreAdjudicator {
 public:
  enum class Verdict { kNone, kDraw, kWhiteWins, kBlackWins };

  explicit ScoreAdjudicator(const Adjudication& rules) : rules_(rules) {}

  // Records the ply just played: who moved, the score it reported in centipawns from its own
  // point of view (nullopt: it reported none, which breaks every run), and the move's full
  // move number (as PGN numbers it). Returns the verdict the scores now support.
  Verdict AddPly(engine::Color mover, std::optional<int> mover_score_cp, int fullmove);

 private:
  struct Ply {
    engine::Color mover;
    std::optional<int> white_score;
    int fullmove;
  };
  // Whether the last `plies` plies all have a score and satisfy `test` and include a score
  // from each side: "both engines agree". Placement phases let one side move twice running,
  // so alternation alone would not guarantee that.
  template <typename Test>
  bool LastPliesAgree(int plies, Test test) const;

  Adjudication rules_;
  std::vector<Ply> plies_;
};

// A mate score as centipawns beyond any real evaluation, so resign thresholds treat it as won.
int MateAsCentipawns(int mate_in);

}  // namespace gc9::worker
