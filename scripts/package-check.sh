#!/usr/bin/env bash
# Builds the Debian packages (cpack), installs them with apt as a user would
# (apt install ./retrylint_*.deb ./retry-probe_*.deb), runs the installed
# programs on the bundled examples, checks the man pages, and removes the
# packages again. CI runs it as root after the tests:
#   scripts/package-check.sh [build-dir]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
version=$(cat "$root/VERSION")
work=$(mktemp -d)
cleanup() {
  apt-get remove -y retrylint retry-probe > /dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "package-check: $*" >&2; exit 1; }

(cd "$build" && rm -f ./*.deb && cpack -G DEB > "$work/cpack.log") ||
  { cat "$work/cpack.log"; fail "cpack failed"; }
debs=("$build/retrylint_${version}_"*.deb "$build/retry-probe_${version}_"*.deb)
for d in "${debs[@]}"; do [ -f "$d" ] || fail "no package $d"; done
export DEBIAN_FRONTEND=noninteractive
apt-get install -y "${debs[@]}" > "$work/apt.log" ||
  { cat "$work/apt.log"; fail "apt install failed"; }

for m in retrylint retry-probe; do
  [ -f "/usr/share/man/man1/$m.1.gz" ] || fail "no man page $m(1)"
done
/usr/bin/retrylint --version | grep -q "retrylint $version " ||
  fail "retrylint --version does not say $version"
/usr/bin/retry-probe --version | grep -qx "retry-probe $version" ||
  fail "retry-probe --version does not say $version"

# The main job, with the installed binary: ten findings, one per check.
cmake -S "$root/examples" -B "$work/examples" -G Ninja > "$work/examples.log"
status=0
/usr/bin/retrylint -p "$work/examples" --cross-tu "$root/examples/" \
  > "$work/lint.txt" 2>&1 || status=$?
[ "$status" = 1 ] || { cat "$work/lint.txt"; fail "exit $status, want 1"; }
grep -q "^retrylint: 10 findings" "$work/lint.txt" ||
  { cat "$work/lint.txt"; fail "want 10 findings"; }
# The installed plugin in clang-tidy-22 and the installed clangd.
/usr/lib/llvm-22/bin/clang-tidy --load=/usr/lib/libretrylint-tidy.so \
  --checks='-*,retry-*' --list-checks | grep -q retry-missing-budget ||
  fail "the installed plugin lists no retry check"
# (Captured first: grep -q would end the pipe while clangd still writes.)
clangd_version=$(/usr/bin/retrylint-clangd --version)
grep -q "^retrylint-clangd $version " <<< "$clangd_version" ||
  fail "retrylint-clangd --version does not say $version"
/usr/bin/retry-probe selftest > /dev/null || fail "retry-probe selftest failed"
[ -f /usr/share/doc/retrylint/checks/missing-backoff.md ] ||
  fail "no docs in /usr/share/doc/retrylint"

apt-get remove -y retrylint retry-probe > "$work/remove.log"
[ ! -e /usr/bin/retrylint ] || fail "retrylint still installed after remove"
echo "package-check: ok ($(basename "${debs[0]}") $(basename "${debs[1]}"))"
