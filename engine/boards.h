// What each board build (engine/board.h) offers the geometry-free code: its tables for a
// variant, games and searchers. The geometry-free code calls the build that
// Variant::board_kind() names; only engine/variant.cc, engine/game.cc and engine/engine.cc
// include this header.
#pragma once

#include <memory>

#include "engine/game.h"
#include "engine/search_types.h"
#include "engine/variant.h"

namespace gc9::engine {

class TranspositionTable;

#define GC9_DECLARE_BOARD_BUILD(board)                                       \
  namespace board {                                                          \
  std::shared_ptr<const BoardTables> ConcludeTables(const Variant& variant); \
  std::unique_ptr<Game> NewGame(std::shared_ptr<const Variant> variant);     \
  std::unique_ptr<BoardSearcher> NewSearcher(TranspositionTable* tt);        \
  }
GC9_DECLARE_BOARD_BUILD(narrow)
GC9_DECLARE_BOARD_BUILD(wide)
#undef GC9_DECLARE_BOARD_BUILD

}  // namespace gc9::engine
