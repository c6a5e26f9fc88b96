#include "coordinator/dashboard/api.h"

#include <future>
#include <utility>

#include "absl/strings/str_cat.h"
#include "google/protobuf/text_format.h"
#include "google/protobuf/util/json_util.h"

namespace gc9::coordinator::dashboard {
namespace {

// Runs `ask` (which answers through its Done) on `executor` and waits for the answer.
absl::Status Ask(core::Executor* executor, std::function<void(core::Done)> ask) {
  auto answered = std::make_shared<std::promise<absl::Status>>();
  std::future<absl::Status> answer = answered->get_future();
  executor->Post([ask = std::move(ask), answered] {
    ask([answered](absl::Status status) { answered->set_value(std::move(status)); });
  });
  return answer.get();
}

absl::StatusOr<proto::RunState> ParseRunState(absl::string_view name) {
  static constexpr std::pair<absl::string_view, proto::RunState> kStates[] = {
      {"pending", proto::RUN_PENDING},
      {"running", proto::RUN_RUNNING},
      {"finished", proto::RUN_FINISHED},
      {"cancelled", proto::RUN_CANCELLED},
      {"failed", proto::RUN_FAILED}};
  for (const auto& [text, state] : kStates) {
    if (name == text) return state;
  }
  return absl::InvalidArgumentError(
      absl::StrCat("state '", name, "' is none of pending, running, finished, cancelled, failed"));
}

}  // namespace

std::string ToJson(const google::protobuf::Message& message) {
  google::protobuf::util::JsonPrintOptions options;
  options.preserve_proto_field_names = true;
  options.always_print_primitive_fields = true;
  std::string json;
  // Only a message with an Any of an unknown type fails, and gc9's have none.
  (void)google::protobuf::util::MessageToJsonString(message, &json, options);
  return json;
}

absl::StatusOr<std::string> Api::RunsJson(absl::string_view state) {
  proto::RunState wanted = proto::RUN_STATE_UNSPECIFIED;
  if (!state.empty()) {
    absl::StatusOr<proto::RunState> parsed = ParseRunState(state);
    if (!parsed.ok()) return parsed.status();
    wanted = *parsed;
  }
  proto::ListReply reply;
  absl::Status status = Ask(executor_, [this, &reply](core::Done done) {
    core_->HandleList(proto::ListRequest(), &reply, std::move(done));
  });
  if (!status.ok()) return status;
  if (wanted != proto::RUN_STATE_UNSPECIFIED) {
    auto* runs = reply.mutable_run();
    runs->erase(
        std::remove_if(runs->begin(), runs->end(),
                       [wanted](const proto::RunStatus& run) { return run.state() != wanted; }),
        runs->end());
  }
  // Newest first, as a person reads the list.
  std::reverse(reply.mutable_run()->begin(), reply.mutable_run()->end());
  return ToJson(reply);
}

absl::StatusOr<proto::StatusReply> Api::Status(int64_t run_id, bool history) {
  proto::StatusRequest request;
  request.set_run_id(run_id);
  request.set_history(history);
  proto::StatusReply reply;
  absl::Status status = Ask(executor_, [this, &request, &reply](core::Done done) {
    core_->HandleStatus(request, &reply, std::move(done));
  });
  if (!status.ok()) return status;
  return reply;
}

absl::StatusOr<std::string> Api::RunJson(int64_t run_id) {
  absl::StatusOr<proto::StatusReply> reply = Status(run_id, /*history=*/true);
  if (!reply.ok()) return reply.status();
  return ToJson(*reply);
}

absl::StatusOr<std::string> Api::RunConfigText(int64_t run_id) {
  absl::StatusOr<proto::StatusReply> reply = Status(run_id, /*history=*/false);
  if (!reply.ok()) return reply.status();
  std::string text;
  google::protobuf::TextFormat::PrintToString(reply->run().config(), &text);
  return text;
}

absl::StatusOr<std::string> Api::WorkersJson() {
  proto::ListWorkersReply reply;
  absl::Status status = Ask(executor_, [this, &reply](core::Done done) {
    core_->HandleListWorkers(proto::ListWorkersRequest(), &reply, std::move(done));
  });
  if (!status.ok()) return status;
  return ToJson(reply);
}

absl::StatusOr<std::string> Api::CancelJson(int64_t run_id) {
  proto::CancelRequest request;
  request.set_run_id(run_id);
  proto::CancelReply reply;
  absl::Status status = Ask(executor_, [this, &request, &reply](core::Done done) {
    core_->HandleCancel(request, &reply, std::move(done));
  });
  if (!status.ok()) return status;
  return ToJson(reply);
}

absl::StatusOr<std::string> Api::SetBlockedJson(int64_t worker_id, bool blocked) {
  proto::SetWorkerBlockedRequest request;
  request.set_worker_id(worker_id);
  request.set_blocked(blocked);
  proto::SetWorkerBlockedReply reply;
  absl::Status status = Ask(executor_, [this, &request, &reply](core::Done done) {
    core_->HandleSetWorkerBlocked(request, &reply, std::move(done));
  });
  if (!status.ok()) return status;
  return ToJson(reply);
}

absl::StatusOr<proto::ExportPgnReply> Api::PgnPage(int64_t run_id, int64_t after_pair) {
  proto::ExportPgnRequest request;
  request.set_run_id(run_id);
  request.set_after_pair(after_pair);
  proto::ExportPgnReply reply;
  std::promise<absl::Status> answered;
  reads_->HandleExportPgn(request, &reply,
                          [&answered](absl::Status status) { answered.set_value(status); });
  absl::Status status = answered.get_future().get();
  if (!status.ok()) return status;
  return reply;
}

}  // namespace gc9::coordinator::dashboard
