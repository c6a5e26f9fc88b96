// MakePlayer: from a run's engine description to a Player.
#include <memory>

#include "absl/strings/str_cat.h"
#include "worker/match/builtin_player.h"
#include "worker/match/player.h"
#include "worker/match/uci_player.h"

namespace gc9::worker {

absl::StatusOr<std::unique_ptr<Player>> MakePlayer(const EngineSpec& spec) {
  switch (spec.kind) {
    case EngineSpec::kExternal: {
      if (spec.path.empty()) return absl::InvalidArgumentError("an external engine needs a path");
      if (!spec.params.empty()) {
        return absl::InvalidArgumentError(
            "parameter overrides are for the built-in engine; use UCI options");
      }
      UciPlayerOptions options;
      options.name = spec.name;
      options.path = spec.path;
      options.args = spec.args;
      options.uci_options = spec.uci_options;
      return std::unique_ptr<Player>(new UciPlayer(std::move(options)));
    }
    case EngineSpec::kBuiltin: {
      if (!spec.path.empty() || !spec.uci_options.empty()) {
        return absl::InvalidArgumentError(
            "the built-in engine takes parameter overrides, not a path or UCI options");
      }
      BuiltinPlayerOptions options;
      if (!spec.name.empty()) options.name = spec.name;
      options.params = spec.params;
      return std::unique_ptr<Player>(new BuiltinPlayer(std::move(options)));
    }
  }
  return absl::InvalidArgumentError("unknown engine kind");
}

}  // namespace gc9::worker
