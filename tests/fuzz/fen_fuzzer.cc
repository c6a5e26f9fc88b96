// FEN into every built-in variant. A refused FEN leaves the game as it was; an accepted one
// keeps every piece it names and prints back stably (the FEN it prints is accepted and prints
// the same), and each of its legal moves has a SAN, plays and takes back to the same position.
#include <algorithm>
#include <cctype>
#include <memory>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/variant_catalog.h"
#include "tests/fuzz/fuzz_util.h"

namespace {

using gc9::engine::Game;

// One game per built-in variant, made once; each input works on a clone.
const std::vector<std::unique_ptr<Game>>& StartGames() {
  static const auto* games = [] {
    auto* out = new std::vector<std::unique_ptr<Game>>();
    for (const std::string& name : gc9::engine::BuiltinVariantNames()) {
      out->push_back(*Game::New(*gc9::engine::BuiltinVariant(name)));
    }
    return out;
  }();
  return *games;
}

// The piece letters of a FEN's first field (the board and any holdings).
int PieceLetters(absl::string_view fen) {
  const size_t start = std::min(fen.find_first_not_of(' '), fen.size());
  const absl::string_view board = fen.substr(start, fen.find(' ', start) - start);
  return int(std::count_if(board.begin(), board.end(),
                           [](char c) { return std::isalpha(static_cast<unsigned char>(c)); }));
}

void CheckFen(const Game& start, absl::string_view fen) {
  std::unique_ptr<Game> game = start.Clone();
  const std::string name = game->variant()->name();
  const std::string before = game->Fen();
  if (!game->SetFen(fen).ok()) {
    GC9_FUZZ_CHECK(game->Fen() == before, name);
    return;
  }
  const std::string printed = game->Fen();
  // Nothing accepted is dropped: a piece past a rank's end was once cut off silently.
  GC9_FUZZ_CHECK(PieceLetters(fen) == PieceLetters(printed), name + ": " + printed);
  const absl::Status again = game->SetFen(printed);
  GC9_FUZZ_CHECK(again.ok(), name + ": " + printed + ": " + std::string(again.message()));
  GC9_FUZZ_CHECK(game->Fen() == printed, name + ": " + printed + " -> " + game->Fen());
  game->Result();
  game->Diagram();
  for (const std::string& move : game->LegalMoves()) {
    const absl::StatusOr<std::string> san = game->San(move);
    GC9_FUZZ_CHECK(san.ok(), name + ": " + printed + ": " + move);
    const absl::Status played = game->Play(move);
    GC9_FUZZ_CHECK(played.ok(), name + ": " + printed + ": " + move);
    game->Result();
    game->Undo();
    GC9_FUZZ_CHECK(game->Fen() == printed, name + ": " + printed + ": " + move);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view fen = gc9::fuzz::Text(data, size);
  for (const std::unique_ptr<Game>& start : StartGames()) CheckFen(*start, fen);
  return 0;
}
