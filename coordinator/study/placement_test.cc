#include "coordinator/study/placement.h"

#include <set>
#include <string>

#include "gtest/gtest.h"

namespace gc9::coordinator::study {
namespace {

constexpr DropRow kWhite{9, 3};
constexpr DropRow kBlack{9, 7};

TEST(PlacementTest, NineFilesGiveThirtySixPlacements) {
  EXPECT_EQ(PlacementCount(9), 36);
  EXPECT_EQ(AllPlacements(9).size(), 36u);
  EXPECT_EQ(PlacementCount(8), 28);
  EXPECT_EQ(PlacementCount(12), 66);
}

TEST(PlacementTest, IndexOrderIsLexicographic) {
  EXPECT_EQ(PlacementNameAt(0, kWhite), "a3+b3");
  EXPECT_EQ(PlacementNameAt(1, kWhite), "a3+c3");
  EXPECT_EQ(PlacementNameAt(7, kWhite), "a3+i3");
  EXPECT_EQ(PlacementNameAt(8, kWhite), "b3+c3");
  EXPECT_EQ(PlacementNameAt(35, kWhite), "h3+i3");
  EXPECT_EQ(PlacementNameAt(35, kBlack), "h7+i7");
}

TEST(PlacementTest, IndexRoundTripsForEveryWidth) {
  for (int width = kMinBoardWidth; width <= kMaxBoardWidth; ++width) {
    const std::vector<Placement> all = AllPlacements(width);
    for (int i = 0; i < static_cast<int>(all.size()); ++i) {
      EXPECT_EQ(PlacementIndex(all[i], width), i);
      absl::StatusOr<Placement> back = PlacementFromIndex(i, width);
      ASSERT_TRUE(back.ok());
      EXPECT_EQ(*back, all[i]);
    }
    EXPECT_FALSE(PlacementFromIndex(static_cast<int>(all.size()), width).ok());
    EXPECT_FALSE(PlacementFromIndex(-1, width).ok());
  }
}

TEST(PlacementTest, NamesRoundTrip) {
  std::set<std::string> names;
  for (const DropRow& row : {kWhite, kBlack, DropRow{12, 10}, DropRow{8, 2}}) {
    for (const Placement& p : AllPlacements(row.width)) {
      const std::string name = PlacementName(p, row.rank);
      names.insert(name);
      absl::StatusOr<Placement> parsed = ParsePlacement(name, row);
      ASSERT_TRUE(parsed.ok()) << name << ": " << parsed.status();
      EXPECT_EQ(*parsed, p);
    }
  }
  EXPECT_EQ(names.size(), 36u + 36u + 66u + 28u);
  EXPECT_TRUE(names.count("l10+k10") == 0 && names.count("k10+l10") == 1);
}

TEST(PlacementTest, ParseAcceptsEitherOrder) {
  absl::StatusOr<Placement> p = ParsePlacement("g3+c3", kWhite);
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(*p, (Placement{2, 6}));
}

TEST(PlacementTest, DropMoves) {
  const Placement p{2, 6};
  EXPECT_EQ(DropMoves(p, 3)[0], "P@c3");
  EXPECT_EQ(DropMoves(p, 3)[1], "P@g3");
  EXPECT_EQ(DropMoves(p, 7)[0], "P@c7");
  EXPECT_EQ(DropMoves(p, 7)[1], "P@g7");
}

TEST(PlacementTest, ParseErrorsNameTheProblem) {
  auto message = [](absl::string_view text, DropRow row) {
    absl::StatusOr<Placement> p = ParsePlacement(text, row);
    EXPECT_FALSE(p.ok()) << text;
    return std::string(p.status().message());
  };
  EXPECT_NE(message("c3", kWhite).find("two squares"), std::string::npos);
  EXPECT_NE(message("c3+g3+h3", kWhite).find("two squares"), std::string::npos);
  EXPECT_NE(message("c3+g7", kWhite).find("not on rank 3"), std::string::npos);
  EXPECT_NE(message("c3+j3", kWhite).find("9 files wide"), std::string::npos);
  EXPECT_NE(message("c3+c3", kWhite).find("same square"), std::string::npos);
  EXPECT_NE(message("C3+g3", kWhite).find("not a square"), std::string::npos);
  EXPECT_NE(message("c+g3", kWhite).find("not a square"), std::string::npos);
  EXPECT_NE(message("cx+g3", kWhite).find("no valid rank"), std::string::npos);
  EXPECT_NE(message("c3+g3", DropRow{13, 3}).find("width 13"), std::string::npos);
}

}  // namespace
}  // namespace gc9::coordinator::study
