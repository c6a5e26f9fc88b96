#include "engine/uci.h"

#include <chrono>
#include <istream>
#include <ostream>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "common/status_macros.h"
#include "engine/bench.h"
#include "engine/game_end.h"
#include "engine/variant_catalog.h"

namespace gc9::engine {
namespace {

constexpr absl::string_view kDefaultVariant = "grandchess9";

// Splits "word rest" into the first word and the rest, both trimmed.
std::pair<absl::string_view, absl::string_view> FirstWord(absl::string_view text) {
  text = absl::StripAsciiWhitespace(text);
  const size_t space = text.find_first_of(" \t");
  if (space == absl::string_view::npos) return {text, {}};
  return {text.substr(0, space), absl::StripAsciiWhitespace(text.substr(space))};
}

}  // namespace

UciSession::UciSession(std::ostream& out) : out_(out) {
  if (!SetVariant(kDefaultVariant).ok()) {
    // Only a broken build lacks the default; fall back to any built-in so the session runs.
    if (!BuiltinVariantNames().empty()) (void)SetVariant(BuiltinVariantNames().front());
  }
}

UciSession::~UciSession() {
  engine_.Stop();
  engine_.Wait();
}

void UciSession::Emit(absl::string_view text) {
  std::lock_guard<std::mutex> lock(out_mutex_);
  out_ << text << std::endl;
}

void UciSession::Error(absl::string_view message) {
  Emit(absl::StrCat("info string error: ", message));
}

void UciSession::Idle() {
  if (engine_.searching()) engine_.Stop();
  engine_.Wait();
}

void UciSession::Run(std::istream& in) {
  std::string line;
  while (std::getline(in, line)) {
    if (!Handle(line)) return;
  }
  Finish();
}

void UciSession::Finish() {
  if (infinite_) engine_.Stop();
  engine_.Wait();
}

bool UciSession::Handle(absl::string_view line) {
  auto [command, args] = FirstWord(line);
  if (command.empty()) return true;
  absl::Status status;
  if (command == "quit") {
    Idle();
    return false;
  }
  if (command == "uci") {
    Uci();
  } else if (command == "isready") {
    Emit("readyok");
  } else if (command == "stop") {
    Idle();
  } else if (command == "setoption") {
    Idle();
    status = SetOption(args);
  } else if (command == "ucinewgame") {
    Idle();
    status = engine_.NewGame();
  } else if (command == "position") {
    Idle();
    status = SetPosition(args);
  } else if (command == "go") {
    Idle();
    status = Go(args);
  } else if (command == "bench") {
    Idle();
    status = Bench(args);
  } else if (command == "params") {
    std::string listing;
    for (const std::string& entry : engine_.params().Listing(engine_.game().variant().get()))
      absl::StrAppend(&listing, entry, "\n");
    if (!listing.empty()) listing.pop_back();
    Emit(listing);
  } else if (command == "d") {
    Idle();
    Display();
  } else {
    status = absl::InvalidArgumentError(absl::StrCat("unknown command \"", command, "\""));
  }
  if (!status.ok()) Error(status.message());
  return true;
}

void UciSession::Uci() {
  std::string text = "id name gc9\nid author the gc9 developers\n";
  absl::StrAppend(&text, "option name UCI_Variant type combo default ", kDefaultVariant);
  for (const std::string& name : BuiltinVariantNames()) absl::StrAppend(&text, " var ", name);
  for (const auto& [name, unused] : user_variants_) absl::StrAppend(&text, " var ", name);
  absl::StrAppend(&text, "\noption name VariantPath type string default <empty>\n");
  absl::StrAppend(&text, "option name Hash type spin default ",
                  TranspositionTable::kDefaultMegabytes, " min 1 max ",
                  TranspositionTable::kMaxMegabytes, "\noption name Clear Hash type button\n");
  for (const ParamSpec& spec : ParamSpecs()) {
    absl::StrAppend(&text, "option name ", spec.name, " type spin default ", spec.default_value,
                    " min ", spec.min, " max ", spec.max, "\n");
  }
  absl::StrAppend(&text, "uciok");
  Emit(text);
}

absl::Status UciSession::SetVariant(absl::string_view name) {
  if (auto it = user_variants_.find(name); it != user_variants_.end()) {
    return engine_.SetVariant(it->second);
  }
  return engine_.SetVariant(name);
}

absl::Status UciSession::SetOption(absl::string_view args) {
  // setoption name NAME [value VALUE]; names may hold spaces, so split on the keywords.
  if (!absl::ConsumePrefix(&args, "name ")) {
    return absl::InvalidArgumentError("setoption needs: name NAME [value VALUE]");
  }
  absl::string_view name = args, value;
  if (const size_t at = args.find(" value "); at != absl::string_view::npos) {
    name = args.substr(0, at);
    value = absl::StripAsciiWhitespace(args.substr(at + 7));
  }
  name = absl::StripAsciiWhitespace(name);
  if (absl::EqualsIgnoreCase(name, "UCI_Variant")) return SetVariant(value);
  if (absl::EqualsIgnoreCase(name, "VariantPath")) {
    if (value.empty() || value == "<empty>") return absl::OkStatus();
    ASSIGN_OR_RETURN(auto variant, LoadVariantFile(std::string(value)));
    user_variants_[variant->name()] = variant;
    Emit(absl::StrCat("info string loaded variant ", variant->name(), " from ", value));
    return absl::OkStatus();
  }
  if (absl::EqualsIgnoreCase(name, "Clear Hash")) return engine_.NewGame();
  const bool hash = absl::EqualsIgnoreCase(name, "Hash");
  if (!hash && FindParam(name) < 0) {
    return absl::InvalidArgumentError(absl::StrCat("unknown option \"", name, "\""));
  }
  int number;
  if (!absl::SimpleAtoi(value, &number)) {
    return absl::InvalidArgumentError(
        absl::StrCat("option ", name, " needs an integer value, got \"", value, "\""));
  }
  return hash ? engine_.SetHashSize(number) : engine_.SetParameter(name, number);
}

absl::Status UciSession::SetPosition(absl::string_view args) {
  auto [kind, rest] = FirstWord(args);
  absl::string_view moves_text;
  if (const size_t at = rest.find("moves"); at != absl::string_view::npos) {
    moves_text = rest.substr(at + 5);
    rest = absl::StripAsciiWhitespace(rest.substr(0, at));
  }
  std::vector<std::string> moves = absl::StrSplit(moves_text, ' ', absl::SkipEmpty());
  if (kind == "startpos") {
    if (!rest.empty()) {
      return absl::InvalidArgumentError(absl::StrCat("unexpected \"", rest, "\" after startpos"));
    }
    return engine_.SetPosition("startpos", moves);
  }
  if (kind == "fen" && !rest.empty()) return engine_.SetPosition(rest, moves);
  return absl::InvalidArgumentError("position needs startpos or fen FEN, then moves ...");
}

absl::Status UciSession::Go(absl::string_view args) {
  if (absl::StartsWith(FirstWord(args).first, "perft")) return Perft(FirstWord(args).second);
  SearchLimits limits;
  std::vector<absl::string_view> words = absl::StrSplit(args, ' ', absl::SkipEmpty());
  for (size_t i = 0; i < words.size(); ++i) {
    const absl::string_view word = words[i];
    if (word == "infinite") {
      limits.infinite = true;
      continue;
    }
    if (word == "ponder") continue;  // pondering is searching until `stop` like infinite
    int64_t number = 0;
    const bool known = word == "depth" || word == "nodes" || word == "movetime" ||
                       word == "wtime" || word == "btime" || word == "winc" || word == "binc" ||
                       word == "movestogo";
    if (!known) {
      return absl::InvalidArgumentError(absl::StrCat("go: unknown limit \"", word, "\""));
    }
    if (i + 1 >= words.size() || !absl::SimpleAtoi(words[i + 1], &number) || number < 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          "go ", word, " needs a number, got \"", i + 1 < words.size() ? words[i + 1] : "", "\""));
    }
    ++i;
    if (word == "depth") limits.depth = int(std::min<int64_t>(number, 1000));
    if (word == "nodes") limits.nodes = uint64_t(number);
    if (word == "movetime") limits.movetime_ms = number;
    if (word == "movestogo") limits.movestogo = int(std::min<int64_t>(number, 1000));
    if (word == "wtime" || word == "btime") {
      limits.use_clock = true;
      limits.time_ms[word == "wtime" ? kWhite : kBlack] = number;
    }
    if (word == "winc") limits.inc_ms[kWhite] = number;
    if (word == "binc") limits.inc_ms[kBlack] = number;
  }
  // A bare `go` thinks until `stop`, as in Stockfish.
  if (!limits.depth && !limits.nodes && !limits.movetime_ms && !limits.use_clock) {
    limits.infinite = true;
  }
  infinite_ = limits.infinite;
  return engine_.Go(
      limits, [this](const SearchInfo& info) { Emit(InfoLine(info)); },
      [this](const SearchResult& result) {
        std::string text;
        if (result.best.IsNone()) {
          absl::StrAppend(&text, "info string game over: ", GameEndName(result.game.end), "\n");
          absl::StrAppend(&text, "bestmove (none)");
        } else {
          if (result.game.end != GameEnd::kOngoing) {
            absl::StrAppend(&text, "info string the game is drawn by rule (",
                            GameEndName(result.game.end), "); moving on\n");
          }
          absl::StrAppend(&text, "bestmove ", result.best_uci);
          if (!result.ponder_uci.empty()) absl::StrAppend(&text, " ponder ", result.ponder_uci);
        }
        Emit(text);
      });
}

