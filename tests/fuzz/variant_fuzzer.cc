// Variant definitions in protobuf text (what `setoption name VariantPath` loads). An accepted
// variant is played for a few plies on its own board build and on the wide one, which must
// agree move for move; every position between turns prints a FEN that reads back. (A FEN has
// no field for a multi-move turn's progress, so a position in the middle of a turn has none:
// its Fen() may even show the side not to move in check, given by the turn's first move.)
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/variant.h"
#include "engine/variant_catalog.h"
#include "tests/fuzz/fuzz_util.h"

namespace {

using gc9::engine::Game;

constexpr int kPlies = 8;

void CheckFenReadsBack(Game& game) {
  const std::string fen = game.Fen();
  std::unique_ptr<Game> copy = game.Clone();
  const absl::Status status = copy->SetFen(fen);
  GC9_FUZZ_CHECK(status.ok(), fen + ": " + std::string(status.message()));
  GC9_FUZZ_CHECK(copy->Fen() == fen, fen + " -> " + copy->Fen());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto variant = gc9::engine::ParseVariantText(gc9::fuzz::Text(data, size), "fuzz");
  if (!variant.ok()) return 0;
  auto wide_variant =
      gc9::engine::Variant::Conclude((*variant)->definition(), gc9::engine::BoardKind::kWide);
  GC9_FUZZ_CHECK(wide_variant.ok(), std::string(wide_variant.status().message()));
  std::unique_ptr<Game> game = *Game::New(*variant);
  auto wide_game = Game::New(*wide_variant);
  GC9_FUZZ_CHECK(wide_game.ok(), std::string(wide_game.status().message()));
  game->Diagram();
  for (int ply = 0; ply < kPlies; ++ply) {
    if (game->turn_moves() == 0) CheckFenReadsBack(*game);
    const std::vector<std::string> moves = game->LegalMoves();
    const std::vector<std::string> wide_moves = (*wide_game)->LegalMoves();
    GC9_FUZZ_CHECK(std::set<std::string>(moves.begin(), moves.end()) ==
                       std::set<std::string>(wide_moves.begin(), wide_moves.end()),
                   game->Fen());
    game->Result();
    if (moves.empty()) break;
    // A spread of moves rather than always the first, so that pieces other than the first
    // get to move.
    const std::string& move = moves[(ply * 7919u) % moves.size()];
    GC9_FUZZ_CHECK(game->San(move).ok(), game->Fen() + ": " + move);
    GC9_FUZZ_CHECK(game->Play(move).ok(), game->Fen() + ": " + move);
    GC9_FUZZ_CHECK((*wide_game)->Play(move).ok(), game->Fen() + ": " + move);
  }
  return 0;
}
