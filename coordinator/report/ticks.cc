// Round-number ticks.
#include "coordinator/report/ticks.h"

#include <algorithm>
#include <cmath>

#include "absl/strings/str_format.h"

namespace gc9::coordinator::report {

Ticks NiceTicks(double low, double high, int target) {
  if (!std::isfinite(low) || !std::isfinite(high)) {
    low = 0.0;
    high = 1.0;
  }
  if (high < low) std::swap(low, high);
  if (high - low < 1e-12) {
    const double pad = std::abs(low) > 1e-12 ? std::abs(low) * 0.1 : 1.0;
    low -= pad;
    high += pad;
  }
  target = std::max(2, target);
  const double raw = (high - low) / target;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  double step = magnitude * 10.0;
  for (double multiple : {1.0, 2.0, 5.0, 10.0}) {
    if (raw <= multiple * magnitude * (1.0 + 1e-9)) {
      step = multiple * magnitude;
      break;
    }
  }
  Ticks ticks;
  ticks.step = step;
  const double first = std::floor(low / step + 1e-9) * step;
  for (int k = 0;; ++k) {
    const double v = first + k * step;
    // Snap away floating-point dust (0.30000000000000004).
    ticks.values.push_back(std::abs(v) < step * 1e-9 ? 0.0 : std::round(v / step) * step);
    if (v >= high - step * 1e-9) break;
  }
  return ticks;
}

std::string FormatTick(double value, double step) {
  int decimals = 0;
  while (decimals < 8 && std::abs(step * std::pow(10.0, decimals) -
                                  std::round(step * std::pow(10.0, decimals))) > 1e-6) {
    ++decimals;
  }
  return absl::StrFormat("%.*f", decimals, value);
}

}  // namespace gc9::coordinator::report
