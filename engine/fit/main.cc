// gc9-fit-eval: fits a variant's evaluation weights to a reference engine's scores (see
// eval_fit.h) and prints them as `eval_weights` lines for the variant's definition.
//   gc9-fit-eval --variant grand [--passes 12] [--only A,B] [--out weights.txt] scored.txt...
// --variant takes a built-in name or a definition file (*.textproto). The fit starts from the
// variant's own weights, so a second fit continues the first. --only fits the named weights
// and holds the rest: a new term's weights, measured by the error they remove alone.
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
    "[--out FILE] SCORED...\n";

int Fail(const std::string& message) {
  std::cerr << "gc9-fit-eval: " << message << "\n";
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace gc9::engine;
  std::string variant_name, out_path;
  int passes = 12;
  std::vector<std::string> inputs;
  std::vector<int> only;  // --only: the parameters to fit, empty for all
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--variant" && has_value) {
      variant_name = argv[++i];
    } else if (arg == "--out" && has_value) {
      out_path = argv[++i];
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

  std::vector<fit::FitSample> samples;
  fit::SampleCounts counts;
  for (const std::string& path : inputs) {
    if (absl::Status s = fit::ReadScoredPositions(path, *variant, &samples, &counts); !s.ok()) {
      return Fail(std::string(s.message()));
    }
  }
  std::fprintf(stderr, "%d positions, %d quiet enough to fit (%d in check or mid-exchange)\n",
               counts.lines, counts.kept, counts.not_quiet);
  if (counts.kept == 0) return Fail("no quiet positions to fit");

  fit::EvalFit fit(*variant, std::move(samples));
  fit.FitOnly(only);
  Params params = fit::StartingParams(**variant);
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
  const std::string weights = fit::EvalWeightsText(params);
  if (out_path.empty()) {
    std::cout << weights;
  } else if (std::ofstream out(out_path); !(out << weights)) {
    return Fail(out_path + ": cannot be written");
  }
  return 0;
}
