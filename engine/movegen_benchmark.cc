// Speed of move generation, make/unmake and perft on positions of every built-in variant.
// Run: build/engine/gc9_movegen_benchmark (not a test: speed is reported, never asserted).
#include <benchmark/benchmark.h>

#include "engine/movegen.h"
#include "engine/perft.h"
#include "engine/variant_catalog.h"

namespace gc9::engine {
namespace {

struct Case {
  const char* variant;
  const char* fen;
};

// A start position and a crowded middle game of each variant.
constexpr Case kCases[] = {
    {"grandchess9", "rcnsqkbcr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RCNSQKBCR[PPpp] w - - 0 1"},
    {"grandchess9", "r1n1qkbcr/pp1ppp1pp/2p1s1p2/2c6/9/3P5/2NS1N3/PPP1PPPPP/R1C1QKBCR w - - 0 8"},
    {"grand", "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1"},
    {"grand", "r8r/1nb1kcabn1/ppp1qppppp/3pp5/10/4P5/2N2A4/PPPP1PPPPP/2BQKC1BN1/R8R w - - 0 5"},
};

Position Load(int index) {
  auto variant = BuiltinVariant(kCases[index].variant);
  Position pos(*variant);
  if (!pos.SetFen(kCases[index].fen).ok()) std::abort();
  return pos;
}

void BM_GenerateLegal(benchmark::State& state) {
  Position pos = Load(int(state.range(0)));
  MoveList list;
  for (auto _ : state) {
    GenerateLegal(pos, &list);
    benchmark::DoNotOptimize(list.size);
  }
  state.SetLabel(kCases[state.range(0)].variant);
}
BENCHMARK(BM_GenerateLegal)->DenseRange(0, 3);

void BM_DoUndoMove(benchmark::State& state) {
  Position pos = Load(int(state.range(0)));
  MoveList list;
  GenerateLegal(pos, &list);
  for (auto _ : state) {
    for (Move m : list) {
      pos.DoMove(m);
      pos.UndoMove();
    }
  }
  state.SetItemsProcessed(int64_t(state.iterations()) * list.size);
  state.SetLabel(kCases[state.range(0)].variant);
}
BENCHMARK(BM_DoUndoMove)->DenseRange(0, 3);

void BM_Perft3(benchmark::State& state) {
  Position pos = Load(int(state.range(0)));
  uint64_t leaves = 0;
  for (auto _ : state) leaves += Perft(pos, 3);
  state.counters["leaves/s"] = benchmark::Counter(double(leaves), benchmark::Counter::kIsRate);
  state.SetLabel(kCases[state.range(0)].variant);
}
BENCHMARK(BM_Perft3)->DenseRange(1, 3)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace gc9::engine

BENCHMARK_MAIN();
