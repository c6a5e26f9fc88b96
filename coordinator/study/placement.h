// Pre-battle pawn placements: a side drops two pawns on distinct squares of its
// drop rank. Naming ("c3+g3"), a dense index and the UCI drop moves.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace gc9::coordinator::study {

inline constexpr int kMinBoardWidth = 8;
inline constexpr int kMaxBoardWidth = 12;

// The rank a side drops onto: TheGrandChess9 is {9, 3} for White and {9, 7}
// for Black. Ranks count from 1, as in square names.
struct DropRow {
  int width = 9;
  int rank = 3;
};

// Two files of the drop row, 0-based (a = 0), always first_file < second_file.
struct Placement {
  int first_file = 0;
  int second_file = 1;
};

inline bool operator==(const Placement& a, const Placement& b) {
  return a.first_file == b.first_file && a.second_file == b.second_file;
}

// Fails unless width is within [kMinBoardWidth, kMaxBoardWidth] and rank >= 1.
absl::Status ValidateDropRow(const DropRow& row);

// C(width, 2): 36 on a 9-wide board.
int PlacementCount(int width);

// The index order is lexicographic on (first_file, second_file):
// a+b = 0, a+c = 1, ..., a+i = 7, b+c = 8, ..., h+i = 35 on 9 files. It is the
// row/column order of every study table, so it must never change.
int PlacementIndex(const Placement& placement, int width);
absl::StatusOr<Placement> PlacementFromIndex(int index, int width);
std::vector<Placement> AllPlacements(int width);

// "a3", "l10": file letter then rank number.
std::string SquareName(int file, int rank);
// "c3+g3".
std::string PlacementName(const Placement& placement, int rank);
// The name for a placement index; the row must be valid.
std::string PlacementNameAt(int index, const DropRow& row);

// The two UCI drops, first file first: {"P@c3", "P@g3"}.
std::array<std::string, 2> DropMoves(const Placement& placement, int rank);

// Parses "c3+g3" (either order, "g3+c3" too) on the given row. Errors name the
// offending text: a square off the row's rank, a file beyond the width, the
// same square twice, or a malformed name.
absl::StatusOr<Placement> ParsePlacement(absl::string_view name, const DropRow& row);

}  // namespace gc9::coordinator::study
