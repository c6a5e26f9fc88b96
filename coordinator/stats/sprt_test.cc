// Golden tests of the SPRT against LLRs that fishtest itself computed and
// published. Fishtest prints the LLR with two decimals, so those comparisons
// allow 0.005; one test has fishtest's full-precision value.
#include "coordinator/stats/sprt.h"

#include <cctype>
#include <cmath>
#include <ostream>
#include <string>

#include "gtest/gtest.h"

namespace gc9::coordinator::stats {
namespace {

constexpr double kTwoDecimals = 0.005 + 1e-9;

// Test names from the source, e.g. "Stockfish_6255_STC".
template <typename T>
std::string SourceName(const testing::TestParamInfo<T>& info) {
  std::string name = info.param.source;
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

Pentanomial P(int64_t p0, int64_t p1, int64_t p2, int64_t p3, int64_t p4) {
  return Pentanomial{{p0, p1, p2, p3, p4}};
}

TEST(WaldBoundsTest, DefaultAlphaBetaGiveFishtestBounds) {
  // fishtest issue #1737 prints SPRT_elo's 'a' and 'b' for alpha = beta = 0.05:
  // -2.9444389791664403 and 2.9444389791664403, shown as (-2.94,2.94).
  absl::StatusOr<WaldBounds> bounds = ComputeWaldBounds(0.05, 0.05);
  ASSERT_TRUE(bounds.ok());
  EXPECT_NEAR(bounds->lower, -2.9444389791664403, 1e-15);
  EXPECT_NEAR(bounds->upper, 2.9444389791664403, 1e-15);
}

TEST(WaldBoundsTest, AsymmetricRates) {
  // By hand from stat_util.SPRT: log(0.1 / 0.95) and log(0.9 / 0.05).
  absl::StatusOr<WaldBounds> bounds = ComputeWaldBounds(0.05, 0.10);
  ASSERT_TRUE(bounds.ok());
  EXPECT_NEAR(bounds->lower, std::log(0.1 / 0.95), 1e-15);
  EXPECT_NEAR(bounds->upper, std::log(0.9 / 0.05), 1e-15);
}

TEST(NormalizedLlrTest, FullPrecisionValueFromFishtestIssue1737) {
  // fishtest issue #1737: SPRT_elo on pentanomial [93, 18711, 58877, 18739,
  // 100], elo0 -1.75, elo1 0.25, elo_model normalized, prints
  // 'LLR': 2.9420974720708513 (LLRcalc.LLR_normalized).
  absl::StatusOr<double> llr = NormalizedLlr(P(93, 18711, 58877, 18739, 100), -1.75, 0.25);
  ASSERT_TRUE(llr.ok()) << llr.status();
  EXPECT_NEAR(*llr, 2.9420974720708513, 1e-9);
}

struct PublishedLlr {
  const char* source;
  Pentanomial pentanomial;
  double elo0;
  double elo1;
  double llr;  // as fishtest printed it, two decimals
};

void PrintTo(const PublishedLlr& c, std::ostream* os) { *os << c.source; }

class PublishedNormalizedLlrTest : public testing::TestWithParam<PublishedLlr> {};

TEST_P(PublishedNormalizedLlrTest, MatchesFishtest) {
  const PublishedLlr& c = GetParam();
  absl::StatusOr<double> llr = NormalizedLlr(c.pentanomial, c.elo0, c.elo1);
  ASSERT_TRUE(llr.ok()) << c.source << ": " << llr.status();
  EXPECT_NEAR(*llr, c.llr, kTwoDecimals) << c.source;
}

// Status lines "LLR: x (-2.94,2.94) <elo0,elo1>" (angle brackets: normalized
// Elo) with their "Ptnml(0-2)" line, as fishtest's format_results wrote them.
INSTANTIATE_TEST_SUITE_P(
    Fishtest, PublishedNormalizedLlrTest,
    testing::Values(
        // fishtest PR #2088 (ppigazzini, 2024-07-06): results_info of runs
        // dumped from fishtest's database by db_results_info.py.
        PublishedLlr{"fishtest#2088 a", P(61, 12006, 31864, 12078, 47), 0.5, 2.5, -2.24},
        PublishedLlr{"fishtest#2088 b", P(1364, 74663, 161073, 73693, 1479), -1.75, 0.25, -0.66},
        PublishedLlr{"fishtest#2088 c", P(57, 4083, 10436, 4259, 56), 0.5, 2.5, 1.14},
        PublishedLlr{"fishtest#2088 d", P(129, 5397, 11780, 5428, 98), 0.0, 2.0, -1.11},
        PublishedLlr{"fishtest#2088 e", P(33, 1777, 4421, 1801, 29), 0.5, 2.5, -0.21},
        // Zero LL and WW counts: exercises the 1e-3 regularization.
        PublishedLlr{"fishtest#2088 f", P(0, 236, 690, 265, 0), 0.0, 2.0, 0.32},
        // Stockfish PR #6633 (fishtest run 69977d58e2562aa5bc1e09c4).
        PublishedLlr{"Stockfish#6633", P(677, 25001, 61196, 24940, 714), -1.75, 0.25, 2.95},
        // Stockfish PR #4160, 60+0.6 8 threads (run 631ba0ff74bc4fe483a99db3).
        PublishedLlr{"Stockfish#4160", P(12, 2318, 9925, 2598, 3), 0.5, 2.5, 2.95},
        // Stockfish PR #6255, non-regression STC and LTC
        // (runs 68a65d8ab6fb3300203bc825, 68a8f45cb6fb3300203bcb5e).
        PublishedLlr{"Stockfish#6255 STC", P(317, 12094, 28735, 12231, 319), -1.75, 0.25, 2.96},
        PublishedLlr{"Stockfish#6255 LTC", P(47, 9917, 26934, 10064, 45), -1.75, 0.25, 2.94}),
    SourceName<PublishedLlr>);

class PublishedLogisticLlrTest : public testing::TestWithParam<PublishedLlr> {};

TEST_P(PublishedLogisticLlrTest, MatchesFishtest) {
  const PublishedLlr& c = GetParam();
  absl::StatusOr<double> llr = LogisticLlr(c.pentanomial, c.elo0, c.elo1);
  ASSERT_TRUE(llr.ok()) << c.source << ": " << llr.status();
  EXPECT_NEAR(*llr, c.llr, kTwoDecimals) << c.source;
}

// Braces in "LLR: x (-2.94,2.94) {elo0,elo1}" mark logistic bounds (2020).
INSTANTIATE_TEST_SUITE_P(
    Fishtest, PublishedLogisticLlrTest,
    testing::Values(
        // Stockfish PR #3209 (runs 5f9c7bbc6a2c112b60691d4d, 5f9d01f06a2c...).
        PublishedLlr{"Stockfish#3209 STC", P(253, 4282, 17604, 4431, 286), -0.25, 1.25, 2.94},
        PublishedLlr{"Stockfish#3209 LTC", P(58, 3302, 33130, 3518, 84), 0.25, 1.25, 2.97},
        // Stockfish PR #3098 (runs 5f4cb5e8ba100690c5cc5d25, 5f4dbc2eba10...).
        PublishedLlr{"Stockfish#3098 STC", P(491, 7345, 29693, 7670, 465), -0.25, 1.25, 2.96},
        PublishedLlr{"Stockfish#3098 LTC", P(53, 2220, 21459, 2445, 47), 0.25, 1.25, 2.97}),
    SourceName<PublishedLlr>);

TEST(NormalizedLlrTest, SymmetricInSwappingColoursAndBounds) {
  // By hand from the definition: mirroring the pentanomial (a loss for one
  // engine is a win for the other) and the bounds (elo -> -elo) swaps H0 and
  // H1, so the LLR changes sign.
  const Pentanomial p = P(61, 12006, 31864, 12078, 47);
  const Pentanomial mirrored = P(47, 12078, 31864, 12006, 61);
  absl::StatusOr<double> llr = NormalizedLlr(p, 0.5, 2.5);
  absl::StatusOr<double> mirrored_llr = NormalizedLlr(mirrored, -2.5, -0.5);
  ASSERT_TRUE(llr.ok());
  ASSERT_TRUE(mirrored_llr.ok());
  EXPECT_NEAR(*llr, -*mirrored_llr, 1e-7);
}

TEST(NormalizedLlrTest, EmptySampleIsFiniteAndNearZero) {
  // All zeros regularize to five classes of 1e-3: a sample of 0.005 pairs,
  // whose LLR is that small weight times a bounded log-ratio.
  absl::StatusOr<double> llr = NormalizedLlr(P(0, 0, 0, 0, 0), 0.0, 2.0);
  ASSERT_TRUE(llr.ok()) << llr.status();
  EXPECT_TRUE(std::isfinite(*llr));
  EXPECT_NEAR(*llr, 0.0, 1e-3);
}

TEST(NormalizedLlrTest, SingleOutcomeClassIsFinite) {
  for (int cls = 0; cls < 5; ++cls) {
    Pentanomial p;
    p.counts[cls] = 100;
    absl::StatusOr<double> llr = NormalizedLlr(p, 0.0, 2.0);
    ASSERT_TRUE(llr.ok()) << "class " << cls << ": " << llr.status();
    EXPECT_TRUE(std::isfinite(*llr)) << "class " << cls;
  }
}

TEST(NormalizedLlrTest, RejectsBoundsBeyondUnitTValuePerPair) {
  // By hand: 800 / ln 10 / sqrt 2 = 245.674...; from there on no distribution
  // meets fishtest's t-value constraint (its LLRcalc.secular asserts).
  const Pentanomial p = P(93, 18711, 58877, 18739, 100);
  EXPECT_TRUE(NormalizedLlr(p, 0.0, 200.0).ok());
  absl::StatusOr<double> llr = NormalizedLlr(p, 0.0, 245.7);
  EXPECT_EQ(llr.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(llr.status().message().find("245.7"), std::string::npos) << llr.status();
  EXPECT_EQ(NormalizedLlr(p, -300.0, 0.0).status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(NormalizedLlrTest, UnreachableBoundInsideTheLimitIsAnErrorNotACrash) {
  // Close to the limit the later rounds, whose mean has moved off 1/2, can
  // lose the root too; fishtest asserts, this returns an error naming both
  // bounds.
  absl::StatusOr<double> llr = NormalizedLlr(P(93, 18711, 58877, 18739, 100), 0.0, 245.0);
  EXPECT_EQ(llr.status().code(), absl::StatusCode::kOutOfRange);
  EXPECT_NE(llr.status().message().find("[0, 245]"), std::string::npos) << llr.status();
}

TEST(NormalizedLlrTest, RejectsNegativeCounts) {
  absl::StatusOr<double> llr = NormalizedLlr(P(1, 2, -3, 4, 5), 0.0, 2.0);
  EXPECT_EQ(llr.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(llr.status().message().find("P2"), std::string::npos) << llr.status();
}

TEST(SprtParamsTest, RejectsUnorderedBounds) {
  SprtParams params;
  params.elo0 = 2;
  params.elo1 = 2;
  absl::Status status = ValidateSprtParams(params);
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(status.message().find("elo0"), std::string::npos) << status;
}

TEST(SprtParamsTest, RejectsAlphaAndBetaOutsideUnitInterval) {
  for (double bad : {0.0, 1.0, -0.1, 1.5, std::nan("")}) {
    SprtParams params;
    params.alpha = bad;
    absl::Status status = ValidateSprtParams(params);
    EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument) << bad;
    EXPECT_NE(status.message().find("alpha"), std::string::npos) << status;
    params = SprtParams();
    params.beta = bad;
    status = ValidateSprtParams(params);
    EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument) << bad;
    EXPECT_NE(status.message().find("beta"), std::string::npos) << status;
  }
}

TEST(SprtParamsTest, RejectsCrossingBounds) {
  SprtParams params;
  params.alpha = 0.6;
  params.beta = 0.5;
  EXPECT_EQ(ValidateSprtParams(params).code(), absl::StatusCode::kInvalidArgument);
}

TEST(EvaluateSprtTest, DecisionFollowsBounds) {
  SprtParams params;
  params.elo0 = -1.75;
  params.elo1 = 0.25;
  // Published passes and failures from the cases above.
  absl::StatusOr<SprtResult> pass = EvaluateSprt(P(677, 25001, 61196, 24940, 714), params);
  ASSERT_TRUE(pass.ok());
  EXPECT_EQ(pass->decision, SprtDecision::kAcceptH1);
  EXPECT_EQ(SprtDecisionName(pass->decision), "accept H1");

  absl::StatusOr<SprtResult> running = EvaluateSprt(P(1364, 74663, 161073, 73693, 1479), params);
  ASSERT_TRUE(running.ok());
  EXPECT_EQ(running->decision, SprtDecision::kContinue);
  EXPECT_EQ(SprtDecisionName(running->decision), "continue");

  // Mirroring the passing run makes the tested engine clearly weaker.
  params.elo0 = 0.0;
  params.elo1 = 2.0;
  absl::StatusOr<SprtResult> fail = EvaluateSprt(P(714, 24940, 61196, 25001, 677), params);
  ASSERT_TRUE(fail.ok());
  EXPECT_LT(fail->llr, fail->bounds.lower);
  EXPECT_EQ(fail->decision, SprtDecision::kAcceptH0);
  EXPECT_EQ(SprtDecisionName(fail->decision), "accept H0");
}

}  // namespace
}  // namespace gc9::coordinator::stats
