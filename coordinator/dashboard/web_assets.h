// The dashboard's pages, script and style (coordinator/dashboard/web/), compiled in by
// embed_web.cmake so that a coordinator serves them without the source tree.
#pragma once

#include "absl/strings/string_view.h"

namespace gc9::coordinator::dashboard {

struct WebAsset {
  absl::string_view name;  // the file's name in web/, e.g. "run.html"
  absl::string_view content_type;
  absl::string_view body;
};

// The asset of that name, or null.
const WebAsset* FindWebAsset(absl::string_view name);

}  // namespace gc9::coordinator::dashboard
