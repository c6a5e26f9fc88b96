#include "worker/match/uci_lines.h"

#include <algorithm>
#include <cstdint>
#include <limits>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace gc9::worker {
namespace {

// "option name Hash Size type spin ..." -> "Hash Size"; names may hold spaces, so the name
// runs to the " type " keyword.
std::string OptionName(absl::string_view line) {
  absl::string_view rest = line.substr(std::string("option name ").size());
  size_t type = rest.find(" type ");
  return std::string(absl::StripAsciiWhitespace(rest.substr(0, type)));
}

// The `var` choices of a combo option line.
std::vector<std::string> ComboChoices(absl::string_view line) {
  std::vector<std::string> choices;
  std::vector<absl::string_view> words = absl::StrSplit(line, ' ', absl::SkipEmpty());
  for (size_t i = 0; i + 1 < words.size(); ++i) {
    if (words[i] == "var") choices.emplace_back(words[i + 1]);
  }
  return choices;
}

// A number an engine printed, saturated into int: a score beyond int must not wrap into a
// small one, maybe of the other sign (4294966296 was -1000 and lost the game by adjudication).
// The range is symmetric, so that the adjudicator may negate it.
int Saturated(int64_t value) {
  return int(std::clamp<int64_t>(value, -std::numeric_limits<int>::max(),
                                 std::numeric_limits<int>::max()));
}

// Reads what the search reported so far from an `info` line: score, depth and nodes.
void ParseInfo(absl::string_view line, PlayerMove* move) {
  std::vector<absl::string_view> words = absl::StrSplit(line, ' ', absl::SkipEmpty());
  for (size_t i = 1; i + 1 < words.size(); ++i) {
    if (words[i] == "string") return;  // free text from here on
    int64_t value = 0;
    if (words[i] == "depth" && absl::SimpleAtoi(words[i + 1], &value)) {
      move->depth = Saturated(value);
    } else if (words[i] == "nodes" && absl::SimpleAtoi(words[i + 1], &value)) {
      move->nodes = value;
    } else if (words[i] == "score" && i + 2 < words.size()) {
      if (words[i + 1] == "cp" && absl::SimpleAtoi(words[i + 2], &value)) {
        move->score_cp = Saturated(value);
        move->mate_in.reset();
      } else if (words[i + 1] == "mate" && absl::SimpleAtoi(words[i + 2], &value)) {
        move->mate_in = Saturated(value);
        move->score_cp.reset();
      }
    }
  }
}

}  // namespace

bool ReadUciLine(absl::string_view line, UciDescription* description) {
  if (line == "uciok") return true;
  if (absl::StartsWith(line, "id name ")) description->id_name = std::string(line.substr(8));
  if (absl::StartsWith(line, "option name ")) {
    std::string option = OptionName(line);
    if (absl::EqualsIgnoreCase(option, "UCI_Variant")) {
      description->variant_choices = ComboChoices(line);
    }
    // Kept for checking the run's options by name; an engine listing options without end
    // must not fill the worker's memory before the handshake's deadline.
    if (description->option_names.size() < kMaxOptions) {
      description->option_names.push_back(std::move(option));
    }
  }
  return false;
}

SearchLine ReadSearchLine(absl::string_view line, PlayerMove* move) {
  if (absl::StartsWith(line, "info")) {
    ParseInfo(line, move);
    return SearchLine::kInfo;
  }
  if (line != "bestmove" && !absl::StartsWith(line, "bestmove ")) return SearchLine::kOther;
  std::vector<absl::string_view> words = absl::StrSplit(line, ' ', absl::SkipEmpty());
  if (words.size() < 2) {
    move->fault = PlayerMove::kProtocolError;
    move->detail = absl::StrCat("'", line, "'");
    return SearchLine::kProtocolError;
  }
  move->uci = std::string(words[1]);
  return SearchLine::kBestMove;
}

}  // namespace gc9::worker
