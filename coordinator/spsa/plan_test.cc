#include "coordinator/spsa/plan.h"

#include <algorithm>
#include <string>
#include <utility>

#include "absl/strings/numbers.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace gc9::coordinator::spsa {
namespace {

using ::testing::HasSubstr;

std::vector<SpsaParam> TempoAndX() {
  return {{"Tempo", 1, 0, 2, 0.5, 0.1}, {"x", 100, 0, 200, 10, 0.002}};
}

TEST(SpsaPlan, RowsFollowTheSchedule) {
  const SpsaSchedule schedule = *DefaultSchedule(250);
  const std::vector<PlanRow> rows = PlanAt(TempoAndX(), schedule, 9);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].name, "Tempo");
  EXPECT_EQ(rows[0].stability, 25.0);
  const ParamGains gains = GainsFor(TempoAndX()[0], schedule);
  const StepGains step = StepAt(gains, schedule, 9);
  EXPECT_EQ(rows[0].c, gains.c);
  EXPECT_EQ(rows[0].a, gains.a);
  EXPECT_EQ(rows[0].c_k, step.c_k);
  EXPECT_EQ(rows[0].r_k, step.r_k);
  EXPECT_EQ(rows[1].name, "x");
}

TEST(SpsaPlan, TableHasHeaderAndOneLinePerParameter) {
  const SpsaSchedule schedule = *DefaultSchedule(250);
  const std::string table = FormatPlanTable(PlanAt(TempoAndX(), schedule, 0), schedule, 0);
  EXPECT_THAT(table, HasSubstr("N = 250 pairs, iteration k = 0"));
  EXPECT_THAT(table, HasSubstr("R_k"));
  EXPECT_THAT(table, HasSubstr("Tempo"));
  EXPECT_THAT(table,
              HasSubstr("0.873297"));  // c of Tempo, see schedule_test.cc
  EXPECT_EQ(std::count(table.begin(), table.end(), '\n'), 4);
}

TEST(SpsaPlan, JsonListsEveryKey) {
  const std::vector<PlanRow> rows = {{"Tempo", 0.5, 0.25, 25, 0.125, 1e-3}};
  EXPECT_EQ(FormatPlanJson(rows),
            "[\n  {\"name\": \"Tempo\", \"c\": 0.5, \"a\": 0.25, \"A\": 25, "
            "\"c_k\": 0.125, "
            "\"R_k\": 0.001}\n]\n");
}

TEST(SpsaPlan, JsonNumbersRoundTrip) {
  const double c = 0.8732969536786795;
  const double r_k = 1.0 / 3;
  const std::string json = FormatPlanJson({{"p", c, 0.1, 0.2, 0.3, r_k}});
  for (const auto& [key, expected] : {std::pair<std::string, double>{"\"c\": ", c},
                                      std::pair<std::string, double>{"\"R_k\": ", r_k}}) {
    const size_t begin = json.find(key);
    ASSERT_NE(begin, std::string::npos) << key;
    const size_t start = begin + key.size();
    double parsed = 0;
    ASSERT_TRUE(
        absl::SimpleAtod(json.substr(start, json.find_first_of(",}", start) - start), &parsed));
    EXPECT_EQ(parsed, expected) << key;  // exactly, not approximately
  }
}

TEST(SpsaPlan, JsonEscapesNames) {
  const std::vector<PlanRow> rows = {{"a\"b\\c\td", 1, 1, 1, 1, 1}};
  EXPECT_THAT(FormatPlanJson(rows), HasSubstr("\"name\": \"a\\\"b\\\\c\\u0009d\""));
}

TEST(SpsaPlan, EmptyJsonList) { EXPECT_EQ(FormatPlanJson({}), "[]\n"); }

}  // namespace
}  // namespace gc9::coordinator::spsa
