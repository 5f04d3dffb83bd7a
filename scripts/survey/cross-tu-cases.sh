#!/bin/sh
# Runs the survey's reduced cases (test/realcode/survey-*) with --cross-tu,
# which the corpus scorer does not use: the wrong nested-layers findings the
# survey found only in --cross-tu runs show here. Usage:
#   scripts/survey/cross-tu-cases.sh [build-dir]
set -e
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$root/build}
headers=$root/test/checkers/retry/Inputs/Headers
status=0
for f in "$root"/test/realcode/survey-*.c "$root"/test/realcode/survey-*.cpp; do
  [ -e "$f" ] || continue
  case $f in *.c) std=-std=c11 ;; *) std=-std=c++17 ;; esac
  "$build/driver/retrylint" --quiet --cross-tu "$f" -- "$std" -I "$headers" || status=$?
done
exit 0
