// The 8,400 Chess8400 arrays and gc9's numbering of them (no official numbering exists).
//
// Index n in 0..8399, in the manner of Scharnagl's Chess960 numbering: the dark-squared
// bishop goes on dark square n % 5 of a c e g i (a1 is dark); n /= 5; the light-squared bishop
// on light square n % 4 of b d f h; n /= 4; the queen on the (n % 7)-th free square from the
// left; n /= 7; the minister on the (n % 6)-th free square; n /= 6; the knights on the n-th pair
// (0..9, in the order 01 02 03 04 12 13 14 23 24 34) of the five free squares; the rook, king
// and rook fill the last three free squares from left to right. So 5 * 4 * 7 * 6 * 10 = 8400.
#pragma once

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace gc9::engine {

inline constexpr int kChess8400Arrays = 8400;

// White's back rank of array `index`, e.g. "BBQMNNRKR" for 0.
absl::StatusOr<std::string> Chess8400BackRank(int index);
// The start FEN of array `index`: Black mirrors White file for file, castling rights KQkq.
absl::StatusOr<std::string> Chess8400StartFen(int index);
// The index of a back rank, or an error saying why it is no Chess8400 array.
absl::StatusOr<int> Chess8400Index(absl::string_view back_rank);

}  // namespace gc9::engine
