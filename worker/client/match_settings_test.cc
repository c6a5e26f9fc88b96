// A run's configuration as the worker plays it: which time control each engine gets.
#include "worker/client/match_settings.h"

#include "gtest/gtest.h"
#include "proto/run.pb.h"

namespace gc9::worker {
namespace {

proto::RunConfig OddsRun() {
  proto::RunConfig config;
  config.set_variant("grand");
  config.mutable_engine()->mutable_builtin();
  config.mutable_baseline()->mutable_builtin();
  config.mutable_time_control()->mutable_clock()->set_base_ms(10000);
  config.mutable_time_control()->mutable_clock()->set_increment_ms(100);
  return config;
}

TEST(MatchSettings, BothEnginesGetTheRunsTimeControlUnlessTheyHaveTheirOwn) {
  proto::RunConfig config = OddsRun();
  absl::StatusOr<MatchSettings> shared = MatchSettingsFromConfig(config, {});
  ASSERT_TRUE(shared.ok()) << shared.status();
  EXPECT_TRUE(shared->time_control.shared());
  EXPECT_EQ(shared->time_control.side[1].base_ms, 10000);

  proto::Clock* own = config.mutable_baseline()->mutable_time_control()->mutable_clock();
  own->set_base_ms(2500);
  own->set_increment_ms(25);
  absl::StatusOr<MatchSettings> odds = MatchSettingsFromConfig(config, {});
  ASSERT_TRUE(odds.ok()) << odds.status();
  EXPECT_FALSE(odds->time_control.shared());
  EXPECT_EQ(odds->time_control.side[0].base_ms, 10000);
  EXPECT_EQ(odds->time_control.side[0].increment_ms, 100);
  EXPECT_EQ(odds->time_control.side[1].base_ms, 2500);
  EXPECT_EQ(odds->time_control.side[1].increment_ms, 25);

  config.mutable_engine()->mutable_time_control()->set_nodes(5000);
  odds = MatchSettingsFromConfig(config, {});
  ASSERT_TRUE(odds.ok()) << odds.status();
  EXPECT_EQ(odds->time_control.side[0].nodes, 5000);
  EXPECT_FALSE(odds->time_control.side[0].is_clock());
}

TEST(MatchSettings, AnEnginesTimeControlWithNoLimitIsRefused) {
  proto::RunConfig config = OddsRun();
  config.mutable_baseline()->mutable_time_control()->set_margin_ms(50);
  EXPECT_FALSE(MatchSettingsFromConfig(config, {}).ok());
}

}  // namespace
}  // namespace gc9::worker
