// One cell of a placement study (a White placement against a Black one): its
// results for White, its score and a confidence interval for the score.
#pragma once

#include <cstdint>

namespace gc9::coordinator::study {

// Results seen from White.
struct CellResult {
  int64_t wins = 0;
  int64_t draws = 0;
  int64_t losses = 0;
};

struct Interval {
  double low = 0.0;
  double high = 1.0;
};

int64_t Games(const CellResult& cell);

// (wins + draws / 2) / games, or 0.5 when there are no games (no information
// either way; callers that must tell "unplayed" apart check Games()).
double Score(const CellResult& cell);

// The per-game variance of the score from the trinomial outcome frequencies:
// (w + d/4)/n - score^2. Below the binomial p(1-p) whenever there are draws.
double ScoreVariance(const CellResult& cell);

// The two-sided normal quantile: 1.959964 for 0.95.
double ZForConfidence(double confidence);

// Wilson's score interval (E. B. Wilson, "Probable inference, the law of
// succession, and statistical inference", JASA 22, 1927), with a draw counted
// as half a win:
//   centre = (p + z^2/2n) / (1 + z^2/n)
//   half   = z / (1 + z^2/n) * sqrt(p(1-p)/n + z^2/4n^2).
// It uses the binomial variance p(1-p), an upper bound on the trinomial one, so
// with draws it is conservative; in exchange it stays inside [0, 1] and is sane
// for a handful of games, which is what most cells of an adaptive study have.
// This is the interval the reports print. [0, 1] for an unplayed cell.
Interval WilsonInterval(const CellResult& cell, double z);

// The normal interval from the trinomial variance, score +- z sqrt(V/n) with V
// from ScoreVariance (the interval fishtest uses for a match score), clipped to
// [0, 1]. Tighter than Wilson when there are many draws, but collapses to a
// point for a cell whose games all ended alike. [0, 1] for an unplayed cell.
Interval TrinomialNormalInterval(const CellResult& cell, double z);

}  // namespace gc9::coordinator::study
