// Playing games and game pairs between two Players: every move checked with gc9's own rules,
// clocks kept, games ended by the variant's rules or by adjudication, the record and PGN made.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/game_end.h"
#include "engine/variant.h"
#include "worker/match/player.h"
#include "worker/match/settings.h"

namespace gc9::worker {

struct GameRecord {
  std::string white;
  std::string black;
  engine::Outcome result = engine::Outcome::kDraw;
  // checkmate, shielded, stalemate, dead, fifty, repetition, adjudicated-draw, resign,
  // max-length, illegal-move, time-loss, crash, protocol-error
  std::string reason;
  std::string detail;              // free text for faults: the illegal move, the exit status ...
  std::vector<std::string> moves;  // every move from start_fen, the opening's included
  int opening_plies = 0;           // how many of `moves` came from the opening
  // The PGN comment of each entry of `moves`: "" for the opening's, then what the engine said
  // and what the move cost ("+0.35/12 0.412s [%clk 0:00:09.6]").
  std::vector<std::string> move_comments;
  std::string start_fen;
  std::string pgn;
};

struct PairRecord {
  GameRecord games[2];             // engine A is White in games[0] and Black in games[1]
  int first_engine_points_x2 = 0;  // 0..4: half points engine A scored over both games
  // 0..4 in fishtest's order: A's pair score was 0, 1/2, 1, 3/2 or 2 (LL, LD, DD or WL, WD, WW).
  int pentanomial_index = 0;
};

// What the PGN tags need beyond the game itself, and a way to abandon a game.
struct MatchContext {
  std::string event = "gc9 match";
  std::string site;
  std::string round;  // PlayPair appends ".1" and ".2"
  std::string date;   // "YYYY.MM.DD"; empty: today
  // When set and it becomes true, PlayGame stops between moves with a Cancelled error.
  const std::atomic<bool>* cancel = nullptr;
};

// Plays one game. Errors are only for games that cannot be played (a bad opening, a player
// that fails NewGame, cancellation); everything an engine does wrong is a lost game.
// `tc.side[0]` is White's time control and `tc.side[1]` Black's.
absl::StatusOr<GameRecord> PlayGame(const std::shared_ptr<const engine::Variant>& variant,
                                    const Opening& opening, Player& white, Player& black,
                                    const SideTimeControls& tc, const Adjudication& adjudication,
                                    const MatchContext& context = {});

// Plays the opening twice with colours swapped, engine A White first; `tc.side[0]` is engine
// A's time control and `tc.side[1]` engine B's, whatever colour they have. Under a node limit
// shared by both, `game_nodes[g]` (when positive) replaces it for game g: placement studies
// vary it so that a deterministic engine plays different games from one cell.
absl::StatusOr<PairRecord> PlayPair(const std::shared_ptr<const engine::Variant>& variant,
                                    const Opening& opening, Player& engine_a, Player& engine_b,
                                    const SideTimeControls& tc, const Adjudication& adjudication,
                                    const MatchContext& context = {},
                                    std::array<int64_t, 2> game_nodes = {});

// Half points White scored: 2, 1 or 0 for a win, a draw or a loss.
int WhitePointsX2(engine::Outcome result);

}  // namespace gc9::worker
