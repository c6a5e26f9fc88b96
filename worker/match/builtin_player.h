// gc9's own engine as a Player, in process: no pipes, no text, parameters set per game.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "worker/match/player.h"

namespace gc9::worker {

struct BuiltinPlayerOptions {
  std::string name = "gc9";
  std::vector<std::pair<std::string, double>> params;  // applied at every NewGame
};

class BuiltinPlayer : public Player {
 public:
  explicit BuiltinPlayer(BuiltinPlayerOptions options);
  ~BuiltinPlayer() override;

  const std::string& name() const override { return options_.name; }
  absl::Status NewGame(const std::shared_ptr<const engine::Variant>& variant) override;
  absl::StatusOr<PlayerMove> Go(const GoRequest& request) override;
  void Quit() override;

 private:
  struct Impl;
  BuiltinPlayerOptions options_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gc9::worker
