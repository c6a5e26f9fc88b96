// How the command line shows the fleet (`gc9 workers`, `gc9 block`): a table with a line per
// worker, or JSON.
#pragma once

#include <string>

#include "absl/strings/string_view.h"
#include "proto/coordinator.pb.h"

namespace gc9::coordinator::cli {

// "active", "idle", "lost", "blocked".
absl::string_view WorkerStateName(proto::WorkerState state);

// A header and a row per worker (id, host, cores, bench, state, runs, pairs, failures,
// crashes, time losses, illegal moves, last contact as an age), each worker with failures
// followed by its last one.
std::string FormatWorkers(const proto::ListWorkersReply& reply);
// One worker's row alone, with the header, e.g. after `gc9 block`.
std::string FormatWorker(const proto::WorkerStatus& worker, int64_t now_unix_ms);
// {"now_unix_ms": ..., "workers": [{"worker_id": ..., "state": "idle", ...}, ...]}
std::string WorkersToJson(const proto::ListWorkersReply& reply);

}  // namespace gc9::coordinator::cli
