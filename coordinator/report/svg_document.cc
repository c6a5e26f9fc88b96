// SVG element writing.
#include "coordinator/report/svg_document.h"

#include <cmath>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace gc9::coordinator::report {
namespace {

absl::string_view AnchorName(TextAnchor anchor) {
  switch (anchor) {
    case TextAnchor::kStart:
      return "start";
    case TextAnchor::kMiddle:
      return "middle";
    case TextAnchor::kEnd:
      return "end";
  }
  return "start";
}

std::string DashAttribute(absl::string_view dash) {
  if (dash.empty()) return "";
  return absl::StrCat(" stroke-dasharray=\"", EscapeXml(dash), "\"");
}

}  // namespace

std::string EscapeXml(absl::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string SvgNumber(double value) {
  if (!std::isfinite(value)) return "0";
  std::string text = absl::StrFormat("%.2f", value);
  while (!text.empty() && text.back() == '0') text.pop_back();
  if (!text.empty() && text.back() == '.') text.pop_back();
  if (text == "-0") text = "0";
  return text;
}

SvgDocument::SvgDocument(double width, double height) : width_(width), height_(height) {}

void SvgDocument::Rect(double x, double y, double width, double height, absl::string_view fill,
                       absl::string_view stroke, double stroke_width, absl::string_view tooltip) {
  absl::StrAppend(&body_, "<rect x=\"", SvgNumber(x), "\" y=\"", SvgNumber(y), "\" width=\"",
                  SvgNumber(width), "\" height=\"", SvgNumber(height), "\" fill=\"",
                  EscapeXml(fill), "\"");
  if (!stroke.empty()) {
    absl::StrAppend(&body_, " stroke=\"", EscapeXml(stroke), "\" stroke-width=\"",
                    SvgNumber(stroke_width), "\"");
  }
  if (tooltip.empty()) {
    absl::StrAppend(&body_, "/>\n");
  } else {
    absl::StrAppend(&body_, "><title>", EscapeXml(tooltip), "</title></rect>\n");
  }
}

void SvgDocument::Line(double x1, double y1, double x2, double y2, absl::string_view stroke,
                       double stroke_width, absl::string_view dash) {
  absl::StrAppend(&body_, "<line x1=\"", SvgNumber(x1), "\" y1=\"", SvgNumber(y1), "\" x2=\"",
                  SvgNumber(x2), "\" y2=\"", SvgNumber(y2), "\" stroke=\"", EscapeXml(stroke),
                  "\" stroke-width=\"", SvgNumber(stroke_width), "\"", DashAttribute(dash), "/>\n");
}

void SvgDocument::Polyline(const std::vector<std::pair<double, double>>& points,
                           absl::string_view stroke, double stroke_width, absl::string_view dash) {
  std::string coordinates;
  for (const auto& [x, y] : points) {
    absl::StrAppend(&coordinates, coordinates.empty() ? "" : " ", SvgNumber(x), ",", SvgNumber(y));
  }
  absl::StrAppend(&body_, "<polyline points=\"", coordinates, "\" fill=\"none\" stroke=\"",
                  EscapeXml(stroke), "\" stroke-width=\"", SvgNumber(stroke_width),
                  "\" stroke-linejoin=\"round\"", DashAttribute(dash), "/>\n");
}

void SvgDocument::Circle(double cx, double cy, double r, absl::string_view fill) {
  absl::StrAppend(&body_, "<circle cx=\"", SvgNumber(cx), "\" cy=\"", SvgNumber(cy), "\" r=\"",
                  SvgNumber(r), "\" fill=\"", EscapeXml(fill), "\"/>\n");
}

void SvgDocument::Text(double x, double y, absl::string_view text, const TextStyle& style) {
  absl::StrAppend(&body_, "<text x=\"", SvgNumber(x), "\" y=\"", SvgNumber(y), "\" font-size=\"",
                  SvgNumber(style.size), "\" text-anchor=\"", AnchorName(style.anchor),
                  "\" fill=\"", EscapeXml(style.fill), "\"");
  if (style.bold) absl::StrAppend(&body_, " font-weight=\"bold\"");
  if (style.rotate != 0.0) {
    absl::StrAppend(&body_, " transform=\"rotate(", SvgNumber(style.rotate), " ", SvgNumber(x), " ",
                    SvgNumber(y), ")\"");
  }
  absl::StrAppend(&body_, ">", EscapeXml(text), "</text>\n");
}

void SvgDocument::LinearGradient(absl::string_view id, double x1, double y1, double x2, double y2,
                                 const std::vector<std::pair<double, std::string>>& stops) {
  absl::StrAppend(&defs_, "<linearGradient id=\"", EscapeXml(id), "\" x1=\"", SvgNumber(x1),
                  "\" y1=\"", SvgNumber(y1), "\" x2=\"", SvgNumber(x2), "\" y2=\"", SvgNumber(y2),
                  "\">\n");
  for (const auto& [offset, colour] : stops) {
    absl::StrAppend(&defs_, "<stop offset=\"", SvgNumber(offset), "\" stop-color=\"",
                    EscapeXml(colour), "\"/>\n");
  }
  absl::StrAppend(&defs_, "</linearGradient>\n");
}

std::string SvgDocument::Finish() const {
  const std::string w = SvgNumber(width_);
  const std::string h = SvgNumber(height_);
  std::string out = absl::StrCat("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
                                 "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"", w,
                                 "\" height=\"", h, "\" viewBox=\"0 0 ", w, " ", h,
                                 "\" font-family=\"DejaVu Sans, Verdana, Arial, sans-serif\">\n");
  if (!defs_.empty()) absl::StrAppend(&out, "<defs>\n", defs_, "</defs>\n");
  absl::StrAppend(&out, "<rect x=\"0\" y=\"0\" width=\"", w, "\" height=\"", h,
                  "\" fill=\"#ffffff\"/>\n", body_, "</svg>\n");
  return out;
}

}  // namespace gc9::coordinator::report
