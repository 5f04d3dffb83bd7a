#!/usr/bin/env bash
# What `retry-probe proxy` adds per request on loopback (a benchmark, not a
# test): latency with one client (median and p99 over REQUESTS POSTs, each
# on one kept-alive connection), direct to `retry-probe serve` and through
# the proxy, then throughput with 16 concurrent clients both ways.
#
#   bench/proxy-latency.sh [path/to/retry-probe] [REQUESTS] [LEDGER_DIR] \
#       [PROXY OPTIONS...]
#
# REQUESTS defaults to 10000. Both serve and the proxy fsync one ledger
# line per request (serve two: the charge and its request record), so the
# ledger's file system is part of every figure: LEDGER_DIR defaults to a
# temporary directory under $TMPDIR (or /tmp); give /dev/shm to measure the
# proxy without the disk. PROXY OPTIONS go to `retry-probe proxy` (e.g.
# --fsync after-reply). The load client (bench/proxy-load.cpp) is
# compiled with g++ into the temporary directory. Every wait is bounded.
set -euo pipefail
cd "$(dirname "$0")/.."

probe=${1:-build/runtime-probe/retry-probe}
requests=${2:-10000}
ledger_arg=${3:-}
shift $(($# < 3 ? $# : 3))
if [ ! -x "$probe" ]; then
  echo "usage: $0 path/to/retry-probe [requests] [ledger-dir]  ($probe not found)" >&2
  exit 1
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/proxy-latency-XXXXXX")
ledgers=${ledger_arg:-$work}
ledgers=$(mktemp -d "$ledgers/proxy-latency-ledgers-XXXXXX")
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do timeout 30 tail --pid="$p" -f /dev/null || true; done
  rm -rf "$work" "$ledgers"
}
trap cleanup EXIT

g++ -O2 -std=c++17 -pthread -o "$work/proxy-load" bench/proxy-load.cpp

# start VAR NAME CMD...: runs CMD in the background (in this shell, so
# cleanup can stop it), waits (10 s at most) for its "listening on
# http://127.0.0.1:PORT" line and sets VAR to PORT.
start() {
  local var=$1 name=$2
  shift 2
  "$@" >"$work/$name.out" 2>&1 &
  pids+=($!)
  for _ in $(seq 500); do
    if grep -q 'listening on' "$work/$name.out"; then
      printf -v "$var" '%s' "$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$work/$name.out")"
      return
    fi
    sleep 0.02
  done
  echo "$name did not start: $(cat "$work/$name.out")" >&2
  exit 1
}

start serve_port serve "$probe" serve --ledger "$ledgers/serve.jsonl"
start proxy_port proxy "$probe" proxy --upstream "127.0.0.1:$serve_port" \
  --ledger "$ledgers/proxy.jsonl" "$@"

load() { timeout 600 "$work/proxy-load" 127.0.0.1 "$@"; }
field() { sed -n "s/.* $1 \([0-9.]*\).*/\1/p" <<<"$2"; }

echo "ledger directory: $ledgers ($(df -T "$ledgers" | awk 'NR==2 { print $2 }')); proxy options: ${*:-none}"
echo "latency, 1 client, $requests POSTs each way:"
direct=$(load "$serve_port" "$requests" 1)
proxied=$(load "$proxy_port" "$requests" 1)
echo "  direct:  $direct"
echo "  proxied: $proxied"
awk -v a="$(field median_ms "$direct")" -v b="$(field median_ms "$proxied")" \
  -v c="$(field p99_ms "$direct")" -v d="$(field p99_ms "$proxied")" \
  'BEGIN { printf "  added by the proxy: median %.3f ms, p99 %.3f ms\n", b - a, d - c }'

echo "throughput, 16 clients, $requests POSTs each way:"
direct=$(load "$serve_port" "$requests" 16)
proxied=$(load "$proxy_port" "$requests" 16)
echo "  direct:  $direct"
echo "  proxied: $proxied"
