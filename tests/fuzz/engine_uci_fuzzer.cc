// UCI lines into the engine's UCI layer (engine/uci.h), one input a session's worth of
// commands. A bad command must be answered with an error line, never end or break the session.
// What the harness leaves out is what costs time or touches the file system, not what parses:
// `bench`, `go perft` deeper than 2, a hash above 4 MB and VariantPath (variant files have
// their own target). Every `go` is followed by `stop`, so searches start, report and end.
#include <memory>
#include <ostream>
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "engine/params.h"
#include "engine/uci.h"
#include "tests/fuzz/fuzz_util.h"

namespace {

using gc9::engine::UciSession;

// The session's answers go nowhere: a stream without a buffer drops what it is given.
std::ostream& NullStream() {
  static auto* out = new std::ostream(nullptr);
  return *out;
}

// One session for all inputs (a fresh one clears a 16 MB hash and starts a thread, which
// would cost most of the run), put back in its start state before each input.
UciSession& Session() {
  static auto* session = [] {
    auto* s = new UciSession(NullStream());
    s->Handle("setoption name Hash value 1");
    return s;
  }();
  return *session;
}

const std::string& DefaultParameters() {
  static const auto* text = [] {
    auto* t = new std::string();
    for (const gc9::engine::ParamSpec& spec : gc9::engine::ParamSpecs()) {
      absl::StrAppend(t, spec.name, "=", spec.default_value, "\n");
    }
    return t;
  }();
  return *text;
}

// The words of a command as UciSession::Handle splits them: first word, then the rest.
std::pair<absl::string_view, absl::string_view> Command(absl::string_view line) {
  line = absl::StripAsciiWhitespace(line);
  const size_t space = line.find_first_of(" \t");
  if (space == absl::string_view::npos) return {line, {}};
  return {line.substr(0, space), absl::StripAsciiWhitespace(line.substr(space))};
}

// Whether the harness runs the line (see the file's comment for what it leaves out).
bool Affordable(absl::string_view line) {
  const auto [command, args] = Command(line);
  if (command == "bench") return false;
  if (command == "go") {
    const auto [first, rest] = Command(args);
    if (!absl::StartsWith(first, "perft")) return true;
    int depth = 0;
    return !absl::SimpleAtoi(rest, &depth) || depth <= 2;
  }
  if (command != "setoption") return true;
  std::string lower = absl::AsciiStrToLower(args);
  if (absl::StrContains(lower, "variantpath")) return false;
  absl::string_view rest = lower;
  if (!absl::ConsumePrefix(&rest, "name ")) return true;
  const size_t at = rest.find(" value ");
  if (at == absl::string_view::npos || absl::StripAsciiWhitespace(rest.substr(0, at)) != "hash") {
    return true;
  }
  int megabytes = 0;
  return !absl::SimpleAtoi(absl::StripAsciiWhitespace(rest.substr(at + 7)), &megabytes) ||
         megabytes <= 4;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  UciSession& session = Session();
  session.Handle("stop");
  session.Handle("setoption name UCI_Variant value grandchess9");
  session.Handle("setoption name Hash value 1");
  GC9_FUZZ_CHECK(session.engine().SetParameters(DefaultParameters()).ok(), "defaults");
  session.Handle("ucinewgame");
  for (absl::string_view line : gc9::fuzz::Lines(gc9::fuzz::Text(data, size))) {
    if (!Affordable(line)) continue;
    if (!session.Handle(line)) break;  // quit
    if (Command(line).first == "go") session.Handle("stop");
  }
  session.Handle("stop");
  return 0;
}
