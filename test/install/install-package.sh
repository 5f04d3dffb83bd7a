#!/usr/bin/env bash
# cmake --install lays out bin/, lib/ and a CMake package; a consumer finds
# it with find_package(retrylint), and the installed plugin loads into
# clang-tidy-22 and lists the retry checks. The runtime probe is installed
# too (bin/retry-probe, libretryprobe, include/retryprobe, a CMake package):
# a project outside the tree builds its tests on it and runs them.
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

# The probe's package: only the public headers, both libraries.
test -x "$WORK/prefix/bin/retry-probe"
test -f "$WORK/prefix/lib/libretryprobe.a"
test -f "$WORK/prefix/lib/libretryprobe.so"
test -f "$WORK/prefix/lib/cmake/retryprobe/retryprobeConfig.cmake"
ls "$WORK/prefix/include/retryprobe" | tr '\n' ' ' > "$WORK/probe-headers.txt"
grep -qx 'fixture.h gtest.h retryprobe.h version.h ' "$WORK/probe-headers.txt"
"$WORK/prefix/bin/retry-probe" selftest > /dev/null
cmake -S "$(dirname "$0")/probe-consumer" -B "$WORK/probe-consumer" -G Ninja \
  -DCMAKE_PREFIX_PATH="$WORK/prefix" > "$WORK/probe-consumer.log"
grep -q "retryprobe 0.1.0: $WORK/prefix/lib/cmake/retryprobe" "$WORK/probe-consumer.log"
cmake --build "$WORK/probe-consumer" -j2 >> "$WORK/probe-consumer.log"
ctest --test-dir "$WORK/probe-consumer" --output-on-failure >> "$WORK/probe-consumer.log" ||
  { cat "$WORK/probe-consumer.log"; exit 1; }
grep -q "100% tests passed, 0 tests failed out of 2" "$WORK/probe-consumer.log"
echo "install-package: ok"
