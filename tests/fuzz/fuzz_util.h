// What the fuzz targets share: the input as text and as lines, and a check that aborts, so
// that a broken promise (a round trip that does not return) is a crash the fuzzer keeps.
#pragma once

#include <stdlib.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"

namespace gc9::fuzz {

inline absl::string_view Text(const uint8_t* data, size_t size) {
  return absl::string_view(reinterpret_cast<const char*>(data), size);
}

// The input's lines without their endings ("\r\n" too).
inline std::vector<absl::string_view> Lines(absl::string_view text) {
  std::vector<absl::string_view> lines = absl::StrSplit(text, '\n');
  for (absl::string_view& line : lines) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  }
  return lines;
}

// The first byte picks one of `count` choices (a variant, say); the rest is the input proper.
inline size_t TakeChoice(absl::string_view* text, size_t count) {
  if (text->empty() || count == 0) return 0;
  const size_t choice = static_cast<unsigned char>((*text)[0]) % count;
  text->remove_prefix(1);
  return choice;
}

// A new empty folder under `parent` (the temporary directory by default), removed when the
// process ends; for the targets whose parsers read files.
inline std::string ScratchDir(const std::string& name,
                              const std::string& parent = std::filesystem::temp_directory_path()) {
  struct Folders {
    std::vector<std::string> paths;
    ~Folders() {
      for (const std::string& path : paths) std::filesystem::remove_all(path);
    }
  };
  static Folders folders;
  std::string dir = std::filesystem::path(parent) / ("gc9-fuzz-" + name + "-XXXXXX");
  if (mkdtemp(dir.data()) == nullptr) {
    std::fprintf(stderr, "cannot make %s\n", dir.c_str());
    std::abort();
  }
  folders.paths.push_back(dir);
  return dir;
}

[[noreturn]] inline void Fail(const char* file, int line, const char* what,
                              const std::string& detail) {
  std::fprintf(stderr, "%s:%d: fuzz check failed: %s\n%s\n", file, line, what, detail.c_str());
  std::abort();
}

}  // namespace gc9::fuzz

// Aborts with the condition and a detail when `condition` is false.
#define GC9_FUZZ_CHECK(condition, detail) \
  ((condition) ? (void)0 : ::gc9::fuzz::Fail(__FILE__, __LINE__, #condition, (detail)))
