// Fitting evaluation weights (engine/fit): scores made with known weights lead the fit back to
// them, and bad lines of a scored file are named.
#include "engine/fit/eval_fit.h"

#include <fstream>
#include <random>

#include "engine/eval.h"
#include "engine/movegen.h"
#include "engine/movepick.h"
#include "engine/variant_catalog.h"
#include "gtest/gtest.h"

namespace gc9::engine::fit {
namespace {

constexpr char kMiddlegame[] =
    "rc2qkbcr/1pp1ppppp/3npp3/p2p5/9/P8/2P1PPP2/1PP1PPCPP/RCN1QKB1R w - - 1 7";

std::string WriteFile(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

// Positions of random walks from a TheGrandChess9 middlegame, each scored by our own evaluation
// at `truth` (as if it were the reference) with its first quiet move as the best move.
std::string ScoredWalks(const std::shared_ptr<const Variant>& variant, const Params& truth) {
  const Evaluator eval(variant, truth.snapshot());
  std::mt19937 rng(7);
  std::string text;
  for (int walk = 0; walk < 500; ++walk) {
    Position pos(variant);
    EXPECT_TRUE(pos.SetFen(kMiddlegame).ok());
    for (int ply = 0; ply < walk % 30; ++ply) {
      MoveList moves;
      GenerateLegal(pos, &moves);
      if (moves.size == 0) break;
      pos.DoMove(moves.moves[rng() % moves.size]);
    }
    MoveList moves;
    GenerateLegal(pos, &moves);
    for (Move m : moves) {
      if (IsCapture(pos, m)) continue;
      text += pos.Fen() + "|" + std::to_string(eval.Evaluate(pos)) + "|" + MoveToUci(pos, m) + "\n";
      break;
    }
  }
  return text;
}

// ScoredWalks written to `name` and read back as the fit reads a scored file.
std::vector<FitSample> WalkSamples(const std::shared_ptr<const Variant>& variant,
                                   const Params& truth, const std::string& name,
                                   SampleCounts* counts) {
  const std::string path = WriteFile(name, ScoredWalks(variant, truth));
  std::vector<FitSample> samples;
  EXPECT_TRUE(ReadScoredPositions(path, variant, &samples, counts).ok());
  return samples;
}

TEST(EvalFitTest, FindsTheWeightsTheScoresWereMadeWith) {
  const auto variant = *BuiltinVariant("grandchess9");
  Params truth;
  ASSERT_TRUE(truth.Set("MobilityMg", 40).ok());
  ASSERT_TRUE(truth.Set("MobilityEg", 40).ok());
  SampleCounts counts;
  std::vector<FitSample> samples = WalkSamples(variant, truth, "walks.txt", &counts);
  EXPECT_EQ(counts.lines, counts.kept + counts.not_quiet);
  ASSERT_GT(counts.kept, 150);
  ASSERT_GT(counts.not_quiet, 0);  // random walks leave pieces hanging

  const EvalFit fit(variant, std::move(samples));
  // The scores are our own centipawns, so the best scale is the reference's.
  EXPECT_NEAR(fit.BestScale(truth) / kReferenceLogitPerCp, 1.0, 0.02);
  EXPECT_LT(fit.Error(truth, kReferenceLogitPerCp), 1e-5);

  Params params = StartingParams(*variant);
  const double start = fit.Error(params, kReferenceLogitPerCp);
  double error = start;
  for (int pass = 0; pass < 4; ++pass) error = fit.Pass(&params, kReferenceLogitPerCp, error);
  EXPECT_LT(error, start / 20);
  // 250 positions cannot pin down 60 weights, so others move too (the centre terms);
  // the mobility weight the scores were made with must still be found most of the way.
  EXPECT_GE(params.Get(kMobilityMg), 34) << EvalWeightsText(params);
  EXPECT_NE(EvalWeightsText(params).find("eval_weights { name: \"MobilityMg\" value: "),
            std::string::npos);
}

TEST(EvalFitTest, LeavesTheTempoAlone) {
  // Scores made with a large side-to-move bonus: the fit would find it, and must not take it.
  const auto variant = *BuiltinVariant("grandchess9");
  Params truth;
  ASSERT_TRUE(truth.Set("Tempo", 50).ok());
  SampleCounts counts;
  const EvalFit fit(variant, WalkSamples(variant, truth, "tempo_walks.txt", &counts));
  Params params = StartingParams(*variant);
  const double start = fit.Error(params, kReferenceLogitPerCp);
  const double error = fit.Pass(&params, kReferenceLogitPerCp, start);
  EXPECT_LT(error, start);  // the other weights did move to make up for it
  EXPECT_EQ(params.Get(kTempo), ParamSpecs()[kTempo].default_value);
  EXPECT_FALSE(EvalFit::IsFitted(kTempo));
  EXPECT_TRUE(EvalFit::IsFitted(kMobilityMg));
  EXPECT_FALSE(EvalFit::IsFitted(kNullMoveBase));
}

TEST(EvalFitTest, FitOnlyMovesTheChosenWeights) {
  const auto variant = *BuiltinVariant("grandchess9");
  Params truth;
  ASSERT_TRUE(truth.Set("MobilityMg", 40).ok());
  ASSERT_TRUE(truth.Set("CenterMg", 50).ok());
  SampleCounts counts;
  EvalFit fit(variant, WalkSamples(variant, truth, "only_walks.txt", &counts));
  fit.FitOnly({kMobilityMg});
  Params params = StartingParams(*variant);
  const double start = fit.Error(params, kReferenceLogitPerCp);
  EXPECT_LT(fit.Pass(&params, kReferenceLogitPerCp, start), start);
  EXPECT_GT(params.Get(kMobilityMg), ParamSpecs()[kMobilityMg].default_value);
  // Every other weight is held, the one the scores also moved included.
  Params held = params;
  ASSERT_TRUE(held.Set("MobilityMg", ParamSpecs()[kMobilityMg].default_value).ok());
  EXPECT_EQ(EvalWeightsText(held), EvalWeightsText(StartingParams(*variant)));
}

TEST(EvalFitTest, StartsFromTheVariantsOwnWeights) {
  const auto grand = *BuiltinVariant("grand");
  ASSERT_FALSE(grand->eval_weights().empty());
  const Params params = StartingParams(*grand);
  for (const auto& [id, value] : grand->eval_weights()) EXPECT_EQ(params.Get(ParamId(id)), value);
  EXPECT_TRUE(EvalWeightsText(StartingParams(**BuiltinVariant("grandchess9"))).empty());
}

TEST(EvalFitTest, BadLinesAreNamed) {
  const auto variant = *BuiltinVariant("grandchess9");
  const std::string good = std::string(kMiddlegame) + "|35|a4a5\n";
  struct Case {
    std::string text, problem;
  };
  const Case cases[] = {
      {good + "\n" + kMiddlegame + "|35\n", "bad.txt:3: expected FEN|score|bestmove"},
      {std::string(kMiddlegame) + "|lots|a4a5\n", "bad.txt:1: score \"lots\""},
      {"rc2qkbcr/9 w - - 0 1|10|a4a5\n", "bad.txt:1: "},
      {std::string(kMiddlegame) + "|10|a4a6\n", "bad.txt:1: "},
  };
  for (const Case& c : cases) {
    std::vector<FitSample> samples;
    SampleCounts counts;
    const absl::Status s =
        ReadScoredPositions(WriteFile("bad.txt", c.text), variant, &samples, &counts);
    ASSERT_FALSE(s.ok()) << c.text;
    EXPECT_NE(s.message().find(c.problem), std::string::npos) << s.message();
  }
  std::vector<FitSample> samples;
  SampleCounts counts;
  EXPECT_FALSE(ReadScoredPositions("/nonexistent/scored.txt", variant, &samples, &counts).ok());
  EXPECT_FALSE(
      ReadScoredPositions(WriteFile("ok.txt", good), *BuiltinVariant("granlem"), &samples, &counts)
          .ok());  // the wide board
}

}  // namespace
}  // namespace gc9::engine::fit
