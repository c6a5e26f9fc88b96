// Sequences of worker and user calls into the coordinator's core on a real SQLite file: the
// input is a little program (one byte picks a call, the next bytes its fields, valid ids more
// often than not, so calls reach past the first check). Random bytes go into the opaque
// fields a worker should never write. After every call each run's counts must add up, and a
// restart on the same file (Recover) must give back exactly what the replies had shown.
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "coordinator/core/core.h"
#include "coordinator/store/sqlite_store.h"
#include "google/protobuf/stubs/logging.h"
#include "google/protobuf/text_format.h"
#include "tests/fuzz/fuzz_util.h"

namespace {

namespace core = gc9::coordinator::core;
namespace proto = gc9::proto;

// Reads the program; past its end every read is zero.
class Program {
 public:
  Program(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  bool done() const { return at_ >= size_; }
  uint8_t Byte() { return at_ < size_ ? data_[at_++] : 0; }
  // Mostly a small number below `known` (an id that exists), sometimes anything.
  int64_t Id(int64_t known) {
    const uint8_t b = Byte();
    if (b < 200) return known > 0 ? 1 + b % known : 1;
    if (b < 250) return static_cast<int8_t>(Byte());
    int64_t any = 0;
    for (int i = 0; i < 8; ++i) any = (any << 8) | Byte();
    return any;
  }
  std::string Bytes() {
    std::string out;
    for (int n = Byte() % 24; n > 0; --n) out.push_back(static_cast<char>(Byte()));
    return out;
  }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t at_ = 0;
};

proto::RunConfig ConfigOf(Program& program) {
  proto::RunConfig config;
  config.set_name("fuzz");
  config.set_variant(program.Byte() % 4 == 0 ? "grand" : "grandchess9");
  config.mutable_engine()->mutable_builtin();
  config.mutable_baseline()->mutable_builtin();
  config.mutable_time_control()->set_nodes(100);
  config.set_batch_pairs(1 + program.Byte() % 4);
  config.set_seed(program.Byte());
  const int pairs = 1 + program.Byte() % 12;
  switch (program.Byte() % 3) {
    case 0:
      config.mutable_fixed()->set_pairs(pairs);
      break;
    case 1:
      config.mutable_sprt()->set_elo0(0);
      config.mutable_sprt()->set_elo1(5);
      config.mutable_sprt()->set_max_pairs(pairs);
      break;
    default:
      config.mutable_spsa()->set_pairs(pairs);
      config.mutable_spsa()->set_params("SceptreValueMg,900,600,2000,80,0.04\n");
      break;
  }
  config.mutable_openings()->set_engines_place(true);
  return config;
}

// The core on its file, with the clock the program moves and the batches it was handed.
class Coordinator {
 public:
  explicit Coordinator(std::string path) : path_(std::move(path)) {
    for (const char* suffix : {"", "-wal", "-shm"}) unlink((path_ + suffix).c_str());
    Reopen();
  }

  void Reopen() {
    core_.reset();
    store_.reset();
    auto store = gc9::coordinator::store::SqliteStore::Open(path_);
    GC9_FUZZ_CHECK(store.ok(), std::string(store.status().message()));
    store_ = std::move(*store);
    core::CoreOptions options;
    options.lease_ms = 1000;
    core_ = std::make_unique<core::Core>(store_.get(), options, [this] { return now_; });
    const absl::Status recovered = core_->Recover();
    GC9_FUZZ_CHECK(recovered.ok(), std::string(recovered.message()));
  }

  // The call as gRPC would make it: a request that does not survive the wire (a string field
  // of invalid UTF-8, which proto3 refuses to parse) never reaches the core.
  template <typename Request, typename Reply>
  absl::Status Call(void (core::Core::*handler)(const Request&, Reply*, core::Done),
                    const Request& sent, Reply* reply) {
    Request request;
    if (!request.ParseFromString(sent.SerializeAsString())) {
      return absl::InvalidArgumentError("not a valid message");
    }
    absl::Status result = absl::UnknownError("not answered");
    (core_.get()->*handler)(request, reply, [&](absl::Status status) { result = status; });
    core_->Flush();
    // Every refusal says why.
    GC9_FUZZ_CHECK(result.ok() || !result.message().empty(), "a refusal without a reason");
    return result;
  }

