// Two charts as standalone SVG documents, with no dependency beyond Abseil: a
// heatmap (a labelled matrix with a colour legend) for placement studies and a
// line chart (named series over x) for SPSA parameter trajectories.
#pragma once

#include <string>
#include <vector>

namespace gc9::coordinator::report {

struct HeatmapSpec {
  std::string title;
  std::string subtitle;           // a line under the title, e.g. the game count
  std::string row_axis_title;     // drawn vertically left of the row labels
  std::string column_axis_title;  // drawn above the column labels
  std::vector<std::string> row_labels;
  std::vector<std::string> column_labels;
  // Row-major, rows x columns; NaN marks a cell without data (drawn grey).
  std::vector<double> values;
  // Optional, row-major like values: text inside each cell ('\n' breaks lines)
  // and a hover tooltip. Empty vectors mean none.
  std::vector<std::string> cell_text;
  std::vector<std::string> tooltips;
  // The diverging colour scale; values outside [low, high] take the end
  // colours.
  double low = 0.0;
  double mid = 0.5;
  double high = 1.0;
  std::string legend_title = "score";
  double cell_width = 18.0;
  double cell_height = 18.0;
  double label_size = 11.0;
  // Column labels read bottom to top when long (placement names); short ones
  // ("a".."i") stay horizontal.
  bool rotate_column_labels = true;
  // Indices before which a heavier separator is drawn, to show groups (all
  // placements starting on the a-file, then the b-file, ...).
  std::vector<int> row_breaks;
  std::vector<int> column_breaks;
};

// Fails softly: a spec whose values do not match rows x columns draws the cells
// it can and leaves the rest grey, because a report should never abort on a
// plot.
std::string HeatmapSvg(const HeatmapSpec& spec);

struct LineSeries {
  std::string name;
  std::vector<double> x;
  std::vector<double> y;  // paired with x; the shorter of the two decides
};

struct LineChartSpec {
  std::string title;
  std::string x_label;
  std::string y_label;
  std::vector<LineSeries> series;
  double width = 820.0;
  double height = 460.0;
};

// Axes with round-number ticks and light grid lines, one polyline per series
// (a dot when it has one point), and a legend right of the plot naming every
// series in its colour.
std::string LineChartSvg(const LineChartSpec& spec);

}  // namespace gc9::coordinator::report
