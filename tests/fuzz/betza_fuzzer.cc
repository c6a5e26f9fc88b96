// Betza strings: the parser, then the moves concluded into a piece of Modern Chess (the
// minister's place) on both board builds. The piece's moves from three positions (its start
// square, alone in the centre, Black's among pieces) must be the same on both boards, and
// each must have a SAN, play and take back.
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "engine/betza.h"
#include "engine/game.h"
#include "engine/variant.h"
#include "engine/variant_catalog.h"
#include "tests/fuzz/fuzz_util.h"

namespace {

using gc9::engine::BoardKind;
using gc9::engine::Game;

constexpr const char* kPositions[] = {
    "startpos",
    "4k4/9/9/9/4M4/9/9/9/4K4 w - - 0 1",
    "rnbqk1bnr/ppppppppp/9/3p1p3/4m4/3P1P3/9/PPPPPPPPP/RNBMKQBNR b - - 0 1",
};

// Every legal move of `fen`, each checked to have a SAN and to play and take back.
// An empty set if the position is illegal with this piece.
std::set<std::string> CheckedMoves(Game& game, const std::string& fen) {
  if (!game.SetFen(fen).ok()) return {};
  const std::string before = game.Fen();
  std::set<std::string> moves;
  for (const std::string& move : game.LegalMoves()) {
    GC9_FUZZ_CHECK(game.San(move).ok(), before + ": " + move);
    GC9_FUZZ_CHECK(game.Play(move).ok(), before + ": " + move);
    game.Result();
    game.Undo();
    GC9_FUZZ_CHECK(game.Fen() == before, before + ": " + move);
    moves.insert(move);
  }
  return moves;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const absl::string_view betza = gc9::fuzz::Text(data, size);
  absl::StatusOr<std::vector<gc9::engine::MoveAtom>> atoms = gc9::engine::ParseBetza(betza);
  if (!atoms.ok()) return 0;
  for (const gc9::engine::MoveAtom& atom : *atoms) {
    if (!atom.lame) continue;
    for (const gc9::engine::Step& step : atom.steps) gc9::engine::LamePath(step);
  }

  gc9::proto::VariantDefinition definition = (*gc9::engine::BuiltinVariant("modern"))->definition();
  definition.set_name("fuzz");
  for (gc9::proto::PieceDefinition& piece : *definition.mutable_pieces()) {
    if (piece.letter() == "M") piece.set_betza(std::string(betza));
  }
  auto narrow_variant = gc9::engine::Variant::Conclude(definition, BoardKind::kNarrow);
  auto wide_variant = gc9::engine::Variant::Conclude(definition, BoardKind::kWide);
  GC9_FUZZ_CHECK(narrow_variant.ok() == wide_variant.ok(), std::string(betza));
  // The parser took it, but a variant may still refuse it (a move no board allows, say).
  if (!narrow_variant.ok()) return 0;
  auto narrow_game = Game::New(*narrow_variant);
  auto wide_game = Game::New(*wide_variant);
  GC9_FUZZ_CHECK(narrow_game.ok() == wide_game.ok(), std::string(betza));
  // The start position may be illegal with this piece (it gives check from its home square).
  if (!narrow_game.ok()) return 0;
  std::unique_ptr<Game> games[2] = {*std::move(narrow_game), *std::move(wide_game)};
  for (const char* fen : kPositions) {
    const std::set<std::string> narrow = CheckedMoves(*games[0], fen);
    const std::set<std::string> wide = CheckedMoves(*games[1], fen);
    GC9_FUZZ_CHECK(narrow == wide, std::string(fen) + ": the board builds disagree");
  }
  return 0;
}
