#include "worker/match/pgn.h"

#include "engine/variant_catalog.h"
#include "gtest/gtest.h"

namespace gc9::worker {
namespace {

// The movetext: everything after the blank line that ends the tags, if there are tags.
std::string Movetext(const std::string& pgn) {
  if (pgn[0] != '[') return pgn;
  return pgn.substr(pgn.find("\n\n") + 2);
}

TEST(PgnTest, WritesTagsAndReadsThemBack) {
  auto grand = *engine::BuiltinVariant("grand");
  PgnGame game;
  game.tags = {{"Event", "a \"quoted\" \\ event"},
               {"Variant", "grand"},
               {"SetUp", "1"},
               {"FEN", grand->start_fen()},
               {"Result", "1/2-1/2"}};
  game.start_fen = grand->start_fen();
  game.moves = {"e3e4", "e8e7", "b2c4", "b9c7"};
  game.result = "1/2-1/2";
  game.termination_comment = "max-length";
  absl::StatusOr<std::string> text = WritePgn(grand, game);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_EQ(Movetext(*text), "1. e4 e7 2. Nc4 Nc7 {max-length} 1/2-1/2\n\n");
  absl::StatusOr<PgnGame> back = ReadPgn(*text);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->tags, game.tags);
  EXPECT_EQ(back->moves, (std::vector<std::string>{"e4", "e7", "Nc4", "Nc7"}));
  EXPECT_EQ(back->result, "1/2-1/2");
  EXPECT_EQ(back->start_fen, grand->start_fen());
  EXPECT_EQ(back->termination_comment, "max-length");
}

// A comment follows its move; Black's move after one is numbered again, as PGN's export
// format asks; a brace inside a comment cannot end it early.
TEST(PgnTest, MoveCommentsFollowTheirMoves) {
  auto grand = *engine::BuiltinVariant("grand");
  PgnGame game;
  game.start_fen = grand->start_fen();
  game.moves = {"e3e4", "e8e7", "b2c4", "b9c7"};
  game.move_comments = {"+0.20/9 0.500s [%clk 0:00:09.6]", "", "a } brace"};
  game.result = "*";
  game.termination_comment = "stopped";
  absl::StatusOr<std::string> text = WritePgn(grand, game);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_EQ(Movetext(*text),
            "1. e4 {+0.20/9 0.500s [%clk 0:00:09.6]} 1... e7 2. Nc4 {a ) brace} 2... Nc7\n"
            "{stopped} *\n\n");
  absl::StatusOr<PgnGame> back = ReadPgn(*text);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(back->moves, (std::vector<std::string>{"e4", "e7", "Nc4", "Nc7"}));
  EXPECT_EQ(back->move_comments, (std::vector<std::string>{"+0.20/9 0.500s [%clk 0:00:09.6]", "",
                                                           "a ) brace", "stopped"}));
  EXPECT_EQ(back->termination_comment, "stopped");
}

TEST(PgnTest, PlacementNumbersFollowTheFenCounter) {
  // White drops both pawns, then Black: all four drops are move 1 by the FEN counter.
  auto gc9 = *engine::BuiltinVariant("grandchess9");
  PgnGame game;
  game.start_fen = gc9->start_fen();
  game.moves = {"P@c3", "P@g3", "P@c7", "P@g7", "e2e4", "e8e6"};
  game.result = "*";
  absl::StatusOr<std::string> text = WritePgn(gc9, game);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_EQ(Movetext(*text), "1. P@c3 1. P@g3 P@c7 1... P@g7 2. e4 e6 *\n\n");
  EXPECT_EQ(ReadPgn(*text)->moves,
            (std::vector<std::string>{"P@c3", "P@g3", "P@c7", "P@g7", "e4", "e6"}));
}

TEST(PgnTest, BlackToMoveFirst) {
  auto grand = *engine::BuiltinVariant("grand");
  PgnGame game;
  game.start_fen = "r8r/1nbqkcabn1/pppppppppp/10/10/10/4P5/PPPP1PPPPP/1NBQKCABN1/R8R b - - 0 7";
  game.moves = {"e8e7", "f3f4", "f8f7"};
  game.result = "*";
  absl::StatusOr<std::string> text = WritePgn(grand, game);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_EQ(Movetext(*text), "7... e7 8. f4 f7 *\n\n");
}

TEST(PgnTest, Chess8400CastlingNamesTheKingsFile) {
  // King e1 takes its own rook h1 (far side, king to g1); Black's king d9 takes a9 (a-side,
  // king to c9). Both are long castlings, told apart by the king's file.
  auto chess8400 = *engine::BuiltinVariant("chess8400");
  PgnGame game;
  game.start_fen = "r2k4r/9/9/9/9/9/9/9/1R2K2R1 w KQkq - 0 1";
  game.moves = {"e1h1", "d9a9"};
  game.result = "*";
  absl::StatusOr<std::string> text = WritePgn(chess8400, game);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_EQ(Movetext(*text), "1. O-O-Og O-O-Oc *\n\n");
}

TEST(PgnTest, MultiMoveTurnIsOneMoveOfCommaJoinedSan) {
  // Granlem's sections: left wing a-e, centre e-n, right wing o-r, one move each a turn. A
  // turn that stops after one move is written without its pass. Second-rank pawns also step
  // diagonally forward, so a push that a neighbour's step could make names its file (dd3).
  auto granlem = *engine::BuiltinVariant("granlem-multimove");
  PgnGame game;
  game.start_fen = granlem->start_fen();
  game.moves = {"d2d3,g1h3,o2o3", "d11d10,g12h10", "a2a3,0000", "r11r10"};
  game.result = "*";
  absl::StatusOr<std::string> text = WritePgn(granlem, game);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_EQ(Movetext(*text), "1. dd3,Nh3,oo3 dd10,Nh10 2. aa3 rr10 *\n\n");
  EXPECT_EQ(ReadPgn(*text)->moves,
            (std::vector<std::string>{"dd3,Nh3,oo3", "dd10,Nh10", "aa3", "rr10"}));
  // Two moves in one section are no turn.
  game.moves = {"d2d3,c2c3"};
  EXPECT_FALSE(WritePgn(granlem, game).ok());
}

TEST(PgnTest, IllegalMovesAreRefused) {
  auto grand = *engine::BuiltinVariant("grand");
  PgnGame game;
  game.start_fen = grand->start_fen();
  game.moves = {"e3e6"};
  EXPECT_FALSE(WritePgn(grand, game).ok());
}

TEST(PgnTest, LongGamesWrapUnderEightyColumns) {
  auto grand = *engine::BuiltinVariant("grand");
  PgnGame game;
  game.start_fen = grand->start_fen();
  for (int i = 0; i < 20; ++i) {
    // Knights out and back: the writer checks legality, not repetition.
    game.moves.push_back(i % 2 ? "c4b2" : "b2c4");
    game.moves.push_back(i % 2 ? "c7b9" : "b9c7");
  }
  game.result = "*";
  absl::StatusOr<std::string> text = WritePgn(grand, game);
  ASSERT_TRUE(text.ok()) << text.status();
  size_t start = 0;
  while (start < text->size()) {
    size_t end = text->find('\n', start);
    EXPECT_LT(end - start, 80u);
    start = end + 1;
  }
}

TEST(PgnTest, ReaderSkipsCommentsNagsAndVariations) {
  absl::StatusOr<PgnGame> game = ReadPgn(
      "[Event \"x\"]\n\n1.e4 {a comment} $1 e7 (2. a4 a7) ; rest of line\n"
      "2. Nc4 d9,Nk10 {the end} 1-0\n");
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ(game->moves, (std::vector<std::string>{"e4", "e7", "Nc4", "d9,Nk10"}));
  EXPECT_EQ(game->result, "1-0");
  EXPECT_EQ(game->termination_comment, "the end");
  EXPECT_FALSE(ReadPgn("[Event \"x\"]\n\n1. e4").ok());  // no result
}

}  // namespace
}  // namespace gc9::worker
