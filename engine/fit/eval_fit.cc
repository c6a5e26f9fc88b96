#include "engine/fit/eval_fit.h"

#include <algorithm>
#include <cmath>
#include <fstream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "engine/eval.h"
#include "engine/movegen.h"
#include "engine/movepick.h"
#include "engine/see.h"

namespace gc9::engine::fit {
namespace {

// BestScale's range in hundredths of the reference's scale.
constexpr int kFirstScale = 25, kLastScale = 400;

double Sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

bool Quiet(Position& pos, Move best, const Evaluator& eval) {
  if (pos.InCheck() || IsCapture(pos, best)) return false;
  MoveList captures;
  GenerateLegal(pos, &captures, GenMode::kCaptures);
  for (Move m : captures) {
    if (SeeGe(pos, eval, m, 1)) return false;
  }
  return true;
}

}  // namespace

absl::Status ReadScoredPositions(const std::string& path,
                                 const std::shared_ptr<const Variant>& variant,
                                 std::vector<FitSample>* samples, SampleCounts* counts) {
  if (variant->board_kind() != BoardKind::kNarrow) {
    return absl::InvalidArgumentError(
        absl::StrCat("variant ", variant->name(), ": fitting needs a board of at most 12x10"));
  }
  std::ifstream in(path);
  if (!in) return absl::NotFoundError(absl::StrCat(path, ": cannot be read"));
  const Evaluator eval(variant, Params().snapshot());
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    auto error = [&](absl::string_view problem) {
      return absl::InvalidArgumentError(absl::StrCat(path, ":", number, ": ", problem));
    };
    const absl::string_view text = absl::StripAsciiWhitespace(line);
    if (text.empty()) continue;
    ++counts->lines;
    const std::vector<absl::string_view> fields = absl::StrSplit(text, '|');
    if (fields.size() != 3) return error("expected FEN|score|bestmove");
    int score;
    if (!absl::SimpleAtoi(fields[1], &score) || std::abs(score) > 100000) {
      return error(absl::StrCat("score \"", fields[1], "\" is not a number of centipawns"));
    }
    Position pos(variant);
    if (absl::Status s = pos.SetFen(fields[0]); !s.ok()) return error(s.message());
    auto best = ParseUciMove(pos, fields[2]);
    if (!best.ok()) return error(best.status().message());
    if (!Quiet(pos, *best, eval)) {
      ++counts->not_quiet;
      continue;
    }
    ++counts->kept;
    samples->push_back({std::move(pos), Sigmoid(score * kReferenceLogitPerCp)});
  }
  return absl::OkStatus();
}

Params StartingParams(const Variant& variant) {
  Params params;
  for (const auto& [id, value] : variant.eval_weights()) {
    params.Set(ParamSpecs()[id].name, value).IgnoreError();  // checked when the variant loaded
  }
  return params;
}

EvalFit::EvalFit(std::shared_ptr<const Variant> variant, std::vector<FitSample> samples)
    : variant_(std::move(variant)), samples_(std::move(samples)) {}

std::vector<int> EvalFit::Evaluations(const Params& params) const {
  const Evaluator eval(variant_, params.snapshot());
  std::vector<int> evaluations;
  evaluations.reserve(samples_.size());
  for (const FitSample& s : samples_) evaluations.push_back(eval.Evaluate(s.pos));
  return evaluations;
}

double EvalFit::ErrorOf(const std::vector<int>& evaluations, double scale) const {
  if (samples_.empty()) return 0;
  double sum = 0;
  for (size_t i = 0; i < samples_.size(); ++i) {
    const double d = Sigmoid(evaluations[i] * scale) - samples_[i].target;
    sum += d * d;
  }
  return sum / samples_.size();
}

double EvalFit::Error(const Params& params, double scale) const {
  return ErrorOf(Evaluations(params), scale);
}

double EvalFit::BestScale(const Params& params) const {
  const std::vector<int> evaluations = Evaluations(params);
  double best_scale = kReferenceLogitPerCp, best_error = ErrorOf(evaluations, best_scale);
  for (int hundredths = kFirstScale; hundredths <= kLastScale; ++hundredths) {
    const double scale = kReferenceLogitPerCp * hundredths / 100;
    const double error = ErrorOf(evaluations, scale);
    if (error < best_error) {
      best_error = error;
      best_scale = scale;
    }
  }
  return best_scale;
}

bool EvalFit::AtEndOfScaleRange(double scale) {
  return scale == kReferenceLogitPerCp * kFirstScale / 100 ||
         scale == kReferenceLogitPerCp * kLastScale / 100;
}

bool EvalFit::IsFitted(int id) {
  // The side to move's bonus is left alone: a reference's scores credit the side to move with
  // what its search finds, and the fit then sets Tempo high (46 for Grand Chess). Every node
  // then scores its own side that much better than its children's side, so scores swing by
  // twice that between odd and even depths: null moves fail (85% did) and aspiration windows
  // miss, and the search ran two plies shallower. Tempo 12 instead won 26 Elo (README).
  return IsEvaluationParam(id) && id != kTempo && ParamSpecs()[id].tuned;
}

double EvalFit::Pass(Params* params, double scale, double error) const {
  const auto& specs = ParamSpecs();
  for (int id = 0; id < kParamCount; ++id) {
    if (!IsFitted(id)) continue;
    if (!only_.empty() && std::find(only_.begin(), only_.end(), id) == only_.end()) continue;
    const int step = std::max(1, int(std::lround(specs[id].c_end / 2)));
    for (int direction : {+1, -1}) {
      bool moved = false;
      for (;;) {
        Params trial = *params;
        if (!trial.Set(specs[id].name, params->Get(ParamId(id)) + direction * step).ok()) break;
        const double trial_error = Error(trial, scale);
        if (!(trial_error < error)) break;
        error = trial_error;
        *params = trial;
        moved = true;
      }
      if (moved) break;  // it went up, so going down cannot help as well
    }
  }
  return error;
}

std::string EvalWeightsText(const Params& params) {
  std::string text;
  const auto& specs = ParamSpecs();
  for (int id = 0; id < kParamCount; ++id) {
    if (!IsEvaluationParam(id) || params.Get(ParamId(id)) == specs[id].default_value) continue;
    absl::StrAppend(&text, "eval_weights { name: \"", specs[id].name,
                    "\" value: ", params.Get(ParamId(id)), " }\n");
  }
  return text;
}

}  // namespace gc9::engine::fit
