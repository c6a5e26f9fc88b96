#include "coordinator/cli/workers_report.h"

#include <algorithm>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "coordinator/cli/report.h"

namespace gc9::coordinator::cli {
namespace {

using Row = std::vector<std::string>;

const Row kHeader = {"ID",    "HOST",     "CORES",   "BENCH",       "STATE",   "RUNS",
                     "PAIRS", "FAILURES", "CRASHES", "TIME-LOSSES", "ILLEGAL", "CONTACT"};

std::string Age(int64_t then_ms, int64_t now_ms) {
  if (then_ms <= 0) return "never";
  return FormatDuration(static_cast<double>(std::max<int64_t>(0, now_ms - then_ms)) / 1000) +
         " ago";
}

Row RowOf(const proto::WorkerStatus& worker, int64_t now_ms) {
  return {absl::StrCat(worker.worker_id()),
          worker.hostname().empty() ? "-" : worker.hostname(),
          absl::StrCat(worker.cores()),
          absl::StrCat(worker.bench_signature()),
          std::string(WorkerStateName(worker.state())),
          worker.run_id().empty() ? "-" : absl::StrJoin(worker.run_id(), ","),
          absl::StrCat(worker.pairs()),
          absl::StrCat(worker.failures()),
          absl::StrCat(worker.crashes()),
          absl::StrCat(worker.time_losses()),
          absl::StrCat(worker.illegal_moves()),
          Age(worker.last_contact_unix_ms(), now_ms)};
}

// Rows with their columns padded to the widest cell; each row may be followed by more lines.
std::string Table(const std::vector<Row>& rows, const std::vector<std::string>& after) {
  std::vector<size_t> widths(kHeader.size(), 0);
  for (const Row& row : rows) {
    for (size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], row[i].size());
  }
  std::string text;
  for (size_t r = 0; r < rows.size(); ++r) {
    std::string line;
    for (size_t i = 0; i < rows[r].size(); ++i) {
      absl::StrAppend(&line, rows[r][i], std::string(widths[i] - rows[r][i].size() + 2, ' '));
    }
    line.erase(line.find_last_not_of(' ') + 1);
    absl::StrAppend(&text, line, "\n", after[r]);
  }
  return text;
}

std::string LastFailure(const proto::WorkerStatus& worker) {
  if (worker.failures() == 0) return "";
  return absl::StrCat("    last failure, run ", worker.last_failure().run_id(), ": ",
                      FailureReason(worker.last_failure()), "\n");
}

std::string WorkerToJson(const proto::WorkerStatus& worker, int64_t now_ms) {
  return absl::StrCat(
      "{\"worker_id\": ", worker.worker_id(), ", \"hostname\": ", JsonString(worker.hostname()),
      ", \"cores\": ", worker.cores(), ", \"bench_signature\": ", worker.bench_signature(),
      ", \"engine_build\": ", JsonString(worker.engine_build()),
      ", \"state\": ", JsonString(WorkerStateName(worker.state())), ", \"run_ids\": [",
      absl::StrJoin(worker.run_id(), ", "), "], \"pairs\": ", worker.pairs(),
      ", \"failures\": ", worker.failures(), ", \"crashes\": ", worker.crashes(),
      ", \"time_losses\": ", worker.time_losses(), ", \"illegal_moves\": ", worker.illegal_moves(),
      ", \"last_contact_unix_ms\": ", worker.last_contact_unix_ms(),
      ", \"last_contact_ms_ago\": ", std::max<int64_t>(0, now_ms - worker.last_contact_unix_ms()),
      ", \"registered_unix_ms\": ", worker.registered_unix_ms(),
      ", \"last_failure\": ", worker.failures() > 0 ? FailureToJson(worker.last_failure()) : "null",
      "}");
}

}  // namespace

absl::string_view WorkerStateName(proto::WorkerState state) {
  switch (state) {
    case proto::WORKER_ACTIVE:
      return "active";
    case proto::WORKER_IDLE:
      return "idle";
    case proto::WORKER_LOST:
      return "lost";
    case proto::WORKER_BLOCKED:
      return "blocked";
    default:
      return "unknown";
  }
}

std::string FormatWorkers(const proto::ListWorkersReply& reply) {
  if (reply.worker().empty()) return "No workers have registered.\n";
  std::vector<Row> rows = {kHeader};
  std::vector<std::string> after = {""};
  for (const proto::WorkerStatus& worker : reply.worker()) {
    rows.push_back(RowOf(worker, reply.now_unix_ms()));
    after.push_back(LastFailure(worker));
  }
  return Table(rows, after);
}

std::string FormatWorker(const proto::WorkerStatus& worker, int64_t now_unix_ms) {
  return Table({kHeader, RowOf(worker, now_unix_ms)}, {"", LastFailure(worker)});
}

std::string WorkersToJson(const proto::ListWorkersReply& reply) {
  std::vector<std::string> workers;
  for (const proto::WorkerStatus& worker : reply.worker()) {
    workers.push_back(WorkerToJson(worker, reply.now_unix_ms()));
  }
  return absl::StrCat("{\"now_unix_ms\": ", reply.now_unix_ms(), ", \"workers\": [",
                      absl::StrJoin(workers, ", "), "]}");
}

}  // namespace gc9::coordinator::cli
