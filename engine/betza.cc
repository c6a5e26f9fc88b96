// Betza parsing. Grammar: a sequence of [modifiers] ATOM [range], where ATOM is a leaper letter,
// a doubled leaper letter (a rider: WW = R, NN = nightrider) or one of the shorthands
// K = WF, R = WW, B = FF, Q = WWFF; range is a number of steps for riders (W2, R4).
//
// Multi-leg moves (gc9's own notation, for Granlem Shatranj): [modifiers] LEG {a [relative] LEG},
// e.g. "FaA", "WafW", "AafAaF". A LEG is one leaper letter (W F D N A H C Z G): no doubling, no
// range, no shorthand. A doubled letter followed by `a` therefore reads as the letter alone and
// then a multi-leg atom: "FafFFafA" is FafF and FafA, "WWaF" is W and WaF. The modifiers before the
// first leg mean what they mean for any atom: absolute directions (f b l r v s and the pairs)
// select the first leg's images, and m / c apply to the final destination, i marks initial ranks
// only; n and p are errors. The modifiers between `a` and a leg are relative to the direction of
// the leg before it:
//   f  the same direction       b  the reverse            v  f or b
//   l  perpendicular, to the left as seen moving along the previous leg
//   r  perpendicular, to the right                       s  l or r
// Several give their union; none gives every image of the leg. They need a straight previous
// leg (orthogonal W D H or diagonal F A G), since an oblique one has no such directions; and a
// leg image neither parallel nor perpendicular to the previous leg (N after W, F after W)
// matches no relative modifier, so it is taken only when none is given.
//
// The meaning, for the engine: the piece makes the legs one after another. Each leg jumps like
// its leaper (its own path is not checked), but the landing squares where a leg ends and the
// next begins must be on the board and empty (the origin counts as empty, the piece having
// left it); only the destination may hold a piece, to capture. The atom keeps every
// combination of leg images as a separate path, and a destination is reachable when any one of
// its paths is open. A combination that ends on the origin is no move and is dropped.
#include "engine/betza.h"

#include <cctype>
#include <cstdlib>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
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
  size_t lame_pos = 0;  // where `n` and `p` stand, for a multi-leg atom's error
  size_t hopper_pos = 0;
};

int Sign(int v) { return (v > 0) - (v < 0); }

// Whether `base` (0 <= dx <= dy) is orthogonal or diagonal, so that a leg after it has
// directions relative to it.
bool IsStraight(Step base) { return base.dx == 0 || base.dx == base.dy; }

// Whether `s` is a positive multiple of the unit vector `unit`.
bool Along(Step unit, Step s) {
  return s.dx * unit.dy == s.dy * unit.dx && s.dx * unit.dx + s.dy * unit.dy > 0;
}

// A relative direction modifier of a leg, against the straight previous leg image `prev`.
bool MatchesRelative(char dir, Step prev, Step s) {
  const Step u{Sign(prev.dx), Sign(prev.dy)};
  switch (dir) {
    case 'f':
      return Along(u, s);
    case 'b':
      return Along({-u.dx, -u.dy}, s);
    case 'l':
      return Along({-u.dy, u.dx}, s);  // u turned a quarter counterclockwise
    case 'r':
      return Along({u.dy, -u.dx}, s);
    case 'v':
      return MatchesRelative('f', prev, s) || MatchesRelative('b', prev, s);
    case 's':
      return MatchesRelative('l', prev, s) || MatchesRelative('r', prev, s);
    default:
      return false;
  }
}

bool IsRelativeLetter(char c) {
  return c == 'f' || c == 'b' || c == 'l' || c == 'r' || c == 'v' || c == 's';
}

// One leg of a multi-leg atom: its leaper and the relative modifiers written before it.
struct Leg {
  Step base;
  std::string relative;  // empty for the first leg, whose directions are absolute
};

