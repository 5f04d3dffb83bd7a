#!/usr/bin/env bash
# CPU time (user+sys) and peak memory of `retrylint --checks=-*,retry-*` on one
# translation unit against `clang++-22 -fsyntax-only` with the same flags, on
# three TUs: a gRPC payments client with the real gRPC headers, a cpp-httplib
# service (examples/), and a real C file of over 5,000 lines (librdkafka's
# src/rdkafka_request.c; pass a checkout, or skip it). Medians of RUNS runs.
# The two commands take turns. Not a test: prints a table. Needs python3.
#   bench/parse-cost.sh [build-dir] [runs] [librdkafka-checkout]
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
RUNS=${2:-7}
RDKAFKA=${3:-}
RL="$BUILD/driver/retrylint"
# shellcheck source=bench/parse-common.sh
. bench/parse-common.sh

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# One run of a command: "cpu_seconds peak_kib". CPU time (user + system) to
# the microsecond from getrusage: /usr/bin/time prints hundredths, one tick
# of which is 5 % of a 0.2 s parse.
once() {
  python3 -c '
import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL,
               stderr=subprocess.DEVNULL)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print("%.4f %d" % (r.ru_utime + r.ru_stime, r.ru_maxrss))' "$@"
}

row() { # name compiler file flags...
  local name=$1 cc=$2 file=$3 out=/tmp/parse-cost.$$
  shift 3
  # The two commands take turns, so that a change in the machine's load
  # falls on both.
  for _ in $(seq "$RUNS"); do
    echo "P $(once "$cc" -fsyntax-only "$@" "$file")"
    echo "R $(once "$RL" --quiet --checks='-*,retry-*' "$file" -- "$@")"
  done > "$out"
  local pc pm rc rm
  pc=$(awk '$1 == "P" {print $2}' "$out" | median)
  pm=$(awk '$1 == "P" {print $3}' "$out" | median)
  rc=$(awk '$1 == "R" {print $2}' "$out" | median)
  rm=$(awk '$1 == "R" {print $3}' "$out" | median)
  rm -f "$out"
  printf '| %s | %.3f | %.3f | %.3fx | %d | %d | %.3fx |\n' "$name" "$pc" "$rc" \
    "$(echo "$rc / $pc" | bc -l)" $((pm / 1024)) $((rm / 1024)) \
    "$(echo "$rm / $pm" | bc -l)"
}

echo "retrylint $(git rev-parse --short HEAD), median of $RUNS runs"
echo
echo '| TU | parse CPU s | retrylint CPU s | CPU ratio | parse MiB | retrylint MiB | memory ratio |'
echo '|---|---:|---:|---:|---:|---:|---:|'
parse_tus row "$RDKAFKA"
