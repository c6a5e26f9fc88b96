// The board tables of a variant: rays, lines and king zones of its board, the leap tables of
// its pieces, and its regions (promotion, drops, sections), all over this build's grid.
#include "engine/board_tables.h"

namespace gc9::engine::GC9_BOARD {
namespace {

// Black plays the same moves mirrored top to bottom (forward is down the board).
Step ForColor(Step s, Color c) { return c == kWhite ? s : Step{s.dx, -s.dy}; }

}  // namespace

BoardTables::BoardTables(const Variant& v) : files_(v.files()), ranks_(v.ranks()) {
  BuildGeometry(v);
  pieces_.resize(v.piece_count());
  for (PieceType pt = 0; pt < v.piece_count(); ++pt) BuildPiece(v, v.piece(pt), &pieces_[pt]);
  const std::vector<PromotionZone>& zones = v.promotion_zones();
  for (Color c : {kWhite, kBlack}) {
    for (int i = 0; i < int(zones.size()); ++i) {
      const Bitboard zone = Ranks(c, zones[i].ranks);
      promotion_zone_[c] |= zone;
      if (zones[i].mandatory) mandatory_zone_[c] |= zone;
      for (Bitboard b = zone; b;) promotion_zone_of_[c][PopLsb(b)] = uint8_t(i);
    }
    drop_region_[c] = Ranks(c, v.drop_ranks());
  }
  const std::vector<uint32_t>& sections = v.section_files();
  for (int i = 0; i < int(sections.size()); ++i) {
    for (int f = 0; f < files_; ++f) {
      if (!(sections[i] >> f & 1)) continue;
      for (int r = 0; r < ranks_; ++r) {
        sections_[i] |= SquareBB(MakeSquare(f, r));
        sections_of_[MakeSquare(f, r)] |= uint8_t(1 << i);
      }
    }
  }
}

Bitboard BoardTables::Ranks(Color c, RankSet ranks) const {
  Bitboard region = 0;
  for (int own = 0; own < ranks_; ++own) {
    if (!(ranks >> own & 1)) continue;
    const int rank = c == kWhite ? own : ranks_ - 1 - own;
    for (int f = 0; f < files_; ++f) region |= SquareBB(MakeSquare(f, rank));
  }
  return region;
}

void BoardTables::BuildGeometry(const Variant& v) {
  for (int r = 0; r < ranks_; ++r) {
    for (int f = 0; f < files_; ++f) board_ |= SquareBB(MakeSquare(f, r));
  }
  for (int r = 0; r < ranks_; ++r) {
    for (int f = 0; f < files_; ++f) {
      const Square s = MakeSquare(f, r);
      for (int d = 0; d < kDirectionCount; ++d) {
        Bitboard ray = 0;
        for (int x = f + kDirectionFile[d], y = r + kDirectionRank[d]; v.OnBoard(x, y);
             x += kDirectionFile[d], y += kDirectionRank[d]) {
          const Square t = MakeSquare(x, y);
          between_[s][t] = ray;
          ray |= SquareBB(t);
        }
        rays_[d][s] = ray;
        if (v.OnBoard(f + kDirectionFile[d], r + kDirectionRank[d])) {
          king_zone_[s] |= SquareBB(MakeSquare(f + kDirectionFile[d], r + kDirectionRank[d]));
        }
      }
    }
  }
  for (Square s = 0; s < kSquareCount; ++s) {
    if (!Has(board_, s)) continue;
    for (int d = 0; d < kDirectionCount; ++d) {
      const Bitboard full = rays_[d][s] | rays_[Opposite(d)][s] | SquareBB(s);
      Bitboard ray = rays_[d][s];
      while (ray) line_[s][PopLsb(ray)] = full;
    }
  }
}

void BoardTables::BuildPiece(const Variant& v, const PieceInfo& info, PieceTables* tables) {
  for (Color c : {kWhite, kBlack}) tables->initial_region[c] = Ranks(c, info.initial_ranks[c]);
  for (const MoveAtom& atom : info.leaps) {
    for (Color c : {kWhite, kBlack}) {
      for (int r = 0; r < ranks_; ++r) {
        for (int f = 0; f < files_; ++f) {
          for (const Step& step : atom.steps) {
            const Step s = ForColor(step, c);
            if (!v.OnBoard(f + s.dx, r + s.dy)) continue;
            const Bitboard to = SquareBB(MakeSquare(f + s.dx, r + s.dy));
            if (atom.quiet) tables->leap_quiet[c][MakeSquare(f, r)] |= to;
            if (atom.capture) tables->leap_capture[c][MakeSquare(f, r)] |= to;
          }
        }
      }
    }
  }
  // Lame, initial-only, multi-leg and ranked leaps become lists per origin: the destination
  // and the squares that must be empty on the way.
  auto add_exotic = [&](const MoveAtom& atom, Color c, Bitboard origins) {
    for (Bitboard b = origins; b;) {
      const Square from = PopLsb(b);
      const int f = FileOf(from), r = RankOf(from);
      auto add = [&](Step dest, const std::vector<Step>& path_steps) {
        const Step s = ForColor(dest, c);
        if (!v.OnBoard(f + s.dx, r + s.dy)) return;
        Bitboard path = 0;
        for (const Step& p : path_steps) {
          const Step q = ForColor(p, c);
          if (!v.OnBoard(f + q.dx, r + q.dy)) return;  // a landing off the board
          // The origin is empty once the piece has left it; it never blocks.
          if (q.dx != 0 || q.dy != 0) path |= SquareBB(MakeSquare(f + q.dx, r + q.dy));
        }
        tables->exotic_leaps[c][from].push_back(
            {MakeSquare(f + s.dx, r + s.dy), path, atom.quiet, atom.capture});
      };
      if (atom.multi_leg) {
        for (const LegPath& leg_path : atom.paths) add(leg_path.destination, leg_path.landings);
      } else {
        for (const Step& step : atom.steps) {
          add(step, atom.lame ? LamePath(step) : std::vector<Step>{});
        }
      }
    }
  };
  for (Color c : {kWhite, kBlack}) {
    for (const MoveAtom& atom : info.exotic_leaps) {
      add_exotic(atom, c, atom.initial ? tables->initial_region[c] : board_);
    }
    for (const auto& [ranks, atoms] : info.ranked_leaps) {
      for (const MoveAtom& atom : atoms) add_exotic(atom, c, Ranks(c, ranks));
    }
  }
  for (Color c : {kWhite, kBlack}) {
    for (Square from = 0; from < kSquareCount; ++from) {
      Bitboard targets = tables->leap_capture[c][from];
      while (targets) tables->leap_capture_from[c][PopLsb(targets)] |= SquareBB(from);
      for (const ExoticLeap& leap : tables->exotic_leaps[c][from]) {
        if (!leap.capture) continue;
        tables->exotic_captures_to[c][leap.to].push_back({from, leap.path, false, true});
        tables->exotic_capture_origins[c][leap.to] |= SquareBB(from);
      }
    }
  }
}

std::string BitboardToString(Bitboard b, int files, int ranks) {
  std::string out;
  for (int r = ranks - 1; r >= 0; --r) {
    for (int f = 0; f < files; ++f) out += Has(b, MakeSquare(f, r)) ? 'X' : '.';
    out += '\n';
  }
  return out;
}

}  // namespace gc9::engine::GC9_BOARD
