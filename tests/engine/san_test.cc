// Standard Algebraic Notation: MoveToSan and ParseSan on every built-in board. Expected SAN
// was worked out by hand from each FEN (ranks are listed from the top, rank 9 or 10, down).
#include "engine/san.h"

#include <memory>
#include <set>
#include <string>

#include "engine/game.h"
#include "tests/engine/test_util.h"

namespace gc9::engine {
namespace {

using testing::Play;
using testing::PositionOf;

// The SAN of the legal move that `uci` names.
std::string San(Position& pos, const std::string& uci) {
  auto m = ParseUciMove(pos, uci);
  EXPECT_TRUE(m.ok()) << m.status();
  if (!m.ok()) return "";
  const std::string fen = pos.Fen();
  std::string san = MoveToSan(pos, *m);
  EXPECT_EQ(pos.Fen(), fen) << "MoveToSan changed the position";
  return san;
}

// The UCI text of the move ParseSan finds for `san`, or the error text.
std::string Uci(Position& pos, const std::string& san) {
  auto m = ParseSan(pos, san);
  if (!m.ok()) return std::string(m.status().message());
  return MoveToUci(pos, *m);
}

TEST(SanTest, PawnPushAndCapture) {
  Position start =
      PositionOf("modern", "rnbqkmbnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBMKQBNR w KQkq - 0 1");
  EXPECT_EQ(San(start, "e2e4"), "e4");
  EXPECT_EQ(San(start, "e2e3"), "e3");
  // White pawn e4, black pawn d5: the capture names the pawn's file.
  Position pos = PositionOf("modern", "4k4/9/9/9/3p5/4P4/9/9/4K4 w - - 0 1");
  EXPECT_EQ(San(pos, "e4d5"), "exd5");
  EXPECT_EQ(San(pos, "e4e5"), "e5");
  EXPECT_EQ(Uci(pos, "exd5"), "e4d5");
}

TEST(SanTest, EnPassant) {
  // Black's e8 pawn steps two past White's d6 pawn, which takes it on e7 (the square passed).
  Position pos = PositionOf("modern", "k8/4p4/9/3P5/9/9/9/9/4K4 b - - 0 1");
  Play(pos, "e8e6");
  auto m = ParseUciMove(pos, "d6e7");
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->kind(), MoveKind::kEnPassant);
  EXPECT_EQ(MoveToSan(pos, *m), "dxe7");
  EXPECT_EQ(*ParseSan(pos, "dxe7"), *m);
}

TEST(SanTest, PromotionWithCheck) {
  // Pawn e8 must promote on e9; a queen or rook there sees the black king along rank 9.
  Position pos = PositionOf("modern", "k2r5/4P4/9/9/9/9/9/9/4K4 w - - 0 1");
  EXPECT_EQ(San(pos, "e8e9q"), "e9=Q");  // the d9 rook stands between e9 and a9
  EXPECT_EQ(San(pos, "e8e9m"), "e9=M");
  EXPECT_EQ(San(pos, "e8e9n"), "e9=N");
  EXPECT_EQ(San(pos, "e8d9r"), "exd9=R+");
  EXPECT_EQ(San(pos, "e8d9q"), "exd9=Q+");
  EXPECT_EQ(San(pos, "e8d9b"), "exd9=B");
  EXPECT_EQ(San(pos, "e8d9m"), "exd9=M");
  EXPECT_EQ(Uci(pos, "exd9=M"), "e8d9m");
  EXPECT_EQ(Uci(pos, "exd9=R+"), "e8d9r");
  EXPECT_EQ(Uci(pos, "exd9=R"), "e8d9r");
}

TEST(SanTest, Disambiguation) {
  // White: rooks a7 and a1, knights c6, c4 and g4, king e1; Black: king i9.
  Position pos = PositionOf("modern", "8k/9/R8/2N6/9/2N3N2/9/9/R3K4 w - - 0 1");
  // Three knights reach e5. c4 shares its file with c6 and its rank with g4: both. c6 shares
  // its file with c4 but no rank: the rank. g4 alone is on file g: the file.
  EXPECT_EQ(San(pos, "c4e5"), "Nc4e5");
  EXPECT_EQ(San(pos, "c6e5"), "N6e5");
  EXPECT_EQ(San(pos, "g4e5"), "Nge5");
  // c4 and g4 both reach e3 (c6 does not): the files differ.
  EXPECT_EQ(San(pos, "c4e3"), "Nce3");
  EXPECT_EQ(San(pos, "g4e3"), "Nge3");
  // Only c4 reaches d6.
  EXPECT_EQ(San(pos, "c4d6"), "Nd6");
  // Both rooks reach a4 along file a: the ranks.
  EXPECT_EQ(San(pos, "a1a4"), "R1a4");
  EXPECT_EQ(San(pos, "a7a4"), "R7a4");
  EXPECT_EQ(Uci(pos, "N6e5"), "c6e5");
  EXPECT_EQ(Uci(pos, "Nc4e5"), "c4e5");
  EXPECT_EQ(Uci(pos, "R7a4"), "a7a4");
  // Not enough to tell the knights apart.
  EXPECT_FALSE(ParseSan(pos, "Ne5").ok());
  EXPECT_FALSE(ParseSan(pos, "Nce5").ok());
}

TEST(SanTest, CaptureByAPiece) {
  // Bishop c1 takes the knight on f4 over the empty d2 and e3.
  Position pos = PositionOf("modern", "4k4/9/9/9/9/5n3/9/9/2B1K4 w - - 0 1");
  EXPECT_EQ(San(pos, "c1f4"), "Bxf4");
  EXPECT_EQ(San(pos, "c1d2"), "Bd2");
}

TEST(SanTest, CheckAndCheckmate) {
  // Ra9 checks the e9 king, which still has d8, e8 and f8.
  Position check = PositionOf("modern", "4k4/9/9/9/9/9/9/9/R3K4 w - - 0 1");
  EXPECT_EQ(San(check, "a1a9"), "Ra9+");
  // The i9 king is shut in by its own h8 and i8 pawns, and the rook covers h9: mate.
  Position mate = PositionOf("modern", "8k/7pp/9/9/9/9/9/9/R3K4 w - - 0 1");
  EXPECT_EQ(San(mate, "a1a9"), "Ra9#");
  EXPECT_EQ(Uci(mate, "Ra9#"), "a1a9");
  EXPECT_EQ(Uci(mate, "Ra9"), "a1a9");
  EXPECT_EQ(Uci(mate, "Ra9+!?"), "a1a9");
}

TEST(SanTest, ShieldedKingWithNoMoveIsCheckedNotMated) {
  // TheGrandChess9: the a9 king, boxed in by its a8 and b8 pawns, is checked by Nd6-c8 and has
  // no legal move. With a black knight on b9 that is mate; with the charioteer on b9 the
  // shielded king is not mated (the game is drawn), so the move is only a check.
  Position mate = PositionOf("grandchess9", "kn7/pp7/9/3N5/9/9/9/9/4K4 w - - 0 1");
  EXPECT_EQ(San(mate, "d6c8"), "Nc8#");
  Position shielded = PositionOf("grandchess9", "kc7/pp7/9/3N5/9/9/9/9/4K4 w - - 0 1");
  EXPECT_EQ(San(shielded, "d6c8"), "Nc8+");
}

TEST(SanTest, GrandChess9PlacementDrops) {
  Position pos = PositionOf("grandchess9",
                            "rcnsqkbcr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RCNSQKBCR[PPpp] w - - 0 1");
  EXPECT_EQ(San(pos, "P@c3"), "P@c3");
  EXPECT_EQ(Uci(pos, "P@c3"), "P@c3");
  Play(pos, "P@c3");  // White keeps the turn for its second pawn
  EXPECT_EQ(San(pos, "P@g3"), "P@g3");
  Play(pos, "P@g3");
  EXPECT_EQ(San(pos, "P@d7"), "P@d7");  // Black's letter is upper case too
  EXPECT_FALSE(ParseSan(pos, "P@d3").ok());
}

TEST(SanTest, GrandTwoDigitRanks) {
  // Grand Chess, 10x10. White: rooks a10 and a1, king e1; Black: king j9.
  Position pos = PositionOf("grand", "R9/9k/10/10/10/10/10/10/10/R3K5 w - - 0 1");
  EXPECT_EQ(San(pos, "a10j10"), "Rj10+");
  EXPECT_EQ(San(pos, "a10a5"), "R10a5");
  EXPECT_EQ(San(pos, "a1a5"), "R1a5");
  EXPECT_EQ(San(pos, "a1a9"), "R1a9+");
  EXPECT_EQ(San(pos, "a10a9"), "R10a9+");
  EXPECT_EQ(Uci(pos, "R10a9"), "a10a9");
  EXPECT_EQ(Uci(pos, "Rj10"), "a10j10");
  // A capture on rank 10 that checks the e10 king along the rank.
  Position capture = PositionOf("grand", "r3k5/10/10/10/10/10/10/10/10/R3K5 w - - 0 1");
  EXPECT_EQ(San(capture, "a1a10"), "Rxa10+");
  // From the start: the knight b2 and a pawn's double step from rank 3.
  Position start = PositionOf(
      "grand", "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1");
  EXPECT_EQ(San(start, "e3e5"), "e5");
  EXPECT_EQ(San(start, "b2c4"), "Nc4");
}

TEST(SanTest, ModernCastling) {
  // The start array with the pieces between king and rooks gone: e1 castles to g1 with the i1
  // rook (toward the last file) and to c1 with the a1 rook.
  Position pos = PositionOf("modern", "r3k3r/ppppppppp/9/9/9/9/9/PPPPPPPPP/R3K3R w KQkq - 0 1");
  EXPECT_EQ(San(pos, "e1g1"), "O-O");
  EXPECT_EQ(San(pos, "e1c1"), "O-O-O");
  EXPECT_EQ(Uci(pos, "O-O"), "e1g1");
  EXPECT_EQ(Uci(pos, "0-0-0"), "e1c1");
  EXPECT_EQ(Uci(pos, "0-0+"), "e1g1");
  Play(pos, "e1g1");
  EXPECT_EQ(San(pos, "e9c9"), "O-O-O");
  EXPECT_EQ(San(pos, "e9g9"), "O-O");
}

TEST(SanTest, Chess8400CastlingNamesTheKingsFile) {
  // King e1, rooks b1 and h1 (UCI: the king takes its own rook): to c1 or to g1.
  Position pos = PositionOf("chess8400", "r2k4r/9/9/9/9/9/9/9/1R2K2R1 w KQkq - 0 1");
  EXPECT_EQ(San(pos, "e1h1"), "O-O-Og");
  // The rook lands on d1, below the black king on d9: a check.
  EXPECT_EQ(San(pos, "e1b1"), "O-O-Oc+");
  EXPECT_EQ(Uci(pos, "O-O-Og"), "e1h1");
  EXPECT_EQ(Uci(pos, "0-0-0c"), "e1b1");
  EXPECT_FALSE(ParseSan(pos, "O-O").ok());
  Play(pos, "e1h1");
  // Black's d9 king castles with the a9 rook: one step, to c9.
  EXPECT_EQ(San(pos, "d9a9"), "O-O-Oc");
  // The king already on g1 castles far side: only the rook moves, still O-O-Og.
  Position far = PositionOf("chess8400", "6k2/9/9/9/9/9/9/9/6KR1 w K - 0 1");
  EXPECT_EQ(San(far, "g1h1"), "O-O-Og");
}

// Every legal move round-trips through its SAN, and no two moves share one.
void ExpectRoundTrips(Position& pos) {
  MoveList list;
  GenerateLegal(pos, &list);
  std::set<std::string> seen;
  for (Move m : list) {
    const std::string san = MoveToSan(pos, m);
    EXPECT_TRUE(seen.insert(san).second) << san << " twice in " << pos.Fen();
    auto back = ParseSan(pos, san);
    ASSERT_TRUE(back.ok()) << back.status();
    EXPECT_EQ(*back, m) << san << " in " << pos.Fen();
  }
}

TEST(SanTest, RoundTripsFromStartsAndMiddlegames) {
  const std::vector<std::pair<std::string, std::string>> positions = {
      {"grandchess9", "rcnsqkbcr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RCNSQKBCR[PPpp] w - - 0 1"},
      {"grand", "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1"},
      {"modern", "rnbqkmbnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBMKQBNR w KQkq - 0 1"},
      {"chess8400", "bbqmnnrkr/ppppppppp/9/9/9/9/9/PPPPPPPPP/BBQMNNRKR w KQkq - 0 1"},
      {"modern", "8k/9/R8/2N6/9/2N3N2/9/9/R3K4 w - - 0 1"},
      {"modern", "r3k3r/ppppppppp/9/9/9/9/9/PPPPPPPPP/R3K3R w KQkq - 0 1"},
      {"chess8400", "r2k4r/9/9/9/9/9/9/9/1R2K2R1 w KQkq - 0 1"},
      {"grand", "R9/9k/10/10/10/10/10/10/10/R3K5 w - - 0 1"},
  };
  for (const auto& [variant, fen] : positions) {
    Position pos = PositionOf(variant, fen);
    ExpectRoundTrips(pos);
    // Middlegames: 40 plies of a fixed, spread choice of moves, checked at every ply.
    for (int ply = 0; ply < 40; ++ply) {
      MoveList list;
      GenerateLegal(pos, &list);
      if (list.size == 0) break;
      pos.DoMove(list.moves[(ply * 37 + 11) % list.size]);
      ExpectRoundTrips(pos);
    }
  }
}

TEST(SanTest, GranlemPawnStepsAreDisambiguated) {
  // Granlem's second-rank pawns also step diagonally forward without capturing, so d2d3 and
  // c2d3 both reach d3 and the push names its file too. The 18x12 board is the wide build,
  // reached through Game.
  for (const char* name : {"granlem", "granlem-multimove"}) {
    SCOPED_TRACE(name);
    std::unique_ptr<Game> game = *Game::New(testing::Builtin(name));
    EXPECT_EQ(*game->San("d2d3"), "dd3");
    EXPECT_EQ(*game->San("c2d3"), "cd3");
    EXPECT_EQ(*game->San("a2a3"), "aa3");  // b2 steps to a3 as well
    EXPECT_EQ(*game->San("g3g4"), "g4");   // third-rank pawns have no diagonal step
    EXPECT_EQ(*game->ParseSan("dd3"), "d2d3");
    EXPECT_EQ(*game->ParseSan("cd3"), "c2d3");
    EXPECT_FALSE(game->ParseSan("d3").ok());
    // Every legal move of the start and of a few plies on has its own SAN, which parses back.
    for (int ply = 0; ply < 6; ++ply) {
      const std::vector<std::string> legal = game->LegalMoves();
      std::set<std::string> seen;
      for (const std::string& uci : legal) {
        // "0000", ending a multi-move turn early, is "--" here: a pass given alone.
        absl::StatusOr<std::string> san = game->San(uci);
        ASSERT_TRUE(san.ok()) << uci << ": " << san.status();
        EXPECT_TRUE(seen.insert(*san).second) << *san << " twice in " << game->Fen();
        EXPECT_EQ(game->ParseSan(*san).value_or(""), uci) << *san << " in " << game->Fen();
      }
      ASSERT_FALSE(legal.empty());
      ASSERT_TRUE(game->Play(legal[(ply * 37 + 11) % legal.size()]).ok());
    }
  }
}

TEST(SanTest, ParseErrorsNameTheTextAndFen) {
  Position pos =
      PositionOf("modern", "rnbqkmbnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBMKQBNR w KQkq - 0 1");
  for (const std::string bad : {"e6", "Zz9", "", "Nf3x", "exd3", "O-O", "e2e4", "Ke2"}) {
    auto m = ParseSan(pos, bad);
    ASSERT_FALSE(m.ok()) << bad;
    EXPECT_NE(m.status().message().find("\"" + bad + "\""), std::string::npos) << m.status();
    EXPECT_NE(m.status().message().find(pos.Fen()), std::string::npos) << m.status();
  }
}

}  // namespace
}  // namespace gc9::engine
