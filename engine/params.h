// The parameter registry: every tunable number of the evaluation and the search is declared
// once in GC9_PARAMS below. From that one list come the UCI spin options, the in-process
// setter the worker calls, the SPSA listing (fishtest's `name,value,min,max,c_end,r_end`) and
// the plain snapshot the search copies when it starts.
#pragma once

#include <array>
#include <bitset>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace gc9::engine {

class Variant;

// X(Name, default, min, max, c_end, r_end, tuned)
// Values are integers (centipawns for scores). c_end and r_end are the SPSA step and learning
// rate suggested for the last iteration. Untuned entries are switches and settings: they are
// UCI options like the rest but are left out of the SPSA listing.
//
// Piece values are named after the piece (`<Name>ValueMg/Eg`, the piece's name in its variant
// definition in CamelCase) and apply to every variant that has a piece of that name: the
// Airavat and the Commander of TheGrandChess9 are tuned apart from Grand Chess's rook and
// queen. Defaults: the rules book's values (P 1, N 3, B 3, R 5, C 4, Q 9, S 12 pawns) and, for
// Grand Chess's compounds, the usual marshal 8 and cardinal 7 (the minister of Chess8400
// and Modern Chess moves as the cardinal). Granlem Shatranj's short-range pieces start from
// their reach: the guard (a man) 3, the two-leg oliphant and shaman, colour-bound, 3.5-4, the
// 16-20-square leapers and two-leg movers 4.3-5, the jumping general (24 squares) 6 pawns;
// its minister (WDN) is named "granlem minister" to keep it apart from the minister (BN).
// The null-move reduction is 2 + depth/6: in TheGrandChess9 self-play at 4000 nodes a move,
// 3 + depth/4 lost about 70 Elo to no null move at all (blocked ten-pawn structures are
// zugzwang-prone), while 2 + depth/6 was level with it; in Grand Chess the null move gains.
// <Piece>CenterMg/Eg and <Piece>MobilityMg/Eg are added to CenterMg/Eg and MobilityMg/Eg for
// the piece of that name (0: every piece alike), for the pieces whose weights differ most.
// <Piece>TropismMg/Eg scores how close the piece stands to the enemy king (the full weight
// beside it, 0 a board away); 0, off, but where a variant's definition sets it.
// PassedTheirKingEg and PassedOurKingEg score each king step between a passed pawn's next
// square and the enemy's and its own king, scaled like the passed pawn (0, off, likewise).
// OpenFile, SemiOpenFile (a piece sliding along files, on a file without pawns / without its
// own pawns) and SafeCheck (each move that would check the enemy king from a square no enemy
// pawn guards) are 0, off, but where a variant's definition sets them.
// ImprovingPruning (off; Grand Chess's definition switches it on) makes the pruning margins
// depend on whether the side to move's evaluation rose since its previous move.
#define GC9_PARAMS(X)                                       \
  X(PawnValueMg, 100, 50, 200, 6, 0.002, true)              \
  X(PawnValueEg, 120, 50, 250, 6, 0.002, true)              \
  X(KnightValueMg, 300, 150, 600, 15, 0.002, true)          \
  X(KnightValueEg, 300, 150, 600, 15, 0.002, true)          \
  X(BishopValueMg, 300, 150, 600, 15, 0.002, true)          \
  X(BishopValueEg, 320, 150, 600, 15, 0.002, true)          \
  X(RookValueMg, 500, 250, 900, 20, 0.002, true)            \
  X(RookValueEg, 530, 250, 900, 20, 0.002, true)            \
  X(AiravatValueMg, 500, 250, 900, 20, 0.002, true)         \
  X(AiravatValueEg, 530, 250, 900, 20, 0.002, true)         \
  X(QueenValueMg, 900, 500, 1500, 30, 0.002, true)          \
  X(QueenValueEg, 950, 500, 1500, 30, 0.002, true)          \
  X(CommanderValueMg, 900, 500, 1500, 30, 0.002, true)      \
  X(CommanderValueEg, 950, 500, 1500, 30, 0.002, true)      \
  X(SceptreValueMg, 1200, 600, 2000, 40, 0.002, true)       \
  X(SceptreValueEg, 1250, 600, 2000, 40, 0.002, true)       \
  X(CharioteerValueMg, 400, 0, 1000, 20, 0.002, true)       \
  X(CharioteerValueEg, 400, 0, 1000, 20, 0.002, true)       \
  X(MarshalValueMg, 800, 400, 1400, 30, 0.002, true)        \
  X(MarshalValueEg, 850, 400, 1400, 30, 0.002, true)        \
  X(CardinalValueMg, 700, 400, 1400, 30, 0.002, true)       \
  X(CardinalValueEg, 750, 400, 1400, 30, 0.002, true)       \
  X(MinisterValueMg, 700, 400, 1400, 30, 0.002, true)       \
  X(MinisterValueEg, 750, 400, 1400, 30, 0.002, true)       \
  X(GuardValueMg, 300, 150, 600, 15, 0.002, true)           \
  X(GuardValueEg, 330, 150, 600, 15, 0.002, true)           \
  X(JumpingGeneralValueMg, 600, 300, 1100, 25, 0.002, true) \
  X(JumpingGeneralValueEg, 650, 300, 1100, 25, 0.002, true) \
  X(GranlemMinisterValueMg, 450, 200, 900, 20, 0.002, true) \
  X(GranlemMinisterValueEg, 470, 200, 900, 20, 0.002, true) \
  X(HighPriestessValueMg, 430, 200, 900, 20, 0.002, true)   \
  X(HighPriestessValueEg, 450, 200, 900, 20, 0.002, true)   \
  X(OliphantValueMg, 350, 150, 700, 15, 0.002, true)        \
  X(OliphantValueEg, 350, 150, 700, 15, 0.002, true)        \
  X(WarmachineValueMg, 450, 200, 900, 20, 0.002, true)      \
  X(WarmachineValueEg, 480, 200, 900, 20, 0.002, true)      \
  X(ShamanValueMg, 380, 150, 800, 15, 0.002, true)          \
  X(ShamanValueEg, 380, 150, 800, 15, 0.002, true)          \
  X(HeroValueMg, 480, 200, 900, 20, 0.002, true)            \
  X(HeroValueEg, 500, 200, 900, 20, 0.002, true)            \
  X(CenterMg, 20, 0, 100, 4, 0.002, true)                   \
  X(CenterEg, 10, 0, 100, 4, 0.002, true)                   \
  X(KingCenterMg, -30, -200, 100, 8, 0.002, true)           \
  X(KingCenterEg, 40, -100, 200, 8, 0.002, true)            \
  X(PawnAdvanceMg, 4, -20, 40, 2, 0.002, true)              \
  X(PawnAdvanceEg, 10, -20, 60, 2, 0.002, true)             \
  X(PawnCenterMg, 20, 0, 100, 4, 0.002, true)               \
  X(MobilityMg, 24, 0, 100, 4, 0.002, true)                 \
  X(MobilityEg, 24, 0, 100, 4, 0.002, true)                 \
  X(KingCharioteerMg, 15, -50, 100, 5, 0.002, true)         \
  X(KingCharioteerEg, 5, -50, 100, 5, 0.002, true)          \
  X(KingShieldedMg, 30, -50, 200, 8, 0.002, true)           \
  X(KingShieldedEg, 20, -50, 200, 8, 0.002, true)           \
  X(KingShelterMg, 12, 0, 60, 3, 0.002, true)               \
  X(KingAttackMg, 8, 0, 50, 2, 0.002, true)                 \
  X(KingAttackEg, 2, 0, 50, 2, 0.002, true)                 \
  X(DoubledMg, 10, 0, 80, 3, 0.002, true)                   \
  X(DoubledEg, 20, 0, 80, 3, 0.002, true)                   \
  X(IsolatedMg, 10, 0, 80, 3, 0.002, true)                  \
  X(IsolatedEg, 15, 0, 80, 3, 0.002, true)                  \
  X(PassedMg, 8, 0, 80, 3, 0.002, true)                     \
  X(PassedEg, 20, 0, 120, 4, 0.002, true)                   \
  X(PassedTheirKingEg, 0, -50, 50, 2, 0.002, true)          \
  X(PassedOurKingEg, 0, -50, 50, 2, 0.002, true)            \
  X(BishopPairMg, 25, 0, 100, 5, 0.002, true)               \
  X(BishopPairEg, 45, 0, 120, 5, 0.002, true)               \
  X(PlacementCenterMg, 15, -50, 100, 4, 0.002, true)        \
  X(PlacementShelterMg, 10, -50, 100, 4, 0.002, true)       \
  X(ThreatByPawnMg, 60, 0, 200, 6, 0.002, true)             \
  X(ThreatByPawnEg, 40, 0, 200, 6, 0.002, true)             \
  X(ThreatByPieceMg, 30, 0, 150, 4, 0.002, true)            \
  X(ThreatByPieceEg, 25, 0, 150, 4, 0.002, true)            \
  X(OpenFileMg, 0, -50, 150, 4, 0.002, true)                \
  X(OpenFileEg, 0, -50, 150, 4, 0.002, true)                \
  X(SemiOpenFileMg, 0, -50, 150, 4, 0.002, true)            \
  X(SemiOpenFileEg, 0, -50, 150, 4, 0.002, true)            \
  X(SafeCheckMg, 0, 0, 150, 4, 0.002, true)                 \
  X(SafeCheckEg, 0, 0, 150, 4, 0.002, true)                 \
  X(KnightCenterMg, 0, -100, 100, 4, 0.002, true)           \
  X(KnightCenterEg, 0, -100, 100, 4, 0.002, true)           \
  X(BishopCenterMg, 0, -100, 100, 4, 0.002, true)           \
  X(BishopCenterEg, 0, -100, 100, 4, 0.002, true)           \
  X(RookCenterMg, 0, -100, 100, 4, 0.002, true)             \
  X(RookCenterEg, 0, -100, 100, 4, 0.002, true)             \
  X(QueenCenterMg, 0, -100, 100, 4, 0.002, true)            \
  X(QueenCenterEg, 0, -100, 100, 4, 0.002, true)            \
  X(MarshalCenterMg, 0, -100, 100, 4, 0.002, true)          \
  X(MarshalCenterEg, 0, -100, 100, 4, 0.002, true)          \
  X(CardinalCenterMg, 0, -100, 100, 4, 0.002, true)         \
  X(CardinalCenterEg, 0, -100, 100, 4, 0.002, true)         \
  X(KnightMobilityMg, 0, -100, 100, 4, 0.002, true)         \
  X(KnightMobilityEg, 0, -100, 100, 4, 0.002, true)         \
  X(BishopMobilityMg, 0, -100, 100, 4, 0.002, true)         \
  X(BishopMobilityEg, 0, -100, 100, 4, 0.002, true)         \
  X(RookMobilityMg, 0, -100, 100, 4, 0.002, true)           \
  X(RookMobilityEg, 0, -100, 100, 4, 0.002, true)           \
  X(QueenMobilityMg, 0, -100, 100, 4, 0.002, true)          \
  X(QueenMobilityEg, 0, -100, 100, 4, 0.002, true)          \
  X(MarshalMobilityMg, 0, -100, 100, 4, 0.002, true)        \
  X(MarshalMobilityEg, 0, -100, 100, 4, 0.002, true)        \
  X(CardinalMobilityMg, 0, -100, 100, 4, 0.002, true)       \
  X(CardinalMobilityEg, 0, -100, 100, 4, 0.002, true)       \
  X(KnightTropismMg, 0, -100, 100, 4, 0.002, true)          \
  X(KnightTropismEg, 0, -100, 100, 4, 0.002, true)          \
  X(BishopTropismMg, 0, -100, 100, 4, 0.002, true)          \
  X(BishopTropismEg, 0, -100, 100, 4, 0.002, true)          \
  X(RookTropismMg, 0, -100, 100, 4, 0.002, true)            \
  X(RookTropismEg, 0, -100, 100, 4, 0.002, true)            \
  X(QueenTropismMg, 0, -100, 100, 4, 0.002, true)           \
  X(QueenTropismEg, 0, -100, 100, 4, 0.002, true)           \
  X(MarshalTropismMg, 0, -100, 100, 4, 0.002, true)         \
  X(MarshalTropismEg, 0, -100, 100, 4, 0.002, true)         \
  X(CardinalTropismMg, 0, -100, 100, 4, 0.002, true)        \
  X(CardinalTropismEg, 0, -100, 100, 4, 0.002, true)        \
  X(Tempo, 12, 0, 60, 3, 0.002, true)                       \
  X(AspirationWindow, 30, 5, 200, 5, 0.002, true)           \
  X(NullMoveBase, 2, 1, 6, 0.5, 0.002, true)                \
  X(NullMoveDepthDivisor, 6, 2, 10, 0.5, 0.002, true)       \
  X(NullMoveMinMaterial, 300, 0, 2000, 40, 0.002, true)     \
  X(LmrBase, 75, 0, 200, 10, 0.002, true)                   \
  X(LmrDivisor, 225, 100, 500, 15, 0.002, true)             \
  X(FutilityMargin, 90, 20, 300, 10, 0.002, true)           \
  X(FutilityDepth, 6, 0, 12, 0.5, 0.002, true)              \
  X(LateMoveBase, 4, 1, 20, 1, 0.002, true)                 \
  X(FutilityMoveBase, 70, 0, 400, 10, 0.002, true)          \
  X(FutilityMoveMargin, 70, 10, 300, 8, 0.002, true)        \
  X(FutilityMoveDepth, 6, 0, 12, 0.5, 0.002, true)          \
  X(IirDepth, 4, 2, 12, 0.5, 0.002, true)                   \
  X(DeltaMargin, 200, 0, 1000, 20, 0.002, true)             \
  X(SeePruneDepth, 7, 0, 20, 1, 0.002, true)                \
  X(SeeQuietMargin, 25, 0, 200, 4, 0.002, true)             \
  X(SeeCaptureMargin, 160, 0, 1000, 15, 0.002, true)        \
  X(NullMove, 1, 0, 1, 0, 0, false)                         \
  X(Lmr, 1, 0, 1, 0, 0, false)                              \
  X(Futility, 1, 0, 1, 0, 0, false)                         \
  X(ImprovingPruning, 0, 0, 1, 0, 0, false)                 \
  X(MoveOverhead, 20, 0, 5000, 0, 0, false)

