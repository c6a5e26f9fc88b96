#include "tests/oracle/fairy_stockfish.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"

namespace gc9::oracle {
namespace {

// The commands go through a file rather than a pipe we write to, so that FSF reading its
// input and us reading its output can never block each other.
absl::StatusOr<std::string> RunWithInput(const std::string& binary, const std::string& args,
                                         const std::string& input) {
  char path[] = "/tmp/gc9-oracle-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) return absl::InternalError("cannot create a temporary file for FSF's input");
  size_t written = 0;
  while (written < input.size()) {
    ssize_t n = write(fd, input.data() + written, input.size() - written);
    if (n <= 0) break;
    written += size_t(n);
  }
  close(fd);
  if (written != input.size()) {
    unlink(path);
    return absl::InternalError("cannot write FSF's input file");
  }
  std::string command = absl::StrCat("'", binary, "' ", args, " < '", path, "' 2>&1");
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) {
    unlink(path);
    return absl::InternalError(absl::StrCat("cannot start ", binary));
  }
  std::string output;
  char buffer[1 << 16];
  size_t n;
  while ((n = fread(buffer, 1, sizeof(buffer), pipe)) > 0) output.append(buffer, n);
  int status = pclose(pipe);
  unlink(path);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    return absl::InternalError(absl::StrCat(binary, " failed (status ", status, "); it printed:\n",
                                            output.substr(0, 2000)));
  }
  return output;
}

}  // namespace

FairyStockfish::FairyStockfish(std::string variant, std::string variant_path, std::string binary)
    : variant_(std::move(variant)),
      variant_path_(std::move(variant_path)),
      binary_(std::move(binary)) {}

absl::Status FairyStockfish::CheckAvailable() const {
  if (access(binary_.c_str(), X_OK) != 0) {
    return absl::NotFoundError(absl::StrCat(
        "Fairy-Stockfish is not at ", binary_,
        "; install the Debian package fairy-stockfish (apt-get install fairy-stockfish)"));
  }
  return absl::OkStatus();
}

absl::StatusOr<std::string> FairyStockfish::Run(const std::string& commands) const {
  absl::Status available = CheckAvailable();
  if (!available.ok()) return available;
  std::string input;
  if (!variant_path_.empty()) {
    if (access(variant_path_.c_str(), R_OK) != 0) {
      return absl::NotFoundError(absl::StrCat("variant file ", variant_path_, " is not readable"));
    }
    absl::StrAppend(&input, "setoption name VariantPath value ", variant_path_, "\n");
  }
  absl::StrAppend(&input, "setoption name UCI_Variant value ", variant_, "\n", commands);
  absl::StatusOr<std::string> output = RunWithInput(binary_, "", input);
  if (!output.ok()) return output;
  // FSF 11.1 ignores an unknown UCI_Variant silently; a file it cannot open is its one message.
  if (output->find("Unable to open file") != std::string::npos) {
    return absl::FailedPreconditionError(absl::StrCat("FSF could not load ", variant_path_));
  }
  return output;
}

absl::Status FairyStockfish::CheckVariantFile() const {
  absl::Status available = CheckAvailable();
  if (!available.ok()) return available;
  absl::StatusOr<std::string> output =
      RunWithInput(binary_, absl::StrCat("check '", variant_path_, "'"), "");
  if (!output.ok()) return output.status();
  // `check` prints the banner and one `Parsing variant:` line per section; anything else is
  // a complaint about an option.
  std::string complaints;
  for (absl::string_view line : absl::StrSplit(*output, '\n', absl::SkipWhitespace())) {
    if (absl::StartsWith(line, "Fairy-Stockfish ") || absl::StartsWith(line, "Parsing variant:")) {
      continue;
    }
    absl::StrAppend(&complaints, line, "\n");
  }
  if (!complaints.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(variant_path_, ":\n", complaints));
  }
  if (output->find(absl::StrCat("Parsing variant: ", variant_)) == std::string::npos) {
    return absl::NotFoundError(absl::StrCat(variant_path_, " does not define ", variant_));
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<PerftResult>> FairyStockfish::PerftBatch(
    const std::vector<PerftQuery>& queries) const {
  std::string commands;
  for (const PerftQuery& q : queries) {
    absl::StrAppend(&commands, "position fen ", q.fen, "\ngo perft ", q.depth, "\n");
  }
  absl::StatusOr<std::string> output = Run(commands);
  if (!output.ok()) return output.status();
  absl::StatusOr<std::vector<PerftResult>> results = ParsePerftOutput(*output);
  if (!results.ok()) return results;
  if (results->size() != queries.size()) {
    return absl::InternalError(
        absl::StrCat("FSF answered ", results->size(), " of ", queries.size(), " perft queries"));
  }
  return results;
}

absl::StatusOr<PerftResult> FairyStockfish::Perft(const std::string& fen, int depth) const {
  absl::StatusOr<std::vector<PerftResult>> results = PerftBatch({{fen, depth}});
  if (!results.ok()) return results.status();
  return std::move((*results)[0]);
}

absl::StatusOr<std::vector<std::string>> FairyStockfish::ReadFens(
    const std::vector<std::string>& fens) const {
  std::string commands;
  for (const std::string& fen : fens) absl::StrAppend(&commands, "position fen ", fen, "\nd\n");
  absl::StatusOr<std::string> output = Run(commands);
  if (!output.ok()) return output.status();
  std::vector<std::string> read;
  for (absl::string_view line : absl::StrSplit(*output, '\n')) {
    if (absl::ConsumePrefix(&line, "Fen: ")) read.emplace_back(line);
  }
  if (read.size() != fens.size()) {
    return absl::InternalError(
        absl::StrCat("FSF printed ", read.size(), " FENs for ", fens.size(), " positions"));
  }
  return read;
}

absl::StatusOr<std::vector<PerftResult>> ParsePerftOutput(const std::string& output) {
  std::vector<PerftResult> results;
  PerftResult current;
  for (absl::string_view line : absl::StrSplit(output, '\n')) {
    line = absl::StripAsciiWhitespace(line);
    uint64_t count = 0;
    if (absl::ConsumePrefix(&line, "Nodes searched: ")) {
      if (!absl::SimpleAtoi(line, &count)) {
        return absl::InternalError(absl::StrCat("bad FSF node count: ", line));
      }
      current.total = count;
      results.push_back(std::move(current));
      current = PerftResult();
      continue;
    }
    std::vector<absl::string_view> parts = absl::StrSplit(line, ": ");
    // A move names a square, so it has a digit, and never a space: that tells divide lines
    // from FSF's other output.
    if (parts.size() != 2 || parts[0].find(' ') != absl::string_view::npos ||
        parts[0].find_first_of("0123456789") == absl::string_view::npos ||
        !absl::SimpleAtoi(parts[1], &count)) {
      continue;
    }
    if (!current.divide.emplace(std::string(parts[0]), count).second) {
      return absl::InternalError(absl::StrCat("FSF listed ", parts[0], " twice"));
    }
  }
  return results;
}

}  // namespace gc9::oracle
