#include "worker/match/player.h"

#include <utility>

#include "absl/strings/cord.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace gc9::worker {
namespace {

constexpr char kStartFailureUrl[] = "gc9/worker/start-failure";

}  // namespace

absl::string_view FaultName(PlayerMove::Fault fault) {
  switch (fault) {
    case PlayerMove::kNone:
      return "none";
    case PlayerMove::kCrash:
      return "crash";
    case PlayerMove::kTimeLoss:
      return "time-loss";
    case PlayerMove::kProtocolError:
      return "protocol-error";
  }
  return "none";
}

absl::Status WithStartFailure(absl::Status status, StartFailure::Kind kind,
                              const std::string& player) {
  // "missing" or "start", a tab, the player's name.
  status.SetPayload(
      kStartFailureUrl,
      absl::Cord(absl::StrCat(kind == StartFailure::kMissing ? "missing" : "start", "\t", player)));
  return status;
}

std::optional<StartFailure> StartFailureOf(const absl::Status& status) {
  absl::optional<absl::Cord> payload = status.GetPayload(kStartFailureUrl);
  if (!payload.has_value()) return std::nullopt;
  const std::pair<std::string, std::string> parts =
      absl::StrSplit(std::string(*payload), absl::MaxSplits('\t', 1));
  StartFailure failure;
  failure.kind = parts.first == "missing" ? StartFailure::kMissing : StartFailure::kStart;
  failure.player = parts.second;
  return failure;
}

}  // namespace gc9::worker