// The most ways the multi-leg atoms of one description, together, may combine their legs into.
// The engine walks every path each time it generates the piece's moves, and legs multiply:
// seven W legs make 16,384 paths, which made every position with the piece take seconds (found
// by the betza fuzzer), and eight N legs make millions. Real multi-leg pieces have a handful.
constexpr size_t kMaxLegCombinations = 1024;

// Adds to `atom` every path that continues with legs[k] onwards from `at`, reached by the leg
// image `prev` over `landings`. Counts every complete combination in `combinations`, kept or
// not, and gives up (false) past kMaxLegCombinations.
bool ExpandLegs(const std::vector<Leg>& legs, size_t k, const PendingModifiers& mods, Step prev,
                Step at, std::vector<Step>* landings, size_t* combinations, MoveAtom* atom) {
  if (k == legs.size()) {
    if (++*combinations > kMaxLegCombinations) return false;
    if (at.dx == 0 && at.dy == 0) return true;  // back on the origin: no move
    atom->paths.push_back({at, *landings});
    bool seen = false;
    for (const Step& d : atom->steps) seen |= d == at;
    if (!seen) atom->steps.push_back(at);
    return true;
  }
  for (const Step& s : AllImages(legs[k].base)) {
    bool keep;
    if (k == 0) {
      keep = mods.directions.empty();
      for (const std::string& d : mods.directions) keep |= Matches(d, s);
    } else {
      keep = legs[k].relative.empty();
      for (char d : legs[k].relative) keep |= MatchesRelative(d, prev, s);
    }
    if (!keep) continue;
    const Step next{at.dx + s.dx, at.dy + s.dy};
    if (k + 1 < legs.size()) landings->push_back(next);
    if (!ExpandLegs(legs, k + 1, mods, s, next, landings, combinations, atom)) return false;
    if (k + 1 < legs.size()) landings->pop_back();
  }
  return true;
}

// False when the description's atoms so far, counted in `combinations`, combine their legs
// into more than kMaxLegCombinations ways.
bool AddMultiLegAtom(const std::vector<Leg>& legs, const PendingModifiers& mods,
                     size_t* combinations, std::vector<MoveAtom>* out) {
  MoveAtom atom;
  std::vector<Step> landings;
  if (!ExpandLegs(legs, 0, mods, Step{0, 0}, Step{0, 0}, &landings, combinations, &atom)) {
    return false;
  }
  if (atom.paths.empty()) return true;  // e.g. "WabW" or "WafF": a legal description of no move
  atom.multi_leg = true;
  atom.quiet = !mods.capture_only || mods.move_only;
  atom.capture = !mods.move_only || mods.capture_only;
  atom.initial = mods.initial;
  out->push_back(std::move(atom));
  return true;
}

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

absl::Status BetzaError(absl::string_view betza, size_t pos, absl::string_view what) {
  return absl::InvalidArgumentError(
      absl::StrCat("betza \"", betza, "\": ", what, " at position ", pos + 1));
}

