// Golden tests of Elo, LOS and nElo against fishtest's fixed-games status lines
//   Elo: 1.35 +-1.2 (95%) LOS: 98.6%
//   nElo: 3.13 +-2.8 (95%) PairsRatio: 1.05
// (stat_util.get_elo and the run view's nElo line), compared to the printed
// precision.
#include "coordinator/stats/elo.h"

#include <cctype>
#include <cmath>
#include <ostream>
#include <string>

#include "gtest/gtest.h"

namespace gc9::coordinator::stats {
namespace {

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

// Half a unit in the last printed digit, plus slack for the binary rounding.
constexpr double kTwoDecimals = 0.005 + 1e-9;
constexpr double kOneDecimal = 0.05 + 1e-9;
constexpr double kPercentOneDecimal = 0.0005 + 1e-9;

struct PublishedElo {
  const char* source;
  Pentanomial pentanomial;
  double elo;
  double elo_error;
  double los;
  double nelo;
  double nelo_error;
};

void PrintTo(const PublishedElo& c, std::ostream* os) { *os << c.source; }

class PublishedEloTest : public testing::TestWithParam<PublishedElo> {};

TEST_P(PublishedEloTest, MatchesFishtest) {
  const PublishedElo& c = GetParam();
  absl::StatusOr<EloEstimate> elo = EstimateElo(c.pentanomial);
  ASSERT_TRUE(elo.ok()) << elo.status();
  EXPECT_NEAR(elo->elo, c.elo, kTwoDecimals) << c.source;
  EXPECT_NEAR(elo->error(), c.elo_error, kOneDecimal) << c.source;
  EXPECT_NEAR(elo->low, elo->elo - elo->error(), 1e-12);
  EXPECT_NEAR(elo->los, c.los, kPercentOneDecimal) << c.source;
  absl::StatusOr<NormalizedEloEstimate> nelo = EstimateNormalizedElo(c.pentanomial);
  ASSERT_TRUE(nelo.ok()) << nelo.status();
  EXPECT_NEAR(nelo->nelo, c.nelo, kTwoDecimals) << c.source;
  EXPECT_NEAR(nelo->error(), c.nelo_error, kOneDecimal) << c.source;
}

INSTANTIATE_TEST_SUITE_P(
    Fishtest, PublishedEloTest,
    testing::Values(
        // Stockfish PR #4160: fixed games at 180+1.8, fishtest run
        // 631836b437f41b13973d7da1: "Elo: 1.35 +-1.2 (95%) LOS: 98.6%",
        // "nElo: 3.13 +-2.8 (95%)".
        PublishedElo{"Stockfish#4160", P(39, 5335, 18992, 5622, 12), 1.35, 1.2, 0.986, 3.13, 2.8},
        // Stockfish PR #6255, "Stalemate 10k" fixed games: "Elo: 2.22 ± 1.3
        // (95%) LOS: 100.0%", "nElo: 12.00 ± 6.8 (95%)". The zero WW count
        // goes through the 1e-3 regularization.
        PublishedElo{"Stockfish#6255", P(1, 137, 4659, 203, 0), 2.22, 1.3, 1.000, 12.00, 6.8}),
    SourceName<PublishedElo>);

TEST(EloFromScoreTest, LogisticCurve) {
  // By hand: 0.5 is 0 Elo; 10^(1/4) : 1 odds give 100 Elo.
  EXPECT_DOUBLE_EQ(EloFromScore(0.5), 0.0);
  EXPECT_NEAR(EloFromScore(ScoreFromElo(100)), 100, 1e-9);
  EXPECT_NEAR(ScoreFromElo(100), 1 / (1 + std::pow(10, -0.25)), 1e-15);
  // stat_util.elo clamps the score to [1e-3, 1 - 1e-3].
  EXPECT_NEAR(EloFromScore(1.0), -400 * std::log10(1 / 0.999 - 1), 1e-9);
  EXPECT_NEAR(EloFromScore(0.0), 400 * std::log10(1 / 0.999 - 1), 1e-9);
}

TEST(EstimateEloTest, EmptySampleIsEvenAndFinite) {
  absl::StatusOr<EloEstimate> elo = EstimateElo(P(0, 0, 0, 0, 0));
  ASSERT_TRUE(elo.ok());
  EXPECT_NEAR(elo->elo, 0.0, 1e-9);
  EXPECT_NEAR(elo->los, 0.5, 1e-9);
  EXPECT_TRUE(std::isfinite(elo->low));
  EXPECT_TRUE(std::isfinite(elo->high));
  absl::StatusOr<NormalizedEloEstimate> nelo = EstimateNormalizedElo(P(0, 0, 0, 0, 0));
  ASSERT_TRUE(nelo.ok());
  EXPECT_NEAR(nelo->nelo, 0.0, 1e-9);
  EXPECT_TRUE(std::isfinite(nelo->low));
}

TEST(EstimateEloTest, SingleOutcomeClassIsFinite) {
  for (int cls = 0; cls < 5; ++cls) {
    Pentanomial p;
    p.counts[cls] = 50;
    absl::StatusOr<EloEstimate> elo = EstimateElo(p);
    ASSERT_TRUE(elo.ok());
    EXPECT_TRUE(std::isfinite(elo->elo) && std::isfinite(elo->low) && std::isfinite(elo->high) &&
                std::isfinite(elo->los))
        << "class " << cls;
    absl::StatusOr<NormalizedEloEstimate> nelo = EstimateNormalizedElo(p);
    ASSERT_TRUE(nelo.ok());
    EXPECT_TRUE(std::isfinite(nelo->nelo) && std::isfinite(nelo->low) && std::isfinite(nelo->high))
        << "class " << cls;
  }
  // All WW: the clamp caps the estimate at stat_util.elo(0.999).
  absl::StatusOr<EloEstimate> elo = EstimateElo(P(0, 0, 0, 0, 50));
  ASSERT_TRUE(elo.ok());
  EXPECT_GT(elo->elo, 1000);
  EXPECT_LE(elo->elo, EloFromScore(1.0) + 1e-9);
  EXPECT_NEAR(elo->los, 1.0, 1e-9);
}

TEST(EstimateEloTest, TrinomialAgreesWithHandComputation) {
  // By hand from stat_util.get_elo's formulas on W 30, L 20, D 60: the mean
  // score per game, its variance, and a normal interval mapped to Elo.
  WinLossDraw wld{30, 20, 60};
  const double n = 110;
  const double mu = (30 + 0.5 * 60) / n;
  const double var = (20 * mu * mu + 60 * (0.5 - mu) * (0.5 - mu) + 30 * (1 - mu) * (1 - mu)) / n;
  const double se = std::sqrt(var / n);
  const double z = 1.959963984540054;  // Phi^-1(0.975)
  absl::StatusOr<EloEstimate> elo = EstimateElo(wld);
  ASSERT_TRUE(elo.ok());
  EXPECT_NEAR(elo->elo, EloFromScore(mu), 1e-9);
  EXPECT_NEAR(elo->error(), (EloFromScore(mu + z * se) - EloFromScore(mu - z * se)) / 2, 1e-9);
  EXPECT_NEAR(elo->los, 0.5 * std::erfc(-(mu - 0.5) / se / std::sqrt(2.0)), 1e-12);
}

TEST(EstimateEloTest, RejectsNegativeCounts) {
  EXPECT_EQ(EstimateElo(P(0, -1, 0, 0, 0)).status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(EstimateElo(WinLossDraw{1, -2, 3}).status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(EstimateNormalizedElo(P(0, 0, 0, 0, -7)).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(DrawRatioTest, PentanomialAndTrinomial) {
  // By hand: 18992 of 30000 pairs score 1 (Stockfish PR #4160 counts).
  absl::StatusOr<double> ratio = PentanomialDrawRatio(P(39, 5335, 18992, 5622, 12));
  ASSERT_TRUE(ratio.ok());
  EXPECT_NEAR(*ratio, 18992.0 / 30000.0, 1e-12);
  // Its W/L/D line: "Total: 60000 W: 16422 L: 16189 D: 27389".
  absl::StatusOr<double> draws = DrawRatio(WinLossDraw{16422, 16189, 27389});
  ASSERT_TRUE(draws.ok());
  EXPECT_NEAR(*draws, 27389.0 / 60000.0, 1e-12);
}

}  // namespace
}  // namespace gc9::coordinator::stats
