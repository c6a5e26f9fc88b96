// PGN for the games gc9 plays: Seven Tag Roster plus Variant, SetUp/FEN, TimeControl and
// Termination, moves in gc9's UCI long algebraic text.
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
  std::vector<std::string> moves;   // UCI text
  std::string result;               // "1-0", "0-1", "1/2-1/2", "*"
  std::string termination_comment;  // written after the last move, e.g. "White mates"
};

// Writes one game. The start FEN is needed to number moves: which side moves first and at
// which move number, and (in placement phases) when one side moves twice in a row.
absl::StatusOr<std::string> WritePgn(const std::shared_ptr<const engine::Variant>& variant,
                                     const PgnGame& game);

// Reads one game back (tags, moves without numbers and comments, result); for tests and the
// CLI's tools, not a general PGN parser.
absl::StatusOr<PgnGame> ReadPgn(absl::string_view text);

// The tag's value, or "" if absent.
std::string PgnTag(const PgnGame& game, absl::string_view name);

}  // namespace gc9::worker
