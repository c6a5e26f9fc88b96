// Heatmap and line chart layout.
#include "coordinator/report/svg_chart.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "absl/strings/str_split.h"
#include "coordinator/report/color_scale.h"
#include "coordinator/report/svg_document.h"
#include "coordinator/report/ticks.h"

namespace gc9::coordinator::report {
namespace {

constexpr double kMargin = 16.0;
constexpr char kMissingColor[] = "#d4d4d4";
constexpr char kAxisColor[] = "#444444";
constexpr char kGridColor[] = "#e6e6e6";
// Series beyond this many points are thinned evenly: a screen shows no more,
// and an SPSA run of 50,000 iterations would otherwise make a megabyte of SVG.
constexpr size_t kMaxPolylinePoints = 2000;

// No font metrics without a renderer; 0.6 em per character fits DejaVu Sans and
// Verdana well enough to size margins.
double TextWidth(const std::string& text, double size) {
  return static_cast<double>(text.size()) * size * 0.6;
}

double MaxTextWidth(const std::vector<std::string>& texts, double size) {
  double widest = 0.0;
  for (const std::string& t : texts) widest = std::max(widest, TextWidth(t, size));
  return widest;
}

TextStyle Style(double size, TextAnchor anchor, bool bold = false, double rotate = 0.0) {
  TextStyle style;
  style.size = size;
  style.anchor = anchor;
  style.bold = bold;
  style.rotate = rotate;
  return style;
}

// A vertical colour bar from high (top) to low with ticks, its title above.
void DrawLegend(SvgDocument& svg, const HeatmapSpec& spec, double x, double y, double bar_height) {
  constexpr double kBarWidth = 16.0;
  svg.Text(x, y - 8, spec.legend_title, Style(spec.label_size, TextAnchor::kStart, true));
  std::vector<std::pair<double, std::string>> stops;
  for (int k = 0; k <= 10; ++k) {
    const double v = spec.high - (spec.high - spec.low) * k / 10.0;
    stops.push_back({k / 10.0, DivergingColor(v, spec.low, spec.mid, spec.high)});
  }
  svg.LinearGradient("legend-scale", 0, 0, 0, 1, stops);
  svg.Rect(x, y, kBarWidth, bar_height, "url(#legend-scale)", kAxisColor, 0.5);
  const Ticks ticks = NiceTicks(spec.low, spec.high, 5);
  for (double v : ticks.values) {
    if (v < spec.low - 1e-9 || v > spec.high + 1e-9) continue;
    const double ty = y + (spec.high - v) / (spec.high - spec.low) * bar_height;
    svg.Line(x + kBarWidth, ty, x + kBarWidth + 4, ty, kAxisColor, 1);
    svg.Text(x + kBarWidth + 7, ty + spec.label_size * 0.35, FormatTick(v, ticks.step),
             Style(spec.label_size, TextAnchor::kStart));
  }
}

}  // namespace

std::string HeatmapSvg(const HeatmapSpec& spec) {
  const int rows = static_cast<int>(spec.row_labels.size());
  const int columns = static_cast<int>(spec.column_labels.size());
  const double size = spec.label_size;
  const double title_height = spec.title.empty() ? 0.0 : 26.0;
  const double subtitle_height = spec.subtitle.empty() ? 0.0 : 18.0;
  const double column_axis_height = spec.column_axis_title.empty() ? 0.0 : size + 10;
  const double row_axis_width = spec.row_axis_title.empty() ? 0.0 : size + 12;
  const double column_label_height =
      (spec.rotate_column_labels ? MaxTextWidth(spec.column_labels, size) : size) + 8;
  const double row_label_width = MaxTextWidth(spec.row_labels, size) + 8;

  const double x0 = kMargin + row_axis_width + row_label_width;
  const double y0 =
      kMargin + title_height + subtitle_height + column_axis_height + column_label_height;
  const double matrix_width = columns * spec.cell_width;
  const double matrix_height = rows * spec.cell_height;
  const double legend_x = x0 + matrix_width + 28;
  const double legend_bar = std::max(matrix_height, 140.0);
  const double legend_width =
      std::max(TextWidth(spec.legend_title, size) + 4, 16 + 7 + TextWidth("0.000", size));
  // Bold titles run wider than TextWidth's average glyph; a one-column matrix (a study
  // against one reply) is narrower than its title, which then decides the width.
  const double width = std::max(legend_x + legend_width + kMargin,
                                kMargin + 1.15 * TextWidth(spec.title, 16) + kMargin);
  const double height = y0 + std::max(matrix_height, legend_bar) + kMargin;

  SvgDocument svg(width, height);
  if (!spec.title.empty()) {
    svg.Text(kMargin, kMargin + 16, spec.title, Style(16, TextAnchor::kStart, true));
  }
  if (!spec.subtitle.empty()) {
    TextStyle style = Style(size, TextAnchor::kStart);
    style.fill = "#555555";
    svg.Text(kMargin, kMargin + title_height + 12, spec.subtitle, style);
  }
  if (!spec.column_axis_title.empty()) {
    svg.Text(x0 + matrix_width / 2, kMargin + title_height + subtitle_height + size,
             spec.column_axis_title, Style(size + 1, TextAnchor::kMiddle, true));
  }
  if (!spec.row_axis_title.empty()) {
    const double x = kMargin + size;
    svg.Text(x, y0 + matrix_height / 2, spec.row_axis_title,
             Style(size + 1, TextAnchor::kMiddle, true, -90));
  }
  for (int c = 0; c < columns; ++c) {
    const double cx = x0 + (c + 0.5) * spec.cell_width;
    if (spec.rotate_column_labels) {
      svg.Text(cx + size * 0.35, y0 - 6, spec.column_labels[c],
               Style(size, TextAnchor::kStart, false, -90));
    } else {
      svg.Text(cx, y0 - 6, spec.column_labels[c], Style(size, TextAnchor::kMiddle));
    }
  }
  for (int r = 0; r < rows; ++r) {
    svg.Text(x0 - 6, y0 + (r + 0.5) * spec.cell_height + size * 0.35, spec.row_labels[r],
             Style(size, TextAnchor::kEnd));
  }

  const size_t cell_count = static_cast<size_t>(rows) * columns;
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < columns; ++c) {
      const size_t i = static_cast<size_t>(r) * columns + c;
      const double value =
          i < spec.values.size() ? spec.values[i] : std::numeric_limits<double>::quiet_NaN();
      const std::string fill = std::isnan(value)
                                   ? std::string(kMissingColor)
                                   : DivergingColor(value, spec.low, spec.mid, spec.high);
      const double x = x0 + c * spec.cell_width;
      const double y = y0 + r * spec.cell_height;
      const std::string tooltip =
          spec.tooltips.size() == cell_count ? spec.tooltips[i] : std::string();
      svg.Rect(x, y, spec.cell_width, spec.cell_height, fill, "#ffffff", 0.5, tooltip);
      if (spec.cell_text.size() == cell_count && !spec.cell_text[i].empty()) {
        const std::vector<std::string> lines = absl::StrSplit(spec.cell_text[i], '\n');
        const double text_size =
            std::min(size + 1, spec.cell_height / (static_cast<double>(lines.size()) + 0.6));
        TextStyle style = Style(text_size, TextAnchor::kMiddle);
        style.fill = TextColorOn(fill);
        const double first =
            y + spec.cell_height / 2 - (lines.size() - 1) * text_size * 0.6 + text_size * 0.35;
        for (size_t k = 0; k < lines.size(); ++k) {
          svg.Text(x + spec.cell_width / 2, first + k * text_size * 1.2, lines[k], style);
        }
      }
    }
  }
  for (int r : spec.row_breaks) {
    if (r <= 0 || r >= rows) continue;
    const double y = y0 + r * spec.cell_height;
    svg.Line(x0, y, x0 + matrix_width, y, "#ffffff", 2.5);
  }
  for (int c : spec.column_breaks) {
    if (c <= 0 || c >= columns) continue;
    const double x = x0 + c * spec.cell_width;
    svg.Line(x, y0, x, y0 + matrix_height, "#ffffff", 2.5);
  }
  svg.Rect(x0, y0, matrix_width, matrix_height, "none", kAxisColor, 1);
  DrawLegend(svg, spec, legend_x, y0, legend_bar);
  return svg.Finish();
}

