// The Position behind a Game of this board build, for the engine's own code and tests that
// look inside a game (the Engine's current position, say).
#pragma once

#include "engine/game.h"
#include "engine/position.h"

namespace gc9::engine::GC9_BOARD {

// `game` must belong to this board build (Game::New of a variant it plays).
const Position& PositionOf(const Game& game);

}  // namespace gc9::engine::GC9_BOARD
