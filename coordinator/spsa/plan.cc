// Plan rows and their text and JSON renderings.
#include "coordinator/spsa/plan.h"

#include <algorithm>
#include <cstdio>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace gc9::coordinator::spsa {
namespace {

// Parameter names come from a user's file, so quotes, backslashes and control
// characters must be escaped for the output to stay valid JSON.
std::string JsonString(absl::string_view text) {
  std::string out = "\"";
  for (const char ch : text) {
    switch (ch) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      default:
        if (static_cast<unsigned char>(ch) < 0x20) {
          absl::StrAppendFormat(&out, "\\u%04x", static_cast<unsigned char>(ch));
        } else {
          out += ch;
        }
    }
  }
  out += '"';
  return out;
}

std::string JsonNumber(double value) { return absl::StrFormat("%.17g", value); }

}  // namespace

std::vector<PlanRow> PlanAt(const std::vector<SpsaParam>& params, const SpsaSchedule& schedule,
                            int64_t k) {
  std::vector<PlanRow> rows;
  rows.reserve(params.size());
  for (const SpsaParam& param : params) {
    const ParamGains gains = GainsFor(param, schedule);
    const StepGains step = StepAt(gains, schedule, k);
    rows.push_back({param.name, gains.c, gains.a, schedule.stability, step.c_k, step.r_k});
  }
  return rows;
}

std::string FormatPlanTable(const std::vector<PlanRow>& rows, const SpsaSchedule& schedule,
                            int64_t k) {
  size_t name_width = 4;  // "name"
  for (const PlanRow& row : rows) {
    name_width = std::max(name_width, row.name.size());
  }
  const int width = static_cast<int>(name_width);

  std::string out =
      absl::StrFormat("SPSA plan: N = %d pairs, iteration k = %d, alpha = %g, gamma = %g\n",
                      schedule.pairs, k, schedule.alpha, schedule.gamma);
  absl::StrAppendFormat(&out, "%-*s  %12s  %12s  %12s  %12s  %12s\n", width, "name", "c", "a", "A",
                        "c_k", "R_k");
  for (const PlanRow& row : rows) {
    absl::StrAppendFormat(&out, "%-*s  %12.6g  %12.6g  %12.6g  %12.6g  %12.6g\n", width, row.name,
                          row.c, row.a, row.stability, row.c_k, row.r_k);
  }
  return out;
}

std::string FormatPlanJson(const std::vector<PlanRow>& rows) {
  std::string out = "[";
  for (size_t i = 0; i < rows.size(); ++i) {
    const PlanRow& row = rows[i];
    absl::StrAppend(&out, i == 0 ? "\n  " : ",\n  ", "{\"name\": ", JsonString(row.name),
                    ", \"c\": ", JsonNumber(row.c), ", \"a\": ", JsonNumber(row.a),
                    ", \"A\": ", JsonNumber(row.stability), ", \"c_k\": ", JsonNumber(row.c_k),
                    ", \"R_k\": ", JsonNumber(row.r_k), "}");
  }
  out += rows.empty() ? "]\n" : "\n]\n";
  return out;
}

}  // namespace gc9::coordinator::spsa
