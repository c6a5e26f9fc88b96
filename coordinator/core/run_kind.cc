#include "coordinator/core/run_kind.h"

#include "absl/strings/str_cat.h"
#include "coordinator/core/fixed_kind.h"
#include "coordinator/core/sprt_kind.h"
#include "coordinator/core/spsa_kind.h"
#include "coordinator/core/study_kind.h"

namespace gc9::coordinator::core {

absl::StatusOr<std::unique_ptr<RunKind>> MakeRunKind(const proto::RunConfig& config) {
  switch (config.kind_case()) {
    case proto::RunConfig::kFixed:
      return std::make_unique<FixedKind>();
    case proto::RunConfig::kSprt:
      return std::make_unique<SprtKind>(config);
    case proto::RunConfig::kSpsa:
      return SpsaKind::Create(config);
    case proto::RunConfig::kPlacementStudy:
      return StudyKind::Create(config);
    default:
      return absl::InvalidArgumentError(
          absl::StrCat("run config '", config.name(), "' has no kind (fixed, sprt, spsa)"));
  }
}

}  // namespace gc9::coordinator::core
