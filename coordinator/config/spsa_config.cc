#include "coordinator/config/spsa_config.h"

#include <set>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "engine/params.h"

namespace gc9::coordinator::config {
namespace {

// Fills a parameter's name from the registry and checks it fits the registry's range.
absl::Status CheckAgainstRegistry(spsa::SpsaParam* param) {
  const int id = engine::FindParam(param->name);
  if (id < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("unknown engine parameter '", param->name, "' (see `gc9 engine params`)"));
  }
  const engine::ParamSpec& spec = engine::ParamSpecs()[id];
  if (!spec.tuned) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", spec.name, "' is a switch or setting, not a tunable parameter"));
  }
  param->name = spec.name;
  if (param->min < spec.min || param->max > spec.max) {
    return absl::InvalidArgumentError(absl::StrCat("the range [", param->min, ", ", param->max,
                                                   "] of '", spec.name, "' leaves the engine's [",
                                                   spec.min, ", ", spec.max, "]"));
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<spsa::SpsaParam>> FromLines(const std::string& text) {
  std::vector<spsa::SpsaParam> params;
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_number;
    line = absl::StripAsciiWhitespace(line.substr(0, line.find('#')));
    if (line.empty()) continue;
    absl::StatusOr<spsa::SpsaParam> param = spsa::ParseParamLine(line, line_number);
    if (!param.ok()) return param.status();
    if (absl::Status status = CheckAgainstRegistry(&*param); !status.ok()) {
      return absl::InvalidArgumentError(absl::StrCat("line ", line_number, ": ", status.message()));
    }
    params.push_back(*std::move(param));
  }
  return params;
}

absl::StatusOr<spsa::SpsaParam> FromField(const proto::SpsaParam& field) {
  const int id = engine::FindParam(field.name());
  if (id < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("unknown engine parameter '", field.name(), "' (see `gc9 engine params`)"));
  }
  const engine::ParamSpec& spec = engine::ParamSpecs()[id];
  if (!spec.tuned) {
    return absl::InvalidArgumentError(
        absl::StrCat("'", spec.name, "' is a switch or setting, not a tunable parameter"));
  }
  spsa::SpsaParam param;
  param.name = spec.name;
  param.start = field.has_start() ? field.start() : spec.default_value;
  param.min = field.has_min() ? field.min() : spec.min;
  param.max = field.has_max() ? field.max() : spec.max;
  param.c_end = field.has_c_end() ? field.c_end() : spec.c_end;
  param.r_end = field.has_r_end() ? field.r_end() : spec.r_end;
  // The line parser holds the numeric checks (finite, min <= start <= max, c_end and r_end
  // positive); %.17g keeps every double exact through the text.
  absl::StatusOr<spsa::SpsaParam> checked = spsa::ParseParamLine(
      absl::StrFormat("%s,%.17g,%.17g,%.17g,%.17g,%.17g", param.name, param.start, param.min,
                      param.max, param.c_end, param.r_end),
      1);
  if (!checked.ok()) {
    return absl::InvalidArgumentError(absl::StripPrefix(checked.status().message(), "line 1: "));
  }
  if (absl::Status status = CheckAgainstRegistry(&*checked); !status.ok()) return status;
  return *checked;
}

}  // namespace

absl::StatusOr<SpsaSetup> ResolveSpsa(const proto::Spsa& spsa, SpsaErrorSite* site) {
  auto fail = [&](const std::string& field, int index, absl::string_view reason) {
    site->field = field;
    site->index = field == "param" && index < 0 ? 0 : index;
    return absl::InvalidArgumentError(reason);
  };
  SpsaSetup setup;
  if (spsa.pairs() < 1) return fail("pairs", -1, "must be positive");
  if (!spsa.params().empty() && spsa.param_size() > 0) {
    return fail("param", 0, "give the parameters either as `params` lines or as `param`, not both");
  }
  if (!spsa.params().empty()) {
    absl::StatusOr<std::vector<spsa::SpsaParam>> params = FromLines(spsa.params());
    if (!params.ok()) return fail("params", -1, params.status().message());
    setup.params = *std::move(params);
  }
  for (int i = 0; i < spsa.param_size(); ++i) {
    absl::StatusOr<spsa::SpsaParam> param = FromField(spsa.param(i));
    if (!param.ok()) return fail("param", i, param.status().message());
    setup.params.push_back(*std::move(param));
  }
  if (setup.params.empty()) {
    return fail("params", -1, "no parameter to tune: give `params` lines or `param { ... }`");
  }
  std::set<std::string> seen;
  for (const spsa::SpsaParam& param : setup.params) {
    if (!seen.insert(param.name).second) {
      return fail(spsa.params().empty() ? "param" : "params", -1,
                  absl::StrCat("'", param.name, "' is tuned twice"));
    }
  }
  absl::StatusOr<spsa::SpsaSchedule> schedule = spsa::DefaultSchedule(spsa.pairs());
  if (!schedule.ok()) return fail("pairs", -1, schedule.status().message());
  setup.schedule = *schedule;
  if (spsa.has_stability()) {
    if (!(spsa.stability() >= 0)) return fail("stability", -1, "must not be negative");
    setup.schedule.stability = spsa.stability();
  }
  if (spsa.has_alpha()) {
    if (!(spsa.alpha() > 0 && spsa.alpha() <= 1)) return fail("alpha", -1, "must be in (0, 1]");
    setup.schedule.alpha = spsa.alpha();
  }
  if (spsa.has_gamma()) {
    if (!(spsa.gamma() > 0 && spsa.gamma() <= 1)) return fail("gamma", -1, "must be in (0, 1]");
    setup.schedule.gamma = spsa.gamma();
  }
  return setup;
}

}  // namespace gc9::coordinator::config
