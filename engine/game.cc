#include "engine/game.h"

#include "engine/boards.h"
#include "engine/status_macros.h"

namespace gc9::engine {

absl::StatusOr<std::unique_ptr<Game>> Game::New(std::shared_ptr<const Variant> variant) {
  const bool wide = variant->board_kind() == BoardKind::kWide;
  std::unique_ptr<Game> game = wide ? wide::NewGame(variant) : narrow::NewGame(variant);
  RETURN_IF_ERROR(game->SetFen("startpos"));
  return game;
}

}  // namespace gc9::engine
