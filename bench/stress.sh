#!/usr/bin/env bash
# The stress inputs of test/driver/stress.test (gen_stress.py), each timed
# as a whole process through the driver (all retry-* checks) and through
# clang-tidy-22 --load; the goal is every run under 10 s. A benchmark, not a
# test: prints wall seconds and peak RSS per input and frontend.
#   bench/stress.sh [build-dir]
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
RL="$BUILD/driver/retrylint"
PLUGIN="$BUILD/plugin/libretrylint-tidy.so"
[ -x "$RL" ] || { echo "usage: $0 [build-dir] ($RL not found)" >&2; exit 1; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
python3 test/driver/Inputs/stress/gen_stress.py "$T"
FLAGS=(-std=c++17 -nostdinc++ -Itest/checkers/retry/Inputs/Headers)
worst=0
printf '%-10s %-10s %8s %10s\n' input frontend seconds peak-MiB
run() { # name frontend command...
  local name=$1 fe=$2
  shift 2
  /usr/bin/time -f '%e %M' -o "$T/time" "$@" >/dev/null 2>&1 || true
  read -r secs kb < <(tail -n 1 "$T/time")
  printf '%-10s %-10s %8s %10d\n' "$name" "$fe" "$secs" $((kb / 1024))
  if awk "BEGIN{exit !($secs > 10)}"; then worst=1; fi
}
for f in mutual deep switch nested big; do
  run "$f" retrylint "$RL" --quiet --checks='retry-*' "$T/$f.cpp" -- "${FLAGS[@]}"
  run "$f" clang-tidy clang-tidy-22 --load="$PLUGIN" --checks='-*,retry-*' "$T/$f.cpp" -- "${FLAGS[@]}"
done
run ring-x-tu retrylint "$RL" --quiet --checks='retry-*' --cross-tu "$T"/ring_a.cpp "$T"/ring_b.cpp "$T"/ring_c.cpp -- "${FLAGS[@]}"
[ "$worst" = 0 ] && echo "every run under 10 s" || { echo "some run took over 10 s"; exit 1; }
