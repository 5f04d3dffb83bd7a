#!/usr/bin/env bash
# Instructions (callgrind: the same count on every run, unlike CPU time) of
# `retrylint --checks=-*,retry-*` against `clang -fsyntax-only` with the same
# flags, on the three TUs of bench/parse-cost.sh: a gRPC payments client with
# the real gRPC headers, a cpp-httplib service (examples/), and librdkafka's
# src/rdkafka_request.c (pass a checkout, or skip it). Needs valgrind
# (Debian: valgrind). Not a test: prints a table. About a minute per TU.
#   bench/parse-instructions.sh [build-dir] [librdkafka-checkout]
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
RDKAFKA=${2:-}
# shellcheck source=bench/parse-common.sh
. bench/parse-common.sh
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
valgrind_copy "$BUILD" "$TMP" parse-instructions

count() { # out-file command...
  local out=$1
  shift
  valgrind --tool=callgrind --callgrind-out-file="$out" "$@" \
    >/dev/null 2>&1 || true
  callgrind_annotate "$out" 2>/dev/null |
    awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}'
}

row() { # name compiler file flags...
  local name=$1 cc=$2 file=$3
  shift 3
  local p r
  p=$(count "$TMP/p.out" "$cc" -fsyntax-only "$@" "$file")
  r=$(count "$TMP/r.out" "$TMP/retrylint" --quiet --checks='-*,retry-*' \
    "$file" -- "$@")
  awk -v n="$name" -v p="$p" -v r="$r" \
    'BEGIN {printf "| %s | %.3f G | %.3f G | %.3fx |\n", n, p / 1e9, r / 1e9, r / p}'
}

echo "retrylint $(git rev-parse --short HEAD), instructions (callgrind)"
echo
echo '| TU | clang -fsyntax-only | retrylint | ratio |'
echo '|---|---:|---:|---:|'
parse_tus row "$RDKAFKA"
