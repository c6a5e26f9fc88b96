// PGN for the games gc9 plays: Seven Tag Roster plus Variant, SetUp/FEN, TimeControl and
// Termination, moves in SAN (a multi-move turn is one move: its moves' SAN joined by commas,
// "1. d4,Nk3,Lo3 d9,Nk10").
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "engine/variant.h"

namespace gc9::worker {

struct PgnGame {
  std::vector<std::pair<std::string, std::string>> tags;  // in writing order
  std::string start_fen;
  // WritePgn takes UCI text, one entry per ply or (multi-move variants) per whole turn, moves
  // joined by commas; ReadPgn gives the movetext's SAN tokens, one per ply or turn.
  std::vector<std::string> moves;
  // A comment after each move ("+0.35/12 0.412s [%clk 0:00:09.6]"), "" for none; may be
  // shorter than `moves`. ReadPgn gives the first comment after each move.
  std::vector<std::string> move_comments;
  std::string result;               // "1-0", "0-1", "1/2-1/2", "*"
  std::string termination_comment;  // written after the last move, e.g. "White mates"
};

// Writes one game, its moves turned into SAN. The start FEN is needed for that and to number
// moves: which side moves first and at which move number, and (in placement phases) when one
// side moves twice in a row.
absl::StatusOr<std::string> WritePgn(const std::shared_ptr<const engine::Variant>& variant,
                                     const PgnGame& game);

// Reads one game back (tags, SAN moves without numbers, their comments, result); for tests and
// the CLI's tools, not a general PGN parser. Engine::Game::ParseSan turns the moves back into
// UCI text (a turn's parts one by one).
absl::StatusOr<PgnGame> ReadPgn(absl::string_view text);

// The tag's value, or "" if absent.
std::string PgnTag(const PgnGame& game, absl::string_view name);

}  // namespace gc9::worker
