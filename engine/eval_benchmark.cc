// Speed of the static evaluation on start and middlegame positions of the main variants.
#include "benchmark/benchmark.h"
#include "engine/eval.h"
#include "engine/variant_catalog.h"

namespace gc9::engine {
namespace {

void Evaluate(benchmark::State& state, const char* variant_name, const char* fen) {
  auto variant = BuiltinVariant(variant_name);
  Position pos(*variant);
  if (!pos.SetFen(fen).ok()) {
    state.SkipWithError("bad FEN");
    return;
  }
  const Params params;
  const Evaluator eval(*variant, params.snapshot());
  for (auto _ : state) benchmark::DoNotOptimize(eval.Evaluate(pos));
}

BENCHMARK_CAPTURE(Evaluate, grandchess9_start, "grandchess9",
                  "rcnsqkbcr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RCNSQKBCR[PPpp] w - - 0 1");
BENCHMARK_CAPTURE(Evaluate, grandchess9_middlegame, "grandchess9",
                  "r1n1qkbcr/1pp1p1pp1/p1cp1p2p/3s5/4P4/2NP1N3/PPP2PPPP/R1C1QKBCR/3S5 w - - 0 12");
BENCHMARK_CAPTURE(Evaluate, grand_start, "grand",
                  "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1");
BENCHMARK_CAPTURE(
    Evaluate, grand_middlegame, "grand",
    "r8r/4ka2n1/1ppn1p2pp/5qp3/p2Pp2p2/P3PP1P1P/2P3Q3/1P4B1P1/4K1A1N1/R8R w - - 2 21");

}  // namespace
}  // namespace gc9::engine

BENCHMARK_MAIN();
