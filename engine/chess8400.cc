#include "engine/chess8400.h"

#include <cctype>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"

namespace gc9::engine {
namespace {

constexpr int kDarkFiles[5] = {0, 2, 4, 6, 8};
constexpr int kLightFiles[4] = {1, 3, 5, 7};
constexpr int kKnightPairs[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                     {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};

// Puts `piece` on the k-th free square of `rank` from the left.
void PlaceOnFree(std::string* rank, int k, char piece) {
  for (char& c : *rank) {
    if (c != '.') continue;
    if (k-- == 0) {
      c = piece;
      return;
    }
  }
}

}  // namespace

absl::StatusOr<std::string> Chess8400BackRank(int index) {
  if (index < 0 || index >= kChess8400Arrays) {
    return absl::InvalidArgumentError(
        absl::StrCat("Chess8400 array ", index, " is outside 0..", kChess8400Arrays - 1));
  }
  std::string rank(9, '.');
  int n = index;
  rank[kDarkFiles[n % 5]] = 'B';
  n /= 5;
  rank[kLightFiles[n % 4]] = 'B';
  n /= 4;
  PlaceOnFree(&rank, n % 7, 'Q');
  n /= 7;
  PlaceOnFree(&rank, n % 6, 'M');
  n /= 6;
  // Place the second knight first so the first's free-square index still counts from the left.
  PlaceOnFree(&rank, kKnightPairs[n][1], 'N');
  PlaceOnFree(&rank, kKnightPairs[n][0], 'N');
  PlaceOnFree(&rank, 0, 'R');
  PlaceOnFree(&rank, 0, 'K');
  PlaceOnFree(&rank, 0, 'R');
  return rank;
}

absl::StatusOr<std::string> Chess8400StartFen(int index) {
  auto white = Chess8400BackRank(index);
  if (!white.ok()) return white.status();
  return absl::StrCat(absl::AsciiStrToLower(*white), "/ppppppppp/9/9/9/9/9/PPPPPPPPP/", *white,
                      " w KQkq - 0 1");
}

absl::StatusOr<int> Chess8400Index(absl::string_view back_rank) {
  const std::string rank = absl::AsciiStrToUpper(back_rank);
  auto error = [&](absl::string_view why) {
    return absl::InvalidArgumentError(
        absl::StrCat("\"", back_rank, "\" is no Chess8400 array: ", why));
  };
  if (rank.size() != 9) return error("it needs nine pieces");
  std::string sorted = rank;
  std::sort(sorted.begin(), sorted.end());
  if (sorted != "BBKMNNQRR") return error("it needs K Q M and two each of R B N");
  int dark = -1, light = -1;
  for (int i = 0; i < 5; ++i) dark = rank[kDarkFiles[i]] == 'B' ? i : dark;
  for (int i = 0; i < 4; ++i) light = rank[kLightFiles[i]] == 'B' ? i : light;
  if (dark < 0 || light < 0) return error("the bishops stand on squares of one colour");
  const size_t king = rank.find('K');
  if (rank.find('R') > king || rank.rfind('R') < king) {
    return error("the king does not stand between the rooks");
  }
  // Undo the placement order, counting free squares as they were at each step ('B' marks a
  // square already taken).
  std::string free;
  auto free_index = [&](size_t at) {
    int k = 0;
    for (size_t i = 0; i < at; ++i) k += free[i] != 'B';
    return k;
  };
  free = rank;
  for (char& c : free) c = c == 'B' ? 'B' : '.';
  const int queen = free_index(rank.find('Q'));
  free[rank.find('Q')] = 'B';
  const int minister = free_index(rank.find('M'));
  free[rank.find('M')] = 'B';
  const int first = free_index(rank.find('N'));
  const int second = free_index(rank.rfind('N'));
  int pair = 0;
  while (kKnightPairs[pair][0] != first || kKnightPairs[pair][1] != second) ++pair;
  return dark + 5 * (light + 4 * (queen + 7 * (minister + 6 * pair)));
}

}  // namespace gc9::engine
