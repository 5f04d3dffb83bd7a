#!/usr/bin/env bash
# What the cross-TU facts pass adds to a `retrylint -p` run over the
# examples: the plain run against the same run with --cross-tu (facts pass
# for retry-nested-layers, then the analysis reading them), and the facts
# pass alone (--export-facts). Not a test: prints medians.
#   bench/facts-pass.sh [build-dir] [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
RUNS=${2:-7}
EXB=$(mktemp -d)
trap 'rm -rf "$EXB"' EXIT
cmake -S examples -B "$EXB" -G Ninja >/dev/null
R="$BUILD/driver/retrylint"

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
timeit() {
  for _ in $(seq "$RUNS"); do
    rm -rf "$EXB/facts"
    s=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s.%N)
    echo "$e - $s" | bc -l
  done | median
}
TUS=$(grep -c '"file"' "$EXB/compile_commands.json")
for J in 1 2; do
  T_PLAIN=$(timeit "$R" -p "$EXB" -j "$J" --quiet examples/)
  T_CROSS=$(timeit "$R" -p "$EXB" -j "$J" --quiet --cross-tu examples/)
  T_FACTS=$(timeit "$R" -p "$EXB" -j "$J" --quiet --checks=-*,retry-nested-layers \
    --export-facts "$EXB/facts" examples/)
  printf 'examples: %s TUs, -j %s, median of %s runs\n' "$TUS" "$J" "$RUNS"
  printf '  retrylint -p (all checks):             %.2f s\n' "$T_PLAIN"
  printf '  retrylint -p --cross-tu (both passes): %.2f s  (+%.2f s, +%.0f%%)\n' \
    "$T_CROSS" "$(echo "$T_CROSS - $T_PLAIN" | bc -l)" \
    "$(echo "100 * ($T_CROSS - $T_PLAIN) / $T_PLAIN" | bc -l)"
  printf '  facts pass alone (--export-facts):     %.2f s\n' "$T_FACTS"
done
