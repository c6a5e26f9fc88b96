#include "coordinator/report/ticks.h"

#include "gtest/gtest.h"

namespace gc9::coordinator::report {
namespace {

TEST(TicksTest, RoundSteps) {
  const Ticks a = NiceTicks(0, 1000, 8);
  EXPECT_DOUBLE_EQ(a.step, 200);
  EXPECT_EQ(a.values, (std::vector<double>{0, 200, 400, 600, 800, 1000}));
  const Ticks b = NiceTicks(0.37, 0.64, 5);
  EXPECT_DOUBLE_EQ(b.step, 0.1);
  EXPECT_DOUBLE_EQ(b.values.front(), 0.3);
  EXPECT_DOUBLE_EQ(b.values.back(), 0.7);
  const Ticks c = NiceTicks(-3, 17, 4);
  EXPECT_DOUBLE_EQ(c.step, 5);
  EXPECT_DOUBLE_EQ(c.values.front(), -5);
  EXPECT_DOUBLE_EQ(c.values.back(), 20);
}

TEST(TicksTest, ConstantRangeStillHasAnAxis) {
  const Ticks t = NiceTicks(5, 5, 5);
  EXPECT_GE(t.values.size(), 2u);
  EXPECT_LE(t.values.front(), 5);
  EXPECT_GE(t.values.back(), 5);
}

TEST(TicksTest, Labels) {
  EXPECT_EQ(FormatTick(0.25, 0.05), "0.25");
  EXPECT_EQ(FormatTick(0.3, 0.1), "0.3");
  EXPECT_EQ(FormatTick(2000, 500), "2000");
  EXPECT_EQ(FormatTick(-5, 5), "-5");
}

}  // namespace
}  // namespace gc9::coordinator::report
