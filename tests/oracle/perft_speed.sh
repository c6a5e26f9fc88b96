#!/usr/bin/env bash
# Perft speed of gc9-engine beside Fairy-Stockfish on the same Grand Chess positions, one
# thread each. Builds nothing.
#
#   tests/oracle/perft_speed.sh [path/to/gc9-engine]     (default build/engine/gc9-engine)
#   FSF=/path/to/fairy-stockfish REPEAT=3 tests/oracle/perft_speed.sh
#
# Times are wall clock around each process, less that program's start-up (a `go perft 1` run:
# FSF's large-board tables take tens of milliseconds to build). With REPEAT > 1 the best of the
# runs counts, for the start-up too, which steadies the figures on a busy machine. Both programs count leaves in bulk at the last ply, so leaves/s compare.
set -euo pipefail

GC9=${1:-build/engine/gc9-engine}
FSF=${FSF:-/usr/games/fairy-stockfish}
REPEAT=${REPEAT:-1}

for binary in "$GC9" "$FSF"; do
  if [[ ! -x $binary ]]; then
    echo "perft_speed.sh: $binary is not an executable (build gc9-engine, or apt-get install" \
      "fairy-stockfish)" >&2
    exit 1
  fi
done

# name|depth|FEN, chosen so FSF takes about one to three seconds on each.
POSITIONS=(
  "start|4|r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1"
  "middlegame|4|r8r/1nbqkcab2/1pppp5/6pn1p/p4p1p2/5P1P1p/2PP2P3/PP1NP1N1P1/2BQ1CAB2/R4K3R w - - 2 10"
  "pins|5|9k/4r5/10/10/b9/4R2q2/2N7/5B4/4K5/10 w - - 0 1"
  "blocked-pawn-check|5|r2k5r/4P5/10/10/10/10/10/PPPP1PPPPP/1NBQKCABN1/R8R b - - 0 1"
)

now() { date +%s.%N; }

# run BINARY FEN DEPTH: prints "leaves seconds" for one process.
run() {
  local start end output leaves
  start=$(now)
  output=$(printf 'setoption name UCI_Variant value grand\nposition fen %s\ngo perft %d\n' \
    "$2" "$3" | "$1")
  end=$(now)
  leaves=$(awk '/^Nodes searched:/ { print $3 }' <<<"$output")
  if [[ -z $leaves ]]; then
    echo "perft_speed.sh: $1 printed no node count for $2" >&2
    exit 1
  fi
  awk -v l="$leaves" -v s="$start" -v e="$end" 'BEGIN { printf "%s %.6f\n", l, e - s }'
}

# best BINARY FEN DEPTH STARTUP: the fastest of REPEAT runs, less the start-up time.
best() {
  local leaves seconds best_seconds=""
  for ((i = 0; i < REPEAT; i++)); do
    read -r leaves seconds < <(run "$1" "$2" "$3")
    if [[ -z $best_seconds ]] || awk -v a="$seconds" -v b="$best_seconds" 'BEGIN { exit !(a < b) }'; then
      best_seconds=$seconds
    fi
  done
  awk -v l="$leaves" -v s="$best_seconds" -v u="$4" \
    'BEGIN { t = s - u; if (t < 0.001) t = 0.001; printf "%s %.3f\n", l, t }'
}

start_fen=${POSITIONS[0]##*|}
read -r _ gc9_startup < <(best "$GC9" "$start_fen" 1 0)
read -r _ fsf_startup < <(best "$FSF" "$start_fen" 1 0)
echo "gc9: $GC9 (start-up ${gc9_startup}s)"
echo "FSF: $FSF, $("$FSF" </dev/null | head -1) (start-up ${fsf_startup}s)"
echo
printf '%-20s %5s %12s %9s %9s %12s %12s %9s\n' position depth leaves gc9_s fsf_s \
  gc9_leaves/s fsf_leaves/s gc9/fsf
for entry in "${POSITIONS[@]}"; do
  IFS='|' read -r name depth fen <<<"$entry"
  read -r gc9_leaves gc9_s < <(best "$GC9" "$fen" "$depth" "$gc9_startup")
  read -r fsf_leaves fsf_s < <(best "$FSF" "$fen" "$depth" "$fsf_startup")
  if [[ $gc9_leaves != "$fsf_leaves" ]]; then
    echo "perft_speed.sh: $name depth $depth: gc9 counts $gc9_leaves, FSF $fsf_leaves" >&2
  fi
  awk -v n="$name" -v d="$depth" -v l="$gc9_leaves" -v g="$gc9_s" -v f="$fsf_s" 'BEGIN {
    printf "%-20s %5d %12d %9.3f %9.3f %12.0f %12.0f %8.2fx\n", n, d, l, g, f, l / g, l / f,
      (l / g) / (l / f)
  }'
done
