// Fitting the evaluation's weights to a stronger engine's scores: Texel's method, with the
// reference's score of each position as the target instead of the game's result. The error is
// the mean squared difference of win probabilities; coordinate descent moves one parameter at a
// time by its SPSA step while the error falls. Positions must be quiet (no check, no winning
// capture, the reference's best move no capture), since the static evaluation cannot see an
// exchange that is under way. The narrow board build only: every variant up to 12x10.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "engine/params.h"
#include "engine/position.h"
#include "engine/variant.h"

namespace gc9::engine::fit {

// Reference centipawns to a logit: 400 centipawns are odds of 10 to 1, as in Elo.
inline constexpr double kReferenceLogitPerCp = 2.302585092994046 / 400;

struct FitSample {
  Position pos;
  double target;  // the reference's win probability for the side to move
};

struct SampleCounts {
  int lines = 0;
  int kept = 0;
  int not_quiet = 0;  // in check, a winning capture on the board, or a capture as best move
};

// Reads a file of `FEN|score|bestmove` lines (the score in the reference's centipawns from the
// side to move's view, the best move in UCI), as engine/fit/score_positions.py writes them,
// and keeps the quiet positions. Errors name the file, line and problem; blank lines are skipped.
absl::Status ReadScoredPositions(const std::string& path,
                                 const std::shared_ptr<const Variant>& variant,
                                 std::vector<FitSample>* samples, SampleCounts* counts);

// Parameters that hold a variant's own weights as explicit values, so a fit starts from them.
Params StartingParams(const Variant& variant);

class EvalFit {
 public:
  EvalFit(std::shared_ptr<const Variant> variant, std::vector<FitSample> samples);

  // The error at `params` with our centipawns times `scale` as the logit.
  double Error(const Params& params, double scale) const;
  // The scale that fits `params` best: how our centipawns compare with the reference's,
  // searched from 0.25 to 4 times the reference's in steps of 0.01.
  double BestScale(const Params& params) const;
  // Whether `scale` is an end of that range: too few positions, or scores on another scale.
  static bool AtEndOfScaleRange(double scale);
  // One pass over the fitted parameters (IsFitted): each moves in steps of half its c_end
  // while the error falls. Returns the error after the pass; `params` holds the result.
  double Pass(Params* params, double scale, double error) const;
  // Whether the fit moves parameter `id`: the evaluation's tuned weights except Tempo.
  static bool IsFitted(int id);
  // Restricts Pass to these parameters (each IsFitted), e.g. a new term's weights with the
  // rest held; empty, every fitted parameter moves.
  void FitOnly(std::vector<int> ids) { only_ = std::move(ids); }

 private:
  // The evaluation of every sample at `params`; the scale does not change it.
  std::vector<int> Evaluations(const Params& params) const;
  double ErrorOf(const std::vector<int>& evaluations, double scale) const;

  std::shared_ptr<const Variant> variant_;
  std::vector<FitSample> samples_;
  std::vector<int> only_;
};

// The evaluation weights in `params` that differ from the registry's defaults, as
// `eval_weights { ... }` lines for a variant definition.
std::string EvalWeightsText(const Params& params);

}  // namespace gc9::engine::fit
