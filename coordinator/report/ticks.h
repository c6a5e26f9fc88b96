// Axis ticks at round numbers (1, 2 or 5 times a power of ten).
#pragma once

#include <string>
#include <vector>

namespace gc9::coordinator::report {

struct Ticks {
  double step = 1.0;
  std::vector<double> values;  // ascending, covering [low, high]
};

// About `target` ticks whose first is <= low and last >= high. A zero-width
// range is widened first so a constant series still gets an axis.
Ticks NiceTicks(double low, double high, int target);

// A tick label with as many decimals as the step needs: 0.25 -> "0.25",
// 2000 -> "2000".
std::string FormatTick(double value, double step);

}  // namespace gc9::coordinator::report
