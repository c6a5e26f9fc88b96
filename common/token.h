// The shared secret's comparison, for every door that checks it (gRPC, the dashboard).
#pragma once

#include "absl/strings/string_view.h"

namespace gc9::common {

// Whether `given` is `expected`, in time that depends only on `expected`'s length, so that a
// caller cannot find the token byte by byte from how long a refusal takes.
bool TokenMatches(absl::string_view given, absl::string_view expected);

}  // namespace gc9::common