enum ParamId : int {
#define GC9_PARAM_ENUM(name, def, lo, hi, c, r, tuned) k##name,
  GC9_PARAMS(GC9_PARAM_ENUM)
#undef GC9_PARAM_ENUM
      kParamCount
};

struct ParamSpec {
  const char* name;
  int default_value;
  int min;
  int max;
  double c_end;
  double r_end;
  bool tuned;
};

// The evaluation's parameters (everything up to Tempo), which a variant's definition may
// give values of its own (Variant::eval_weights); the rest steer the search (a variant's own:
// Variant::search_settings).
inline bool IsEvaluationParam(int id) { return id >= 0 && id <= kTempo; }

// The registry in declaration order.
const std::array<ParamSpec, kParamCount>& ParamSpecs();
// The index of a parameter by name (case-insensitive, as UCI option names are), or -1.
int FindParam(absl::string_view name);

// The values the search reads: a plain copy, taken when a search starts. `set` marks the
// values given explicitly (UCI, a parameter file, SPSA): a variant's own evaluation weights
// replace only the others.
struct ParamSnapshot {
  std::array<int, kParamCount> values;
  std::bitset<kParamCount> set;
  int operator[](ParamId id) const { return values[id]; }
};

// `params` with the variant's own evaluation weights and search settings in place of the values
// not set.
ParamSnapshot WithVariantDefaults(const ParamSnapshot& params, const Variant& variant);

