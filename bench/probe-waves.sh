#!/usr/bin/env bash
# The four wave scenarios (retry-missing-backoff's jitter rule) RUNS times in
# a row (default 20) with a plain build and with AddressSanitizer +
# UndefinedBehaviorSanitizer, while another probe run keeps both cores busy:
# every run must match its claims and read the same, attempt for attempt
# (`retry-probe probe --repeat`). Prints each scenario's figures. Exits 1 on
# any drift or contradiction.
#
#   bench/probe-waves.sh [plain-retry-probe] [asan-retry-probe] [runs]
#
# Without binaries (or with ""), builds runtime-probe into build-probe and
# build-asan (-j2), as CI does.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
plain=${1:-}
asan=${2:-}
runs=${3:-20}
build() { # dir, extra cmake args
  cmake -S "$root/runtime-probe" -B "$1" -G Ninja "${@:2}" >/dev/null
  cmake --build "$1" -j2 --target retry-probe >/dev/null
  echo "$1/retry-probe"
}
[ -n "$plain" ] || plain=$(build "$root/build-probe" -DCMAKE_BUILD_TYPE=Release)
[ -n "$asan" ] || asan=$(build "$root/build-asan" \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DRETRYPROBE_SANITIZE='address;undefined')

waves=(--scenario wave_fixed_no_jitter --scenario wave_fixed_full_jitter
  --scenario wave_exponential_no_jitter --scenario wave_exponential_full_jitter)
out=$(mktemp -d)
trap 'kill "$load" 2>/dev/null || true; rm -rf "$out"' EXIT
# Load: the whole probe, over and over, on the plain build.
(while :; do "$plain" probe >/dev/null 2>&1 || true; done) &
load=$!

status=0
for kind in plain asan; do
  bin=$plain
  [ "$kind" = asan ] && bin=$asan
  t0=$EPOCHREALTIME
  set +e
  "$bin" probe --repeat "$runs" --json "$out/$kind.json" "${waves[@]}" \
    >"$out/$kind.txt" 2>&1
  rc=$?
  set -e
  wall=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
  summary=$(grep -E '^[0-9]+ scenario\(s\): ' "$out/$kind.txt" || true)
  echo "$kind: $summary (load average $(cut -d' ' -f1 /proc/loadavg), $wall s, exit $rc)"
  python3 - "$out/$kind.json" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["readings"]:
    figs = ", ".join(f"{f['label']} {f['measured']}{' ' + f['unit'] if f['unit'] else ''}"
                     f" (claim {f['relation']} {f['claim']})" for f in r.get("figures", []))
    m = r["measured"]
    print(f"  {r['scenario']:30} {m['requests']:4} requests, {m['committed']} charged, "
          f"{m['duplicates']} dup, {m['lost']} lost; {figs}; "
          f"{'ok' if r['matches'] else 'CONTRADICTS'}")
PY
  if [ "$rc" -ne 0 ] || ! grep -q "identical in every run" "$out/$kind.txt"; then
    grep -E '^  repeat|CONTRADICTS|ERROR' "$out/$kind.txt" || cat "$out/$kind.txt"
    status=1
  fi
done
exit $status
