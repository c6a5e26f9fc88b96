#include "worker/client/random_opening.h"

#include <memory>
#include <random>
#include <utility>
#include <vector>

#include "common/status_macros.h"
#include "engine/game.h"
#include "engine/variant_catalog.h"

namespace gc9::worker {

absl::StatusOr<proto::OpeningPosition> RandomOpening(const std::string& variant_name, int plies,
                                                     uint64_t seed) {
  absl::StatusOr<std::shared_ptr<const engine::Variant>> variant =
      engine::BuiltinVariant(variant_name);
  if (!variant.ok()) return variant.status();
  ASSIGN_OR_RETURN(std::unique_ptr<engine::Game> game, engine::Game::New(*variant));
  std::mt19937_64 rng(seed);
  proto::OpeningPosition opening;
  for (int ply = 0; ply < plies && game->Result().end == engine::GameEnd::kOngoing; ++ply) {
    // A multi-move variant's entry is a whole turn: random moves until the other side is to
    // move.
    const engine::Color us = game->side_to_move();
    std::vector<std::string> turn;
    do {
      const std::vector<std::string> legal = game->LegalMoves();
      if (legal.empty()) break;
      turn.push_back(legal[rng() % static_cast<uint64_t>(legal.size())]);
      RETURN_IF_ERROR(game->Play(turn.back()));
    } while ((*variant)->multi_move() && game->side_to_move() == us && game->turn_moves() > 0);
    if (turn.empty()) break;
    opening.add_move(engine::TurnText(std::move(turn)));
  }
  return opening;
}

}  // namespace gc9::worker
