// bench: a fixed search of fixed positions from every built-in variant. Its node count is the
// engine's behaviour signature (kBenchSignature): the same on every run and machine, so a
// change of the count means a change of what the engine does.
#pragma once

#include <cstdint>
#include <functional>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/params.h"

namespace gc9::engine {

inline constexpr int kBenchDepth = 7;
// `gc9-engine bench` at the default parameters and kBenchDepth. Update it (and say so in the
// commit) whenever a change is meant to alter the search or the evaluation.
inline constexpr uint64_t kBenchSignature = 292751;

struct BenchPosition {
  const char* variant;
  const char* fen;
};
// The positions, grouped by variant: every built-in variant has some.
const std::vector<BenchPosition>& BenchPositions();

struct BenchResult {
  uint64_t nodes = 0;
  uint64_t nps = 0;
  int64_t time_ms = 0;
};

// Searches every bench position to `depth` with a fresh 16 MB hash each; `print` gets a line
// per position.
absl::StatusOr<BenchResult> RunBench(const ParamSnapshot& params, int depth,
                                     const std::function<void(absl::string_view)>& print);

}  // namespace gc9::engine
