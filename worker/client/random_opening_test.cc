// Random openings, drawn by the worker from each pair's seed: whole turns in multi-move
// variants, plies in the others, the same moves again for the same seed.
#include "worker/client/random_opening.h"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "engine/game.h"
#include "engine/variant_catalog.h"
#include "gtest/gtest.h"
#include "worker/client/match_settings.h"

namespace gc9::worker {
namespace {

TEST(RandomOpening, PliesAreWholeTurnsInMultiMoveVariants) {
  auto variant = *engine::BuiltinVariant("granlem-multimove");
  int multi = 0;
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    absl::StatusOr<proto::OpeningPosition> opening = RandomOpening("granlem-multimove", 4, seed);
    ASSERT_TRUE(opening.ok()) << opening.status();
    EXPECT_EQ(opening->move_size(), 4);
    std::unique_ptr<engine::Game> game = *engine::Game::New(variant);
    for (const std::string& turn : opening->move()) {
      const engine::Color mover = game->side_to_move();
      ASSERT_TRUE(game->Play(turn).ok()) << turn;
      EXPECT_NE(game->side_to_move(), mover) << turn;
      // Play closes a turn of several moves itself: a pass is written only after a lone move.
      if (absl::EndsWith(turn, ",0000")) {
        EXPECT_EQ(std::count(turn.begin(), turn.end(), ','), 1) << turn;
      }
      multi += absl::StrContains(turn, ",");
    }
    absl::StatusOr<proto::OpeningPosition> again = RandomOpening("granlem-multimove", 4, seed);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(std::vector<std::string>(again->move().begin(), again->move().end()),
              std::vector<std::string>(opening->move().begin(), opening->move().end()));
  }
  EXPECT_GT(multi, 0);
}

TEST(RandomOpening, SingleMoveVariantsGetPlies) {
  absl::StatusOr<proto::OpeningPosition> opening = RandomOpening("granlem", 6, 3);
  ASSERT_TRUE(opening.ok()) << opening.status();
  ASSERT_EQ(opening->move_size(), 6);
  std::unique_ptr<engine::Game> game = *engine::Game::New(*engine::BuiltinVariant("granlem"));
  for (const std::string& move : opening->move()) {
    EXPECT_FALSE(absl::StrContains(move, ",")) << move;
    EXPECT_TRUE(game->Play(move).ok()) << move;
  }
}

TEST(PairOpening, OwnOpeningThenRandomFromTheSeedThenTheStart) {
  proto::RunConfig config;
  config.set_variant("grandchess9");
  proto::PairAssignment pair;
  pair.set_seed(77);
  absl::StatusOr<Opening> start = PairOpening(config, pair);
  ASSERT_TRUE(start.ok()) << start.status();
  EXPECT_TRUE(start->fen.empty());
  EXPECT_TRUE(start->moves.empty());

  config.mutable_openings()->mutable_random()->set_plies(4);
  absl::StatusOr<Opening> random = PairOpening(config, pair);
  ASSERT_TRUE(random.ok()) << random.status();
  absl::StatusOr<proto::OpeningPosition> expected = RandomOpening("grandchess9", 4, 77);
  ASSERT_TRUE(expected.ok());
  EXPECT_EQ(random->moves,
            std::vector<std::string>(expected->move().begin(), expected->move().end()));
  EXPECT_EQ(random->moves.size(), 4u);
  // A replay of the pair (same seed) plays the same opening.
  EXPECT_EQ(PairOpening(config, pair)->moves, random->moves);

  // A pair that carries its own opening (a placement study's cell) plays it.
  pair.mutable_opening()->add_move("P@c3");
  absl::StatusOr<Opening> own = PairOpening(config, pair);
  ASSERT_TRUE(own.ok());
  EXPECT_EQ(own->moves, std::vector<std::string>{"P@c3"});
}

}  // namespace
}  // namespace gc9::worker
