#include "engine/search_types.h"

#include "absl/strings/str_cat.h"

namespace gc9::engine {

std::string InfoLine(const SearchInfo& info) {
  std::string line = absl::StrCat("info depth ", info.depth, " seldepth ", info.seldepth);
  if (info.mate != 0) {
    absl::StrAppend(&line, " score mate ", info.mate);
  } else {
    absl::StrAppend(&line, " score cp ", info.score);
  }
  absl::StrAppend(&line, " nodes ", info.nodes, " nps ", info.nps, " hashfull ", info.hashfull,
                  " time ", info.time_ms);
  if (!info.pv_uci.empty()) absl::StrAppend(&line, " pv");
  for (const std::string& m : info.pv_uci) absl::StrAppend(&line, " ", m);
  return line;
}

}  // namespace gc9::engine
