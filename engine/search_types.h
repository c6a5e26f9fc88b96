// What a search is asked and what it answers, the same for every board build: the limits of
// `go`, the progress of an iteration and the result; and the interface of a board build's
// searcher, which the Engine runs in its search thread.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/game_end.h"
#include "engine/params.h"
#include "engine/types.h"

namespace gc9::engine {

class Game;

inline constexpr int kMaxPly = 128;
inline constexpr int kMateScore = 32000;
inline constexpr int kMateBound = kMateScore - kMaxPly;  // scores beyond this are mates
inline constexpr int kInfiniteScore = 32001;

// The longest time a clock, an increment or a move time may hold, in ms: a week. No game
// needs more, and sums of a few such times stay far from int64's end. Run configurations
// refuse longer ones; the search reads longer ones (from a GUI) as this.
inline constexpr int64_t kMaxTimeMs = int64_t{7} * 24 * 3600 * 1000;

// What `go` asks for. Zero means "no limit" for depth, nodes, movetime and movestogo.
struct SearchLimits {
  int depth = 0;
  uint64_t nodes = 0;  // exact: the search visits at most this many nodes
  int64_t movetime_ms = 0;
  bool use_clock = false;  // wtime/btime given
  int64_t time_ms[2] = {0, 0};
  int64_t inc_ms[2] = {0, 0};
  int movestogo = 0;
  bool infinite = false;
};

struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  int score = 0;  // centipawns from the side to move's view
  int mate = 0;   // moves to mate when the score is a mate (negative: being mated), else 0
  uint64_t nodes = 0;
  uint64_t nps = 0;
  int64_t time_ms = 0;
  int hashfull = 0;
  std::vector<Move> pv;
  std::vector<std::string> pv_uci;
};

struct SearchResult {
  Move best;  // none when the game is over; a multi-move turn's first move
  Move ponder;
  std::string best_uci = "(none)";  // a multi-move turn's moves joined by commas
  std::string ponder_uci;
  GameResult game;  // how the game stands at the root
  SearchInfo info;  // the last completed (or stopped) iteration
};

using InfoCallback = std::function<void(const SearchInfo&)>;

// The `info ...` line of UCI for an iteration.
std::string InfoLine(const SearchInfo& info);

// One search thread's state for one board build: its move-ordering statistics, evaluator
// and node counter. The transposition table belongs to the caller, which may share it between
// searches.
class BoardSearcher {
 public:
  virtual ~BoardSearcher() = default;
  // Searches `root` (a Game of this board build) within `limits`; `stop` is polled and ends the
  // search when set. In a multi-move variant the result holds the whole turn.
  virtual SearchResult Run(const Game& root, const SearchLimits& limits,
                           const ParamSnapshot& params, const std::atomic<bool>& stop,
                           const InfoCallback& on_info) = 0;
  // Forgets what searches learn for the next ones (move-ordering statistics): a new game, or
  // a change of variant or parameters. The transposition table is cleared by its owner.
  virtual void Clear() = 0;
};

}  // namespace gc9::engine
