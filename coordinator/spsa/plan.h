// The schedule of a run laid out per parameter, as `gc9-spsa plan` prints it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "coordinator/spsa/params.h"
#include "coordinator/spsa/schedule.h"

namespace gc9::coordinator::spsa {

struct PlanRow {
  std::string name;
  double c = 0;
  double a = 0;
  double stability = 0;  // A
  double c_k = 0;
  double r_k = 0;
};

std::vector<PlanRow> PlanAt(const std::vector<SpsaParam>& params, const SpsaSchedule& schedule,
                            int64_t k);

// An aligned text table with a header naming N and k.
std::string FormatPlanTable(const std::vector<PlanRow>& rows, const SpsaSchedule& schedule,
                            int64_t k);

// A JSON list of {"name", "c", "a", "A", "c_k", "R_k"} objects. Numbers are
// printed with 17 significant digits so that they parse back to the same
// doubles.
std::string FormatPlanJson(const std::vector<PlanRow>& rows);

}  // namespace gc9::coordinator::spsa
