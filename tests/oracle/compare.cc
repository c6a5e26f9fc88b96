#include "tests/oracle/compare.h"

#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "engine/movegen.h"
#include "engine/perft.h"

namespace gc9::oracle {
namespace {

using engine::Move;
using engine::MoveList;
using engine::Position;

uint64_t FilteredPerft(Position& pos, int depth, const MoveFilter& skip) {
  if (depth == 0) return 1;
  MoveList list;
  engine::GenerateLegal(pos, &list);
  uint64_t nodes = 0;
  for (Move m : list) {
    if (skip(pos, m)) continue;
    if (depth == 1) {
      ++nodes;
      continue;
    }
    pos.DoMove(m);
    nodes += FilteredPerft(pos, depth - 1, skip);
    pos.UndoMove();
  }
  return nodes;
}

// At most this many differences are listed; the first few locate a bug.
constexpr int kMaxReported = 12;

}  // namespace

std::map<std::string, uint64_t> Gc9Divide(Position& pos, int depth, const MoveFilter& skip) {
  std::map<std::string, uint64_t> divide;
  auto add = [&](Move m, uint64_t count) {
    std::string uci = engine::MoveToUci(pos, m);
    // A move generated twice shows up as a doubled key; keep it visible in the report.
    if (!divide.emplace(uci, count).second) divide[uci + "(twice)"] = count;
  };
  if (!skip) {
    for (const auto& [m, count] : engine::PerftDivide(pos, depth)) add(m, count);
    return divide;
  }
  MoveList list;
  engine::GenerateLegal(pos, &list);
  for (Move m : list) {
    if (skip(pos, m)) continue;
    pos.DoMove(m);
    uint64_t count = FilteredPerft(pos, depth - 1, skip);
    pos.UndoMove();
    add(m, count);
  }
  return divide;
}

::testing::AssertionResult SameDivide(const std::string& fen,
                                      const std::map<std::string, uint64_t>& gc9,
                                      const PerftResult& fsf) {
  uint64_t gc9_total = 0;
  for (const auto& entry : gc9) gc9_total += entry.second;
  // A move one side lacks is the bug itself; a count that differs only points below it. So
  // the missing moves are listed first.
  std::vector<std::string> differences;
  for (const auto& [move, count] : gc9) {
    if (fsf.divide.count(move) == 0) {
      differences.push_back(absl::StrCat(move, ": gc9 ", count, ", not in FSF"));
    }
  }
  for (const auto& [move, count] : fsf.divide) {
    if (gc9.count(move) == 0) {
      differences.push_back(absl::StrCat(move, ": FSF ", count, ", not in gc9"));
    }
  }
  for (const auto& [move, count] : gc9) {
    auto it = fsf.divide.find(move);
    if (it != fsf.divide.end() && it->second != count) {
      differences.push_back(absl::StrCat(move, ": gc9 ", count, ", FSF ", it->second));
    }
  }
  if (differences.empty() && gc9_total == fsf.total) return ::testing::AssertionSuccess();
  ::testing::AssertionResult failure = ::testing::AssertionFailure();
  failure << "divides differ for " << fen << "\n  gc9 total " << gc9_total << " over " << gc9.size()
          << " moves, FSF total " << fsf.total << " over " << fsf.divide.size() << " moves\n";
  for (int i = 0; i < int(differences.size()) && i < kMaxReported; ++i) {
    failure << "  " << differences[i] << "\n";
  }
  if (int(differences.size()) > kMaxReported) {
    failure << "  ... and " << differences.size() - kMaxReported << " more\n";
  }
  return failure;
}

std::string BoardAndSide(const std::string& fen) {
  std::vector<std::string> fields = absl::StrSplit(fen, ' ', absl::SkipEmpty());
  if (fields.size() < 2) return fen;
  return absl::StrCat(absl::StrReplaceAll(fields[0], {{"[]", ""}}), " ", fields[1]);
}

}  // namespace gc9::oracle
