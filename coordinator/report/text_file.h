// Writing report files: whole-file writes with the error naming the path.
#pragma once

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace gc9::coordinator::report {

// Creates the directory and its parents if missing.
absl::Status EnsureDirectory(const std::string& path);

// Replaces the file's contents; written to a sibling temporary and renamed, so
// a reader never sees half a report.
absl::Status WriteTextFile(const std::string& path, absl::string_view contents);

}  // namespace gc9::coordinator::report
