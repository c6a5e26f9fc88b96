// The `spsa` run kind's parameters and schedule as a run configuration gives them, with the
// gaps filled from the engine's parameter registry and fishtest's defaults.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "coordinator/spsa/params.h"
#include "coordinator/spsa/schedule.h"
#include "proto/run.pb.h"

namespace gc9::coordinator::config {

struct SpsaSetup {
  std::vector<spsa::SpsaParam> params;  // names spelled as the registry spells them
  spsa::SpsaSchedule schedule;
};

// Where in `spsa { ... }` an error is: a field name and, for `param`, its index.
struct SpsaErrorSite {
  std::string field;
  int index = -1;
};

// Every name must be a tuned parameter of the engine's registry, and every range inside the
// registry's (the engine refuses values outside it). On error `site` names the field.
absl::StatusOr<SpsaSetup> ResolveSpsa(const proto::Spsa& spsa, SpsaErrorSite* site);

}  // namespace gc9::coordinator::config
