// The independent Granlem Shatranj reference (granlem_reference.py, written from the seed and
// the rule decisions without reading gc9's engine) as a test oracle, like Fairy-Stockfish for
// the variants it plays.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "tests/oracle/fairy_stockfish.h"

namespace gc9::oracle {

// The reference's perft divide of `fen` after `moves` (UCI plies).
absl::StatusOr<PerftResult> ReferencePerft(const std::string& variant, const std::string& fen,
                                           int depth, const std::vector<std::string>& moves = {});

}  // namespace gc9::oracle
