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
version=$(cat "$(dirname "$0")/../../VERSION")
grep -q "retryprobe $version: $WORK/prefix/lib/cmake/retryprobe" "$WORK/probe-consumer.log"
cmake --build "$WORK/probe-consumer" -j2 >> "$WORK/probe-consumer.log"
ctest --test-dir "$WORK/probe-consumer" --output-on-failure >> "$WORK/probe-consumer.log" ||
  { cat "$WORK/probe-consumer.log"; exit 1; }
grep -q "100% tests passed, 0 tests failed out of 2" "$WORK/probe-consumer.log"
# The shared library's package needs no development package of the probe's
# own dependencies: find them disabled, it still configures, builds and runs
# (find_package(retryprobe COMPONENTS static) would fail here).
no_private_deps=(-DCMAKE_DISABLE_FIND_PACKAGE_SQLite3=ON
  -DCMAKE_DISABLE_FIND_PACKAGE_OpenSSL=ON -DCMAKE_DISABLE_FIND_PACKAGE_ICU=ON)
cmake -S "$(dirname "$0")/probe-consumer" -B "$WORK/probe-shared" -G Ninja \
  -DCMAKE_PREFIX_PATH="$WORK/prefix" -DRETRYPROBE_CONSUMER_STATIC=OFF \
  "${no_private_deps[@]}" > "$WORK/probe-shared.log"
cmake --build "$WORK/probe-shared" -j2 >> "$WORK/probe-shared.log"
ctest --test-dir "$WORK/probe-shared" --output-on-failure >> "$WORK/probe-shared.log" ||
  { cat "$WORK/probe-shared.log"; exit 1; }
grep -q "100% tests passed, 0 tests failed out of 1" "$WORK/probe-shared.log"
if cmake -S "$(dirname "$0")/probe-consumer" -B "$WORK/probe-static-nodeps" \
  -G Ninja -DCMAKE_PREFIX_PATH="$WORK/prefix" "${no_private_deps[@]}" \
  > "$WORK/probe-static-nodeps.log" 2>&1; then
  echo "install-package: COMPONENTS static configured without SQLite3/OpenSSL/ICU" >&2
  exit 1
fi
echo "install-package: ok"
