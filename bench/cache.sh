#!/usr/bin/env bash
# Wall time of a cold run (empty --cache-dir) against a warm one (the same
# run again, nothing changed) on examples/ and on a generated 200-TU
# project (bench/gen-project.py), both with --cross-tu, and of a warm run
# after one header changed. Not a test: prints medians.
#   bench/cache.sh [build-dir] [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
RUNS=${2:-5}
RL=$PWD/$BUILD/driver/retrylint
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
cmake -S examples -B "$W/examples" -G Ninja >/dev/null
python3 bench/gen-project.py "$W/gen" --units 200 --groups 10

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# Seconds one command takes.
once() {
  local s e
  s=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s.%N)
  echo "$e - $s" | bc -l
}
report() { printf '  %-28s %7.3f s\n' "$1" "$2"; }

for P in examples gen; do
  if [ $P = examples ]; then
    DB=$W/examples; ARGS=(examples/)
  else
    DB=$W/gen/build; ARGS=()
  fi
  C=$W/cache-$P
  RUN=("$RL" -p "$DB" --cross-tu -j 2 --quiet "${ARGS[@]}")
  # Interleaved, so that a change in the machine's load (it is shared)
  # affects the three alike: no cache, cold (empty cache), warm.
  : > "$W/nocache"; : > "$W/cold"; : > "$W/warm"; : > "$W/one"
  for _ in $(seq "$RUNS"); do
    once "${RUN[@]}" >> "$W/nocache"
    rm -rf "$C"
    once "${RUN[@]}" --cache-dir "$C" >> "$W/cold"
    once "${RUN[@]}" --cache-dir "$C" >> "$W/warm"
    if [ $P = gen ]; then
      # One group header of ten changed: its 20 includers are analyzed
      # again in pass 1, and pass 2 (whose facts changed).
      echo '// edit' >> "$W/gen/src/group3.h"
      once "${RUN[@]}" --cache-dir "$C" >> "$W/one"
    fi
  done
  NOCACHE=$(median < "$W/nocache"); COLD=$(median < "$W/cold")
  WARM=$(median < "$W/warm")
  TUS=$(grep -c '"file"' "$DB/compile_commands.json")
  printf '%s: %s TUs, --cross-tu -j 2, median of %s runs\n' "$P" "$TUS" "$RUNS"
  report "no cache:" "$NOCACHE"
  report "cold (empty cache):" "$COLD"
  report "warm (nothing changed):" "$WARM"
  printf '  warm / cold:                 %5.1f %%\n' "$(echo "100 * $WARM / $COLD" | bc -l)"
  if [ $P = gen ]; then
    report "one header of ten changed:" "$(median < "$W/one")"
  fi
done
