// Speed of the search: a fixed-depth search from a fresh hash, reported as nodes per second.
#include <atomic>

#include "benchmark/benchmark.h"
#include "engine/search.h"
#include "engine/variant_catalog.h"

namespace gc9::engine {
namespace {

void SearchDepth(benchmark::State& state, const char* variant_name, const char* fen) {
  auto variant = BuiltinVariant(variant_name);
  Position pos(*variant);
  if (!pos.SetFen(fen).ok()) {
    state.SkipWithError("bad FEN");
    return;
  }
  const Params params;
  TranspositionTable tt(16);
  Searcher searcher(&tt);
  const std::atomic<bool> stop{false};
  SearchLimits limits;
  limits.depth = int(state.range(0));
  uint64_t nodes = 0;
  for (auto _ : state) {
    tt.Clear();
    searcher.Clear();
    nodes += searcher.Run(pos, limits, params.snapshot(), stop, nullptr).info.nodes;
  }
  state.counters["nps"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}

BENCHMARK_CAPTURE(SearchDepth, grandchess9, "grandchess9",
                  "rcnsqkbcr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RCNSQKBCR w - - 0 2")
    ->Arg(6)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(SearchDepth, grand, "grand",
                  "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1")
    ->Arg(6)
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace gc9::engine

BENCHMARK_MAIN();
