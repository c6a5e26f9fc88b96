// Tag-balance and entity checking.
#include "coordinator/report/xml_check.h"

#include <cctype>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"

namespace gc9::coordinator::report {
namespace {

bool NameChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == ':' ||
         c == '.';
}

// Text between markup: '<' cannot appear, '&' must start an entity.
absl::Status CheckText(absl::string_view text, size_t offset) {
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '<')
      return absl::InvalidArgumentError(absl::StrCat("stray '<' at ", offset + i));
    if (text[i] != '&') continue;
    const size_t end = text.find(';', i);
    if (end == absl::string_view::npos) {
      return absl::InvalidArgumentError(absl::StrCat("unterminated entity at ", offset + i));
    }
    const absl::string_view entity = text.substr(i + 1, end - i - 1);
    const bool named =
        entity == "amp" || entity == "lt" || entity == "gt" || entity == "quot" || entity == "apos";
    bool numeric = entity.size() > 1 && entity[0] == '#';
    for (size_t k = 1; numeric && k < entity.size(); ++k) {
      numeric =
          std::isxdigit(static_cast<unsigned char>(entity[k])) || (k == 1 && entity[k] == 'x');
    }
    if (!named && !numeric) {
      return absl::InvalidArgumentError(
          absl::StrCat("unknown entity &", entity, "; at ", offset + i));
    }
    i = end;
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::map<std::string, int>> CheckWellFormedXml(absl::string_view xml) {
  std::map<std::string, int> counts;
  std::vector<std::string> open;
  bool root_seen = false;
  size_t i = 0;
  if (absl::StartsWith(xml, "<?xml")) {
    i = xml.find("?>");
    if (i == absl::string_view::npos) return absl::InvalidArgumentError("unterminated prolog");
    i += 2;
  }
  while (i < xml.size()) {
    const size_t lt = xml.find('<', i);
    const absl::string_view text =
        xml.substr(i, (lt == absl::string_view::npos ? xml.size() : lt) - i);
    if (open.empty()) {
      for (char c : text) {
        if (!std::isspace(static_cast<unsigned char>(c))) {
          return absl::InvalidArgumentError(absl::StrCat("text outside the root at ", i));
        }
      }
    } else if (absl::Status s = CheckText(text, i); !s.ok()) {
      return s;
    }
    if (lt == absl::string_view::npos) break;
    if (xml.substr(lt, 4) == "<!--") {
      const size_t end = xml.find("-->", lt + 4);
      if (end == absl::string_view::npos) return absl::InvalidArgumentError("unterminated comment");
      i = end + 3;
      continue;
    }
    const bool closing = lt + 1 < xml.size() && xml[lt + 1] == '/';
    size_t p = lt + (closing ? 2 : 1);
    const size_t name_start = p;
    while (p < xml.size() && NameChar(xml[p])) ++p;
    const std::string name(xml.substr(name_start, p - name_start));
    if (name.empty()) return absl::InvalidArgumentError(absl::StrCat("tag without a name at ", lt));
    // Attributes: name="value" or name='value', separated by whitespace.
    bool self_closing = false;
    while (true) {
      while (p < xml.size() && std::isspace(static_cast<unsigned char>(xml[p]))) ++p;
      if (p >= xml.size()) return absl::InvalidArgumentError(absl::StrCat("unterminated <", name));
      if (xml[p] == '>') {
        ++p;
        break;
      }
      if (xml[p] == '/' && p + 1 < xml.size() && xml[p + 1] == '>' && !closing) {
        self_closing = true;
        p += 2;
        break;
      }
      if (closing) return absl::InvalidArgumentError(absl::StrCat("junk in </", name, ">"));
      const size_t attr_start = p;
      while (p < xml.size() && NameChar(xml[p])) ++p;
      if (p == attr_start || p + 1 >= xml.size() || xml[p] != '=' ||
          (xml[p + 1] != '"' && xml[p + 1] != '\'')) {
        return absl::InvalidArgumentError(
            absl::StrCat("malformed attribute in <", name, "> at ", attr_start));
      }
      const char quote = xml[p + 1];
      const size_t value_end = xml.find(quote, p + 2);
      if (value_end == absl::string_view::npos) {
        return absl::InvalidArgumentError(absl::StrCat("unterminated attribute in <", name, ">"));
      }
      const absl::string_view value = xml.substr(p + 2, value_end - p - 2);
      if (absl::Status s = CheckText(value, p + 2); !s.ok()) return s;
      p = value_end + 1;
      if (p < xml.size() && !std::isspace(static_cast<unsigned char>(xml[p])) && xml[p] != '>' &&
          xml[p] != '/') {
        return absl::InvalidArgumentError(absl::StrCat("attributes run together in <", name, ">"));
      }
    }
    if (closing) {
      if (open.empty() || open.back() != name) {
        return absl::InvalidArgumentError(
            absl::StrCat("</", name, "> closes ",
                         open.empty() ? std::string("nothing") : "<" + open.back() + ">"));
      }
      open.pop_back();
    } else {
      if (open.empty() && root_seen) {
        return absl::InvalidArgumentError(absl::StrCat("second root element <", name, ">"));
      }
      root_seen = true;
      ++counts[name];
      if (!self_closing) open.push_back(name);
    }
    i = p;
  }
  if (!open.empty())
    return absl::InvalidArgumentError(absl::StrCat("<", open.back(), "> never closed"));
  if (!root_seen) return absl::InvalidArgumentError("no root element");
  return counts;
}

}  // namespace gc9::coordinator::report