absl::Status UciSession::Perft(absl::string_view args) {
  int depth;
  if (!absl::SimpleAtoi(args, &depth) || depth < 1 || depth > 20) {
    return absl::InvalidArgumentError(absl::StrCat("perft depth \"", args, "\" is not 1..20"));
  }
  std::unique_ptr<Game> game = engine_.game().Clone();
  const auto start = std::chrono::steady_clock::now();
  uint64_t total = 0;
  std::string text;
  for (const auto& [move, nodes] : game->PerftDivide(depth)) {
    absl::StrAppend(&text, move, ": ", nodes, "\n");
    total += nodes;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  absl::StrAppend(&text, "\nNodes searched: ", total, "\n");
  absl::StrAppend(&text, "info string perft time ", int64_t(seconds * 1000), " ms, ",
                  int64_t(total / std::max(seconds, 1e-6)), " leaves/s");
  Emit(text);
  return absl::OkStatus();
}

absl::Status UciSession::Bench(absl::string_view args) {
  int depth = kBenchDepth;
  if (!args.empty() && (!absl::SimpleAtoi(args, &depth) || depth < 1 || depth > 30)) {
    return absl::InvalidArgumentError(absl::StrCat("bench depth \"", args, "\" is not 1..30"));
  }
  ASSIGN_OR_RETURN(
      const BenchResult result,
      RunBench(engine_.params().snapshot(), depth, [this](absl::string_view line) { Emit(line); }));
  Emit(absl::StrCat("\nNodes searched: ", result.nodes, "\nNodes/second: ", result.nps));
  return absl::OkStatus();
}

void UciSession::Display() { Emit(engine_.game().Clone()->Diagram()); }

}  // namespace gc9::engine
