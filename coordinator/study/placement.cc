// Placement naming and indexing.
#include "coordinator/study/placement.h"

#include <algorithm>
#include <cctype>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace gc9::coordinator::study {
namespace {

// Placements whose first file is below `first`: sum over f < first of
// (width - 1 - f).
int PlacementsBefore(int first, int width) { return first * (width - 1) - first * (first - 1) / 2; }

struct Square {
  int file = 0;
  int rank = 0;
};

absl::StatusOr<Square> ParseSquare(absl::string_view text, absl::string_view whole) {
  if (text.size() < 2 || !std::islower(static_cast<unsigned char>(text[0]))) {
    return absl::InvalidArgumentError(
        absl::StrCat("placement \"", whole, "\": \"", text, "\" is not a square like c3"));
  }
  Square square;
  square.file = text[0] - 'a';
  if (!absl::SimpleAtoi(text.substr(1), &square.rank) || square.rank < 1 ||
      !std::isdigit(static_cast<unsigned char>(text[1]))) {
    return absl::InvalidArgumentError(
        absl::StrCat("placement \"", whole, "\": \"", text, "\" has no valid rank"));
  }
  return square;
}

}  // namespace

absl::Status ValidateDropRow(const DropRow& row) {
  if (row.width < kMinBoardWidth || row.width > kMaxBoardWidth) {
    return absl::InvalidArgumentError(absl::StrCat("board width ", row.width, " is outside [",
                                                   kMinBoardWidth, ", ", kMaxBoardWidth, "]"));
  }
  if (row.rank < 1) {
    return absl::InvalidArgumentError(absl::StrCat("drop rank ", row.rank, " is below 1"));
  }
  return absl::OkStatus();
}

int PlacementCount(int width) { return width * (width - 1) / 2; }

int PlacementIndex(const Placement& placement, int width) {
  return PlacementsBefore(placement.first_file, width) +
         (placement.second_file - placement.first_file - 1);
}

absl::StatusOr<Placement> PlacementFromIndex(int index, int width) {
  if (index < 0 || index >= PlacementCount(width)) {
    return absl::OutOfRangeError(
        absl::StrCat("placement index ", index, " is outside [0, ", PlacementCount(width), ")"));
  }
  Placement placement;
  int first = 0;
  while (PlacementsBefore(first + 1, width) <= index) ++first;
  placement.first_file = first;
  placement.second_file = first + 1 + (index - PlacementsBefore(first, width));
  return placement;
}

std::vector<Placement> AllPlacements(int width) {
  std::vector<Placement> all;
  all.reserve(PlacementCount(width));
  for (int a = 0; a < width; ++a) {
    for (int b = a + 1; b < width; ++b) all.push_back(Placement{a, b});
  }
  return all;
}

std::string SquareName(int file, int rank) {
  return absl::StrCat(std::string(1, static_cast<char>('a' + file)), rank);
}

std::string PlacementName(const Placement& placement, int rank) {
  return absl::StrCat(SquareName(placement.first_file, rank), "+",
                      SquareName(placement.second_file, rank));
}

std::string PlacementNameAt(int index, const DropRow& row) {
  absl::StatusOr<Placement> placement = PlacementFromIndex(index, row.width);
  if (!placement.ok()) return absl::StrCat("#", index);
  return PlacementName(*placement, row.rank);
}

std::array<std::string, 2> DropMoves(const Placement& placement, int rank) {
  return {absl::StrCat("P@", SquareName(placement.first_file, rank)),
          absl::StrCat("P@", SquareName(placement.second_file, rank))};
}

absl::StatusOr<Placement> ParsePlacement(absl::string_view name, const DropRow& row) {
  if (absl::Status valid = ValidateDropRow(row); !valid.ok()) return valid;
  std::vector<absl::string_view> parts = absl::StrSplit(absl::StripAsciiWhitespace(name), '+');
  if (parts.size() != 2) {
    return absl::InvalidArgumentError(
        absl::StrCat("placement \"", name, "\" is not two squares joined by '+', like c3+g3"));
  }
  Square squares[2];
  for (int i = 0; i < 2; ++i) {
    absl::StatusOr<Square> square = ParseSquare(parts[i], name);
    if (!square.ok()) return square.status();
    if (square->rank != row.rank) {
      return absl::InvalidArgumentError(absl::StrCat("placement \"", name, "\": square ", parts[i],
                                                     " is not on rank ", row.rank));
    }
    if (square->file >= row.width) {
      return absl::InvalidArgumentError(absl::StrCat("placement \"", name, "\": square ", parts[i],
                                                     " is off a board ", row.width, " files wide"));
    }
    squares[i] = *square;
  }
  if (squares[0].file == squares[1].file) {
    return absl::InvalidArgumentError(
        absl::StrCat("placement \"", name, "\" names the same square twice"));
  }
  Placement placement;
  placement.first_file = std::min(squares[0].file, squares[1].file);
  placement.second_file = std::max(squares[0].file, squares[1].file);
  return placement;
}

}  // namespace gc9::coordinator::study
