// Parsing and validation of fishtest-style SPSA parameter lines.
// fishtest's own parser (server/fishtest/spsa_workflow.py, parse_spsa_params)
// checks the field count, that numbers are finite and that c_end > 0; the
// range, start, r_end and duplicate-name checks are gc9's additions.
#include "coordinator/spsa/params.h"

#include <cmath>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace gc9::coordinator::spsa {
namespace {

constexpr int kFieldCount = 6;

absl::Status LineError(int line_number, absl::string_view problem) {
  return absl::InvalidArgumentError(absl::StrCat("line ", line_number, ": ", problem));
}

// SimpleAtod accepts "inf" and "nan"; neither is a usable tuning value.
absl::StatusOr<double> ParseNumber(absl::string_view field, absl::string_view what,
                                   int line_number) {
  double value = 0;
  if (!absl::SimpleAtod(field, &value) || !std::isfinite(value)) {
    return LineError(line_number, absl::StrCat(what, " '", field, "' is not a finite number"));
  }
  return value;
}

}  // namespace

absl::StatusOr<SpsaParam> ParseParamLine(absl::string_view line, int line_number) {
  std::vector<absl::string_view> fields = absl::StrSplit(line, ',');
  if (fields.size() != kFieldCount) {
    return LineError(line_number,
                     absl::StrCat("expected ", kFieldCount,
                                  " comma-separated fields (name,start,min,max,c_end,r_end), got ",
                                  fields.size()));
  }
  for (absl::string_view& field : fields) {
    field = absl::StripAsciiWhitespace(field);
  }

  SpsaParam param;
  param.name = std::string(fields[0]);
  if (param.name.empty()) return LineError(line_number, "name is empty");

  static constexpr const char* kNumberNames[] = {"start", "min", "max", "c_end", "r_end"};
  double* const targets[] = {&param.start, &param.min, &param.max, &param.c_end, &param.r_end};
  for (int i = 0; i < kFieldCount - 1; ++i) {
    absl::StatusOr<double> value = ParseNumber(fields[i + 1], kNumberNames[i], line_number);
    if (!value.ok()) return value.status();
    *targets[i] = *value;
  }

  if (param.min > param.max) {
    return LineError(line_number, absl::StrCat("min ", param.min, " is greater than max ",
                                               param.max, " for '", param.name, "'"));
  }
  if (param.start < param.min || param.start > param.max) {
    return LineError(line_number, absl::StrCat("start ", param.start, " is outside [", param.min,
                                               ", ", param.max, "] for '", param.name, "'"));
  }
  // fishtest also insists on c_end > 0 but lets r_end be 0 (a frozen
  // parameter); gc9 rejects r_end <= 0 as the project's issue asks, since a
  // parameter that cannot move should simply be left out of the tuning run.
  if (param.c_end <= 0) {
    return LineError(line_number, absl::StrCat("c_end must be > 0, got ", param.c_end, " for '",
                                               param.name, "'"));
  }
  if (param.r_end <= 0) {
    return LineError(line_number, absl::StrCat("r_end must be > 0, got ", param.r_end, " for '",
                                               param.name, "'"));
  }
  return param;
}

absl::StatusOr<std::vector<SpsaParam>> ParseParams(absl::string_view text) {
  std::vector<SpsaParam> params;
  absl::flat_hash_map<std::string, int> first_line_of;
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_number;
    const size_t hash = line.find('#');
    if (hash != absl::string_view::npos) line = line.substr(0, hash);
    // Stripping also drops the '\r' of files with CRLF line ends.
    line = absl::StripAsciiWhitespace(line);
    if (line.empty()) continue;

    absl::StatusOr<SpsaParam> param = ParseParamLine(line, line_number);
    if (!param.ok()) return param.status();
    auto [it, inserted] = first_line_of.emplace(param->name, line_number);
    if (!inserted) {
      return LineError(line_number, absl::StrCat("duplicate name '", param->name,
                                                 "' (first defined on line ", it->second, ")"));
    }
    params.push_back(*std::move(param));
  }
  if (params.empty()) {
    return absl::InvalidArgumentError("no parameters: every line is blank or a comment");
  }
  return params;
}

}  // namespace gc9::coordinator::spsa
