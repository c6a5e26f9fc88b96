#include "tests/oracle/random_walk.h"

#include <map>
#include <random>

#include "absl/strings/str_cat.h"
#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/variant_catalog.h"
#include "gtest/gtest.h"
#include "tests/oracle/compare.h"

namespace gc9::oracle {
namespace {

constexpr int kMaxPlies = 80;
constexpr int kSampleEvery = 10;

struct Sample {
  std::string fen;
  std::string replay;  // the start FEN and the moves that reached it, for a failure report
  std::map<std::string, uint64_t> divide;
};

}  // namespace

void RandomWalk(const FairyStockfish& fsf, const RandomWalkSpec& spec) {
  ASSERT_TRUE(fsf.CheckAvailable().ok()) << fsf.CheckAvailable();
  auto variant = engine::BuiltinVariant(spec.variant);
  ASSERT_TRUE(variant.ok()) << variant.status();
  ASSERT_FALSE(spec.starts.empty());

  // The seed is fixed, so a failure names a game that can be replayed.
  std::mt19937_64 rng(spec.seed);
  std::vector<Sample> samples;
  for (int game = 0; game < spec.games; ++game) {
    const std::string& start = spec.starts[game % spec.starts.size()];
    engine::Position pos(*variant);
    ASSERT_TRUE(pos.SetFen(start).ok()) << start;
    std::string replay = absl::StrCat("game ", game, ": position fen ", start, " moves");
    for (int ply = 1; ply <= kMaxPlies; ++ply) {
      engine::MoveList list;
      engine::GenerateLegal(pos, &list);
      if (list.size == 0) break;
      const engine::Move m = list.moves[std::uniform_int_distribution<int>(0, list.size - 1)(rng)];
      absl::StrAppend(&replay, " ", engine::MoveToUci(pos, m));
      pos.DoMove(m);
      if (ply % kSampleEvery == 0) {
        samples.push_back({pos.Fen(), replay, Gc9Divide(pos, spec.depth)});
      }
    }
  }
  ASSERT_GE(samples.size(), spec.min_samples);
  ::testing::Test::RecordProperty("positions", int(samples.size()));

  std::vector<PerftQuery> queries;
  for (const Sample& s : samples) queries.push_back({s.fen, spec.depth});
  absl::StatusOr<std::vector<PerftResult>> expected = fsf.PerftBatch(queries);
  ASSERT_TRUE(expected.ok()) << expected.status();
  int mismatches = 0;
  for (size_t i = 0; i < samples.size(); ++i) {
    ::testing::AssertionResult same = SameDivide(samples[i].fen, samples[i].divide, (*expected)[i]);
    if (!same) {
      ADD_FAILURE() << same.message() << "  reached by " << samples[i].replay;
      // The first few locate a bug; more would only bury them.
      if (++mismatches == 5) break;
    }
  }
}

}  // namespace gc9::oracle