// A set of parameter values, all at their defaults until set.
class Params {
 public:
  Params();

  // Errors name the parameter and say why (unknown, or out of its range). A real value (a
  // decimal in a parameter file, a run's override, an SPSA theta) is rounded to the nearest
  // integer, as fishtest rounds; one beyond int's range is out of range, never wrapped into it.
  absl::Status Set(absl::string_view name, double value);
  int Get(ParamId id) const { return values_.values[id]; }
  const ParamSnapshot& snapshot() const { return values_; }
  void Reset();

  // Applies a parameter file's text: one `name,value`, `name=value` or full fishtest
  // `name,value,min,max,c_end,r_end` line per parameter; blank lines and `#` comments are
  // skipped and decimal values are rounded. Errors name the line and problem; on error no value
  // is changed.
  absl::Status ApplyText(absl::string_view text, absl::string_view source);
  absl::Status LoadFile(const std::string& path);

  // One `name,value,min,max,c_end,r_end` line per tuned parameter, at the values a search of
  // `variant` uses (its own evaluation weights where no value was set), or at the current
  // values without one.
  std::vector<std::string> Listing(const Variant* variant = nullptr) const;

 private:
  ParamSnapshot values_;
};

// The parameter name for a variant piece's value: "airavat" -> "AiravatValueMg".
std::string PieceParamName(absl::string_view piece_name, absl::string_view suffix);

}  // namespace gc9::engine
