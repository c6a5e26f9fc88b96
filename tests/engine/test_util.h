// Shared helpers of the engine tests: positions from FEN and moves as UCI text.
#pragma once

#include <set>
#include <string>

#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/variant_catalog.h"
#include "gtest/gtest.h"

namespace gc9::engine::testing {

inline std::shared_ptr<const Variant> Builtin(const std::string& name) {
  auto v = BuiltinVariant(name);
  EXPECT_TRUE(v.ok()) << v.status();
  return *v;
}

inline Position PositionOf(const std::string& variant, const std::string& fen) {
  Position pos(Builtin(variant));
  absl::Status s = pos.SetFen(fen);
  EXPECT_TRUE(s.ok()) << s;
  return pos;
}

// Every legal move as UCI text.
inline std::set<std::string> LegalMoves(Position& pos) {
  MoveList list;
  GenerateLegal(pos, &list);
  std::set<std::string> out;
  for (Move m : list) out.insert(MoveToUci(pos, m));
  return out;
}

// The legal moves whose UCI text starts with `prefix` (a from-square such as "e5").
inline std::set<std::string> MovesStartingWith(Position& pos, const std::string& prefix) {
  std::set<std::string> out;
  for (const std::string& m : LegalMoves(pos)) {
    if (m.rfind(prefix, 0) == 0 && m.size() > prefix.size() && !isdigit(m[prefix.size()])) {
      out.insert(m);
    }
  }
  return out;
}

inline void Play(Position& pos, const std::string& uci) {
  auto m = ParseUciMove(pos, uci);
  ASSERT_TRUE(m.ok()) << m.status();
  pos.DoMove(*m);
}

}  // namespace gc9::engine::testing
