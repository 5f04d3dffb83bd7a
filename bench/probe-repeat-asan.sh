#!/usr/bin/env bash
# Every probe scenario N times (default 20) under AddressSanitizer +
# UndefinedBehaviorSanitizer, counting drifts. A benchmark of the probe's
# repeatability, not a CI test: it takes a minute or more.
#
#   bench/probe-repeat-asan.sh [path/to/retry-probe] [runs] [probe options]
#
# Without a retry-probe (or with ""), configures and builds runtime-probe
# into build-asan the way CI does (-j2). The scenarios run together, as in
# CI, via `retry-probe probe --repeat N`, which compares every run's readings
# with the first's (counts, attempt logs, ledger lines, notes). A drift is a
# (run, scenario) whose reading differs from the first run's; a first run
# that contradicts its claim or errs counts too, since the later runs would
# then agree with a wrong reading. Exits 0 with no drift, 1 otherwise.
# Extra options go to `retry-probe probe` (e.g. --scenario race_racy).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
probe=${1:-}
runs=${2:-20}
if [ $# -gt 2 ]; then
  shift 2
else
  shift $#
fi

if [ -z "$probe" ]; then
  build=${BUILD_DIR:-$root/build-asan}
  cmake -S "$root/runtime-probe" -B "$build" -G Ninja \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DRETRYPROBE_SANITIZE='address;undefined' >/dev/null
  cmake --build "$build" -j2 --target retry-probe >/dev/null
  probe=$build/retry-probe
fi
if [ ! -x "$probe" ]; then
  echo "usage: $0 [path/to/retry-probe] [runs] [probe options]" \
    "($probe not found)" >&2
  exit 1
fi
# A plain build would measure the wrong timing; say so rather than refuse
# (GCC links libasan dynamically, Clang statically).
if ! ldd "$probe" 2>/dev/null | grep -q libasan &&
  ! nm "$probe" 2>/dev/null | grep -q __asan_init; then
  echo "warning: $probe is not built with AddressSanitizer" >&2
fi

out=$(mktemp)
trap 'rm -f "$out"' EXIT
t0=$EPOCHREALTIME
set +e
"$probe" probe --repeat "$runs" "$@" >"$out" 2>&1
rc=$?
set -e
t1=$EPOCHREALTIME
wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')

# "25 scenario(s): 25 match their claims, 0 contradict, 0 error(s); ..."
summary=$(grep -E '^[0-9]+ scenario\(s\): ' "$out" || true)
if [ -z "$summary" ]; then
  # A sanitizer report or a crash: no table at all.
  cat "$out" >&2
  echo "probe-repeat-asan: retry-probe exited $rc without a summary" >&2
  exit 1
fi
read -r scenarios contradicted errors < <(echo "$summary" |
  sed -E 's/^([0-9]+) scenario\(s\): [0-9]+ match their claims, ([0-9]+) contradict, ([0-9]+) error\(s\).*/\1 \2 \3/')
drifts=$(grep -c '^  repeat [0-9]*: ' "$out" || true)

grep -E '^  repeat [0-9]+: |CONTRADICTS|ERROR' "$out" || true
echo "probe-repeat-asan: $scenarios scenario(s) x $runs run(s):" \
  "$drifts drift(s), $contradicted contradiction(s) and $errors error(s)" \
  "in the first run; wall $wall s (retry-probe exit $rc)"
if [ "$drifts" -ne 0 ] || [ "$contradicted" -ne 0 ] || [ "$errors" -ne 0 ] ||
  [ "$rc" -ne 0 ]; then
  exit 1
fi
