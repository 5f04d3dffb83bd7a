#!/usr/bin/env bash
# Per-check time of the retry-* checks as clangd measures it
# (--check-tidy-time: share of the main-file AST build), on a heavy TU that
# includes the real gRPC and Boost.Beast headers. clangd's own bar: a check
# under 8% of the AST build is "fast". Not a test.
#   bench/clangd-tidy-time.sh [build-dir]
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
CLANGD="$BUILD/driver/retrylint-clangd"
[ -x "$CLANGD" ] || CLANGD=$(find "$BUILD" -name retrylint-clangd -type f | head -1)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cp bench/heavy/heavy_tu.cpp "$T/"
printf -- '-std=c++17\n' > "$T/compile_flags.txt"
printf "Checks: '-*,retry-*'\n" > "$T/.clang-tidy"
printf 'Diagnostics:\n  ClangTidy:\n    FastCheckFilter: None\n' > "$T/.clangd"
XDG_CONFIG_HOME="$T/xdg" "$CLANGD" --check="$T/heavy_tu.cpp" \
  --check-tidy-time='retry-*' --check-locations=false 2>&1 |
  grep -E 'retry-|main AST|Timing|ms' | grep -v '^I\[.*Indexing' || true
