// Colour scales.
#include "coordinator/report/color_scale.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "absl/strings/str_format.h"

namespace gc9::coordinator::report {
namespace {

struct Rgb {
  double r;
  double g;
  double b;
};

// Anchors at t = -1, -0.5, 0, 0.5, 1; the light mid keeps "even" quiet.
constexpr std::array<Rgb, 5> kDivergingAnchors = {{
    {178, 24, 43},
    {239, 150, 118},
    {247, 246, 243},
    {132, 186, 220},
    {24, 76, 146},
}};

constexpr std::array<const char*, 10> kCategorical = {
    "#2b6cb0", "#d9480f", "#2f9e44", "#c92a2a", "#7048e8",
    "#8c6d1f", "#d6336c", "#495057", "#94a800", "#1098ad",
};

std::string Hex(const Rgb& c) {
  auto channel = [](double v) { return static_cast<int>(std::lround(std::clamp(v, 0.0, 255.0))); };
  return absl::StrFormat("#%02x%02x%02x", channel(c.r), channel(c.g), channel(c.b));
}

}  // namespace

std::string DivergingColor(double value, double low, double mid, double high) {
  double t = 0.0;
  if (value < mid && mid > low) t = -std::min(1.0, (mid - value) / (mid - low));
  if (value > mid && high > mid) t = std::min(1.0, (value - mid) / (high - mid));
  const double position = (t + 1.0) * 2.0;  // 0..4 across the anchors
  const int i = std::min(3, static_cast<int>(position));
  const double f = position - i;
  const Rgb& a = kDivergingAnchors[i];
  const Rgb& b = kDivergingAnchors[i + 1];
  return Hex(Rgb{a.r + (b.r - a.r) * f, a.g + (b.g - a.g) * f, a.b + (b.b - a.b) * f});
}

std::string TextColorOn(const std::string& background) {
  unsigned r = 0, g = 0, b = 0;
  if (background.size() != 7 || std::sscanf(background.c_str(), "#%02x%02x%02x", &r, &g, &b) != 3) {
    return "#000000";
  }
  // Rec. 601 luma; the threshold leaves mid-tones with black text.
  const double luma = 0.299 * r + 0.587 * g + 0.114 * b;
  return luma < 110 ? "#ffffff" : "#111111";
}

std::string CategoricalColor(int index) {
  const int n = static_cast<int>(kCategorical.size());
  return kCategorical[((index % n) + n) % n];
}

}  // namespace gc9::coordinator::report
