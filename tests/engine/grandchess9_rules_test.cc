// One test per rule decision of ../shared/spec/grandchess9-rules.md. Every expected move set
// and count here was worked out by hand from the rules, and the comment beside it says how.
#include "engine/game_result.h"
#include "engine/perft.h"
#include "tests/engine/test_util.h"

namespace gc9::engine {
namespace {

using testing::Builtin;
using testing::LegalMoves;
using testing::MovesStartingWith;
using testing::Play;
using testing::PositionOf;
using Moves = std::set<std::string>;

constexpr const char* kStart = "rcnsqkbcr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RCNSQKBCR[PPpp] w - - 0 1";

TEST(PlacementTest, WhiteDropsBothPawnsThenBlack) {
  Position pos = PositionOf("grandchess9", kStart);
  EXPECT_EQ(LegalMoves(pos).size(), 9u);  // any square of rank 3
  Play(pos, "P@d3");
  // White keeps the move until its hand is empty.
  EXPECT_EQ(pos.Fen(), "rcnsqkbcr/ppppppppp/9/9/9/9/3P5/PPPPPPPPP/RCNSQKBCR[Ppp] w - - 0 1");
  EXPECT_EQ(LegalMoves(pos).size(), 8u);
  Play(pos, "P@f3");
  EXPECT_EQ(pos.Fen(), "rcnsqkbcr/ppppppppp/9/9/9/9/3P1P3/PPPPPPPPP/RCNSQKBCR[pp] b - - 0 1");
  Play(pos, "P@d7");
  Play(pos, "P@e7");
  // The placement phase ends at "w - - 0 2"; the holdings block is gone with the last pawn.
  EXPECT_EQ(pos.Fen(), "rcnsqkbcr/ppppppppp/3pp4/9/9/9/3P1P3/PPPPPPPPP/RCNSQKBCR w - - 0 2");
}

TEST(PlacementTest, StartPerftIsTheDropCount) {
  // 9, then 8 choices for White, then 9 and 8 for Black.
  Position pos = PositionOf("grandchess9", kStart);
  EXPECT_EQ(Perft(pos, 1), 9u);
  EXPECT_EQ(Perft(pos, 2), 72u);
  EXPECT_EQ(Perft(pos, 3), 648u);
  EXPECT_EQ(Perft(pos, 4), 5184u);
}

TEST(PlacementTest, OptionalPlacementOffersAPass) {
  proto::VariantDefinition def = Builtin("grandchess9")->definition();
  def.set_name("grandchess9-optional");
  def.mutable_placement()->set_optional(true);
  auto variant = Variant::Conclude(def);
  ASSERT_TRUE(variant.ok()) << variant.status();
  Position pos(*variant);
  ASSERT_TRUE(pos.SetStart().ok());
  Moves moves = LegalMoves(pos);
  EXPECT_EQ(moves.size(), 10u);  // nine drops and giving up the rest (0000)
  EXPECT_TRUE(moves.count("0000"));
  Play(pos, "0000");
  EXPECT_EQ(pos.Fen(), "rcnsqkbcr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RCNSQKBCR[pp] b - - 0 1");
  pos.UndoMove();
  EXPECT_EQ(pos.Fen(), kStart);
}

TEST(PlacementTest, DropIsAPawnMoveForTheFiftyMoveRule) {
  Position pos = PositionOf("grandchess9", "4k4/9/9/9/9/9/9/9/R3K4[P] w - - 37 20");
  Play(pos, "P@c3");
  EXPECT_EQ(pos.rule50(), 0);
}

TEST(PlacementTest, InHandOnlyDropsAndAnEmptyHandMovesNormally) {
  // White's hand is empty, Black's is not: White plays the king (d1 f1 d2 e2 f2).
  Position pos = PositionOf("grandchess9", "4k4/9/9/9/9/9/9/9/4K4[pp] w - - 0 1");
  EXPECT_EQ(LegalMoves(pos), (Moves{"e1d1", "e1f1", "e1d2", "e1e2", "e1f2"}));
  Play(pos, "e1e2");
  // Black may only drop, on any of the nine squares of rank 7; the king may not move.
  EXPECT_EQ(LegalMoves(pos).size(), 9u);
  EXPECT_TRUE(MovesStartingWith(pos, "e9").empty());
}

TEST(PlacementTest, ADropMayBlockACheckAndOtherwiseThereIsNoMove) {
  // The rook on e9 checks along the e-file: only the drop on e3 meets it.
  Position blocked = PositionOf("grandchess9", "4r3k/9/9/9/9/9/9/9/4K4[P] w - - 0 1");
  EXPECT_EQ(LegalMoves(blocked), (Moves{"P@e3"}));
  // A knight's check no drop can meet: no legal move, and so checkmate.
  Position mated = PositionOf("grandchess9", "4k4/9/9/9/9/9/5n3/9/4K4[P] w - - 0 1");
  EXPECT_TRUE(LegalMoves(mated).empty());
  const GameResult r = Adjudicate(mated);
  EXPECT_EQ(r.end, GameEnd::kCheckmate);
  EXPECT_EQ(r.winner, kBlack);
}

TEST(PawnTest, OnlyPawnsOnTheirOriginalRankDoubleStep) {
  Position placed = PositionOf("grandchess9", "4k4/9/9/9/9/9/4P4/9/4K4 w - - 0 1");
  EXPECT_EQ(MovesStartingWith(placed, "e3"), (Moves{"e3e4"}));
  Position original = PositionOf("grandchess9", "4k4/9/9/9/9/9/9/4P4/4K4 w - - 0 1");
  EXPECT_EQ(MovesStartingWith(original, "e2"), (Moves{"e2e3", "e2e4"}));
  // Both squares must be empty: a knight on e4 stops the double step.
  Position blocked = PositionOf("grandchess9", "4k4/9/9/9/9/4n4/9/4P4/4K4 w - - 0 1");
  EXPECT_EQ(MovesStartingWith(blocked, "e2"), (Moves{"e2e3"}));
}

TEST(PawnTest, EnPassantAndTheFenShowsItOnlyWhenLegal) {
  Position pos = PositionOf("grandchess9", "4k4/9/9/9/9/4p4/9/3P5/4K4 w - - 0 1");
  Play(pos, "d2d4");
  EXPECT_EQ(pos.Fen(), "4k4/9/9/9/9/3Pp4/9/9/4K4 b - d3 0 1");
  EXPECT_EQ(MovesStartingWith(pos, "e4"), (Moves{"e4e3", "e4d3"}));
  Play(pos, "e4d3");
  EXPECT_EQ(pos.Fen(), "4k4/9/9/9/9/9/3p5/9/4K4 w - - 0 2");
  // Capturing en passant would open rank 4 between the rook on i4 and the king on a4.
  Position pinned = PositionOf("grandchess9", "9/9/9/9/9/k3p3R/9/3P5/4K4 w - - 0 1");
  Play(pinned, "d2d4");
  EXPECT_EQ(pinned.Fen(), "9/9/9/9/9/k2Pp3R/9/9/4K4 b - - 0 1");
}

TEST(PromotionTest, CompulsoryToSixPiecesAndOneSceptreAtMost) {
  Position pos = PositionOf("grandchess9", "4k4/2P6/9/9/9/9/9/9/4K4 w - - 0 1");
  EXPECT_EQ(MovesStartingWith(pos, "c8"),
            (Moves{"c8c9q", "c8c9r", "c8c9b", "c8c9n", "c8c9c", "c8c9s"}));
  // With White's Sceptre on a1, promoting to a second one is not allowed.
  Position with_sceptre = PositionOf("grandchess9", "4k4/2P6/9/9/9/9/9/9/S3K4 w - - 0 1");
  EXPECT_EQ(MovesStartingWith(with_sceptre, "c8"),
            (Moves{"c8c9q", "c8c9r", "c8c9b", "c8c9n", "c8c9c"}));
}

TEST(SceptreTest, MovesAsRookBishopAndKnight) {
  // From e5 on an empty 9x9 board: 16 rook, 16 bishop and 8 knight squares.
  Position pos = PositionOf("grandchess9", "7k1/9/9/9/4S4/9/9/9/1K7 w - - 0 1");
  EXPECT_EQ(MovesStartingWith(pos, "e5").size(), 40u);
}

TEST(CharioteerTest, StepsToEmptySquaresOnlyEvenAttackedOnes) {
  // Neighbours of e5: d5 holds a black pawn (no capture), f6 a white pawn; the other six are
  // free, e4 among them although the pawn on d5 attacks it.
  Position pos = PositionOf("grandchess9", "4k4/9/9/5P3/3pC4/9/9/9/4K4 w - - 0 1");
  EXPECT_EQ(MovesStartingWith(pos, "e5"), (Moves{"e5d4", "e5e4", "e5f4", "e5f5", "e5d6", "e5e6"}));
}

TEST(CharioteerTest, CannotBeCapturedAndBlocksSliders) {
  // The rook on e8: e9, e7, e6 on the file (the Charioteer on e5 stops it and cannot be
  // taken), a8-d8 and f8-i8 on the rank: 11 moves.
  Position pos = PositionOf("grandchess9", "8k/4r4/9/9/4C4/9/9/9/K8 b - - 0 1");
  Moves rook = MovesStartingWith(pos, "e8");
  EXPECT_EQ(rook.size(), 11u);
  EXPECT_FALSE(rook.count("e8e5"));
  EXPECT_FALSE(rook.count("e8e4"));
}

TEST(CharioteerTest, AttacksNothingAndGivesNoCheck) {
  Position pos = PositionOf("grandchess9", "4k4/4C4/9/9/9/9/9/9/4K4 b - - 0 1");
  EXPECT_FALSE(pos.InCheck());
  // The king may stand next to the Charioteer but not on it.
  EXPECT_EQ(LegalMoves(pos), (Moves{"e9d9", "e9f9", "e9d8", "e9f8"}));
}

TEST(CharioteerTest, CanBePinned) {
  const char* fen = "4r3k/9/9/9/9/9/9/4C4/4K4 w - - 0 1";
  Position pos = PositionOf("grandchess9", fen);
  EXPECT_EQ(MovesStartingWith(pos, "e2"), (Moves{"e2e3"}));
  Position noshield = PositionOf("grandchess9-noshield", fen);
  EXPECT_EQ(MovesStartingWith(noshield, "e2"), (Moves{"e2e3"}));
  // Under the full shield it may leave the file while it stays beside its king.
  Position full = PositionOf("grandchess9-fullshield", fen);
  EXPECT_EQ(MovesStartingWith(full, "e2"), (Moves{"e2e3", "e2d2", "e2f2", "e2d1", "e2f1"}));
}

// Black's king on a9 is checked by the rooks on a1 and h9 and the knight on b7; a8 and b9 are
// attacked and b8 holds its own Charioteer, which shields it.
constexpr const char* kShieldedFen = "k6R1/1c7/1N7/9/9/9/9/9/R3K4 b - - 0 1";

TEST(ShieldTest, AShieldedKingWithNoMoveIsADraw) {
  Position pos = PositionOf("grandchess9", kShieldedFen);
  EXPECT_TRUE(pos.InCheck());
  EXPECT_TRUE(LegalMoves(pos).empty());
  EXPECT_EQ(Adjudicate(pos).end, GameEnd::kShielded);
  EXPECT_FALSE(Adjudicate(pos).decisive);
}

TEST(ShieldTest, WithoutTheShieldItIsCheckmate) {
  Position pos = PositionOf("grandchess9-noshield", kShieldedFen);
  const GameResult r = Adjudicate(pos);
  EXPECT_EQ(r.end, GameEnd::kCheckmate);
  EXPECT_EQ(r.winner, kWhite);
}

TEST(ShieldTest, UnshieldedIsCheckmateInTheDefaultReading) {
  // No Charioteer: the bishop on d6 covers b8 instead.
  Position pos = PositionOf("grandchess9", "k6R1/9/1N7/3B5/9/9/9/9/R3K4 b - - 0 1");
  EXPECT_EQ(Adjudicate(pos).end, GameEnd::kCheckmate);
}

TEST(ShieldTest, FullShieldMeansNoCheck) {
  Position pos = PositionOf("grandchess9-fullshield", kShieldedFen);
  EXPECT_FALSE(pos.InCheck());
  // The king may step onto attacked a8 and b9, both beside the Charioteer; the Charioteer may
  // go only where it still stands beside the king (a8, b9).
  EXPECT_EQ(LegalMoves(pos), (Moves{"a9a8", "a9b9", "b8a8", "b8b9"}));
  EXPECT_EQ(Adjudicate(pos).end, GameEnd::kOngoing);
}

TEST(DrawTest, DeadMaterial) {
  auto end = [](const std::string& fen) {
    Position pos = PositionOf("grandchess9", fen);
    return Adjudicate(pos).end;
  };
  EXPECT_EQ(end("4k4/9/9/9/9/9/9/9/4K4 w - - 0 1"), GameEnd::kDead);     // K v K
  EXPECT_EQ(end("4k4/9/9/9/9/9/9/4C4/4K4 w - - 0 1"), GameEnd::kDead);   // K+C v K
  EXPECT_EQ(end("3ck4/9/9/9/9/9/9/4C4/4K4 w - - 0 1"), GameEnd::kDead);  // K+C v K+C
  EXPECT_EQ(end("4k4/9/9/9/9/9/9/4B4/4K4 w - - 0 1"), GameEnd::kDead);   // K+B v K
  EXPECT_EQ(end("4k4/9/9/9/9/9/9/4n4/4K4 w - - 0 1"), GameEnd::kDead);   // K v K+N
  // A Charioteer anywhere makes a lone minor live: it can take flight squares away.
  EXPECT_EQ(end("3ck4/9/9/9/9/9/9/4B4/4K4 w - - 0 1"), GameEnd::kOngoing);
  EXPECT_EQ(end("4k4/9/9/9/9/9/9/R8/4K4 w - - 0 1"), GameEnd::kOngoing);
  EXPECT_EQ(end("4k4/9/9/9/9/9/9/2B1B4/4K4 w - - 0 1"), GameEnd::kOngoing);
  // Pawns in hand are material.
  EXPECT_EQ(end("4k4/9/9/9/9/9/9/9/4K4[P] w - - 0 1"), GameEnd::kOngoing);
}

TEST(DrawTest, FiftyMovesAndCheckmateComesFirst) {
  Position fifty = PositionOf("grandchess9", "4k4/9/9/9/9/9/9/9/R3K4 w - - 100 80");
  EXPECT_EQ(Adjudicate(fifty).end, GameEnd::kFifty);
  Position almost = PositionOf("grandchess9", "4k4/9/9/9/9/9/9/9/R3K4 w - - 99 80");
  EXPECT_EQ(Adjudicate(almost).end, GameEnd::kOngoing);
  Position mate = PositionOf("grandchess9", "k6R1/9/1N7/3B5/9/9/9/9/R3K4 b - - 100 80");
  EXPECT_EQ(Adjudicate(mate).end, GameEnd::kCheckmate);
}

TEST(DrawTest, ThreefoldRepetition) {
  Position pos = PositionOf("grandchess9", "4k4/9/9/9/9/9/9/9/R3K4 w - - 0 1");
  for (const char* m : {"a1a2", "e9e8", "a2a1", "e8e9"}) Play(pos, m);
  EXPECT_EQ(RepetitionCount(pos), 2);
  EXPECT_EQ(Adjudicate(pos).end, GameEnd::kOngoing);
  for (const char* m : {"a1a2", "e9e8", "a2a1", "e8e9"}) Play(pos, m);
  EXPECT_EQ(RepetitionCount(pos), 3);
  EXPECT_EQ(Adjudicate(pos).end, GameEnd::kRepetition);
}

TEST(DrawTest, StalemateIsADraw) {
  // Black's king on a9: the queen on c8 covers a8, b8 and b9 but gives no check.
  Position pos = PositionOf("grandchess9", "k8/2Q6/9/9/9/9/9/9/4K4 b - - 0 1");
  EXPECT_FALSE(pos.InCheck());
  EXPECT_EQ(Adjudicate(pos).end, GameEnd::kStalemate);
}

}  // namespace
}  // namespace gc9::engine
