// How the command line words the fleet's figures: durations, a run's rate, time remaining and
// failures, and the worker table and JSON.
#include "coordinator/cli/report.h"

#include "coordinator/cli/workers_report.h"
#include "gtest/gtest.h"

namespace gc9::coordinator::cli {
namespace {

TEST(Report, Durations) {
  EXPECT_EQ(FormatDuration(0), "0s");
  EXPECT_EQ(FormatDuration(44.6), "45s");
  EXPECT_EQ(FormatDuration(200), "3m20s");
  EXPECT_EQ(FormatDuration(7500), "2h05m");
  EXPECT_EQ(FormatDuration(3 * 86400 + 4 * 3600 + 59), "3d04h");
  EXPECT_EQ(FormatDuration(-5), "0s");
}

proto::RunStatus Running() {
  proto::RunStatus status;
  status.set_run_id(4);
  status.set_name("t");
  status.set_state(proto::RUN_RUNNING);
  status.set_target_pairs(100);
  for (int64_t count : {1, 2, 3, 2, 2}) status.add_pentanomial(count);
  status.mutable_config()->mutable_fixed()->set_pairs(100);
  return status;
}

TEST(Report, ARunLineShowsRateAndTimeRemainingWhileItRuns) {
  proto::RunStatus status = Running();
  status.set_pairs_per_minute(12.34);
  status.set_eta_seconds(200);
  EXPECT_EQ(FormatRunLine(status),
            "Run 4 't': running, 10 of 100 pairs, 12.3 pairs/min, ETA 3m20s");
  status.set_failures(2);
  status.set_state(proto::RUN_FAILED);
  EXPECT_EQ(FormatRunLine(status), "Run 4 't': failed, 10 of 100 pairs, 2 failures");
}

proto::FailureRecord Build(int64_t worker) {
  proto::FailureRecord failure;
  failure.set_worker_id(worker);
  failure.set_kind(proto::FAILURE_BUILD);
  failure.set_engine("new");
  failure.set_message("gc9-engine did not build");
  failure.set_detail("cc1plus: error: x\n\nninja: build stopped\n");
  return failure;
}

TEST(Report, AFailedRunShowsEveryFailureWithItsDetail) {
  proto::RunStatus status = Running();
  status.set_state(proto::RUN_FAILED);
  status.set_failures(1);
  *status.add_failure() = Build(3);
  const std::string text = FormatRunStatus(status);
  EXPECT_NE(text.find("Failed: it could not be played. Failures: 1\n"
                      "  worker 3: build failed, engine 'new': gc9-engine did not build\n"
                      "    | cc1plus: error: x\n"
                      "    | ninja: build stopped\n"),
            std::string::npos)
      << text;
  // A running run shows its last three, without details.
  status.set_state(proto::RUN_RUNNING);
  for (int worker = 4; worker <= 7; ++worker) *status.add_failure() = Build(worker);
  status.set_failures(9);
  const std::string running = FormatRunStatus(status);
  EXPECT_NE(running.find("Failures: 9 (the last 3)\n  worker 5: "), std::string::npos) << running;
  EXPECT_EQ(running.find("worker 4:"), std::string::npos) << running;
  EXPECT_EQ(running.find("    | "), std::string::npos) << running;
  const std::string json = RunStatusToJson(status);
  EXPECT_NE(json.find("\"failures\": 9, \"failure\": [{\"failure_id\": 0, \"worker_id\": 3, "
                      "\"batch_id\": 0, \"kind\": \"build_failed\", \"engine\": \"new\", "
                      "\"message\": \"gc9-engine did not build\", \"detail\": \"cc1plus: "
                      "error: x\\u000a\\u000aninja: build stopped\\u000a\""),
            std::string::npos)
      << json;
}

TEST(Report, WorkersAsATableAndAsJson) {
  proto::ListWorkersReply reply;
  reply.set_now_unix_ms(100000);
  proto::WorkerStatus* worker = reply.add_worker();
  worker->set_worker_id(2);
  worker->set_hostname("box");
  worker->set_cores(8);
  worker->set_bench_signature(779675);
  worker->set_state(proto::WORKER_BLOCKED);
  worker->set_pairs(40);
  worker->set_failures(1);
  worker->set_crashes(3);
  worker->set_last_contact_unix_ms(95000);
  *worker->mutable_last_failure() = Build(2);
  worker->mutable_last_failure()->set_run_id(6);
  worker = reply.add_worker();
  worker->set_worker_id(10);
  worker->set_state(proto::WORKER_ACTIVE);
  worker->add_run_id(6);
  worker->add_run_id(7);
  const std::string table = FormatWorkers(reply);
  EXPECT_EQ(table,
            "ID  HOST  CORES  BENCH   STATE    RUNS  PAIRS  FAILURES  CRASHES  TIME-LOSSES  "
            "ILLEGAL  CONTACT\n"
            "2   box   8      779675  blocked  -     40     1         3        0            0  "
            "      5s ago\n"
            "    last failure, run 6: build failed, engine 'new': gc9-engine did not build\n"
            "10  -     0      0       active   6,7   0      0         0        0            0  "
            "      never\n");
  const std::string json = WorkersToJson(reply);
  EXPECT_NE(json.find("{\"now_unix_ms\": 100000, \"workers\": [{\"worker_id\": 2, \"hostname\": "
                      "\"box\", \"cores\": 8, \"bench_signature\": 779675"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"state\": \"blocked\", \"run_ids\": [], \"pairs\": 40, \"failures\": 1, "
                      "\"crashes\": 3"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"run_ids\": [6, 7]"), std::string::npos) << json;
  EXPECT_NE(json.find("\"last_failure\": null}]}"), std::string::npos) << json;
}

}  // namespace
}  // namespace gc9::coordinator::cli