std::string LineChartSvg(const LineChartSpec& spec) {
  constexpr double kTickSize = 11.0;
  constexpr double kLegendRow = 18.0;
  double x_low = std::numeric_limits<double>::infinity();
  double x_high = -x_low;
  double y_low = x_low;
  double y_high = -x_low;
  for (const LineSeries& s : spec.series) {
    const size_t n = std::min(s.x.size(), s.y.size());
    for (size_t i = 0; i < n; ++i) {
      if (!std::isfinite(s.x[i]) || !std::isfinite(s.y[i])) continue;
      x_low = std::min(x_low, s.x[i]);
      x_high = std::max(x_high, s.x[i]);
      y_low = std::min(y_low, s.y[i]);
      y_high = std::max(y_high, s.y[i]);
    }
  }
  const Ticks x_ticks = NiceTicks(x_low, x_high, 8);
  const Ticks y_ticks = NiceTicks(y_low, y_high, 6);
  const double x_min = x_ticks.values.front();
  const double x_max = x_ticks.values.back();
  const double y_min = y_ticks.values.front();
  const double y_max = y_ticks.values.back();

  std::vector<std::string> y_labels;
  for (double v : y_ticks.values) y_labels.push_back(FormatTick(v, y_ticks.step));
  std::vector<std::string> names;
  for (const LineSeries& s : spec.series) names.push_back(s.name);

  const double legend_width = spec.series.empty() ? 0.0 : MaxTextWidth(names, 12) + 44;
  const double left =
      kMargin + (spec.y_label.empty() ? 0 : 22) + MaxTextWidth(y_labels, kTickSize) + 10;
  const double top = kMargin + (spec.title.empty() ? 0 : 30);
  const double height = std::max(spec.height, top + spec.series.size() * kLegendRow + 56 + kMargin);
  const double bottom = height - kMargin - (spec.x_label.empty() ? 22 : 44);
  const double right = spec.width - kMargin - legend_width;
  const double plot_width = std::max(right - left, 50.0);
  const double plot_height = std::max(bottom - top, 50.0);
  auto px = [&](double x) { return left + (x - x_min) / (x_max - x_min) * plot_width; };
  auto py = [&](double y) { return top + (y_max - y) / (y_max - y_min) * plot_height; };

  SvgDocument svg(left + plot_width + legend_width + kMargin, height);
  if (!spec.title.empty()) {
    svg.Text(kMargin, kMargin + 16, spec.title, Style(16, TextAnchor::kStart, true));
  }
  for (double v : x_ticks.values) {
    svg.Line(px(v), top, px(v), top + plot_height, kGridColor, 1);
    svg.Line(px(v), top + plot_height, px(v), top + plot_height + 5, kAxisColor, 1);
    svg.Text(px(v), top + plot_height + 8 + kTickSize, FormatTick(v, x_ticks.step),
             Style(kTickSize, TextAnchor::kMiddle));
  }
  for (size_t k = 0; k < y_ticks.values.size(); ++k) {
    const double v = y_ticks.values[k];
    svg.Line(left, py(v), left + plot_width, py(v), kGridColor, 1);
    svg.Line(left - 5, py(v), left, py(v), kAxisColor, 1);
    svg.Text(left - 8, py(v) + kTickSize * 0.35, y_labels[k], Style(kTickSize, TextAnchor::kEnd));
  }
  svg.Line(left, top + plot_height, left + plot_width, top + plot_height, kAxisColor, 1.2);
  svg.Line(left, top, left, top + plot_height, kAxisColor, 1.2);
  if (!spec.x_label.empty()) {
    svg.Text(left + plot_width / 2, top + plot_height + 40, spec.x_label,
             Style(12, TextAnchor::kMiddle, true));
  }
  if (!spec.y_label.empty()) {
    svg.Text(kMargin + 12, top + plot_height / 2, spec.y_label,
             Style(12, TextAnchor::kMiddle, true, -90));
  }

  static const char* const kDashes[] = {"", "7 4", "2 3"};
  for (size_t s = 0; s < spec.series.size(); ++s) {
    const LineSeries& series = spec.series[s];
    const std::string colour = CategoricalColor(static_cast<int>(s));
    const std::string dash = kDashes[(s / 10) % 3];
    std::vector<std::pair<double, double>> points;
    const size_t n = std::min(series.x.size(), series.y.size());
    const size_t stride = std::max<size_t>(1, (n + kMaxPolylinePoints - 1) / kMaxPolylinePoints);
    for (size_t i = 0; i < n; i += stride) {
      if (std::isfinite(series.x[i]) && std::isfinite(series.y[i])) {
        points.push_back({px(series.x[i]), py(series.y[i])});
      }
      if (i + stride >= n && i != n - 1 && std::isfinite(series.x[n - 1]) &&
          std::isfinite(series.y[n - 1])) {
        points.push_back({px(series.x[n - 1]), py(series.y[n - 1])});
      }
    }
    if (points.size() == 1) {
      svg.Circle(points[0].first, points[0].second, 3, colour);
    } else if (points.size() > 1) {
      svg.Polyline(points, colour, 2, dash);
    }
    const double ly = top + 6 + s * kLegendRow;
    const double lx = left + plot_width + 16;
    svg.Line(lx, ly, lx + 22, ly, colour, 2.5, dash);
    svg.Text(lx + 28, ly + 4, series.name, Style(12, TextAnchor::kStart));
  }
  return svg.Finish();
}

}  // namespace gc9::coordinator::report
