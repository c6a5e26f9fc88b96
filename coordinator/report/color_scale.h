// Colours for charts: a diverging scale for scores around an even result and a
// categorical palette for line series.
#pragma once

#include <string>

namespace gc9::coordinator::report {

// Maps value onto red (low) - near-white (mid) - blue (high), linear on each
// side of mid, clamped to [low, high]. Diverging because a study's question is
// "better or worse than even", so the eye should find the far-from-mid cells
// first. Returns "#rrggbb".
std::string DivergingColor(double value, double low, double mid, double high);

// Black or white, whichever reads better on the given "#rrggbb" background.
std::string TextColorOn(const std::string& background);

// Ten distinguishable colours, repeating; series beyond ten also change dash
// pattern (see LineChartSvg).
std::string CategoricalColor(int index);

}  // namespace gc9::coordinator::report
