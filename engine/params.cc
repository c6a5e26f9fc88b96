#include "engine/params.h"

#include <cctype>
#include <cmath>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "common/file.h"
#include "common/status_macros.h"
#include "engine/variant.h"

namespace gc9::engine {

const std::array<ParamSpec, kParamCount>& ParamSpecs() {
  static const std::array<ParamSpec, kParamCount> specs = {{
#define GC9_PARAM_SPEC(name, def, lo, hi, c, r, tuned) {#name, def, lo, hi, c, r, tuned},
      GC9_PARAMS(GC9_PARAM_SPEC)
#undef GC9_PARAM_SPEC
  }};
  return specs;
}

int FindParam(absl::string_view name) {
  const auto& specs = ParamSpecs();
  for (int i = 0; i < kParamCount; ++i) {
    if (absl::EqualsIgnoreCase(name, specs[i].name)) return i;
  }
  return -1;
}

std::string PieceParamName(absl::string_view piece_name, absl::string_view suffix) {
  std::string out;
  bool upper = true;
  for (char ch : piece_name) {
    if (!std::isalnum(static_cast<unsigned char>(ch))) {
      upper = true;
      continue;
    }
    out += upper ? char(std::toupper(static_cast<unsigned char>(ch)))
                 : char(std::tolower(static_cast<unsigned char>(ch)));
    upper = false;
  }
  return absl::StrCat(out, suffix);
}

Params::Params() { Reset(); }

void Params::Reset() {
  for (int i = 0; i < kParamCount; ++i) values_.values[i] = ParamSpecs()[i].default_value;
  values_.set.reset();
}

absl::Status Params::Set(absl::string_view name, double value) {
  const int id = FindParam(name);
  if (id < 0) return absl::NotFoundError(absl::StrCat("unknown parameter \"", name, "\""));
  const ParamSpec& spec = ParamSpecs()[id];
  // Compared as a double: converted first, 4294967396 would have wrapped to an in-range 100.
  const double rounded = std::round(value);
  if (!(rounded >= spec.min && rounded <= spec.max)) {
    return absl::OutOfRangeError(absl::StrFormat("parameter %s value %.15g is outside %d..%d",
                                                 spec.name, value, spec.min, spec.max));
  }
  values_.values[id] = int(rounded);
  values_.set.set(id);
  return absl::OkStatus();
}

absl::Status Params::ApplyText(absl::string_view text, absl::string_view source) {
  Params staged = *this;  // all or nothing
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_number;
    if (const size_t hash = line.find('#'); hash != absl::string_view::npos) {
      line = line.substr(0, hash);
    }
    line = absl::StripAsciiWhitespace(line);
    if (line.empty()) continue;
    auto error = [&](absl::string_view problem) {
      return absl::InvalidArgumentError(
          absl::StrCat(source, ":", line_number, ": ", problem, " in \"", line, "\""));
    };
    const char separator = line.find('=') != absl::string_view::npos ? '=' : ',';
    std::vector<absl::string_view> fields = absl::StrSplit(line, separator);
    if (fields.size() != 2 && fields.size() != 6) {
      return error("expected name,value or name=value or name,value,min,max,c_end,r_end");
    }
    const absl::string_view name = absl::StripAsciiWhitespace(fields[0]);
    double value;
    if (!absl::SimpleAtod(absl::StripAsciiWhitespace(fields[1]), &value) || !std::isfinite(value)) {
      return error(absl::StrCat("value \"", fields[1], "\" is not a number"));
    }
    const absl::Status status = staged.Set(name, value);
    if (!status.ok()) return error(status.message());
  }
  *this = staged;
  return absl::OkStatus();
}

absl::Status Params::LoadFile(const std::string& path) {
  ASSIGN_OR_RETURN(const std::string text, common::ReadWholeFile(path, "parameter file"));
  return ApplyText(text, path);
}

ParamSnapshot WithVariantDefaults(const ParamSnapshot& params, const Variant& variant) {
  ParamSnapshot own = params;
  for (const auto* list : {&variant.eval_weights(), &variant.search_settings()}) {
    for (const auto& [id, value] : *list) {
      if (!params.set[id]) own.values[id] = value;
    }
  }
  return own;
}

std::vector<std::string> Params::Listing(const Variant* variant) const {
  const std::array<int, kParamCount> values =
      variant ? WithVariantDefaults(values_, *variant).values : values_.values;
  std::vector<std::string> lines;
  for (int i = 0; i < kParamCount; ++i) {
    const ParamSpec& spec = ParamSpecs()[i];
    if (!spec.tuned) continue;
    lines.push_back(absl::StrFormat("%s,%d,%d,%d,%g,%.4f", spec.name, values[i], spec.min, spec.max,
                                    spec.c_end, spec.r_end));
  }
  return lines;
}

}  // namespace gc9::engine
