#include "coordinator/dashboard/api.h"

#include <algorithm>
#include <future>
#include <memory>
#include <utility>

#include "absl/strings/str_cat.h"
#include "google/protobuf/text_format.h"
#include "google/protobuf/util/json_util.h"

namespace gc9::coordinator::dashboard {
namespace {

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

template <typename Reply>
absl::StatusOr<std::string> JsonOf(const absl::StatusOr<Reply>& reply) {
  if (!reply.ok()) return reply.status();
  return ToJson(*reply);
}

}  // namespace

template <typename Request, typename Reply>
absl::StatusOr<Reply> Api::Ask(void (core::Core::*handler)(const Request&, Reply*, core::Done),
                               const Request& request) {
  // Owned by the task and this thread together: the core fills the reply on its thread, and
  // this one takes it after the answer.
  struct Call {
    Request request;
    Reply reply;
    std::promise<absl::Status> answered;
  };
  auto call = std::make_shared<Call>();
  call->request = request;
  std::future<absl::Status> answer = call->answered.get_future();
  executor_->Post([core = core_, handler, call] {
    (core->*handler)(call->request, &call->reply,
                     [call](absl::Status status) { call->answered.set_value(std::move(status)); });
  });
  if (absl::Status status = answer.get(); !status.ok()) return status;
  return std::move(call->reply);
}

absl::StatusOr<std::string> Api::Fresh(const std::string& key,
                                       const std::function<absl::StatusOr<std::string>()>& make) {
  const auto now = std::chrono::steady_clock::now();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = kept_.find(key);
    if (it != kept_.end() && now - it->second.made < kFreshFor) return it->second.answer;
  }
  absl::StatusOr<std::string> answer = make();
  if (answer.ok()) {
    std::lock_guard<std::mutex> lock(mutex_);
    // Unknown run ids are errors, so the keys are the runs that exist and the state filters.
    kept_[key] = Kept{now, *answer};
  }
  return answer;
}

void Api::Forget() {
  std::lock_guard<std::mutex> lock(mutex_);
  kept_.clear();
}

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
  return Fresh(absl::StrCat("runs?state=", state), [this, state] { return ListJson(state); });
}

absl::StatusOr<std::string> Api::ListJson(absl::string_view state) {
  proto::RunState wanted = proto::RUN_STATE_UNSPECIFIED;
  if (!state.empty()) {
    absl::StatusOr<proto::RunState> parsed = ParseRunState(state);
    if (!parsed.ok()) return parsed.status();
    wanted = *parsed;
  }
  absl::StatusOr<proto::ListReply> list = Ask(&core::Core::HandleList, proto::ListRequest());
  if (!list.ok()) return list.status();
  proto::ListReply& reply = *list;
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
  return Ask(&core::Core::HandleStatus, request);
}

absl::StatusOr<std::string> Api::RunJson(int64_t run_id) {
  return Fresh(absl::StrCat("run/", run_id),
               [this, run_id] { return JsonOf(Status(run_id, /*history=*/true)); });
}

absl::StatusOr<std::string> Api::RunConfigText(int64_t run_id) {
  absl::StatusOr<proto::StatusReply> reply = Status(run_id, /*history=*/false);
  if (!reply.ok()) return reply.status();
  std::string text;
  google::protobuf::TextFormat::PrintToString(reply->run().config(), &text);
  return text;
}

absl::StatusOr<std::string> Api::WorkersJson() {
  return Fresh("workers", [this] {
    return JsonOf(Ask(&core::Core::HandleListWorkers, proto::ListWorkersRequest()));
  });
}

absl::StatusOr<std::string> Api::CancelJson(int64_t run_id) {
  proto::CancelRequest request;
  request.set_run_id(run_id);
  absl::StatusOr<std::string> reply = JsonOf(Ask(&core::Core::HandleCancel, request));
  Forget();
  return reply;
}

absl::StatusOr<std::string> Api::SetBlockedJson(int64_t worker_id, bool blocked) {
  proto::SetWorkerBlockedRequest request;
  request.set_worker_id(worker_id);
  request.set_blocked(blocked);
  absl::StatusOr<std::string> reply = JsonOf(Ask(&core::Core::HandleSetWorkerBlocked, request));
  Forget();
  return reply;
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
