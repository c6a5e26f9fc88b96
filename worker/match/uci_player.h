// An external UCI engine as a child process, talked to through pipes with timeouts, restarted
// when it crashes, hangs or talks nonsense.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"
#include "worker/match/child_process.h"
#include "worker/match/player.h"
#include "worker/match/uci_lines.h"

namespace gc9::worker {

struct UciPlayerOptions {
  std::string name;  // empty: the executable's file name
  std::string path;
  std::vector<std::string> args;
  std::vector<std::pair<std::string, std::string>> uci_options;
  // How long the engine may take to answer uci, isready and a quit.
  int64_t handshake_timeout_ms = 10000;
};

class UciPlayer : public Player {
 public:
  explicit UciPlayer(UciPlayerOptions options);
  ~UciPlayer() override;  // kills the child if it is still running
  UciPlayer(const UciPlayer&) = delete;
  UciPlayer& operator=(const UciPlayer&) = delete;

  const std::string& name() const override { return name_; }
  absl::Status NewGame(const std::shared_ptr<const engine::Variant>& variant) override;
  absl::StatusOr<PlayerMove> Go(const GoRequest& request) override;
  void Quit() override;

  // The `id name` the engine gave, once started.
  const std::string& engine_id() const { return description_.id_name; }
  // How many times the process has been started (1 after the first NewGame); tests use it to
  // see a restart.
  int starts() const { return starts_; }
  // The running child's process id, or -1.
  int pid() const { return child_ == nullptr ? -1 : int(child_->pid()); }

 private:
  absl::Status Start();
  absl::Status Send(const std::string& line);
  // Reads lines until one starts with `token`, or the deadline / end of output.
  absl::StatusOr<std::string> WaitFor(absl::string_view token, int64_t timeout_ms);
  absl::Status SyncReady(int64_t timeout_ms);
  // Starts the engine if it is not running, selects the variant and syncs for a new game.
  absl::Status Prepare(const std::shared_ptr<const engine::Variant>& variant);
  // Ends a misbehaving engine so the next NewGame starts a fresh one.
  void Discard();
  // The engine died during Go: a lost game, or a start failure if it has never moved.
  absl::StatusOr<PlayerMove> Crashed(PlayerMove move);

  UciPlayerOptions options_;
  std::string name_;
  std::unique_ptr<ChildProcess> child_;
  UciDescription description_;  // what the running engine answered to `uci`
  bool ready_for_game_ = false;
  // Whether any process of this player ever answered a go. Until then a death is a failure
  // to start (a broken build, a missing library, the wrong engine), not a lost game: those
  // die the same way on every worker and every game, so counting them as results would
  // only fill the run with losses.
  bool moved_ = false;
  int starts_ = 0;
};

}  // namespace gc9::worker
