// The evaluation: colour symmetry, material from the registry, and the geometric terms.
#include "engine/eval.h"

#include <cctype>
#include <initializer_list>
#include <utility>

#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "engine/variant_catalog.h"
#include "gtest/gtest.h"

namespace gc9::engine {
namespace {

Position At(const std::string& variant, const std::string& fen) {
  Position pos(*BuiltinVariant(variant));
  const absl::Status s = pos.SetFen(fen);
  EXPECT_TRUE(s.ok()) << s << " " << fen;
  return pos;
}

// The same position with the colours exchanged: ranks reversed, cases swapped, the other side
// to move. Castling and en passant are left out (the test positions have neither).
std::string MirrorFen(const std::string& fen) {
  std::vector<std::string> fields = absl::StrSplit(fen, ' ');
  std::string board = fields[0], holdings;
  if (const size_t at = board.find('['); at != std::string::npos) {
    holdings = board.substr(at);
    board = board.substr(0, at);
  }
  std::vector<std::string> ranks = absl::StrSplit(board, '/');
  std::reverse(ranks.begin(), ranks.end());
  std::string mirrored = absl::StrJoin(ranks, "/") + holdings;
  for (char& c : mirrored) {
    c = std::isupper(static_cast<unsigned char>(c)) ? char(std::tolower(c)) : char(std::toupper(c));
  }
  return mirrored + (fields[1] == "w" ? " b" : " w") + " - - 0 1";
}

struct Case {
  const char* variant;
  const char* fen;
};

const Case kPositions[] = {
    {"grandchess9", "rcnsqkbcr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RCNSQKBCR[PPpp] w - - 0 1"},
    {"grandchess9",
     "rc3kb2/1pp1ppc1p/2qnppp2/p2p3rP/P6p1/1P5P1/2P1PPP2/2PQPPC2/RCN2KB1R w - - 3 14"},
    {"grandchess9", "rcnsqkbcr/ppppppppp/9/9/9/9/P8/PPPPPPPPP/RCNSQKBCR[Pp] w - - 0 1"},
    {"grand", "r8r/1n1qk2bn1/ppp1pp2pp/5ap3/3p1b1p2/3P3P2/2P3P3/PP2PP2PP/1NBQK1ABN1/R8R w - - 1 8"},
    {"modern", "rnb1kmb1r/ppp3ppp/1q3pn2/4p4/3pM4/5Q3/2N1P1N2/PPPP1PPPP/R1B1K1B1R w - - 4 8"},
};

TEST(EvalTest, ColourSymmetry) {
  const Params params;
  for (const Case& c : kPositions) {
    const Position pos = At(c.variant, c.fen);
    const Position mirror = At(c.variant, MirrorFen(c.fen));
    const Evaluator eval(pos.variant_ptr(), params.snapshot());
    EXPECT_EQ(eval.Evaluate(pos), eval.Evaluate(mirror)) << c.fen;
  }
}

// The terms a variant's definition switches on (0 in the registry) are symmetric too.
TEST(EvalTest, ColourSymmetryWithTheOptionalTermsOn) {
  Params params;
  for (const char* name :
       {"OpenFileMg", "OpenFileEg", "SemiOpenFileMg", "SemiOpenFileEg", "SafeCheckMg",
        "SafeCheckEg", "KnightCenterMg", "RookCenterEg", "QueenMobilityMg", "BishopMobilityEg",
        "PassedTheirKingEg", "PassedOurKingEg", "RookTropismMg", "MarshalTropismEg"}) {
    ASSERT_TRUE(params.Set(name, 17).ok()) << name;
  }
  for (const Case& c : kPositions) {
    const Position pos = At(c.variant, c.fen);
    const Position mirror = At(c.variant, MirrorFen(c.fen));
    const Evaluator eval(pos.variant_ptr(), params.snapshot());
    EXPECT_EQ(eval.Evaluate(pos), eval.Evaluate(mirror)) << c.fen;
  }
}

// Both halves of the white-minus-black score with these parameters set (the variant's own
// weights stand for the rest).
Score ComponentsWith(const Position& pos,
                     std::initializer_list<std::pair<const char*, int>> values) {
  Params params;
  for (const auto& [name, value] : values) EXPECT_TRUE(params.Set(name, value).ok()) << name;
  int phase;
  return Evaluator(pos.variant_ptr(), params.snapshot()).Components(pos, &phase);
}

int MiddlegameWith(const Position& pos, const char* name, int value) {
  return ComponentsWith(pos, {{name, value}}).mg;
}

TEST(EvalTest, FileSlidersOnOpenAndHalfOpenFiles) {
  // White's rook on the e-file has no pawn on it (open); Black's on the a-file has only
  // White's pawn (half-open for Black); the queens (file sliders too) share the d-file with a
  // pawn of each side.
  const Position pos = At("grand", "r5k3/3q6/1ppp6/10/4R5/10/10/P2P6/3Q6/4K5 w - - 0 1");
  EXPECT_EQ(MiddlegameWith(pos, "OpenFileMg", 20) - MiddlegameWith(pos, "OpenFileMg", 0), 20);
  EXPECT_EQ(MiddlegameWith(pos, "SemiOpenFileMg", 20) - MiddlegameWith(pos, "SemiOpenFileMg", 0),
            -20);
}

TEST(EvalTest, SafeChecksCount) {
  // White's knight on e5 can check from d7 or f7 (no black pawn guards them); Black has nothing
  // to check with.
  const Position pos = At("grand", "10/4k5/10/10/10/4N5/10/10/10/4K5 w - - 0 1");
  EXPECT_EQ(MiddlegameWith(pos, "SafeCheckMg", 10) - MiddlegameWith(pos, "SafeCheckMg", 0), 20);
  // A black pawn on e8 guards d7 and f7 (it captures diagonally forward, down the board).
  const Position guarded = At("grand", "10/4k5/4p5/10/10/4N5/10/10/10/4K5 w - - 0 1");
  EXPECT_EQ(MiddlegameWith(guarded, "SafeCheckMg", 10), MiddlegameWith(guarded, "SafeCheckMg", 0));
}

TEST(EvalTest, APiecesOwnWeightsMoveOnlyThatPiece) {
  const Position knight = At("grand", "4k5/10/10/10/4N5/10/10/10/10/4K5 w - - 0 1");
  const Position bishop = At("grand", "4k5/10/10/10/4B5/10/10/10/10/4K5 w - - 0 1");
  EXPECT_GT(MiddlegameWith(knight, "KnightCenterMg", 50),
            MiddlegameWith(knight, "KnightCenterMg", 0));
  EXPECT_GT(MiddlegameWith(knight, "KnightMobilityMg", 50),
            MiddlegameWith(knight, "KnightMobilityMg", 0));
  EXPECT_EQ(MiddlegameWith(bishop, "KnightCenterMg", 50),
            MiddlegameWith(bishop, "KnightCenterMg", 0));
  EXPECT_EQ(MiddlegameWith(bishop, "KnightMobilityMg", 50),
            MiddlegameWith(bishop, "KnightMobilityMg", 0));
}

TEST(EvalTest, TropismCountsTheDistanceToTheEnemyKing) {
  // The rook on f5 is 4 king steps from e9: (9 - 4) / 9 of the weight on a 10x10 board.
  const Position pos = At("grand", "10/4k5/10/10/10/5R4/10/10/10/4K5 w - - 0 1");
  EXPECT_EQ(MiddlegameWith(pos, "RookTropismMg", 18) - MiddlegameWith(pos, "RookTropismMg", 0), 10);
  EXPECT_EQ(MiddlegameWith(pos, "KnightTropismMg", 18), MiddlegameWith(pos, "KnightTropismMg", 0));
}

TEST(EvalTest, PassedPawnsCountTheKingsDistance) {
  // White's passed pawn on e6 (3 steps of 7 from its start: weight 1 + 9 * 9 / 49 = 2) has
  // e7 ahead: Black's king on e9 is 2 steps from it, White's on e1 6 steps. Both weights are
  // set, since Grand Chess's own would otherwise stand in for the other.
  const Position pos = At("grand", "10/4k5/10/10/4P5/10/10/10/10/4K5 w - - 0 1");
  const auto endgame = [&](int theirs, int ours) {
    return ComponentsWith(pos, {{"PassedTheirKingEg", theirs}, {"PassedOurKingEg", ours}}).eg;
  };
  EXPECT_EQ(endgame(20, 0) - endgame(0, 0), 20 * 2 * 2 / 10);
  EXPECT_EQ(endgame(0, 20) - endgame(0, 0), -20 * 6 * 2 / 10);
  EXPECT_EQ(MiddlegameWith(pos, "PassedOurKingEg", 20), MiddlegameWith(pos, "PassedOurKingEg", 0));
}

TEST(EvalTest, MaterialComesFromTheRegistry) {
  // White has an extra Sceptre; raising its value raises the evaluation by as much.
  const Position pos = At("grandchess9", "4k4/9/9/9/9/9/1S7/9/4K4 w - - 0 1");
  Params params;
  const int before = Evaluator(pos.variant_ptr(), params.snapshot()).Evaluate(pos);
  ASSERT_TRUE(params.Set("SceptreValueMg", 1300).ok());
  ASSERT_TRUE(params.Set("SceptreValueEg", 1350).ok());
  const int after = Evaluator(pos.variant_ptr(), params.snapshot()).Evaluate(pos);
  EXPECT_EQ(after - before, 100);
  EXPECT_GT(before, 1000);
}

TEST(EvalTest, PhaseFollowsMaterial) {
  const Params params;
  const Position full =
      At("grandchess9", "rcnsqkbcr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RCNSQKBCR w - - 0 2");
  const Position bare =
      At("grandchess9", "1c3k1c1/ppppppppp/9/9/9/9/9/PPPPPPPPP/1C3K1C1 w - - 0 2");
  const Evaluator eval(full.variant_ptr(), params.snapshot());
  int phase;
  eval.Components(full, &phase);
  EXPECT_EQ(phase, kPhaseMax);
  eval.Components(bare, &phase);
  EXPECT_EQ(phase, 0);  // Charioteers never leave the board, so they do not count
}

TEST(EvalTest, CharioteersBesideTheKingHelp) {
  const Params params;
  const Position near = At("grandchess9", "4k4/9/9/9/9/9/9/4C4/4K4 w - - 0 1");
  const Position far = At("grandchess9", "4k4/9/9/9/4C4/9/9/9/4K4 w - - 0 1");
  const Evaluator eval(near.variant_ptr(), params.snapshot());
  EXPECT_GT(eval.Evaluate(near), eval.Evaluate(far));
}

TEST(EvalTest, PassedAndAdvancedPawnsCount) {
  const Params params;
  const Position passed = At("grandchess9", "4k4/9/9/4P4/9/9/9/9/4K4 w - - 0 1");
  const Position blocked = At("grandchess9", "4k4/4p4/9/4P4/9/9/9/9/4K4 w - - 0 1");
  const Position back = At("grandchess9", "4k4/9/9/9/9/9/4P4/9/4K4 w - - 0 1");
  const Evaluator eval(passed.variant_ptr(), params.snapshot());
  EXPECT_GT(eval.Evaluate(passed), eval.Evaluate(back));
  // An enemy pawn in front stops it being passed (and adds Black's pawn).
  EXPECT_GT(eval.Evaluate(passed), eval.Evaluate(blocked) + params.Get(kPawnValueEg));
}

TEST(EvalTest, PlacementPrefersTheCentre) {
  const Params params;
  const Position centre =
      At("grandchess9", "rcnsqkbcr/ppppppppp/9/9/9/9/4P4/PPPPPPPPP/RCNSQKBCR[Ppp] w - - 0 1");
  const Position edge =
      At("grandchess9", "rcnsqkbcr/ppppppppp/9/9/9/9/P8/PPPPPPPPP/RCNSQKBCR[Ppp] w - - 0 1");
  const Evaluator eval(centre.variant_ptr(), params.snapshot());
  EXPECT_GT(eval.Evaluate(centre), eval.Evaluate(edge));
}

TEST(EvalTest, AVariantsOwnWeightsReplaceOnlyTheDefaults) {
  // Grand Chess's definition gives the middlegame pawn a value of its own; other variants keep
  // the registry's. White is a pawn up, so that value shows in the evaluation.
  const Position grand = At("grand",
                            "r8r/1nbqkcabn1/1ppppppppp/10/10/10/10/PPPPPPPPPP/"
                            "1NBQKCABN1/R8R w - - 0 1");
  int grand_pawn = -1;
  for (const auto& [id, value] : grand.variant().eval_weights()) {
    if (id == kPawnValueMg) grand_pawn = value;
  }
  ASSERT_GE(grand_pawn, 0) << "grand.textproto no longer sets PawnValueMg";
  ASSERT_NE(grand_pawn, ParamSpecs()[kPawnValueMg].default_value);
  Params params;
  const auto evaluate = [&] {
    return Evaluator(grand.variant_ptr(), params.snapshot()).Evaluate(grand);
  };
  const int variants_own = evaluate();
  ASSERT_TRUE(params.Set("PawnValueMg", grand_pawn).ok());
  EXPECT_EQ(evaluate(), variants_own);
  // A value set explicitly, even the registry's default, wins over the variant's.
  ASSERT_TRUE(params.Set("PawnValueMg", ParamSpecs()[kPawnValueMg].default_value).ok());
  EXPECT_NE(evaluate(), variants_own);
  params.Reset();  // forgets the explicit value too
  EXPECT_EQ(evaluate(), variants_own);

  // TheGrandChess9 has no weights of its own: setting every value to its default changes nothing.
  const Position tgc9 = At("grandchess9",
                           "rc2qkbcr/1pp1ppppp/3npp3/p2p5/9/P8/2P1PPP2/"
                           "1PP1PPCPP/RCN1QKB1R w - - 1 7");
  EXPECT_TRUE(tgc9.variant().eval_weights().empty());
  Params all_set;
  for (const ParamSpec& spec : ParamSpecs())
    ASSERT_TRUE(all_set.Set(spec.name, spec.default_value).ok());
  EXPECT_EQ(Evaluator(tgc9.variant_ptr(), all_set.snapshot()).Evaluate(tgc9),
            Evaluator(tgc9.variant_ptr(), Params().snapshot()).Evaluate(tgc9));
}

}  // namespace
}  // namespace gc9::engine
