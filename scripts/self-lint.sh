#!/usr/bin/env bash
# The project lints itself: clang-tidy-22 with the repository's .clang-tidy
# (LLVM's style) over every translation unit of checks/, driver/ and
# clangd/ (plugin/ has no source of its own) in the build's
# compile_commands.json, headers included. Any warning fails.
#   scripts/self-lint.sh [build-dir]      (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=$(pwd)
BUILD=${1:-build}
if [ ! -f "$BUILD/compile_commands.json" ]; then
  echo "self-lint: error: $BUILD/compile_commands.json not found (configure the build first)" >&2
  exit 2
fi
run-clang-tidy-22 -p "$BUILD" -quiet -j "$(nproc)" -warnings-as-errors='*' \
  -header-filter="^$SRC/(checks|driver|clangd)/" "^$SRC/(checks|driver|clangd)/"
