// Every built-in variant through the whole system: a short match of the built-in engine
// against itself on a real coordinator and worker, with no rule or protocol error in any game
// and every game exported as PGN under its variant's name.
#include <string>

#include "absl/strings/str_cat.h"
#include "engine/variant_catalog.h"
#include "gtest/gtest.h"
#include "tests/integration/cluster.h"

namespace gc9::testing {
namespace {

// The ends a healthy match never has: each means an engine or the protocol failed.
constexpr const char* kFaults[] = {"illegal-move", "crash", "time-loss", "protocol-error"};

TEST(Variants, EveryBuiltInVariantPlaysCleanly) {
  Cluster cluster;
  cluster.StartCoordinator();
  cluster.StartWorker(2);
  for (const std::string& variant : engine::BuiltinVariantNames()) {
    SCOPED_TRACE(variant);
    proto::RunConfig config = TinyRun(2, 1);
    config.set_name(absl::StrCat("selfplay-", variant));
    config.set_variant(variant);
    // Long enough for real play past any opening (and the placement phase) at this speed.
    config.mutable_adjudication()->set_max_plies(60);
    absl::StatusOr<int64_t> run = cluster.client().Submit(config);
    ASSERT_TRUE(run.ok()) << run.status();
    proto::RunStatus status = cluster.WaitFor(
        *run, [](const proto::RunStatus& s) { return s.state() == proto::RUN_FINISHED; });
    EXPECT_EQ(Cluster::Pairs(status), 2);
    EXPECT_EQ(status.wins() + status.losses() + status.draws(), 4);
    for (const char* fault : kFaults) {
      EXPECT_EQ(status.reasons().count(fault), 0u) << fault << " in " << variant;
    }
    std::string pgn;
    ASSERT_TRUE(cluster.client().ExportPgn(*run, [&](const std::string& t) { pgn += t; }).ok());
    const std::string tag = absl::StrCat("[Variant \"", variant, "\"]");
    int games = 0;
    for (size_t at = pgn.find(tag); at != std::string::npos; at = pgn.find(tag, at + 1)) ++games;
    EXPECT_EQ(games, 4) << pgn.substr(0, 2000);
  }
}

}  // namespace
}  // namespace gc9::testing
