#!/usr/bin/env bash
# What analysing the main file only costs: CPU seconds and peak RSS (medians
# of RUNS) of clang++-22 -fsyntax-only and of retrylint by default (code in
# headers the filter does not match is neither walked nor matched) on the
# heavy TU (real gRPC and Boost.Beast headers). Not a test: prints medians.
#   bench/header-filter-cost.sh [build-dir] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
RUNS=${2:-5}
RL="$BUILD/driver/retrylint"
TU=bench/heavy/heavy_tu.cpp
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
measure() { # label command...
  local label=$1
  shift
  : >"$T/cpu"
  : >"$T/rss"
  for _ in $(seq "$RUNS"); do
    /usr/bin/time -f '%U %S %M' -o "$T/t" "$@" >/dev/null 2>&1 || true
    read -r u s m < <(tail -n 1 "$T/t")
    echo "$u + $s" | bc >>"$T/cpu"
    echo $((m / 1024)) >>"$T/rss"
  done
  printf '%-34s %8s s %8s MiB\n' "$label" "$(median <"$T/cpu")" "$(median <"$T/rss")"
}
measure "clang++ -fsyntax-only" /usr/lib/llvm-22/bin/clang++ -fsyntax-only -std=c++17 "$TU"
measure "retrylint (default)" "$RL" --quiet "$TU" -- -std=c++17
