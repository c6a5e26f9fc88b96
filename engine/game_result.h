// How a position stands by the variant's rules: ongoing, or which end it has reached.
#pragma once

#include "engine/game_end.h"
#include "engine/position.h"

namespace gc9::engine::GC9_BOARD {

// The ends in the order of ../shared/spec: no legal move (checkmate, the shielded end,
// stalemate), then dead material, the fifty-move rule and repetition.
// Only at the start of a turn: in the middle of a multi-move turn the game goes on.
GameResult Adjudicate(Position& pos);
// Neither side can ever mate (the variant's dead-material rule).
bool IsDeadMaterial(const Position& pos);
// How many times the current position has occurred, counting this time.
int RepetitionCount(const Position& pos);

}  // namespace gc9::engine::GC9_BOARD
