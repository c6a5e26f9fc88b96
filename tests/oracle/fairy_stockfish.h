// The real Fairy-Stockfish as a test oracle: its perft divides and its reading of FENs,
// from one short-lived process per batch of queries.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace gc9::oracle {

// Debian's package fairy-stockfish (11.1, the large-board build) installs it here.
inline constexpr char kFairyStockfishBinary[] = "/usr/games/fairy-stockfish";

struct PerftQuery {
  std::string fen;
  int depth = 1;
};

struct PerftResult {
  std::map<std::string, uint64_t> divide;  // UCI move -> leaves below it
  uint64_t total = 0;
};

class FairyStockfish {
 public:
  // `variant` is a UCI_Variant name; `variant_path`, if not empty, a variants.ini file that is
  // loaded first (it may define `variant`).
  explicit FairyStockfish(std::string variant, std::string variant_path = "",
                          std::string binary = kFairyStockfishBinary);

  // NotFound, naming the Debian package, when the binary is missing.
  absl::Status CheckAvailable() const;

  // Runs FSF's own `check FILE` on the variant file: an error with FSF's complaints if it
  // reports any, or if the file does not define the variant. (Loading a file through
  // VariantPath skips bad options without a word, so this is the way to see them.)
  absl::Status CheckVariantFile() const;

  // One process runs every query in order; a `go perft` waits for the one before it, so the
  // outputs come out one after another and never interleave.
  absl::StatusOr<std::vector<PerftResult>> PerftBatch(const std::vector<PerftQuery>& queries) const;
  absl::StatusOr<PerftResult> Perft(const std::string& fen, int depth) const;

  // The `Fen:` line of FSF's `d` command for each FEN: how FSF reads the position back. FSF
  // accepts any text as a FEN, so this round trip is the only way to see that it parsed ours.
  absl::StatusOr<std::vector<std::string>> ReadFens(const std::vector<std::string>& fens) const;

  // Sets the variant, runs `commands` (UCI lines) and returns everything FSF printed, stderr
  // included. An error if FSF did not confirm the variant (an unknown name or a broken file).
  absl::StatusOr<std::string> Run(const std::string& commands) const;

 private:
  std::string variant_;
  std::string variant_path_;
  std::string binary_;
};

// Parses FSF's perft output: `move: count` lines closed by `Nodes searched: N`, one block per
// `go perft`. Other lines (banner, info strings) are skipped.
absl::StatusOr<std::vector<PerftResult>> ParsePerftOutput(const std::string& output);

}  // namespace gc9::oracle
