#!/usr/bin/env bash
# Where retrylint's cost beyond the parse goes on one translation unit, in
# instructions (callgrind: the same count on every run, unlike CPU time):
# the whole run, the parse, the MatchFinder's traversal, the shared
# retry-site index and each check's callbacks. The default TU is
# librdkafka's src/rdkafka_request.c (pass a checkout), as in
# docs/performance.md. Needs valgrind (Debian: valgrind). Not a test.
#   bench/parse-profile.sh [build-dir] <librdkafka-checkout>
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
RDKAFKA=${2:?usage: bench/parse-profile.sh [build-dir] <librdkafka-checkout>}
# shellcheck source=bench/parse-common.sh
. bench/parse-common.sh
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
valgrind_copy "$BUILD" "$TMP" parse-profile
FILE="$RDKAFKA/src/rdkafka_request.c"
FLAGS=(-std=gnu11 -I"$RDKAFKA/src" -I"$RDKAFKA")
valgrind --tool=callgrind --callgrind-out-file="$TMP/parse.out" \
  /usr/lib/llvm-22/bin/clang -fsyntax-only "${FLAGS[@]}" "$FILE" 2>/dev/null
valgrind --tool=callgrind --callgrind-out-file="$TMP/rl.out" \
  "$TMP/retrylint" --quiet --checks='-*,retry-*' "$FILE" -- "${FLAGS[@]}" \
  >/dev/null 2>&1 || true
total() { callgrind_annotate "$1" 2>/dev/null |
  awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}'; }
# Inclusive instructions of the first function whose name holds $2.
incl() { callgrind_annotate --inclusive=yes --threshold=100 "$1" 2>/dev/null |
  awk -v p="$2" 'index($0, p) {gsub(",", "", $1); print $1; exit}'; }
g() { awk -v n="${1:-0}" 'BEGIN {printf "%.3f G", n / 1e9}'; }
echo "retrylint $(git rev-parse --short HEAD) on $FILE"
echo
echo '| part | instructions |'
echo '|---|---:|'
echo "| clang -fsyntax-only, whole run | $(g "$(total "$TMP/parse.out")") |"
echo "| retrylint, whole run | $(g "$(total "$TMP/rl.out")") |"
echo "| retrylint: the parse | $(g "$(incl "$TMP/rl.out" 'Parser::ParseTopLevelDecl(')") |"
echo "| retrylint: MatchFinder::matchAST (traversal, matching, checks) | $(g "$(incl "$TMP/rl.out" 'MatchFinder::matchAST(')") |"
echo "| of which: the checks' callbacks | $(g "$(incl "$TMP/rl.out" 'ClangTidyCheck::run(')") |"
echo "| of which: the shared retry-site index | $(g "$(incl "$TMP/rl.out" 'RetrySiteIndex::buildCallIndex(')") |"
for C in CheckThenActDedupCheck VolatileIdempotencyStoreCheck \
  DedupWindowTooShortCheck MissingBudgetCheck NestedLayersCheck; do
  echo "| of which: $C callbacks | $(g "$(incl "$TMP/rl.out" "retry::$C::check")") |"
done
echo "| system-header tests (SourceManager::getFileCharacteristic) | $(g "$(incl "$TMP/rl.out" 'SourceManager::getFileCharacteristic(')") |"
