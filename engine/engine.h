// The engine API: variant, position, parameters and a search running in its own thread,
// with callbacks for its progress and its best move. The UCI front end and the worker both
// drive the engine through this class; nothing here parses or prints UCI text.
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "engine/game.h"
#include "engine/params.h"
#include "engine/search_types.h"
#include "engine/tt.h"

namespace gc9::engine {

using BestMoveCallback = std::function<void(const SearchResult&)>;

class Engine {
 public:
  Engine();  // TheGrandChess9 from its start position, default parameters, 16 MB hash
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // The setters below fail with FailedPrecondition while a search runs (Stop and Wait first).
  // A built-in variant by name, or any concluded variant; the position becomes its start.
  absl::Status SetVariant(absl::string_view name);
  absl::Status SetVariant(std::shared_ptr<const Variant> variant);
  // `fen` is a FEN or "startpos"; the moves are UCI text. On error the position is unchanged.
  absl::Status SetPosition(absl::string_view fen, const std::vector<std::string>& moves = {});
  absl::Status SetParameter(absl::string_view name, double value);  // rounded as Params::Set
  // A parameter file's text or path (Params::ApplyText's format).
  absl::Status SetParameters(absl::string_view text);
  absl::Status LoadParameters(const std::string& path);
  absl::Status SetHashSize(int megabytes);
  // Forgets everything learnt: the hash table and the searchers' move-ordering statistics.
  // The next search repeats a fresh engine's.
  absl::Status NewGame();

  // Starts a search of the current position in the search thread. on_info gets every finished
  // iteration, on_bestmove the result once (both from the search thread).
  absl::Status Go(const SearchLimits& limits, InfoCallback on_info, BestMoveCallback on_bestmove);
  void Stop();
  // Blocks until the search (if any) has delivered its best move.
  void Wait();
  bool searching() const { return searching_.load(); }
  // Go and Wait in one: the result of a search of the current position.
  absl::StatusOr<SearchResult> Search(const SearchLimits& limits, InfoCallback on_info = nullptr);

  // The current position (a Game of the variant's board build).
  const Game& game() const { return *game_; }
  const Params& params() const { return params_; }

 private:
  absl::Status CheckIdle() const;
  // Clears what searches learn (NewGame's work).
  void Forget();

  // The searcher of the board build that plays the current variant, made on first use.
  BoardSearcher& SearcherFor(const Variant& variant);

  std::unique_ptr<Game> game_;
  Params params_;
  // Parameters or variant changed: cached evaluations and statistics are wrong.
  bool stale_ = false;
  TranspositionTable tt_;
  std::unique_ptr<BoardSearcher> narrow_searcher_, wide_searcher_;
  void SearchThreadLoop();

  // One search thread for the engine's life: starting a thread for every move cost more than
  // the few hundred nodes a fast match searches (the worker plays millions of such moves).
  std::thread thread_;
  std::mutex mutex_;
  std::condition_variable wake_;  // a job was posted, or quit_
  std::condition_variable idle_;  // the job (search and best-move callback) has finished
  std::function<void()> job_;     // the next search, taken by the search thread
  bool busy_ = false;             // a job is posted or running
  bool quit_ = false;
  std::atomic<bool> stop_{false};
  std::atomic<bool> searching_{false};
};

}  // namespace gc9::engine
