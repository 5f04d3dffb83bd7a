#!/usr/bin/env bash
# Does analysis time grow linearly with the size of a translation unit?
# Generates a file dense with findings (bench/gen-dense.py) at each size,
# runs retrylint over it (-j 1, text output to /dev/null) and prints seconds
# and seconds per MB; the per-MB figures should stay within 1.5x of each
# other. Not a test: prints the median of RUNS runs per size.
#   bench/size-scaling.sh [build-dir] [runs] [sizes...]
#   bench/size-scaling.sh build 3 256K 512K 1M 2M 4M 8M
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
RUNS=${2:-3}
shift 2 2>/dev/null || shift $#
SIZES=("$@")
[ ${#SIZES[@]} -gt 0 ] || SIZES=(256K 512K 1M 2M 4M 8M)
R="$BUILD/driver/retrylint"
FLAGS=(-std=c++17 -nostdinc++ -Itest/checkers/retry/Inputs/Headers)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
printf '%-6s %10s %9s %10s %9s\n' size bytes findings seconds s/MB
for S in "${SIZES[@]}"; do
  F="$TMP/dense-$S.cpp"
  python3 bench/gen-dense.py "$S" "$F"
  BYTES=$(wc -c < "$F")
  : > "$TMP/times"
  for _ in $(seq "$RUNS"); do
    s=$(date +%s.%N)
    "$R" -j 1 "$F" -- "${FLAGS[@]}" > /dev/null 2> "$TMP/err" || true
    e=$(date +%s.%N)
    echo "$e - $s" | bc -l >> "$TMP/times"
  done
  N=$(sed -n 's/^retrylint: \([0-9]*\) findings\? in.*/\1/p' "$TMP/err")
  T=$(median < "$TMP/times")
  printf '%-6s %10d %9s %10.2f %9.2f\n' "$S" "$BYTES" "${N:-?}" "$T" \
    "$(echo "$T * 1048576 / $BYTES" | bc -l)"
done
