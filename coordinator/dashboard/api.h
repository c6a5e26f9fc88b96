// What the dashboard shows, asked of the core on its executor and of the read side, and
// answered as protobuf's JSON mapping of the messages the command line already uses. Each
// call blocks the calling HTTP thread until the answer comes; it never blocks the executor.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "coordinator/core/core.h"
#include "coordinator/core/executor.h"
#include "coordinator/core/read_side.h"
#include "proto/coordinator.pb.h"

namespace gc9::coordinator::dashboard {

class Api {
 public:
  Api(core::Core* core, core::Executor* executor, core::ReadSide* reads)
      : core_(core), executor_(executor), reads_(reads) {}

  // proto::ListReply; with a state ("pending", "running", "finished", "cancelled",
  // "failed"), only the runs in it, else InvalidArgument naming the states.
  absl::StatusOr<std::string> RunsJson(absl::string_view state);
  // proto::StatusReply with the history (statistics over the pairs, SPSA's trajectory, the
  // run's workers); NotFound for an unknown run.
  absl::StatusOr<std::string> RunJson(int64_t run_id);
  // The run's configuration as protobuf text, as it was submitted.
  absl::StatusOr<std::string> RunConfigText(int64_t run_id);
  absl::StatusOr<std::string> WorkersJson();  // proto::ListWorkersReply
  absl::StatusOr<std::string> CancelJson(int64_t run_id);
  absl::StatusOr<std::string> SetBlockedJson(int64_t worker_id, bool blocked);
  // One page of the run's games as PGN, after `after_pair` (-1: from the start).
  absl::StatusOr<proto::ExportPgnReply> PgnPage(int64_t run_id, int64_t after_pair);

 private:
  // The answer `make` gave for `key` less than kFreshFor ago, else a new one. Many open pages
  // then cost the core and the CPU one answer per kFreshFor, not one per poll; pages poll
  // every 1.5 s, so what they show is at most that much older. Errors are not kept.
  absl::StatusOr<std::string> Fresh(const std::string& key,
                                    const std::function<absl::StatusOr<std::string>()>& make);
  // Actions change what the answers show, so they start afresh.
  void Forget();

  // Runs the core's `handler` on its executor and waits for its reply.
  template <typename Request, typename Reply>
  absl::StatusOr<Reply> Ask(void (core::Core::*handler)(const Request&, Reply*, core::Done),
                            const Request& request);
  absl::StatusOr<proto::StatusReply> Status(int64_t run_id, bool history);
  absl::StatusOr<std::string> ListJson(absl::string_view state);  // RunsJson, uncached

  core::Core* core_;
  core::Executor* executor_;
  core::ReadSide* reads_;

  static constexpr std::chrono::milliseconds kFreshFor{500};
  struct Kept {
    std::chrono::steady_clock::time_point made;
    std::string answer;
  };
  std::mutex mutex_;
  std::map<std::string, Kept> kept_;  // by request: "runs?state=...", "run/ID", "workers"
};

// A message as JSON: field names as in the .proto, fields at their defaults printed too (a
// script should not have to guess that a missing "failures" means 0).
std::string ToJson(const google::protobuf::Message& message);

}  // namespace gc9::coordinator::dashboard
