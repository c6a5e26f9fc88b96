// Reading a whole file, the one way every gc9 folder does it.
#pragma once

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace gc9::common {

// The bytes of the file at `path`. `what` names the file in errors, which read
// "cannot open WHAT 'PATH': REASON" (NotFound when it does not exist) or "cannot read ...".
absl::StatusOr<std::string> ReadWholeFile(const std::string& path, absl::string_view what = "file");

}  // namespace gc9::common
