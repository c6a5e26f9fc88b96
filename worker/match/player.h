// A player of games: the one interface behind which the match code sees an external UCI engine
// (a child process) and the built-in engine (in process), and tests see scripted players.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "engine/variant.h"
#include "worker/match/settings.h"

namespace gc9::worker {

// What the player is asked to move in. The position is given whole every time (start FEN plus
// every move since), so a restarted engine needs no history.
struct GoRequest {
  std::string start_fen;  // never empty: the game's start position
  std::vector<std::string> moves;
  TimeControl time_control;
  // Both clocks before this move and both increments (clock time controls only). They differ
  // from the mover's own time control when a run gives each engine its own.
  int64_t white_ms = 0;
  int64_t black_ms = 0;
  int64_t white_increment_ms = 0;
  int64_t black_increment_ms = 0;
  bool white_to_move = true;
  // Wall time from the call after which the player gives up waiting and reports kTimeLoss
  // (the mover's clock or movetime plus the margin, or the untimed cap); PlayGame sets it.
  int64_t deadline_ms = 0;
};

struct PlayerMove {
  // What went wrong, when something did; each one loses the game for this player.
  enum Fault {
    kNone,
    kCrash,          // the process died or closed its output
    kTimeLoss,       // no move by the deadline
    kProtocolError,  // output that is no UCI (e.g. a malformed bestmove)
  };

  std::string uci;              // the move as the player wrote it; checked by the caller, not here
  std::optional<int> score_cp;  // the last `score cp` before the move, mover's view
  std::optional<int> mate_in;   // the last `score mate N` (negative: being mated)
  int64_t nodes = 0;
  int depth = 0;
  int64_t elapsed_ms = 0;  // from sending go to the move, as measured by the player
  Fault fault = kNone;
  std::string detail;  // for faults: what was seen (the last line, the exit status ...)

  bool crashed() const { return fault == kCrash; }
};

absl::string_view FaultName(PlayerMove::Fault fault);

// Why a player cannot play at all, which is no game result: the worker reports it and gives
// the batch up. It rides on the error status of NewGame, or of Go when the engine died before
// its first move (a payload, so the message stays the engine's own words).
struct StartFailure {
  enum Kind {
    kMissing,  // the executable does not exist or cannot be executed
    kStart,    // it failed the UCI handshake, or died before it had ever moved
  };
  Kind kind = kStart;
  std::string player;  // the player's name
};
absl::Status WithStartFailure(absl::Status status, StartFailure::Kind kind,
                              const std::string& player);
// The start failure `status` carries, if any.
std::optional<StartFailure> StartFailureOf(const absl::Status& status);

class Player {
 public:
  virtual ~Player() = default;

  // The name written to the PGN.
  virtual const std::string& name() const = 0;

  // Prepares for a new game of `variant`: (re)starts the engine if it is not running (first
  // use, or after a crash, time loss or protocol error), selects the variant and resets the
  // game state. An error means this player cannot play at all (no such executable, the
  // variant unsupported, handshake failed; a StartFailure says which): the pair cannot be
  // played, which is no game result.
  virtual absl::Status NewGame(const std::shared_ptr<const engine::Variant>& variant) = 0;

  // Asks for a move. Engine misbehaviour is reported as a Fault in the PlayerMove, not as an
  // error, with one exception: an engine that dies before it has ever moved (since the
  // player was made) has not started, so that is a StartFailure. Any other error status means
  // the player was used wrongly (no NewGame first).
  virtual absl::StatusOr<PlayerMove> Go(const GoRequest& request) = 0;

  // Ends the engine (politely, then by force); the next NewGame starts it again.
  virtual void Quit() = 0;
};

// The player an EngineSpec describes: a UciPlayer for kExternal, a BuiltinPlayer for kBuiltin.
absl::StatusOr<std::unique_ptr<Player>> MakePlayer(const EngineSpec& spec);

}  // namespace gc9::worker
