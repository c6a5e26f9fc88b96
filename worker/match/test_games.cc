#include "worker/match/test_games.h"

#include <utility>

#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/game.h"
#include "gtest/gtest.h"

namespace gc9::worker {

void ExpectAllLegal(const std::shared_ptr<const engine::Variant>& variant, const GameRecord& game) {
  absl::StatusOr<std::unique_ptr<engine::Game>> board = engine::Game::New(variant);
  ASSERT_TRUE(board.ok()) << board.status();
  ASSERT_TRUE((*board)->SetFen(game.start_fen).ok());
  for (const std::string& text : game.moves) {
    const engine::Color mover = (*board)->side_to_move();
    absl::Status status = (*board)->Play(text);
    ASSERT_TRUE(status.ok()) << text << ": " << status;
    if (variant->multi_move()) {
      EXPECT_NE((*board)->side_to_move(), mover) << text << " is no whole turn";
      EXPECT_EQ((*board)->turn_moves(), 0) << text;
    }
  }
}

std::vector<std::string> UciOfSan(const std::shared_ptr<const engine::Variant>& variant,
                                  const std::string& start_fen,
                                  const std::vector<std::string>& san_moves) {
  std::vector<std::string> out;
  absl::StatusOr<std::unique_ptr<engine::Game>> board = engine::Game::New(variant);
  if (!board.ok() || !(*board)->SetFen(start_fen).ok()) {
    ADD_FAILURE() << "no game from " << start_fen;
    return out;
  }
  engine::Game& game = **board;
  for (const std::string& turn : san_moves) {
    const engine::Color mover = game.side_to_move();
    std::vector<std::string> parts;
    for (absl::string_view san : absl::StrSplit(turn, ',')) {
      absl::StatusOr<std::string> uci = game.ParseSan(san);
      if (!uci.ok() || !game.Play(*uci).ok()) {
        ADD_FAILURE() << "SAN '" << san << "' of '" << turn << "': " << uci.status();
        return out;
      }
      parts.push_back(*std::move(uci));
    }
    // The pass that closed the turn: implicit after several moves, written after one.
    if (variant->multi_move() && game.side_to_move() == mover && game.turn_moves() > 0) {
      if (!game.Play("0000").ok()) {
        ADD_FAILURE() << "'" << turn << "' cannot end there";
        return out;
      }
      if (parts.size() == 1) parts.push_back("0000");
    }
    out.push_back(absl::StrJoin(parts, ","));
  }
  return out;
}

}  // namespace gc9::worker
