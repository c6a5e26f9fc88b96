// Report file output.
#include "coordinator/report/text_file.h"

#include <filesystem>
#include <fstream>
#include <system_error>

#include "absl/strings/str_cat.h"

namespace gc9::coordinator::report {

absl::Status EnsureDirectory(const std::string& path) {
  std::error_code error;
  std::filesystem::create_directories(path, error);
  if (error) {
    return absl::UnavailableError(absl::StrCat("cannot create ", path, ": ", error.message()));
  }
  return absl::OkStatus();
}

absl::Status WriteTextFile(const std::string& path, absl::string_view contents) {
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) return absl::UnavailableError(absl::StrCat("cannot write ", temporary));
    out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    if (!out) return absl::UnavailableError(absl::StrCat("write to ", temporary, " failed"));
  }
  std::error_code error;
  std::filesystem::rename(temporary, path, error);
  if (error) {
    return absl::UnavailableError(
        absl::StrCat("cannot rename ", temporary, " to ", path, ": ", error.message()));
  }
  return absl::OkStatus();
}

}  // namespace gc9::coordinator::report
