#include "engine/perft.h"

#include "engine/movegen.h"

namespace gc9::engine::GC9_BOARD {

uint64_t Perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList moves;
  GenerateLegal(pos, &moves);
  if (depth == 1) return moves.size;
  uint64_t nodes = 0;
  for (Move m : moves) {
    pos.DoMove(m);
    nodes += Perft(pos, depth - 1);
    pos.UndoMove();
  }
  return nodes;
}

std::vector<std::pair<Move, uint64_t>> PerftDivide(Position& pos, int depth) {
  std::vector<std::pair<Move, uint64_t>> out;
  if (depth <= 0) return out;
  MoveList moves;
  GenerateLegal(pos, &moves);
  for (Move m : moves) {
    pos.DoMove(m);
    out.emplace_back(m, Perft(pos, depth - 1));
    pos.UndoMove();
  }
  return out;
}

}  // namespace gc9::engine::GC9_BOARD
