// SAN parsing: the first byte picks a built-in variant, the first line is a FEN (empty: the
// start position) and each of the next lines (at most 12, since SAN parsing compares every
// legal move's SAN) a SAN move, played when it parses. A move that parses must be legal, and
// the SAN gc9 writes for it must parse back to the same move.
#include <memory>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/variant_catalog.h"
#include "tests/fuzz/fuzz_util.h"

constexpr size_t kMoves = 12;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  absl::string_view text = gc9::fuzz::Text(data, size);
  const std::vector<std::string>& names = gc9::engine::BuiltinVariantNames();
  const std::string& name = names[gc9::fuzz::TakeChoice(&text, names.size())];
  std::unique_ptr<gc9::engine::Game> game =
      *gc9::engine::Game::New(*gc9::engine::BuiltinVariant(name));
  const std::vector<absl::string_view> lines = gc9::fuzz::Lines(text);
  if (lines.empty() || (!lines[0].empty() && !game->SetFen(lines[0]).ok())) return 0;
  for (size_t i = 1; i < lines.size() && i <= kMoves; ++i) {
    const absl::StatusOr<std::string> uci = game->ParseSan(lines[i]);
    if (!uci.ok()) continue;
    const std::string where = name + ": " + game->Fen() + ": " + std::string(lines[i]);
    const absl::StatusOr<std::string> san = game->San(*uci);
    GC9_FUZZ_CHECK(san.ok(), where + " -> " + *uci);
    const absl::StatusOr<std::string> back = game->ParseSan(*san);
    GC9_FUZZ_CHECK(back.ok() && *back == *uci, where + " -> " + *uci + " -> " + *san);
    GC9_FUZZ_CHECK(game->Play(*uci).ok(), where + " -> " + *uci);
    game->Result();
  }
  return 0;
}
