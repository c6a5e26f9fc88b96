#include "tests/oracle/granlem_reference.h"

#include <cstdio>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace gc9::oracle {

absl::StatusOr<PerftResult> ReferencePerft(const std::string& variant, const std::string& fen,
                                           int depth, const std::vector<std::string>& moves) {
  // FENs and UCI moves hold no quote, so single quotes keep them one argument each.
  std::string command = absl::StrCat("python3 ", GC9_ORACLE_DIR, "/granlem_reference.py perft",
                                     " --variant ", variant, " --fen '", fen, "' --depth ", depth);
  if (!moves.empty()) absl::StrAppend(&command, " --moves ", absl::StrJoin(moves, " "));
  absl::StrAppend(&command, " 2>&1");
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return absl::InternalError(absl::StrCat("cannot run: ", command));
  std::string output;
  char buffer[4096];
  while (size_t n = fread(buffer, 1, sizeof(buffer), pipe)) output.append(buffer, n);
  const int status = pclose(pipe);
  if (status != 0) {
    return absl::InternalError(absl::StrCat(command, " failed (", status, "): ", output));
  }
  PerftResult result;
  bool total_seen = false;
  for (absl::string_view line : absl::StrSplit(output, '\n', absl::SkipEmpty())) {
    if (absl::ConsumePrefix(&line, "Nodes searched: ")) {
      total_seen = absl::SimpleAtoi(line, &result.total);
      continue;
    }
    const size_t colon = line.find(':');
    uint64_t count;
    if (colon == absl::string_view::npos ||
        !absl::SimpleAtoi(absl::StripAsciiWhitespace(line.substr(colon + 1)), &count)) {
      return absl::InternalError(absl::StrCat("unexpected reference output: ", line));
    }
    result.divide[std::string(line.substr(0, colon))] = count;
  }
  if (!total_seen) return absl::InternalError(absl::StrCat("no total in: ", output));
  return result;
}

}  // namespace gc9::oracle
