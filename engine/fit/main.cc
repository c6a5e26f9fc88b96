// gc9-fit-eval: fits a variant's evaluation weights to a reference engine's scores (see
// eval_fit.h) and prints them as `eval_weights` lines for the variant's definition.
//   gc9-fit-eval --variant grand [--passes 12] [--only A,B] [--held-out other.txt]
//                [--out weights.txt] scored.txt...
// --variant takes a built-in name or a definition file (*.textproto). The fit starts from the
// variant's own weights, so a second fit continues the first. --only fits the named weights
// and holds the rest: a new term's weights, measured by the error they remove alone.
// --held-out reports the error of positions the fit does not see (other games) before and
// after it: a fit that lowers its own positions' error but raises theirs learned its games.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "engine/fit/eval_fit.h"
#include "engine/variant_catalog.h"

namespace {

constexpr char kUsage[] =
    "usage: gc9-fit-eval --variant NAME|FILE.textproto [--passes N] [--only NAME,...] "
    "[--held-out SCORED] [--out FILE] SCORED...\n";

int Fail(const std::string& message) {
  std::cerr << "gc9-fit-eval: " << message << "\n";
  return 1;
}

// The quiet positions of these files, or the error that names the file and line.
absl::Status ReadAll(const std::vector<std::string>& paths,
                     const std::shared_ptr<const gc9::engine::Variant>& variant,
                     std::vector<gc9::engine::fit::FitSample>* samples,
                     gc9::engine::fit::SampleCounts* counts) {
  for (const std::string& path : paths) {
    if (absl::Status s = gc9::engine::fit::ReadScoredPositions(path, variant, samples, counts);
        !s.ok()) {
      return s;
    }
  }
  return absl::OkStatus();
}

// The error of `params` at the scale that suits them best.
double ErrorAtBestScale(const gc9::engine::fit::EvalFit& fit, const gc9::engine::Params& params) {
  return fit.Error(params, fit.BestScale(params));
}

}  // namespace

int main(int argc, char** argv) {
  using namespace gc9::engine;
  std::string variant_name, out_path;
  int passes = 12;
  std::vector<std::string> inputs, held_out_inputs;
  std::vector<int> only;  // --only: the parameters to fit, empty for all
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--variant" && has_value) {
      variant_name = argv[++i];
    } else if (arg == "--out" && has_value) {
      out_path = argv[++i];
    } else if (arg == "--held-out" && has_value) {
      held_out_inputs.push_back(argv[++i]);
    } else if (arg == "--only" && has_value) {
      for (absl::string_view name : absl::StrSplit(argv[++i], ',')) {
        const int id = FindParam(name);
        if (id < 0) return Fail(absl::StrCat("--only: unknown parameter \"", name, "\""));
        if (!fit::EvalFit::IsFitted(id)) {
          return Fail(absl::StrCat("--only: ", name, " is not a fitted evaluation weight"));
        }
        only.push_back(id);
      }
    } else if (arg == "--passes" && has_value) {
      if (!absl::SimpleAtoi(argv[++i], &passes) || passes < 1 || passes > 1000) {
        return Fail(std::string("--passes \"") + argv[i] + "\" is not a number from 1 to 1000");
      }
    } else if (absl::StartsWith(arg, "--")) {
      std::cerr << kUsage;
      return Fail("unknown option or missing value: " + arg);
    } else {
      inputs.push_back(arg);
    }
  }
  if (variant_name.empty() || inputs.empty()) {
    std::cerr << kUsage;
    return 2;
  }
  auto variant = absl::EndsWith(variant_name, ".textproto") ? LoadVariantFile(variant_name)
                                                            : BuiltinVariant(variant_name);
  if (!variant.ok()) return Fail(std::string(variant.status().message()));

  std::vector<fit::FitSample> samples, held_out_samples;
  fit::SampleCounts counts, held_out_counts;
  if (absl::Status s = ReadAll(inputs, *variant, &samples, &counts); !s.ok()) {
    return Fail(std::string(s.message()));
  }
  std::fprintf(stderr, "%d positions, %d quiet enough to fit (%d in check or mid-exchange)\n",
               counts.lines, counts.kept, counts.not_quiet);
  if (counts.kept == 0) return Fail("no quiet positions to fit");
  if (absl::Status s = ReadAll(held_out_inputs, *variant, &held_out_samples, &held_out_counts);
      !s.ok()) {
    return Fail(std::string(s.message()));
  }
  if (!held_out_inputs.empty() && held_out_counts.kept == 0) {
    return Fail("--held-out: no quiet positions to check the fit on");
  }

  fit::EvalFit fit(*variant, std::move(samples));
  fit.FitOnly(only);
  const fit::EvalFit held_out(*variant, std::move(held_out_samples));
  Params params = fit::StartingParams(**variant);
  const double held_out_before = held_out_inputs.empty() ? 0 : ErrorAtBestScale(held_out, params);
  const double scale = fit.BestScale(params);
  double error = fit.Error(params, scale);
  std::fprintf(stderr, "our centipawn is %.3f of the reference's; error at the start %.6f\n",
               scale / fit::kReferenceLogitPerCp, error);
  if (fit::EvalFit::AtEndOfScaleRange(scale)) {
    std::fprintf(stderr,
                 "warning: that is the end of the range searched (0.25..4): too few "
                 "positions, or scores on another scale\n");
  }
  const auto start = std::chrono::steady_clock::now();
  for (int pass = 1; pass <= passes; ++pass) {
    const double before = error;
    error = fit.Pass(&params, scale, error);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(stderr, "pass %d of %d: error %.6f, at most %.0f s left\n", pass, passes, error,
                 seconds / pass * (passes - pass));
    if (!(error < before)) break;  // a pass that moved nothing ends the fit
  }
  if (!held_out_inputs.empty()) {
    const double after = ErrorAtBestScale(held_out, params);
    std::fprintf(stderr,
                 "held out (%d quiet positions the fit did not see): error %.6f before the fit, "
                 "%.6f after (%+.1f%%)\n",
                 held_out_counts.kept, held_out_before, after,
                 100 * (after - held_out_before) / held_out_before);
    if (!(after < held_out_before)) {
      std::fprintf(stderr,
                   "warning: the fit did not lower the held-out error: it learned its own "
                   "games, not the evaluation\n");
    }
  }
  const std::string weights = fit::EvalWeightsText(params);
  if (out_path.empty()) {
    std::cout << weights;
  } else if (std::ofstream out(out_path); !(out << weights)) {
    return Fail(out_path + ": cannot be written");
  }
  return 0;
}
