#include "coordinator/cli/spsa_report.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "coordinator/report/svg_chart.h"

namespace gc9::coordinator::cli {
namespace {

constexpr double kChartWidth = 560;
constexpr double kChartHeight = 300;
constexpr int kChartsPerRow = 2;

// One chart as an element of a bigger document: its own root without the XML declaration,
// placed at (x, y).
std::string Placed(const std::string& svg, double x, double y) {
  std::string body = svg;
  if (absl::StartsWith(body, "<?xml")) body = body.substr(body.find('\n') + 1);
  const size_t open = body.find("<svg");
  if (open == std::string::npos) return "";
  return absl::StrCat(body.substr(0, open + 4), absl::StrFormat(" x=\"%.0f\" y=\"%.0f\"", x, y),
                      body.substr(open + 4));
}

}  // namespace

std::string FormatSpsaStatus(const proto::SpsaStatus& spsa) {
  std::string text = absl::StrFormat("SPSA: iteration k %d, %d of %d pairs applied\n",
                                     spsa.next_k(), spsa.applied(), spsa.pairs());
  size_t width = 9;
  for (const proto::SpsaParamStatus& param : spsa.param()) {
    width = std::max(width, param.name().size());
  }
  absl::StrAppend(&text, absl::StrFormat("  %-*s %10s %10s %9s %9s %10s\n", width, "parameter",
                                         "start", "theta", "change", "c_k", "R_k"));
  for (const proto::SpsaParamStatus& param : spsa.param()) {
    absl::StrAppend(
        &text, absl::StrFormat("  %-*s %10.1f %10.1f %+9.1f %9.3f %10.3g\n", width, param.name(),
                               param.start(), param.theta(), param.theta() - param.start(),
                               param.c_k(), param.r_k()));
  }
  return text;
}

std::string SpsaStatusToJson(const proto::SpsaStatus& spsa) {
  std::vector<std::string> params;
  for (const proto::SpsaParamStatus& param : spsa.param()) {
    // Parameter names are registry identifiers (letters and digits), so no escaping.
    params.push_back(absl::StrFormat(
        "{\"name\": \"%s\", \"start\": %.17g, \"theta\": %.17g, \"min\": %.17g, \"max\": %.17g, "
        "\"c_k\": %.17g, \"R_k\": %.17g}",
        param.name(), param.start(), param.theta(), param.min(), param.max(), param.c_k(),
        param.r_k()));
  }
  return absl::StrCat("{\"k\": ", spsa.next_k(), ", \"applied\": ", spsa.applied(),
                      ", \"pairs\": ", spsa.pairs(), ", \"params\": [", absl::StrJoin(params, ", "),
                      "]}");
}

std::string SpsaParamsFile(const proto::RunStatus& status) {
  std::string text = absl::StrCat("# SPSA run ", status.run_id(), " '", status.name(),
                                  "': ", status.spsa().applied(), " pairs applied\n");
  for (const proto::SpsaParamStatus& param : status.spsa().param()) {
    absl::StrAppend(&text, param.name(), ",", static_cast<int64_t>(std::lround(param.theta())),
                    "\n");
  }
  return text;
}

std::string SpsaPlotSvg(const proto::RunStatus& status) {
  const proto::SpsaStatus& spsa = status.spsa();
  const int count = spsa.param_size();
  const int rows = (count + kChartsPerRow - 1) / kChartsPerRow;
  const double header = 36;
  std::string body;
  for (int i = 0; i < count; ++i) {
    const proto::SpsaParamStatus& param = spsa.param(i);
    report::LineSeries theta{"theta", {}, {}};
    for (const proto::SpsaPoint& point : spsa.trajectory()) {
      if (i >= point.theta_size()) continue;
      theta.x.push_back(static_cast<double>(point.sequence()));
      theta.y.push_back(point.theta(i));
    }
    const double last_x = theta.x.empty() ? 1 : std::max(1.0, theta.x.back());
    report::LineSeries start{"start", {0, last_x}, {param.start(), param.start()}};
    report::LineChartSpec chart;
    chart.title = absl::StrFormat("%s: %.0f -> %.1f", param.name(), param.start(), param.theta());
    chart.x_label = "pairs applied";
    chart.y_label = "value";
    chart.series = {theta, start};
    chart.width = kChartWidth;
    chart.height = kChartHeight;
    body += Placed(report::LineChartSvg(chart), (i % kChartsPerRow) * kChartWidth,
                   header + (i / kChartsPerRow) * kChartHeight);
  }
  const double width = kChartsPerRow * kChartWidth;
  const double height = header + std::max(1, rows) * kChartHeight;
  return absl::StrCat(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
      absl::StrFormat("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
                      "viewBox=\"0 0 %.0f %.0f\">\n",
                      width, height, width, height),
      "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n",
      absl::StrFormat("<text x=\"16\" y=\"24\" font-family=\"sans-serif\" font-size=\"16\" "
                      "font-weight=\"bold\">SPSA run %d: %d of %d pairs applied</text>\n",
                      status.run_id(), spsa.applied(), spsa.pairs()),
      body, "</svg>\n");
}

}  // namespace gc9::coordinator::cli
