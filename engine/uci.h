// The UCI text front end: parses commands, drives the Engine, and answers in the format of
// Stockfish and Fairy-Stockfish. A bad command never ends the session. `go` returns at once
// and the search reports from its own thread, so `stop` and `isready` are answered while the
// engine thinks.
#pragma once

#include <iosfwd>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "engine/engine.h"

namespace gc9::engine {

class UciSession {
 public:
  explicit UciSession(std::ostream& out);
  ~UciSession();

  // Handles one command line; false after `quit`.
  bool Handle(absl::string_view line);
  // Reads commands until `quit` or the end of input, then finishes the search (Finish).
  void Run(std::istream& in);
  // Waits for a running search to deliver its best move; an infinite one is stopped first,
  // since no `stop` can come any more.
  void Finish();
  // Blocks until the running search (if any) has printed its best move.
  void WaitForSearch() { engine_.Wait(); }

  absl::Status LoadParameters(const std::string& path) { return engine_.LoadParameters(path); }
  Engine& engine() { return engine_; }

 private:
  void Uci();
  absl::Status SetOption(absl::string_view args);
  absl::Status SetVariant(absl::string_view name);
  absl::Status SetPosition(absl::string_view args);
  absl::Status Go(absl::string_view args);
  absl::Status Perft(absl::string_view args);
  absl::Status Bench(absl::string_view args);
  void Display();
  void Error(absl::string_view message);
  // Writes one or more whole lines; the search thread writes too, so every write locks.
  void Emit(absl::string_view text);
  // Stops and waits for a search before a command that changes the engine's state.
  void Idle();

  std::ostream& out_;
  std::mutex out_mutex_;
  std::map<std::string, std::shared_ptr<const Variant>, std::less<>> user_variants_;
  bool infinite_ = false;  // the running search waits for `stop`
  Engine engine_;          // last member: its search thread ends before the rest goes
};

}  // namespace gc9::engine
