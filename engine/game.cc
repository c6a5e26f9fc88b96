#include "engine/game.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "common/status_macros.h"
#include "engine/boards.h"

namespace gc9::engine {

absl::StatusOr<std::unique_ptr<Game>> Game::New(std::shared_ptr<const Variant> variant) {
  const bool wide = variant->board_kind() == BoardKind::kWide;
  std::unique_ptr<Game> game = wide ? wide::NewGame(variant) : narrow::NewGame(variant);
  RETURN_IF_ERROR(game->SetFen("startpos"));
  return game;
}

absl::StatusOr<std::string> Game::PlayTurn(absl::string_view text) {
  const Color us = side_to_move();
  RETURN_IF_ERROR(Play(text));
  if (side_to_move() != us || turn_moves() == 0) return std::string(text);
  if (absl::Status pass = Play("0000"); !pass.ok()) {
    Undo();
    return absl::InvalidArgumentError(
        absl::StrCat("the turn is not over and cannot end there: ", pass.message()));
  }
  return absl::StrCat(text, ",0000");
}

std::string TurnText(std::vector<std::string> plies) {
  if (plies.size() > 2 && plies.back() == "0000") plies.pop_back();
  return absl::StrJoin(plies, ",");
}

}  // namespace gc9::engine
