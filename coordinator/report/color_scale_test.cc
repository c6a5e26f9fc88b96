#include "coordinator/report/color_scale.h"

#include "gtest/gtest.h"

namespace gc9::coordinator::report {
namespace {

TEST(ColorScaleTest, DivergingEndsAndMiddle) {
  EXPECT_EQ(DivergingColor(0.0, 0.0, 0.5, 1.0), "#b2182b");
  EXPECT_EQ(DivergingColor(0.5, 0.0, 0.5, 1.0), "#f7f6f3");
  EXPECT_EQ(DivergingColor(1.0, 0.0, 0.5, 1.0), "#184c92");
  // Clamped outside the range.
  EXPECT_EQ(DivergingColor(7.0, 0.0, 0.5, 1.0), "#184c92");
  EXPECT_EQ(DivergingColor(-7.0, 0.0, 0.5, 1.0), "#b2182b");
}

TEST(ColorScaleTest, TextContrast) {
  EXPECT_EQ(TextColorOn("#184c92"), "#ffffff");
  EXPECT_EQ(TextColorOn("#f7f6f3"), "#111111");
}

TEST(ColorScaleTest, CategoricalRepeats) {
  EXPECT_EQ(CategoricalColor(0), CategoricalColor(10));
  EXPECT_NE(CategoricalColor(0), CategoricalColor(1));
}

}  // namespace
}  // namespace gc9::coordinator::report
