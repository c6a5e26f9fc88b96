// What the worker reads from an external UCI engine, one line at a time, as pure functions:
// UciPlayer feeds them its child's output, the tests and the fuzzer (tests/fuzz) feed them text.
// Engines are programs gc9 did not write, so any line is possible here.
#pragma once

#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "worker/match/player.h"

namespace gc9::worker {

// What the answer to `uci` says about the engine.
struct UciDescription {
  std::string id_name;
  std::vector<std::string> option_names;
  std::vector<std::string> variant_choices;  // UCI_Variant's var list; empty if none
};

// The most option names kept from an engine's answer to `uci`.
inline constexpr size_t kMaxOptions = 4096;

// Reads one line of the answer to `uci`; true once it is `uciok`.
bool ReadUciLine(absl::string_view line, UciDescription* description);

enum class SearchLine { kOther, kInfo, kBestMove, kProtocolError };

// Reads one line of the output during a search: `info` keeps its score, depth and nodes in
// `move`, `bestmove` sets move->uci (checked by the caller, not here), and a `bestmove` without
// a move is a protocol error with the line in move->detail. Anything else is kOther, which a
// GUI ignores.
SearchLine ReadSearchLine(absl::string_view line, PlayerMove* move);

}  // namespace gc9::worker
