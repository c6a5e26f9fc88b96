// Betza parsing. Grammar: a sequence of [modifiers] ATOM [range], where ATOM is a leaper letter,
// a doubled leaper letter (a rider: WW = R, NN = nightrider) or one of the shorthands
// K = WF, R = WW, B = FF, Q = WWFF; range is a number of steps for riders (W2, R4).
#include "engine/betza.h"

#include <cctype>
#include <cstdlib>

#include "absl/strings/str_cat.h"

namespace gc9::engine {
namespace {

// The basic leaper of each letter, as one (dx, dy) with 0 <= dx <= dy.
bool LeaperVector(char letter, Step* step) {
  switch (letter) {
    case 'W':
      *step = {0, 1};
      return true;
    case 'F':
      *step = {1, 1};
      return true;
    case 'D':
      *step = {0, 2};
      return true;
    case 'N':
      *step = {1, 2};
      return true;
    case 'A':
      *step = {2, 2};
      return true;
    case 'H':
      *step = {0, 3};
      return true;
    case 'C':
      *step = {1, 3};
      return true;
    case 'Z':
      *step = {2, 3};
      return true;
    case 'G':
      *step = {3, 3};
      return true;
    default:
      return false;
  }
}

// All eight symmetric images of a basic leap, without duplicates.
std::vector<Step> AllImages(Step base) {
  std::vector<Step> out;
  for (int swap = 0; swap < 2; ++swap) {
    for (int sx = -1; sx <= 1; sx += 2) {
      for (int sy = -1; sy <= 1; sy += 2) {
        Step s = swap ? Step{base.dy * sx, base.dx * sy} : Step{base.dx * sx, base.dy * sy};
        bool seen = false;
        for (const Step& o : out) seen |= o == s;
        if (!seen) out.push_back(s);
      }
    }
  }
  return out;
}

// A direction modifier, possibly two letters (fl, ff, fs, lv, ...), as a predicate.
bool Matches(const std::string& dir, Step s) {
  const int ax = std::abs(s.dx), ay = std::abs(s.dy);
  if (dir == "f") return s.dy > 0;
  if (dir == "b") return s.dy < 0;
  if (dir == "l") return s.dx < 0;
  if (dir == "r") return s.dx > 0;
  if (dir == "v") return ay >= ax && s.dy != 0;
  if (dir == "s") return ax >= ay && s.dx != 0;
  if (dir == "fl") return s.dy > 0 && s.dx < 0;
  if (dir == "fr") return s.dy > 0 && s.dx > 0;
  if (dir == "bl") return s.dy < 0 && s.dx < 0;
  if (dir == "br") return s.dy < 0 && s.dx > 0;
  if (dir == "ff") return s.dy > 0 && ay > ax;
  if (dir == "bb") return s.dy < 0 && ay > ax;
  if (dir == "ll") return s.dx < 0 && ax > ay;
  if (dir == "rr") return s.dx > 0 && ax > ay;
  if (dir == "fs") return s.dy > 0 && ax > ay;
  if (dir == "bs") return s.dy < 0 && ax > ay;
  if (dir == "lv") return s.dx < 0 && ay > ax;
  if (dir == "rv") return s.dx > 0 && ay > ax;
  return false;
}

bool IsDirectionLetter(char c) {
  return c == 'f' || c == 'b' || c == 'l' || c == 'r' || c == 'v' || c == 's';
}

// Whether `second` joins `first` into a two-letter direction (fl, ff, fs, lv, ...).
bool Joins(char first, char second) {
  if (first == 'f' || first == 'b') {
    return second == 'l' || second == 'r' || second == 's' || second == first;
  }
  if (first == 'l' || first == 'r') return second == 'v' || second == first;
  return false;
}

struct PendingModifiers {
  std::vector<std::string> directions;
  bool move_only = false;
  bool capture_only = false;
  bool initial = false;
  bool lame = false;
  bool hopper = false;
};

void AddAtom(Step base, int range, const PendingModifiers& mods, std::vector<MoveAtom>* out) {
  MoveAtom atom;
  for (const Step& s : AllImages(base)) {
    bool keep = mods.directions.empty();
    for (const std::string& d : mods.directions) keep |= Matches(d, s);
    if (keep) atom.steps.push_back(s);
  }
  if (atom.steps.empty()) return;  // e.g. "fsW": a legal description of no move
  atom.range = range;
  // `mc` together means both, like neither.
  atom.quiet = !mods.capture_only || mods.move_only;
  atom.capture = !mods.move_only || mods.capture_only;
  atom.initial = mods.initial;
  atom.lame = mods.lame;
  atom.hopper = mods.hopper;
  out->push_back(std::move(atom));
}

}  // namespace

std::vector<Step> LamePath(Step step) {
  std::vector<Step> path;
  const int ax = std::abs(step.dx), ay = std::abs(step.dy);
  const int sx = step.dx > 0 ? 1 : step.dx < 0 ? -1 : 0;
  const int sy = step.dy > 0 ? 1 : step.dy < 0 ? -1 : 0;
  const int straight = ax > ay ? ax - ay : ay - ax;
  int x = 0, y = 0;
  for (int i = 0; i < straight; ++i) {
    if (ax > ay)
      x += sx;
    else
      y += sy;
    path.push_back({x, y});
  }
  for (int i = 0; i < std::min(ax, ay); ++i) {
    x += sx;
    y += sy;
    path.push_back({x, y});
  }
  path.pop_back();  // the destination itself is not on the path
  return path;
}

absl::StatusOr<std::vector<MoveAtom>> ParseBetza(absl::string_view betza) {
  std::vector<MoveAtom> atoms;
  PendingModifiers mods;
  bool pending = false;
  size_t i = 0;
  auto error = [&](absl::string_view what) {
    return absl::InvalidArgumentError(
        absl::StrCat("betza \"", betza, "\": ", what, " at position ", i + 1));
  };
  if (betza.empty()) return absl::InvalidArgumentError("betza: empty move description");
  while (i < betza.size()) {
    const char c = betza[i];
    if (std::islower(static_cast<unsigned char>(c))) {
      pending = true;
      if (c == 'm') {
        mods.move_only = true;
      } else if (c == 'c') {
        mods.capture_only = true;
      } else if (c == 'i') {
        mods.initial = true;
      } else if (c == 'n') {
        mods.lame = true;
      } else if (c == 'p') {
        mods.hopper = true;
      } else if (IsDirectionLetter(c)) {
        if (i + 1 < betza.size() && Joins(c, betza[i + 1])) {
          mods.directions.push_back(std::string{c, betza[i + 1]});
          ++i;
        } else {
          mods.directions.push_back(std::string(1, c));
        }
      } else {
        return error(absl::StrCat("unknown modifier '", std::string(1, c), "'"));
      }
      ++i;
      continue;
    }
    // An atom: expand shorthands into their leapers, all with the pending modifiers.
    std::vector<std::pair<char, bool>> parts;  // (leaper letter, rider)
    bool rider = false;
    switch (c) {
      case 'K':
        parts = {{'W', false}, {'F', false}};
        break;
      case 'R':
        parts = {{'W', true}};
        rider = true;
        break;
      case 'B':
        parts = {{'F', true}};
        rider = true;
        break;
      case 'Q':
        parts = {{'W', true}, {'F', true}};
        rider = true;
        break;
      default: {
        Step unused;
        if (!LeaperVector(c, &unused)) {
          return error(absl::StrCat("unknown piece letter '", std::string(1, c), "'"));
        }
        if (i + 1 < betza.size() && betza[i + 1] == c) {
          rider = true;
          ++i;
        }
        parts = {{c, rider}};
      }
    }
    ++i;
    int range = rider ? 0 : 1;
    size_t digits = i;
    while (digits < betza.size() && std::isdigit(static_cast<unsigned char>(betza[digits]))) {
      ++digits;
    }
    if (digits > i) {
      range = std::atoi(std::string(betza.substr(i, digits - i)).c_str());
      if (range < 0 || range > 16) return error("range must be 0 (unlimited) to 16");
      i = digits;
    }
    if (mods.hopper && range == 1) return error("'p' (hopper) needs a rider");
    if (mods.lame && range != 1) return error("'n' (lame) applies to leapers only");
    for (auto [letter, unused_rider] : parts) {
      Step base;
      LeaperVector(letter, &base);
      AddAtom(base, range, mods, &atoms);
    }
    mods = PendingModifiers();
    pending = false;
  }
  if (pending) {
    return absl::InvalidArgumentError(
        absl::StrCat("betza \"", betza, "\": modifiers at the end apply to no piece letter"));
  }
  if (atoms.empty()) {
    return absl::InvalidArgumentError(absl::StrCat("betza \"", betza, "\": describes no move"));
  }
  return atoms;
}

}  // namespace gc9::engine
