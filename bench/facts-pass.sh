#!/usr/bin/env bash
# What cross-TU facts add to a `retrylint -p` run over the examples:
#  - plain: every check, no facts;
#  - --cross-tu: one invocation, both passes (pass 1 runs every check and
#    writes facts; pass 2 re-runs the nested-layers check only on the TUs whose
#    layers reach another TU);
#  - reduce: a separate `--facts` run over facts written earlier (the
#    map/reduce workflow's second step, every check again).
# Runs are interleaved so that machine drift hits all variants alike. Not a
# test: prints medians.
#   bench/facts-pass.sh [build-dir] [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
RUNS=${2:-7}
EXB=$(mktemp -d)
trap 'rm -rf "$EXB"' EXIT
cmake -S examples -B "$EXB" -G Ninja >/dev/null
R="$BUILD/driver/retrylint"
"$R" -p "$EXB" --quiet --export-facts "$EXB/facts" examples/ >/dev/null 2>&1 || true

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
once() {
  local s e
  s=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s.%N)
  echo "$e - $s" | bc -l
}
TUS=$(grep -c '"file"' "$EXB/compile_commands.json")
for J in 1 2; do
  : > "$EXB/plain"; : > "$EXB/cross"; : > "$EXB/reduce"
  for _ in $(seq "$RUNS"); do
    once "$R" -p "$EXB" -j "$J" --quiet examples/ >> "$EXB/plain"
    once "$R" -p "$EXB" -j "$J" --quiet --cross-tu examples/ >> "$EXB/cross"
    once "$R" -p "$EXB" -j "$J" --quiet --facts "$EXB/facts" examples/ >> "$EXB/reduce"
  done
  P=$(median < "$EXB/plain"); C=$(median < "$EXB/cross"); D=$(median < "$EXB/reduce")
  printf 'examples: %s TUs, -j %s, median of %s interleaved runs\n' "$TUS" "$J" "$RUNS"
  printf '  plain (every check):          %.2f s\n' "$P"
  printf '  --cross-tu (both passes):     %.2f s  (%+.2f s)\n' "$C" "$(echo "$C - $P" | bc -l)"
  printf '  --facts (reduce step alone):  %.2f s  (%+.2f s)\n' "$D" "$(echo "$D - $P" | bc -l)"
done
