// Helpers of the search tests: engines set to a position, and rule checks of their answers.
#pragma once

#include <string>
#include <vector>

#include "engine/board_game.h"
#include "engine/engine.h"
#include "engine/game_result.h"
#include "engine/movegen.h"
#include "engine/variant_catalog.h"
#include "gtest/gtest.h"

namespace gc9::engine::testing {

// An engine of `variant` at `fen` ("startpos" for the start).
inline std::unique_ptr<Engine> EngineAt(const std::string& variant, const std::string& fen) {
  auto engine = std::make_unique<Engine>();
  absl::Status s = engine->SetVariant(variant);
  EXPECT_TRUE(s.ok()) << s;
  s = engine->SetPosition(fen);
  EXPECT_TRUE(s.ok()) << s;
  return engine;
}

inline SearchResult SearchOrDie(Engine& engine, const SearchLimits& limits) {
  auto result = engine.Search(limits);
  EXPECT_TRUE(result.ok()) << result.status();
  return result.ok() ? *result : SearchResult();
}

inline SearchLimits Depth(int depth) {
  SearchLimits limits;
  limits.depth = depth;
  return limits;
}

inline SearchLimits Nodes(uint64_t nodes) {
  SearchLimits limits;
  limits.nodes = nodes;
  return limits;
}

// Plays UCI moves on a copy of `pos`; fails the test on an illegal one.
inline Position PlayLine(const Position& pos, const std::vector<std::string>& moves) {
  Position copy = pos;
  for (const std::string& text : moves) {
    auto m = ParseUciMove(copy, text);
    EXPECT_TRUE(m.ok()) << m.status();
    if (!m.ok()) break;
    copy.DoMove(*m);
  }
  return copy;
}

}  // namespace gc9::engine::testing
