// A minimal SVG element writer: the charts append shapes and text to it and
// take the finished document as a string. Knows nothing about charts.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"

namespace gc9::coordinator::report {

// "&", "<", ">", quotes and apostrophes as entities: text from users (series
// names, placement labels) goes into both character data and attributes.
std::string EscapeXml(absl::string_view text);

// Numbers with at most two decimals and no trailing zeros, which keeps the
// files small and diffable; SVG coordinates need no more.
std::string SvgNumber(double value);

enum class TextAnchor { kStart, kMiddle, kEnd };

struct TextStyle {
  double size = 12.0;
  TextAnchor anchor = TextAnchor::kStart;
  bool bold = false;
  std::string fill = "#222222";
  // Degrees, clockwise, about the text's anchor point; -90 reads bottom to top.
  double rotate = 0.0;
};

class SvgDocument {
 public:
  SvgDocument(double width, double height);

  // An optional tooltip becomes a <title> child, shown by browsers on hover.
  void Rect(double x, double y, double width, double height, absl::string_view fill,
            absl::string_view stroke = "", double stroke_width = 0.0,
            absl::string_view tooltip = "");
  void Line(double x1, double y1, double x2, double y2, absl::string_view stroke,
            double stroke_width, absl::string_view dash = "");
  void Polyline(const std::vector<std::pair<double, double>>& points, absl::string_view stroke,
                double stroke_width, absl::string_view dash = "");
  void Circle(double cx, double cy, double r, absl::string_view fill);
  void Text(double x, double y, absl::string_view text, const TextStyle& style);
  // A linear gradient usable as fill="url(#id)"; stops are (offset 0..1,
  // colour).
  void LinearGradient(absl::string_view id, double x1, double y1, double x2, double y2,
                      const std::vector<std::pair<double, std::string>>& stops);

  std::string Finish() const;

 private:
  double width_;
  double height_;
  std::string defs_;
  std::string body_;
};

}  // namespace gc9::coordinator::report
