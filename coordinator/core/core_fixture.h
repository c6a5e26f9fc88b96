// The tests' way to drive a real Core on a real SQLite file without a network: a clock the
// test moves, a restart on the same database, and one call per handler that flushes and
// returns the status the reply went out with.
#pragma once

#include <unistd.h>

#include <memory>
#include <string>
#include <vector>

#include "common/protocol.h"
#include "coordinator/core/core.h"
#include "coordinator/store/sqlite_store.h"
#include "gtest/gtest.h"

namespace gc9::coordinator::core {

// A counted pair of `batch`'s pair `which` with the given pentanomial index (A's half points).
inline proto::PairResult PairOf(const proto::Batch& batch, int which, int pentanomial,
                                bool with_pgn = false) {
  static const char* kGames[5][2] = {{"0-1", "1-0"},
                                     {"0-1", "1/2-1/2"},
                                     {"1/2-1/2", "1/2-1/2"},
                                     {"1-0", "1/2-1/2"},
                                     {"1-0", "0-1"}};
  proto::PairResult pair;
  pair.set_run_id(batch.run_id());
  pair.set_batch_id(batch.batch_id());
  pair.set_pair_index(batch.pair(which).pair_index());
  pair.set_pentanomial_index(pentanomial);
  for (int g = 0; g < 2; ++g) {
    proto::GameSummary* game = pair.add_game();
    game->set_result(kGames[pentanomial][g]);
    game->set_reason("checkmate");
  }
  if (with_pgn) pair.add_pgn("[Event \"t\"]\n\n1. a1a2 *\n");
  return pair;
}

// A fixed run of the built-in engine against itself.
inline proto::RunConfig FixedConfig(int pairs, int batch_pairs, int priority = 0) {
  proto::RunConfig config;
  config.set_name("test");
  config.set_variant("grandchess9");
  config.mutable_engine()->mutable_builtin();
  config.mutable_baseline()->mutable_builtin();
  config.mutable_time_control()->set_nodes(100);
  config.mutable_openings()->set_engines_place(true);
  config.mutable_fixed()->set_pairs(pairs);
  config.set_batch_pairs(batch_pairs);
  config.set_priority(priority);
  return config;
}

class CoreFixture : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = ::testing::TempDir() + "/core_" + std::to_string(getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->test_suite_name() + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".db";
    for (const char* suffix : {"", "-wal", "-shm"}) unlink((path_ + suffix).c_str());
    Reopen();
  }

  // A fresh core on the same database, as after a coordinator restart.
  void Reopen() {
    core_.reset();
    store_.reset();
    auto store = store::SqliteStore::Open(path_);
    ASSERT_TRUE(store.ok()) << store.status();
    store_ = std::move(*store);
    CoreOptions options;
    options.lease_ms = 1000;
    core_ = std::make_unique<Core>(store_.get(), options, [this] { return now_; });
    ASSERT_TRUE(core_->Recover().ok());
  }

  // Calls a handler, flushes, and returns the status its reply was sent with.
  template <typename Request, typename Reply>
  absl::Status Call(void (Core::*handler)(const Request&, Reply*, Done), const Request& request,
                    Reply* reply) {
    absl::Status result = absl::UnknownError("not answered");
    (core_.get()->*handler)(request, reply, [&](absl::Status status) { result = status; });
    core_->Flush();
    return result;
  }

  int64_t Submit(const proto::RunConfig& config) {
    proto::SubmitRequest request;
    *request.mutable_config() = config;
    proto::SubmitReply reply;
    EXPECT_TRUE(Call(&Core::HandleSubmit, request, &reply).ok());
    return reply.run_id();
  }

  int64_t Register() {
    proto::RegisterRequest request;
    request.set_protocol_version(common::kProtocolVersion);
    request.mutable_capabilities()->set_cores(1);
    proto::RegisterReply reply;
    EXPECT_TRUE(Call(&Core::HandleRegister, request, &reply).ok());
    return reply.worker_id();
  }

  proto::AcquireReply Acquire(int64_t worker, int max_pairs) {
    proto::AcquireRequest request;
    request.set_worker_id(worker);
    request.set_max_pairs(max_pairs);
    proto::AcquireReply reply;
    EXPECT_TRUE(Call(&Core::HandleAcquire, request, &reply).ok());
    return reply;
  }

  absl::Status Report(int64_t worker, const std::vector<proto::PairResult>& pairs,
                      proto::ReportReply* reply) {
    proto::ReportRequest request;
    request.set_worker_id(worker);
    for (const proto::PairResult& pair : pairs) *request.add_pair() = pair;
    reply->Clear();
    return Call(&Core::HandleReport, request, reply);
  }

  proto::RunStatus Status(int64_t run, bool history = false) {
    proto::StatusRequest request;
    request.set_run_id(run);
    request.set_history(history);
    proto::StatusReply reply;
    EXPECT_TRUE(Call(&Core::HandleStatus, request, &reply).ok());
    return reply.run();
  }

  std::string path_;
  int64_t now_ = 1'000'000;
  std::unique_ptr<store::SqliteStore> store_;
  std::unique_ptr<Core> core_;
};

}  // namespace gc9::coordinator::core
