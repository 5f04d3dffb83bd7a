#!/usr/bin/env bash
# CPU time (user+sys) and peak memory of `retrylint --checks=-*,retry-*` on one
# translation unit against `clang++-22 -fsyntax-only` with the same flags, on
# three TUs: a gRPC payments client with the real gRPC headers, a cpp-httplib
# service (examples/), and a real C file of over 5,000 lines (librdkafka's
# src/rdkafka_request.c; pass a checkout, or skip it). Medians of RUNS runs.
# Not a test: prints a table.
#   bench/parse-cost.sh [build-dir] [runs] [librdkafka-checkout]
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
RUNS=${2:-7}
RDKAFKA=${3:-}
RL="$BUILD/driver/retrylint"
CLANGXX=/usr/lib/llvm-22/bin/clang++
CLANG=/usr/lib/llvm-22/bin/clang

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# Prints "cpu_seconds peak_kib" medians of RUNS runs of the command.
measure() {
  local cpu mem out=/tmp/parse-cost.$$
  for _ in $(seq "$RUNS"); do
    # time's own line, after any "Command exited with non-zero status".
    /usr/bin/time -f 'T %U %S %M' -o "$out" "$@" >/dev/null 2>&1 || true
    awk '$1 == "T" {printf "%.3f %d\n", $2 + $3, $4}' "$out"
  done > "$out.all"
  cpu=$(cut -d' ' -f1 "$out.all" | median)
  mem=$(cut -d' ' -f2 "$out.all" | median)
  rm -f "$out" "$out.all"
  echo "$cpu $mem"
}

row() { # name compiler file flags...
  local name=$1 cc=$2 file=$3
  shift 3
  read -r pc pm < <(measure "$cc" -fsyntax-only "$@" "$file")
  read -r rc rm < <(measure "$RL" --quiet --checks='-*,retry-*' "$file" -- "$@")
  printf '| %s | %.2f | %.2f | %.3fx | %d | %d | %.3fx |\n' "$name" "$pc" "$rc" \
    "$(echo "$rc / $pc" | bc -l)" $((pm / 1024)) $((rm / 1024)) \
    "$(echo "$rm / $pm" | bc -l)"
}

HTTPLIB_INC=$(pkg-config --cflags-only-I cpp-httplib 2>/dev/null || true)
echo "retrylint $(git rev-parse --short HEAD), median of $RUNS runs"
echo
echo '| TU | parse CPU s | retrylint CPU s | CPU ratio | parse MiB | retrylint MiB | memory ratio |'
echo '|---|---:|---:|---:|---:|---:|---:|'
row "gRPC payments client" "$CLANGXX" \
  test/integration/per-attempt-idempotency-key-grpc.cpp -std=c++17
row "cpp-httplib service" "$CLANGXX" examples/src/charge_service.cpp \
  -std=c++17 -Iexamples/src $HTTPLIB_INC
if [ -n "$RDKAFKA" ]; then
  row "librdkafka rdkafka_request.c ($(wc -l < "$RDKAFKA/src/rdkafka_request.c") lines)" \
    "$CLANG" "$RDKAFKA/src/rdkafka_request.c" -std=gnu11 -I"$RDKAFKA/src" -I"$RDKAFKA"
fi
