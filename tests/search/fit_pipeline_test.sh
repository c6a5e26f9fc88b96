#!/bin/sh
# The fitting pipeline end to end, with the real Fairy-Stockfish: score_positions.py scores two
# Grand Chess games, gc9-fit-eval fits to them and writes weights for Grand's definition, and a
# variant Fairy-Stockfish does not know is refused by name; --only takes fitted weights alone;
# --held-out checks the fit on another game.
# usage: fit_pipeline_test.sh GC9_FIT_EVAL SCORE_POSITIONS_PY
set -eu
fit="$1"
score="$2"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

python3 "$score" --variant grand --games 2 --depth 3 --seed 5 --out "$dir/scored.txt" 2>/dev/null
lines=$(wc -l <"$dir/scored.txt")
[ "$lines" -ge 20 ] || { echo "only $lines positions were scored"; exit 1; }
grep -qv '^[^|]*|-\?[0-9]*|[a-j][0-9]*[a-j][0-9]*[a-z]\?$' "$dir/scored.txt" &&
  { echo "a line is not FEN|score|bestmove:"; grep -v '|' "$dir/scored.txt" | head -3; exit 1; }

"$fit" --variant grand --passes 1 --out "$dir/weights.txt" "$dir/scored.txt" 2>"$dir/log"
grep -q "quiet enough to fit" "$dir/log" && grep -q "pass 1 of 1" "$dir/log" ||
  { cat "$dir/log"; exit 1; }
[ -s "$dir/weights.txt" ] || { echo "no weights written"; exit 1; }
grep -qv '^eval_weights { name: "[A-Za-z]*" value: -\?[0-9]* }$' "$dir/weights.txt" &&
  { echo "a weight line is malformed:"; cat "$dir/weights.txt"; exit 1; }

# --only fits the named weights alone; a name that is no fitted weight is refused.
"$fit" --variant grand --passes 1 --only MobilityMg,MobilityEg "$dir/scored.txt" \
  >"$dir/only.txt" 2>"$dir/log" || { cat "$dir/log"; exit 1; }
grep -q '"MobilityMg"' "$dir/only.txt" || { echo "--only wrote no MobilityMg:"; cat "$dir/only.txt"; exit 1; }
for bad in Bogus NullMoveBase Tempo; do
  if "$fit" --variant grand --only "$bad" "$dir/scored.txt" >/dev/null 2>"$dir/err"; then
    echo "--only $bad was accepted"
    exit 1
  fi
  grep -q -- "--only: .*$bad" "$dir/err" || { cat "$dir/err"; exit 1; }
done

# --held-out reports the error of other games' positions before and after the fit; a file
# with no quiet position to check on is refused.
python3 "$score" --variant grand --games 1 --depth 3 --seed 6 --out "$dir/other.txt" 2>/dev/null
"$fit" --variant grand --passes 1 --held-out "$dir/other.txt" "$dir/scored.txt" \
  >/dev/null 2>"$dir/log" || { cat "$dir/log"; exit 1; }
held_out_line='^held out ([0-9]* quiet positions the fit did not see): error 0\.[0-9]* before'
grep -q "$held_out_line the fit, 0\.[0-9]* after" "$dir/log" ||
  { echo "no held-out line:"; cat "$dir/log"; exit 1; }
: >"$dir/empty.txt"
if "$fit" --variant grand --held-out "$dir/empty.txt" "$dir/scored.txt" \
  >/dev/null 2>"$dir/err"; then
  echo "an empty --held-out file was accepted"
  exit 1
fi
grep -q -- "--held-out: no quiet positions" "$dir/err" || { cat "$dir/err"; exit 1; }

if python3 "$score" --variant nosuchvariant --games 1 --out "$dir/none.txt" 2>"$dir/err"; then
  echo "an unknown variant was accepted"
  exit 1
fi
grep -q "does not know variant nosuchvariant" "$dir/err" || { cat "$dir/err"; exit 1; }
echo "fit pipeline: $lines positions scored and fitted"
