#include "coordinator/report/svg_chart.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <string>

#include "absl/strings/str_cat.h"
#include "coordinator/report/svg_document.h"
#include "coordinator/report/xml_check.h"
#include "gtest/gtest.h"

namespace gc9::coordinator::report {
namespace {

int Occurrences(const std::string& haystack, const std::string& needle) {
  int n = 0;
  for (size_t at = haystack.find(needle); at != std::string::npos;
       at = haystack.find(needle, at + 1)) {
    ++n;
  }
  return n;
}

TEST(SvgDocumentTest, EscapesText) {
  EXPECT_EQ(EscapeXml("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;");
  EXPECT_EQ(SvgNumber(1.5), "1.5");
  EXPECT_EQ(SvgNumber(2.0), "2");
  EXPECT_EQ(SvgNumber(-0.001), "0");
  EXPECT_EQ(SvgNumber(1.23456), "1.23");
}

TEST(HeatmapSvgTest, WellFormedWithOneRectPerCell) {
  HeatmapSpec spec;
  spec.title = "Scores <W & B>";
  spec.row_labels = {"a3+b3", "a3+c3", "b3+c3"};
  spec.column_labels = {"a7+b7", "a7+c7"};
  spec.values = {0.1, 0.5, 0.9, std::nan(""), 0.45, 0.55};
  spec.tooltips = {"t1", "t2", "t3", "t4", "t5", "t6"};
  spec.row_breaks = {2};
  const std::string svg = HeatmapSvg(spec);
  absl::StatusOr<std::map<std::string, int>> counts = CheckWellFormedXml(svg);
  ASSERT_TRUE(counts.ok()) << counts.status() << "\n" << svg;
  // Background, six cells, the matrix frame and the legend bar.
  EXPECT_EQ((*counts)["rect"], 1 + 6 + 1 + 1);
  EXPECT_EQ((*counts)["title"], 6);
  EXPECT_EQ((*counts)["linearGradient"], 1);
  for (const char* label : {"a3+b3", "a3+c3", "b3+c3", "a7+b7", "a7+c7"}) {
    EXPECT_NE(svg.find(absl::StrCat(">", label, "</text>")), std::string::npos) << label;
  }
  EXPECT_NE(svg.find("Scores &lt;W &amp; B&gt;"), std::string::npos);
  EXPECT_NE(svg.find("#d4d4d4"), std::string::npos) << "the NaN cell is grey";
}

TEST(HeatmapSvgTest, CellTextLines) {
  HeatmapSpec spec;
  spec.row_labels = {"White"};
  spec.column_labels = {"a", "b"};
  spec.values = {0.4, 0.6};
  spec.cell_text = {"a3\n0.400", "b3\n0.600"};
  spec.cell_width = 60;
  spec.cell_height = 44;
  spec.rotate_column_labels = false;
  const std::string svg = HeatmapSvg(spec);
  ASSERT_TRUE(CheckWellFormedXml(svg).ok());
  EXPECT_EQ(Occurrences(svg, ">0.400</text>"), 1);
  EXPECT_EQ(Occurrences(svg, ">b3</text>"), 1);
}

TEST(LineChartSvgTest, WellFormedWithEverySeriesNamed) {
  LineChartSpec spec;
  spec.title = "SPSA theta";
  spec.x_label = "iteration";
  spec.y_label = "value";
  for (int s = 0; s < 12; ++s) {
    LineSeries series;
    series.name = absl::StrCat("Param", s, s == 3 ? " <mg&eg>" : "");
    for (int i = 0; i <= 100; ++i) {
      series.x.push_back(i * 10);
      series.y.push_back(100 * s + std::sin(i * 0.1) * 20);
    }
    spec.series.push_back(series);
  }
  spec.series.push_back(LineSeries{"single", {50}, {300}});
  const std::string svg = LineChartSvg(spec);
  absl::StatusOr<std::map<std::string, int>> counts = CheckWellFormedXml(svg);
  ASSERT_TRUE(counts.ok()) << counts.status();
  EXPECT_EQ((*counts)["polyline"], 12);
  EXPECT_EQ((*counts)["circle"], 1);
  for (int s = 0; s < 12; ++s) {
    EXPECT_NE(svg.find(absl::StrCat(">Param", s)), std::string::npos) << s;
  }
  EXPECT_NE(svg.find("Param3 &lt;mg&amp;eg&gt;"), std::string::npos);
  EXPECT_NE(svg.find(">single</text>"), std::string::npos);
  // Series past the tenth colour are dashed to stay distinguishable.
  EXPECT_NE(svg.find("stroke-dasharray=\"7 4\""), std::string::npos);
  EXPECT_NE(svg.find(">iteration</text>"), std::string::npos);
}

TEST(LineChartSvgTest, LongSeriesAreThinned) {
  LineChartSpec spec;
  LineSeries series{"theta", {}, {}};
  for (int i = 0; i < 50000; ++i) {
    series.x.push_back(i);
    series.y.push_back(i % 7);
  }
  spec.series.push_back(series);
  const std::string svg = LineChartSvg(spec);
  ASSERT_TRUE(CheckWellFormedXml(svg).ok());
  EXPECT_LT(svg.size(), 60000u);
}

// Not part of the suite: an SPSA-like trajectory plot in $TEST_TMPDIR.
TEST(LineChartSvgTest, DISABLED_DemoTrajectories) {
  LineChartSpec spec;
  spec.title = "SPSA: theta over iterations";
  spec.x_label = "iteration";
  spec.y_label = "value (centipawns)";
  const char* names[] = {"CharioteerValueMg", "CharioteerValueEg", "SceptreValueMg",
                         "SceptreValueEg", "KnightValueMg"};
  const double start[] = {100, 120, 600, 650, 300};
  const double target[] = {420, 460, 900, 980, 320};
  for (int p = 0; p < 5; ++p) {
    LineSeries series{names[p], {}, {}};
    double theta = start[p];
    for (int k = 0; k <= 4000; ++k) {
      theta += (target[p] - theta) * 0.002 + std::sin(k * 0.37 + p) * 3;
      series.x.push_back(k);
      series.y.push_back(theta);
    }
    spec.series.push_back(series);
  }
  std::FILE* f = std::fopen((::testing::TempDir() + "/trajectories.svg").c_str(), "w");
  ASSERT_NE(f, nullptr);
  const std::string svg = LineChartSvg(spec);
  std::fwrite(svg.data(), 1, svg.size(), f);
  std::fclose(f);
}

TEST(LineChartSvgTest, EmptyChartIsStillAValidDocument) {
  EXPECT_TRUE(CheckWellFormedXml(LineChartSvg(LineChartSpec{})).ok());
  EXPECT_TRUE(CheckWellFormedXml(HeatmapSvg(HeatmapSpec{})).ok());
}

}  // namespace
}  // namespace gc9::coordinator::report
