#include "coordinator/core/fleet.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace gc9::coordinator::core {
namespace {

// Whether byte `c` continues a UTF-8 sequence (10xxxxxx). A cut must not fall before one:
// proto3 strings must stay valid UTF-8 or the record no longer parses.
bool Continues(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

std::string Head(const std::string& text, size_t limit) {
  if (text.size() <= limit) return text;
  size_t cut = limit;
  while (cut > 0 && Continues(text[cut])) --cut;
  return text.substr(0, cut);
}

std::string Tail(const std::string& text, size_t limit) {
  if (text.size() <= limit) return text;
  size_t start = text.size() - limit;
  while (start < text.size() && Continues(text[start])) ++start;
  return text.substr(start);
}

std::string OneLine(std::string text) {
  std::replace_if(
      text.begin(), text.end(), [](char c) { return c == '\n' || c == '\r' || c == '\t'; }, ' ');
  return text;
}

}  // namespace

void CountWorkerPair(const proto::PairResult& pair, WorkerEntry* worker) {
  ++worker->pairs;
  for (const proto::GameSummary& game : pair.game()) {
    // The match library's reasons (worker/match/match.h).
    if (game.reason() == "crash") ++worker->crashes;
    if (game.reason() == "time-loss") ++worker->time_losses;
    if (game.reason() == "illegal-move") ++worker->illegal_moves;
  }
}

void CountWorkerFailure(const proto::FailureRecord& failure, WorkerEntry* worker) {
  ++worker->failures;
  if (failure.failure_id() >= worker->last_failure.failure_id()) worker->last_failure = failure;
  // A worker that registers again may have been fixed, so only what it failed since counts.
  if (failure.unix_ms() >= worker->record.registered_unix_ms()) {
    worker->excluded_runs.insert(failure.run_id());
  }
}

bool KnowsVariant(const proto::WorkerRecord& worker, const std::string& variant) {
  const auto& variants = worker.capabilities().variant();
  return variants.empty() || std::find(variants.begin(), variants.end(), variant) != variants.end();
}

bool IsLost(const WorkerEntry& worker, int64_t now_ms, int64_t lease_ms) {
  return now_ms - worker.last_contact_ms > lease_ms;
}

proto::WorkerState StateOf(const WorkerEntry& worker, bool holds_live_lease, int64_t now_ms,
                           int64_t lease_ms) {
  if (worker.record.blocked()) return proto::WORKER_BLOCKED;
  if (IsLost(worker, now_ms, lease_ms)) return proto::WORKER_LOST;
  return holds_live_lease ? proto::WORKER_ACTIVE : proto::WORKER_IDLE;
}

absl::StatusOr<proto::FailureRecord> CleanFailure(const proto::FailureRecord& sent) {
  const std::string what =
      absl::StrCat("failure of batch ", sent.batch_id(), " of run ", sent.run_id());
  if (sent.kind() == proto::FAILURE_KIND_UNSPECIFIED || !proto::FailureKind_IsValid(sent.kind())) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, ": no kind (or an unknown one, ", static_cast<int>(sent.kind()), ")"));
  }
  if (sent.message().empty()) {
    return absl::InvalidArgumentError(absl::StrCat(what, ": no message"));
  }
  proto::FailureRecord clean;
  clean.set_run_id(sent.run_id());
  clean.set_batch_id(sent.batch_id());
  clean.set_kind(sent.kind());
  clean.set_engine(OneLine(Head(sent.engine(), kMaxFailureEngine)));
  clean.set_message(OneLine(Head(sent.message(), kMaxFailureMessage)));
  clean.set_detail(Tail(sent.detail(), kMaxFailureDetail));
  return clean;
}

}  // namespace gc9::coordinator::core
