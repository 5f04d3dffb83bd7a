#!/usr/bin/env bash
# Wall time of `retry-probe probe` (a benchmark, not a test).
#
#   bench/probe-bench.sh [path/to/retry-probe] [runs]
#
# Measures the ten core scenarios (--core; target <= 1.5 s, the seed
# article's sequential Python reference took 3.6 s with the same timing
# parameters) and the full default run (all scenarios). Uses hyperfine when
# installed (apt-get install hyperfine), else a loop over `date +%s.%N`.
set -euo pipefail

probe=${1:-build/runtime-probe/retry-probe}
runs=${2:-10}
if [ ! -x "$probe" ]; then
  echo "usage: $0 path/to/retry-probe [runs]  ($probe not found)" >&2
  exit 1
fi

# A failing reading would make the timing meaningless.
"$probe" probe >/dev/null || {
  echo "retry-probe probe failed; fix that first" >&2
  exit 1
}

if command -v hyperfine >/dev/null 2>&1; then
  hyperfine --warmup 1 --runs "$runs" \
    -n core "$probe probe --core" \
    -n full "$probe probe"
  exit 0
fi

measure() {
  local name=$1
  shift
  local times="" t0 t1
  for _ in $(seq "$runs"); do
    t0=$(date +%s.%N)
    "$@" >/dev/null
    t1=$(date +%s.%N)
    times="$times $(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')"
  done
  echo "$times" | awk -v n="$name" '{ s = 0; m = $1
    for (i = 1; i <= NF; i++) { s += $i; if ($i < m) m = $i }
    printf "%-5s mean %.3f s  min %.3f s  (%d runs)\n", n, s / NF, m, NF }'
}
measure core "$probe" probe --core
measure full "$probe" probe