  void Step(Program& program);
  // What a user sees of every run, without the figures that depend on the clock.
  std::vector<std::string> Runs();

 private:
  proto::PairResult PairOf(Program& program);

  std::string path_;
  int64_t now_ = 1'700'000'000'000;
  std::unique_ptr<gc9::coordinator::store::SqliteStore> store_;
  std::unique_ptr<core::Core> core_;
  int64_t runs_ = 0;
  int64_t workers_ = 0;
  std::vector<proto::Batch> batches_;
};

proto::PairResult Coordinator::PairOf(Program& program) {
  proto::PairResult pair;
  if (!batches_.empty()) {
    const proto::Batch& batch = batches_[program.Byte() % batches_.size()];
    pair.set_run_id(batch.run_id());
    pair.set_batch_id(batch.batch_id());
    if (batch.pair_size() > 0) {
      pair.set_pair_index(batch.pair(program.Byte() % batch.pair_size()).pair_index());
    }
  }
  if (program.Byte() % 8 == 0) pair.set_run_id(program.Id(runs_));
  if (program.Byte() % 8 == 0) pair.set_pair_index(program.Id(4));
  static const char* kResults[] = {"1-0", "0-1", "1/2-1/2", "*", "", "2-0"};
  for (int g = program.Byte() % 4 == 0 ? program.Byte() % 4 : 2; g > 0; --g) {
    proto::GameSummary* game = pair.add_game();
    game->set_result(kResults[program.Byte() % 6]);
    // Workers send the outcome; the text is what older databases hold. Values past the enum
    // arrive on the wire as they are.
    if (program.Byte() % 2) game->set_outcome(static_cast<proto::GameResult>(program.Byte() % 6));
    game->set_plies(static_cast<int8_t>(program.Byte()));
    game->set_reason(program.Byte() % 2 ? "checkmate" : program.Bytes());
    if (program.Byte() % 4 == 0) game->add_drop(program.Bytes());
  }
  if (program.Byte() % 4 == 0) pair.set_pentanomial_index(static_cast<int8_t>(program.Byte()));
  if (program.Byte() % 4 == 0) pair.set_kind_record(program.Bytes());
  if (program.Byte() % 8 == 0) pair.add_pgn(program.Bytes());
  return pair;
}

void Coordinator::Step(Program& program) {
  const int64_t worker = program.Id(workers_);
  switch (program.Byte() % 11) {
    case 0: {
      proto::SubmitRequest request;
      *request.mutable_config() = ConfigOf(program);
      proto::SubmitReply reply;
      if (Call(&core::Core::HandleSubmit, request, &reply).ok()) runs_ = reply.run_id();
      break;
    }
    case 1: {
      proto::RegisterRequest request;
      request.set_protocol_version(program.Byte() % 8 == 0 ? program.Byte()
                                                           : gc9::common::kProtocolVersion);
      proto::Capabilities* capabilities = request.mutable_capabilities();
      capabilities->set_cores(static_cast<int8_t>(program.Byte()));
      capabilities->set_hostname(program.Bytes());
      capabilities->add_variant(program.Byte() % 8 == 0 ? program.Bytes() : "grandchess9");
      if (program.Byte() % 2) capabilities->add_variant("grand");
      if (program.Byte() % 4 == 0) request.set_resume_worker_id(program.Id(workers_));
      proto::RegisterReply reply;
      if (Call(&core::Core::HandleRegister, request, &reply).ok()) {
        workers_ = std::max(workers_, reply.worker_id());
      }
      break;
    }
    case 2: {
      proto::AcquireRequest request;
      request.set_worker_id(worker);
      request.set_max_pairs(static_cast<int8_t>(program.Byte()));
      proto::AcquireReply reply;
      if (Call(&core::Core::HandleAcquire, request, &reply).ok() && reply.has_batch()) {
        batches_.push_back(reply.batch());
        if (batches_.size() > 16) batches_.erase(batches_.begin());
      }
      break;
    }
    case 3: {
      proto::ReportRequest request;
      request.set_worker_id(worker);
      for (int n = 1 + program.Byte() % 3; n > 0; --n) *request.add_pair() = PairOf(program);
      proto::ReportReply reply;
      Call(&core::Core::HandleReport, request, &reply).IgnoreError();
      break;
    }
    case 4: {
      proto::HeartbeatRequest request;
      request.set_worker_id(worker);
      for (int n = program.Byte() % 3; n > 0; --n) request.add_batch_id(program.Id(8));
      proto::HeartbeatReply reply;
      Call(&core::Core::HandleHeartbeat, request, &reply).IgnoreError();
      break;
    }
    case 5: {
      proto::FailureRequest request;
      request.set_worker_id(worker);
      proto::FailureRecord* failure = request.add_failure();
      failure->set_run_id(program.Id(runs_));
      failure->set_batch_id(program.Id(8));
      failure->set_kind(static_cast<proto::FailureKind>(program.Byte() % 8));
      failure->set_message(program.Bytes());
      failure->set_detail(program.Bytes());
      proto::FailureReply reply;
      Call(&core::Core::HandleReportFailure, request, &reply).IgnoreError();
      break;
    }
    case 6: {
      proto::ReleaseRequest request;
      request.set_worker_id(worker);
      request.add_batch_id(program.Id(8));
      proto::ReleaseReply reply;
      Call(&core::Core::HandleRelease, request, &reply).IgnoreError();
      break;
    }
    case 7: {
      proto::CancelRequest request;
      request.set_run_id(program.Id(runs_));
      proto::CancelReply reply;
      Call(&core::Core::HandleCancel, request, &reply).IgnoreError();
      break;
    }
    case 8: {
      proto::SetWorkerBlockedRequest request;
      request.set_worker_id(worker);
      request.set_blocked(program.Byte() % 2);
      proto::SetWorkerBlockedReply reply;
      Call(&core::Core::HandleSetWorkerBlocked, request, &reply).IgnoreError();
      break;
    }
    case 9:
      now_ += 100 * program.Byte();  // leases run out
      core_->Tick();
      core_->Flush();
      break;
    default: {
      const std::vector<std::string> before = Runs();
      Reopen();
      GC9_FUZZ_CHECK(Runs() == before, "a restart changed what the replies had shown");
      break;
    }
  }
}

std::vector<std::string> Coordinator::Runs() {
  std::vector<std::string> runs;
  for (int64_t id = 1; id <= runs_; ++id) {
    proto::StatusRequest request;
    request.set_run_id(id);
    proto::StatusReply reply;
    if (!Call(&core::Core::HandleStatus, request, &reply).ok()) continue;
    proto::RunStatus status = reply.run();
    int64_t pairs = 0;
    for (int64_t count : status.pentanomial()) pairs += count;
    GC9_FUZZ_CHECK(status.wins() + status.losses() + status.draws() == 2 * pairs,
                   "games and pairs disagree");
    GC9_FUZZ_CHECK(pairs <= status.target_pairs() || status.target_pairs() == 0,
                   "more pairs counted than the run wants");
    status.clear_pairs_per_minute();
    status.clear_eta_seconds();
    status.clear_leased_pairs();  // leases are refreshed by a restart
    // As text, whose map entries come in order (the wire's order of `reasons` may change).
    std::string text;
    google::protobuf::TextFormat::PrintToString(status, &text);
    runs.push_back(std::move(text));
  }
  return runs;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // In memory where the machine has /dev/shm: every commit is synced, and on a disk the
  // syncs are most of this target's time without testing anything more.
  static const std::string* path = [] {
    google::protobuf::SetLogHandler(nullptr);  // the wire check's complaints about UTF-8
    std::error_code error;
    const bool shm = std::filesystem::is_directory("/dev/shm", error);
    return new std::string((shm ? gc9::fuzz::ScratchDir("coordinator-calls", "/dev/shm")
                                : gc9::fuzz::ScratchDir("coordinator-calls")) +
                           "/core.db");
  }();
  Program program(data, size);
  Coordinator coordinator(*path);
  for (int steps = 0; !program.done() && steps < 200; ++steps) coordinator.Step(program);
  return 0;
}
