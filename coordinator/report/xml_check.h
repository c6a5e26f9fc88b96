// A minimal well-formedness check for the XML this folder writes, so tests (and
// anyone handed an SVG) can tell a broken file without an XML library.
#pragma once

#include <map>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace gc9::coordinator::report {

// Checks an optional <?xml ...?> prolog, comments, one root element, balanced
// start/end tags, quoted attributes, and that '&' in text or attributes starts
// a known entity or a character reference. No DTDs, CDATA or namespaces checks:
// none of that is written here. Returns the number of elements of each name.
absl::StatusOr<std::map<std::string, int>> CheckWellFormedXml(absl::string_view xml);

}  // namespace gc9::coordinator::report
