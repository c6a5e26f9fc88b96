// Checks the worker's tests share: a game record replayed with gc9's rules, and a PGN's SAN
// moves turned back into the record's UCI entries.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/variant.h"
#include "worker/match/match.h"

namespace gc9::worker {

// Replays the record from its start FEN with Game::Play: every entry must be legal and, in a
// multi-move variant, a whole turn (the side to move changes after it). Failures are gtest
// failures.
void ExpectAllLegal(const std::shared_ptr<const engine::Variant>& variant, const GameRecord& game);

// The UCI entries of a PGN's SAN moves (ReadPgn's), each turn's parts parsed with
// Game::ParseSan one by one and joined by commas as the match records them: a lone move
// whose turn could go on ends in ",0000". A move that does not parse is a gtest failure and
// ends the list there.
std::vector<std::string> UciOfSan(const std::shared_ptr<const engine::Variant>& variant,
                                  const std::string& start_fen,
                                  const std::vector<std::string>& san_moves);

}  // namespace gc9::worker
