// Tuning parameters in fishtest's text format: one
// `name,start,min,max,c_end,r_end` per line.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace gc9::coordinator::spsa {

struct SpsaParam {
  std::string name;
  double start = 0;
  double min = 0;
  double max = 0;
  // Perturbation size and learning rate wanted at the last iteration; the
  // schedule (schedule.h) scales both back to the first iteration.
  double c_end = 0;
  double r_end = 0;
};

// Parses a whole parameter file. Blank lines are skipped and `#` starts a
// comment that runs to the end of the line. Every error names the 1-based line
// and the problem; a text with no parameter at all is an error too, since a
// tuning run over nothing is always a mistake.
absl::StatusOr<std::vector<SpsaParam>> ParseParams(absl::string_view text);

// Parses one non-blank, comment-free line; `line_number` only labels errors.
absl::StatusOr<SpsaParam> ParseParamLine(absl::string_view line, int line_number);

}  // namespace gc9::coordinator::spsa
