// Variant definitions: the built-in catalogue, and an error naming the file, field and
// problem for each kind of bad definition.
#include <cstdio>
#include <fstream>

#include "engine/perft.h"
#include "tests/engine/test_util.h"

namespace gc9::engine {
namespace {

using testing::Builtin;

TEST(VariantCatalogTest, HasEveryBuiltInVariant) {
  const auto& names = BuiltinVariantNames();
  for (const char* name :
       {"grand", "grandchess9", "grandchess9-fullshield", "grandchess9-noshield"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
  }
  EXPECT_FALSE(BuiltinVariant("chess").ok());
  EXPECT_NE(BuiltinVariant("chess").status().message().find("unknown variant \"chess\""),
            std::string::npos);
}

TEST(VariantCatalogTest, GeometryIsConcluded) {
  auto tgc9 = Builtin("grandchess9");
  EXPECT_EQ(tgc9->files(), 9);
  EXPECT_EQ(tgc9->ranks(), 9);
  EXPECT_EQ(PopCount(TablesOf(*tgc9).board()), 81);
  EXPECT_TRUE(tgc9->has_placement());
  EXPECT_EQ(tgc9->shield(), ShieldRule::kMateImmunity);
  EXPECT_FALSE(tgc9->needs_full_legality());
  auto grand = Builtin("grand");
  EXPECT_EQ(PopCount(TablesOf(*grand).board()), 100);
  EXPECT_EQ(PopCount(TablesOf(*grand).promotion_zone(kWhite)), 30);
  EXPECT_EQ(PopCount(TablesOf(*grand).mandatory_promotion_zone(kBlack)), 10);
}

struct BadDefinition {
  const char* name;
  std::function<void(proto::VariantDefinition*)> breakage;
  const char* problem;
};

// Adds `name: value` to a definition's eval_weights or search_settings.
void AddParam(google::protobuf::RepeatedPtrField<proto::ParamDefault>* list,
              const std::string& name, int value) {
  proto::ParamDefault* entry = list->Add();
  entry->set_name(name);
  entry->set_value(value);
}

TEST(VariantDefinitionTest, BadDefinitionsNameTheFieldAndProblem) {
  const proto::VariantDefinition good = Builtin("grandchess9")->definition();
  std::vector<BadDefinition> cases = {
      {"files", [](auto* d) { d->set_files(21); }, "files: 21 is outside 8..20"},
      {"ranks", [](auto* d) { d->set_ranks(7); }, "ranks: 7 is outside 8..12"},
      {"name", [](auto* d) { d->set_name("has space"); }, "name: \"has space\""},
      {"betza", [](auto* d) { d->mutable_pieces(5)->set_betza("QX"); },
       "pieces[5].betza: betza \"QX\": unknown piece letter 'X'"},
      {"letter", [](auto* d) { d->mutable_pieces(1)->set_letter("B"); },
       "pieces[2].letter: 'B' is used twice"},
      {"lower letter", [](auto* d) { d->mutable_pieces(0)->set_letter("p"); },
       "pieces[0].letter: \"p\" is not one upper-case letter"},
      {"no king", [](auto* d) { d->mutable_pieces(7)->set_royal(false); }, "no royal piece"},
      {"promotion piece", [](auto* d) { d->mutable_promotion()->set_pieces("QX"); },
       "promotion.pieces: 'X' is no piece"},
      {"promotion to king", [](auto* d) { d->mutable_promotion()->set_pieces("QK"); },
       "a pawn cannot promote to 'K'"},
      {"mandatory rank", [](auto* d) { d->mutable_promotion()->add_mandatory_ranks(8); },
       "promotion.mandatory_ranks: 8 is not among promotion.ranks"},
      {"drop rank", [](auto* d) { d->mutable_placement()->add_drop_ranks(10); },
       "placement.drop_ranks: 10 is not a rank"},
      {"repetition", [](auto* d) { d->mutable_draws()->set_repetition_count(1); },
       "draws.repetition_count"},
      {"shield", [](auto* d) { d->mutable_pieces(6)->set_shields_king(false); },
       "shield: a shield rule needs a piece with shields_king"},
      {"weight name", [](auto* d) { AddParam(d->mutable_eval_weights(), "Mobility", 10); },
       "eval_weights[0]: unknown parameter \"Mobility\""},
      {"search weight", [](auto* d) { AddParam(d->mutable_eval_weights(), "LmrBase", 80); },
       "eval_weights[0]: LmrBase is a search parameter, not an evaluation weight"},
      {"weight range", [](auto* d) { AddParam(d->mutable_eval_weights(), "MobilityMg", 101); },
       "eval_weights[0]: MobilityMg value 101 is outside 0..100"},
      {"weight twice",
       [](auto* d) {
         AddParam(d->mutable_eval_weights(), "MobilityMg", 10);
         AddParam(d->mutable_eval_weights(), "mobilitymg", 12);
       },
       "eval_weights[1]: MobilityMg is given twice"},
      {"setting name", [](auto* d) { AddParam(d->mutable_search_settings(), "NullMoveBas", 3); },
       "search_settings[0]: unknown parameter \"NullMoveBas\""},
      {"evaluation setting",
       [](auto* d) { AddParam(d->mutable_search_settings(), "MobilityMg", 30); },
       "search_settings[0]: MobilityMg is an evaluation weight, not a search setting"},
      {"setting range", [](auto* d) { AddParam(d->mutable_search_settings(), "NullMoveBase", 7); },
       "search_settings[0]: NullMoveBase value 7 is outside 1..6"},
      {"setting twice",
       [](auto* d) {
         AddParam(d->mutable_search_settings(), "NullMoveBase", 3);
         AddParam(d->mutable_search_settings(), "NullMoveBase", 3);
       },
       "search_settings[1]: NullMoveBase is given twice"},
  };
  for (const BadDefinition& c : cases) {
    proto::VariantDefinition def = good;
    c.breakage(&def);
    auto v = Variant::Conclude(def);
    ASSERT_FALSE(v.ok()) << c.name;
    EXPECT_NE(v.status().message().find(c.problem), std::string::npos)
        << c.name << ": " << v.status().message();
  }
}

TEST(VariantDefinitionTest, BadTurnsRankMovesAndZonesNameTheProblem) {
  const proto::VariantDefinition good = Builtin("granlem-multimove")->definition();
  std::vector<BadDefinition> cases = {
      {"leader", [](auto* d) { d->mutable_turns()->set_leader_letters("KX"); },
       "turns.leader_letters: 'X' is no piece"},
      {"gap", [](auto* d) { d->mutable_turns()->mutable_sections(1)->set_first_file("g"); },
       "turns.sections: the sections do not cover every file"},
      {"file", [](auto* d) { d->mutable_turns()->mutable_sections(2)->set_last_file("s"); },
       "turns.sections[2].last_file: \"s\" is not a file of the board"},
      {"moves", [](auto* d) { d->mutable_turns()->set_max_moves(0); },
       "turns.max_moves: 0 is outside 1..8"},
      {"en passant", [](auto* d) { d->set_en_passant(true); },
       "turns: multi-move turns and en passant together"},
      {"rank", [](auto* d) { d->mutable_pieces(0)->mutable_rank_moves(0)->set_ranks(0, 13); },
       "pieces[0].rank_moves[0].ranks: 13 is not a rank"},
      {"ranked rider",
       [](auto* d) { d->mutable_pieces(0)->mutable_rank_moves(1)->set_betza("fR"); },
       "ranked moves may be leaps, lame leaps or multi-leg moves only"},
      {"zone overlap", [](auto* d) { d->mutable_promotion()->mutable_zones(1)->set_ranks(0, 11); },
       "promotion.zones[1].ranks: rank 11 is in another promotion zone"},
      {"leg", [](auto* d) { d->mutable_pieces(6)->set_betza("FafNN"); }, "pieces[6].betza"},
  };
  for (const BadDefinition& c : cases) {
    proto::VariantDefinition def = good;
    c.breakage(&def);
    auto v = Variant::Conclude(def);
    ASSERT_FALSE(v.ok()) << c.name << " was accepted";
    EXPECT_NE(v.status().message().find(c.problem), std::string::npos)
        << c.name << ": " << v.status().message();
  }
}

TEST(VariantDefinitionTest, TextErrorsNameTheFileAndLine) {
  auto parse = ParseVariantText("name: \"x\"\nfiles: nine\n", "my.textproto");
  ASSERT_FALSE(parse.ok());
  EXPECT_NE(parse.status().message().find("my.textproto: line 2:"), std::string::npos)
      << parse.status();
  auto unknown = ParseVariantText("name: \"x\"\nfiles: 9\nboard_colour: 3\n", "u.textproto");
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.status().message().find("line 3"), std::string::npos) << unknown.status();
  auto fen = ParseVariantText(
      "name: \"x\" files: 8 ranks: 8 start_fen: \"8/8/8/8/8/8/8/8 w - - 0 1\" "
      "pieces { name: \"king\" letter: \"K\" betza: \"K\" royal: true }",
      "f.textproto");
  ASSERT_FALSE(fen.ok());
  EXPECT_NE(fen.status().message().find("f.textproto: start_fen: bad FEN"), std::string::npos)
      << fen.status();
  EXPECT_FALSE(LoadVariantFile("/nonexistent/variant.textproto").ok());
}

TEST(VariantDefinitionTest, AUserDefinitionFilePlays) {
  // Plain chess without castling, written by a user: perft 1-3 from the start are the
  // well-known 20, 400 and 8,902 (castling cannot occur so early).
  const std::string path = ::testing::TempDir() + "/user_chess.textproto";
  std::ofstream(path) << R"(
name: "nocastle"
files: 8
ranks: 8
pieces { name: "pawn" letter: "P" betza: "fmWfcFifmnD" pawn: true initial_ranks: 2 }
pieces { name: "knight" letter: "N" betza: "N" }
pieces { name: "bishop" letter: "B" betza: "B" }
pieces { name: "rook" letter: "R" betza: "R" }
pieces { name: "queen" letter: "Q" betza: "Q" }
pieces { name: "king" letter: "K" betza: "K" royal: true }
start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
en_passant: true
promotion { ranks: 8 mandatory_ranks: 8 pieces: "QRBN" }
draws { fifty_move_plies: 100 repetition_count: 3 }
)";
  auto v = LoadVariantFile(path);
  ASSERT_TRUE(v.ok()) << v.status();
  Position pos(*v);
  ASSERT_TRUE(pos.SetStart().ok());
  EXPECT_EQ(Perft(pos, 1), 20u);
  EXPECT_EQ(Perft(pos, 2), 400u);
  EXPECT_EQ(Perft(pos, 3), 8902u);
  // Kiwipete has 48 moves, two of them castlings this variant does not have.
  ASSERT_TRUE(pos.SetFen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1").ok());
  EXPECT_EQ(Perft(pos, 1), 46u);
  // The chessprogramming wiki's "position 3" needs no castling and is full of en passant
  // and pins: 14, 191, 2,812, 43,238, 674,624.
  ASSERT_TRUE(pos.SetFen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1").ok());
  const uint64_t expected[] = {14, 191, 2812, 43238, 674624};
  for (int depth = 1; depth <= 5; ++depth) EXPECT_EQ(Perft(pos, depth), expected[depth - 1]);
  std::remove(path.c_str());
}

}  // namespace
}  // namespace gc9::engine
