#!/usr/bin/env bash
# Every runtime-probe scenario RUNS times (default 20) under AddressSanitizer
# and UndefinedBehaviorSanitizer, with --repeat: a reading that differs
# between repeats (a race that depends on the machine's speed) is a drift and
# fails the run. A benchmark, not a test: it takes minutes.
#   bench/probe-repeat-asan.sh [asan-build-dir] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
B=${1:-build-asan}
RUNS=${2:-20}
if [ ! -x "$B/retry-probe" ]; then
  cmake -S runtime-probe -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DRETRYPROBE_SANITIZE='address;undefined' >/dev/null
  cmake --build "$B" -j2 >/dev/null
fi
start=$(date +%s)
if "$B/retry-probe" probe --repeat "$RUNS" >"$B/repeat.out" 2>&1; then
  status="0 drifts"
else
  status="drift or failure (see $B/repeat.out)"
fi
grep -c '' "$B/repeat.out" >/dev/null
echo "retry-probe probe --repeat $RUNS under ASan+UBSan: $status, $(($(date +%s) - start)) s"
[ "$status" = "0 drifts" ]
