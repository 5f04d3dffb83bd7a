#!/usr/bin/env bash
# cmake --install lays out bin/, lib/ and a CMake package; a consumer finds
# it with find_package(retrylint), and the installed plugin loads into
# clang-tidy-22 and lists the retry checks.
#   install-package.sh <build-dir> <work-dir>
set -euo pipefail
BUILD=$1
WORK=$2
rm -rf "$WORK"
cmake --install "$BUILD" --prefix "$WORK/prefix" >/dev/null
test -x "$WORK/prefix/bin/retrylint"
test -f "$WORK/prefix/lib/libretrylint-tidy.so"
test -f "$WORK/prefix/lib/libretrylint-checks.a"
test -f "$WORK/prefix/lib/cmake/retrylint/retrylintConfig.cmake"
cmake -S "$(dirname "$0")/consumer" -B "$WORK/consumer" \
  -DCMAKE_PREFIX_PATH="$WORK/prefix" > "$WORK/consumer.log"
grep -q "retrylint plugin: $WORK/prefix/lib/libretrylint-tidy.so" "$WORK/consumer.log"
/usr/lib/llvm-22/bin/clang-tidy --load="$WORK/prefix/lib/libretrylint-tidy.so" \
  --checks='-*,retry-*' --list-checks | grep -q retry-per-attempt-idempotency-key
"$WORK/prefix/bin/retrylint" --list-checks | grep -q retry-missing-budget
echo "install-package: ok"
