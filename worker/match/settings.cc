#include "worker/match/settings.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "engine/search_types.h"

namespace gc9::worker {
namespace {

std::string Seconds(int64_t ms) {
  if (ms % 1000 == 0) return absl::StrCat(ms / 1000);
  return absl::StrFormat("%g", double(ms) / 1000.0);
}

}  // namespace

bool TimeControl::operator==(const TimeControl& other) const {
  return nodes == other.nodes && depth == other.depth && movetime_ms == other.movetime_ms &&
         base_ms == other.base_ms && increment_ms == other.increment_ms &&
         margin_ms == other.margin_ms && untimed_timeout_ms == other.untimed_timeout_ms;
}

absl::Status ValidateTimeControl(const TimeControl& tc) {
  if (tc.nodes < 0 || tc.depth < 0 || tc.movetime_ms < 0 || tc.base_ms < 0 || tc.increment_ms < 0 ||
      tc.margin_ms < 0 || tc.untimed_timeout_ms < 0) {
    return absl::InvalidArgumentError("time control values must not be negative");
  }
  int styles = (tc.nodes > 0) + (tc.depth > 0) + (tc.movetime_ms > 0) + (tc.base_ms > 0);
  if (styles != 1) {
    return absl::InvalidArgumentError(
        "a time control sets exactly one of nodes, depth, movetime or base (+increment)");
  }
  if (tc.increment_ms > 0 && tc.base_ms == 0) {
    return absl::InvalidArgumentError("an increment needs a base time");
  }
  // The clocks add and compare these; unbounded, they overflowed.
  for (int64_t ms :
       {tc.movetime_ms, tc.base_ms, tc.increment_ms, tc.margin_ms, tc.untimed_timeout_ms}) {
    if (ms > engine::kMaxTimeMs) {
      return absl::InvalidArgumentError(
          absl::StrCat("time control values must be at most ", engine::kMaxTimeMs, " ms"));
    }
  }
  return absl::OkStatus();
}

std::string TimeControlTag(const TimeControl& tc) {
  if (!tc.is_clock()) return "-";
  std::string tag = Seconds(tc.base_ms);
  if (tc.increment_ms > 0) absl::StrAppend(&tag, "+", Seconds(tc.increment_ms));
  return tag;
}

std::string DescribeTimeControl(const TimeControl& tc) {
  if (tc.nodes > 0) return absl::StrCat("nodes=", tc.nodes);
  if (tc.depth > 0) return absl::StrCat("depth=", tc.depth);
  if (tc.movetime_ms > 0) return absl::StrCat("movetime=", tc.movetime_ms, "ms");
  return absl::StrCat(Seconds(tc.base_ms), "+", Seconds(tc.increment_ms));
}

}  // namespace gc9::worker
