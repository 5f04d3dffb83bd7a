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
command -v valgrind >/dev/null || {
  echo "parse-instructions: valgrind is not installed (apt-get install valgrind)" >&2
  exit 1
}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# valgrind cannot read the debug information of the static executable.
objcopy --strip-debug "$BUILD/driver/retrylint" "$TMP/retrylint"
CLANGXX=/usr/lib/llvm-22/bin/clang++
CLANG=/usr/lib/llvm-22/bin/clang

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

HTTPLIB_INC=$(pkg-config --cflags-only-I cpp-httplib 2>/dev/null || true)
echo "retrylint $(git rev-parse --short HEAD), instructions (callgrind)"
echo
echo '| TU | clang -fsyntax-only | retrylint | ratio |'
echo '|---|---:|---:|---:|'
row "gRPC payments client" "$CLANGXX" \
  test/integration/per-attempt-idempotency-key-grpc.cpp -std=c++17
row "cpp-httplib service" "$CLANGXX" examples/src/charge_service.cpp \
  -std=c++17 -Iexamples/src $HTTPLIB_INC
if [ -n "$RDKAFKA" ]; then
  row "librdkafka rdkafka_request.c" "$CLANG" \
    "$RDKAFKA/src/rdkafka_request.c" -std=gnu11 -I"$RDKAFKA/src" -I"$RDKAFKA"
fi