// Reads the legs after a multi-leg atom's first one, from the `a` at *i up to the end of the
// atom, and leaves *i after it.
absl::Status ParseLaterLegs(absl::string_view betza, size_t* i, std::vector<Leg>* legs) {
  while (*i < betza.size() && betza[*i] == 'a') {
    const size_t a_pos = (*i)++;
    const size_t relative_pos = *i;
    Leg leg;
    while (*i < betza.size() && std::islower(static_cast<unsigned char>(betza[*i]))) {
      if (!IsRelativeLetter(betza[*i])) {
        return BetzaError(betza, *i,
                          absl::StrCat("'", std::string(1, betza[*i]),
                                       "' is no relative direction (f b l r v s) after 'a'"));
      }
      leg.relative += betza[(*i)++];
    }
    if (*i == betza.size()) return BetzaError(betza, a_pos, "'a' is followed by no leg");
    const char letter = betza[*i];
    if (!LeaperVector(letter, &leg.base)) {
      return BetzaError(betza, *i,
                        absl::StrCat("'", std::string(1, letter),
                                     "' is no leaper letter (W F D N A H C Z G) for a leg"));
    }
    if (!leg.relative.empty() && !IsStraight(legs->back().base)) {
      return BetzaError(betza, relative_pos,
                        absl::StrCat("relative direction '", std::string(1, betza[relative_pos]),
                                     "' after an oblique leg, which has no such directions"));
    }
    ++*i;
    // A repeated letter followed by `a` starts the next multi-leg atom (FafFFafA); otherwise
    // it would make the leg a rider, which multi-leg moves do not have.
    if (*i < betza.size() && betza[*i] == letter &&
        !(*i + 1 < betza.size() && betza[*i + 1] == 'a')) {
      return BetzaError(betza, *i,
                        absl::StrCat("doubled leg '", std::string(1, letter),
                                     "': a leg is a single leaper letter"));
    }
    if (*i < betza.size() && std::isdigit(static_cast<unsigned char>(betza[*i]))) {
      return BetzaError(betza, *i, "a leg of a multi-leg move takes no range");
    }
    legs->push_back(std::move(leg));
  }
  return absl::OkStatus();
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
  size_t leg_combinations = 0;  // of every multi-leg atom so far
  size_t i = 0;
  auto error = [&](absl::string_view what) { return BetzaError(betza, i, what); };
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
        mods.lame_pos = i;
      } else if (c == 'p') {
        mods.hopper = true;
        mods.hopper_pos = i;
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
    // A multi-leg atom: a leaper letter directly followed by `a`.
    Step first_leg;
    if (LeaperVector(c, &first_leg) && i + 1 < betza.size() && betza[i + 1] == 'a') {
      std::vector<Leg> legs = {{first_leg, ""}};
      const size_t first_leg_pos = i;
      ++i;
      if (absl::Status s = ParseLaterLegs(betza, &i, &legs); !s.ok()) return s;
      // Lameness and hopping concern a single leg's path, which multi-leg moves do not check.
      if (mods.lame) return BetzaError(betza, mods.lame_pos, "'n' (lame) on a multi-leg move");
      if (mods.hopper) {
        return BetzaError(betza, mods.hopper_pos, "'p' (hopper) on a multi-leg move");
      }
      if (!AddMultiLegAtom(legs, mods, &leg_combinations, &atoms)) {
        return BetzaError(betza, first_leg_pos,
                          absl::StrCat("the multi-leg moves combine their legs in more than ",
                                       kMaxLegCombinations, " ways"));
      }
      mods = PendingModifiers();
      pending = false;
      continue;
    }
    // An atom: expand shorthands into their leapers, all with the pending modifiers.
    const size_t atom_pos = i;
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
        // A doubled letter followed by `a` is the letter alone, then a multi-leg atom, since a
        // rider cannot continue with another leg.
        if (i + 1 < betza.size() && betza[i + 1] == c &&
            !(i + 2 < betza.size() && betza[i + 2] == 'a')) {
          rider = true;
          ++i;
        }
        parts = {{c, rider}};
      }
    }
    ++i;
    int range = rider ? 0 : 1;
    const size_t range_pos = i;
    size_t digits = i;
    while (digits < betza.size() && std::isdigit(static_cast<unsigned char>(betza[digits]))) {
      ++digits;
    }
    if (digits > i) {
      // Read whole, not with atoi, which wrapped "W4294967298" into a range of 2.
      if (!absl::SimpleAtoi(betza.substr(i, digits - i), &range) || range < 0 || range > 16) {
        return error("range must be 0 (unlimited) to 16");
      }
      i = digits;
    }
    // A plain leaper letter before `a` took the multi-leg branch above, so what stands before
    // this `a` is a range or a shorthand.
    if (i < betza.size() && betza[i] == 'a') {
      if (digits > range_pos) {
        return BetzaError(betza, range_pos, "a leg of a multi-leg move takes no range");
      }
      return BetzaError(
          betza, atom_pos,
          absl::StrCat("'", std::string(1, c), "' is a shorthand, not a leaper letter for a leg"));
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
