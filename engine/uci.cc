#include "engine/uci.h"

#include <chrono>
#include <istream>
#include <ostream>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "engine/game_result.h"
#include "engine/movegen.h"
#include "engine/perft.h"
#include "engine/status_macros.h"
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

void UciSession::Error(absl::string_view message) {
  out_ << "info string error: " << message << std::endl;
}

void UciSession::Run(std::istream& in) {
  std::string line;
  while (std::getline(in, line)) {
    if (!Handle(line)) return;
  }
}

bool UciSession::Handle(absl::string_view line) {
  auto [command, args] = FirstWord(line);
  if (command.empty()) return true;
  absl::Status status;
  if (command == "quit") return false;
  if (!pos_ && command != "uci" && command != "isready" && command != "setoption") {
    Error("no variant is loaded");
    return true;
  }
  if (command == "uci") {
    Uci();
  } else if (command == "isready") {
    out_ << "readyok" << std::endl;
  } else if (command == "setoption") {
    status = SetOption(args);
  } else if (command == "ucinewgame") {
    status = pos_->SetStart();
  } else if (command == "position") {
    status = SetPosition(args);
  } else if (command == "go") {
    status = Go(args);
  } else if (command == "d") {
    Display();
  } else {
    status = absl::InvalidArgumentError(absl::StrCat("unknown command \"", command, "\""));
  }
  if (!status.ok()) Error(status.message());
  return true;
}

void UciSession::Uci() {
  out_ << "id name gc9\nid author the gc9 developers\n";
  out_ << "option name UCI_Variant type combo default " << kDefaultVariant;
  for (const std::string& name : BuiltinVariantNames()) out_ << " var " << name;
  for (const auto& [name, unused] : user_variants_) out_ << " var " << name;
  out_ << "\noption name VariantPath type string default <empty>\nuciok" << std::endl;
}

absl::Status UciSession::SetVariant(absl::string_view name) {
  std::shared_ptr<const Variant> variant;
  if (auto it = user_variants_.find(name); it != user_variants_.end()) {
    variant = it->second;
  } else {
    ASSIGN_OR_RETURN(variant, BuiltinVariant(name));
  }
  auto pos = std::make_unique<Position>(variant);
  RETURN_IF_ERROR(pos->SetStart());
  pos_ = std::move(pos);
  return absl::OkStatus();
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
    out_ << "info string loaded variant " << variant->name() << " from " << value << std::endl;
    return absl::OkStatus();
  }
  return absl::InvalidArgumentError(absl::StrCat("unknown option \"", name, "\""));
}

absl::Status UciSession::SetPosition(absl::string_view args) {
  // Build the new position apart, so that any error leaves the old one in place.
  Position pos(pos_->variant_ptr());
  auto [kind, rest] = FirstWord(args);
  absl::string_view moves;
  if (const size_t at = rest.find("moves"); at != absl::string_view::npos) {
    moves = rest.substr(at + 5);
    rest = absl::StripAsciiWhitespace(rest.substr(0, at));
  }
  if (kind == "startpos") {
    if (!rest.empty()) {
      return absl::InvalidArgumentError(absl::StrCat("unexpected \"", rest, "\" after startpos"));
    }
    RETURN_IF_ERROR(pos.SetStart());
  } else if (kind == "fen") {
    RETURN_IF_ERROR(pos.SetFen(rest));
  } else {
    return absl::InvalidArgumentError("position needs startpos or fen FEN, then moves ...");
  }
  for (absl::string_view text : absl::StrSplit(moves, ' ', absl::SkipEmpty())) {
    ASSIGN_OR_RETURN(Move m, ParseUciMove(pos, text));
    pos.DoMove(m);
  }
  *pos_ = std::move(pos);
  return absl::OkStatus();
}

absl::Status UciSession::Go(absl::string_view args) {
  auto [kind, rest] = FirstWord(args);
  if (kind != "perft") {
    return absl::UnimplementedError("only \"go perft N\" is available until the search lands");
  }
  int depth;
  if (!absl::SimpleAtoi(rest, &depth) || depth < 1 || depth > 20) {
    return absl::InvalidArgumentError(absl::StrCat("perft depth \"", rest, "\" is not 1..20"));
  }
  const auto start = std::chrono::steady_clock::now();
  uint64_t total = 0;
  for (const auto& [move, nodes] : PerftDivide(*pos_, depth)) {
    out_ << MoveToUci(*pos_, move) << ": " << nodes << "\n";
    total += nodes;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out_ << "\nNodes searched: " << total << "\n";
  out_ << "info string perft time " << int64_t(seconds * 1000) << " ms, "
       << int64_t(total / std::max(seconds, 1e-6)) << " leaves/s" << std::endl;
  return absl::OkStatus();
}

void UciSession::Display() {
  const Variant& v = pos_->variant();
  std::string separator = " +";
  for (int f = 0; f < v.files(); ++f) separator += "---+";
  out_ << "\n" << separator << "\n";
  for (int r = v.ranks() - 1; r >= 0; --r) {
    out_ << " |";
    for (int f = 0; f < v.files(); ++f) {
      const Piece p = pos_->PieceOn(MakeSquare(f, r));
      out_ << " " << (p == kNoPiece ? ' ' : v.LetterOf(p)) << " |";
    }
    out_ << " " << r + 1 << "\n" << separator << "\n";
  }
  out_ << " ";
  for (int f = 0; f < v.files(); ++f) out_ << "   " << char('a' + f);
  const GameResult result = Adjudicate(*pos_);
  out_ << "\n\nVariant: " << v.name() << "\nFen: " << pos_->Fen() << "\nResult: "
       << GameEndName(result.end) << std::endl;
}

}  // namespace gc9::engine
