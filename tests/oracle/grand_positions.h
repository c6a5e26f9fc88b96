// Grand Chess positions that each exercise a rule generators get wrong, with Fairy-Stockfish
// 11.1's perft (UCI_Variant grand). Checked by FSF's `d` (every FEN reads back unchanged).
#pragma once

#include "tests/oracle/oracle_position.h"

namespace gc9::oracle {

inline constexpr OraclePosition kGrandPositions[] = {
    // The start: FSF's and cutechess's published 65 / 4,225 / 259,514 / 15,921,643.
    {"Start", "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1", 4,
     15921643},
    // Promotion is optional on ranks 8 and 9: b7-b8 and g8-g9 (and g8xh9) each give the plain
    // move and six promotions, since White has lost every piece.
    {"PromotionOptional", "r3k5/7n2/6P3/1P8/10/10/10/10/10/4K5 w - - 0 1", 4, 221732},
    // Promotion is compulsory on rank 10: a9-a10, a9xb10, j9-j10 and j9xi10 never stay pawns.
    {"PromotionCompulsory", "1n2k3r1/P8P/10/10/10/10/10/10/10/4K5 w - - 0 1", 4, 162741},
    // Blocked: White has all nine pieces, so the e9 pawn may not advance, yet it checks d10.
    {"PromotionBlockedStillChecks", "r2k5r/4P5/10/10/10/10/10/PPPP1PPPPP/1NBQKCABN1/R8R b - - 0 1",
     4, 760659},
    // Partly available: White lacks one rook and one knight, so c9 must become R or N on c10
    // and h8 may become R or N on h9; a capture on b10/d10 frees nothing for White.
    {"PromotionPartial", "1q1r3k2/2P7/7P2/10/10/10/10/10/1N1QKCA3/R1B2B4 w - - 0 1", 4, 3838057},
    // En passant by White: d8-d6 was just played, c6xd7 and e6xd7 take it.
    {"EnPassantWhite", "4k4r/10/pp4pppp/10/2PpP5/10/10/10/10/R3K5 w - d7 0 1", 4, 207098},
    // En passant by Black: f3-f5 was just played, e5xf4 and g5xf4 take it.
    {"EnPassantBlack", "4k5/10/10/10/10/4pPp3/10/PPPPP1PPPP/10/4K5 b - f4 0 1", 4, 47999},
    // En passant illegal: e6xd7 would empty rank 6 between the a6 king and the j6 rook.
    {"EnPassantPinnedOnRankWhite", "4k5/10/10/10/K2pP4r/10/10/10/10/10 w - d7 0 1", 4, 19244},
    // The same for Black: f5xe4 would open rank 5 from the a5 rook to the j5 king.
    {"EnPassantPinnedOnRankBlack", "4K5/10/10/10/10/R3Pp3k/10/10/10/10 b - e4 0 1", 4, 18524},
    // Pins: the e5 rook on the e-file (it may slide along it), the c4 knight on the a6-e2
    // diagonal (no move) and the f3 bishop on the h5-e2 diagonal (it may take the queen).
    {"PinsFileAndDiagonal", "9k/4r5/10/10/b9/4R2q2/2N7/5B4/4K5/10 w - - 0 1", 4, 824878},
    // Single check by the marshal's knight leap d3-e1: only Nxd3 or a king step to e2/f1.
    {"MarshalKnightCheck", "4k5/10/10/10/10/10/10/3c6/1N8/R3K2A2 w - - 0 1", 4, 41524},
    // Double check, cardinal leap f3-e1 and the e10 rook: only king moves, and Qxf3 is illegal.
    {"DoubleCheckCardinalAndRook", "4r4k/10/10/10/10/10/10/Q4a4/10/4K5 w - - 0 1", 4, 60148},
    // Black in check by the cardinal's leap d8-e10; the d10 queen is pinned by the a10 rook,
    // so only Nxd8 or a king step answers.
    {"CardinalKnightCheckWithPin", "R2qk5/1n8/3A6/10/10/10/10/10/10/4K5 b - - 0 1", 4, 29356},
    // Black promotes: c4-c3 optionally (rank 3), g2-g1 and g2xf1/g2xh1 compulsorily, and only
    // to B, N, C or A, since Black still has its queen and both rooks.
    {"BlackPromotionsPartial", "r3k3r1/3qb1n3/10/10/10/10/2p7/10/6p3/5R1N1K b - - 0 1", 4, 1770189},
    // Captures into promotion with one piece free: White lacks only its queen, so f9xe10 or
    // f9xg10 (or f9-f10) must make a queen, after which d7 can no longer promote on e8/d8.
    {"CapturePromotionOnePieceFree", "k3r1n3/5P4/4b5/3P6/10/10/10/P9/1N6N1/R1B1KCAB1R w - - 0 1", 4,
     1606610},
    // A middle game from FSF's own play (18 plies from the start): everything at once.
    {"MiddleGame",
     "r8r/1nbqkcab2/1pppp5/6pn1p/p4p1p2/5P1P1p/2PP2P3/PP1NP1N1P1/2BQ1CAB2/R4K3R w - - 2 10", 3,
     387787},
};

}  // namespace gc9::oracle
