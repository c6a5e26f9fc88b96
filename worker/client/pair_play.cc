#include "worker/client/pair_play.h"

#include <string>

#include "common/status_macros.h"

namespace gc9::worker {

absl::StatusOr<PairRecord> PlayAssignment(const MatchSettings& settings,
                                          const proto::RunConfig& config,
                                          const proto::PairAssignment& assignment, Player& engine_a,
                                          Player& engine_b, const MatchContext& context) {
  ASSIGN_OR_RETURN(const Opening opening, PairOpening(config, assignment));
  if (assignment.game_nodes_size() != 2 || settings.time_control.nodes <= 0) {
    return PlayPair(settings.variant, opening, engine_a, engine_b, settings.time_control,
                    settings.adjudication, context);
  }
  // As PlayPair does it, but each game with its own node limit.
  PairRecord pair;
  Player* white[2] = {&engine_a, &engine_b};
  Player* black[2] = {&engine_b, &engine_a};
  const std::string round = context.round.empty() ? "1" : context.round;
  for (int g = 0; g < 2; ++g) {
    MatchContext game_context = context;
    game_context.round = round + (g == 0 ? ".1" : ".2");
    TimeControl tc = settings.time_control;
    tc.nodes = assignment.game_nodes(g);
    ASSIGN_OR_RETURN(pair.games[g], PlayGame(settings.variant, opening, *white[g], *black[g], tc,
                                             settings.adjudication, game_context));
  }
  pair.first_engine_points_x2 =
      WhitePointsX2(pair.games[0].result) + (2 - WhitePointsX2(pair.games[1].result));
  pair.pentanomial_index = pair.first_engine_points_x2;
  return pair;
}

}  // namespace gc9::worker
