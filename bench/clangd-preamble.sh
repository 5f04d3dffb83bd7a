#!/usr/bin/env bash
# What keeping function bodies in the preamble costs retrylint-clangd (a
# benchmark, not a test): the preamble build time and size clangd logs for
# the heavy TU (real gRPC and Boost.Beast headers), with
# --retrylint-preamble-bodies=parse (the default) and =skip (stock
# clangd), RUNS sessions each; prints the median of each.
#   bench/clangd-preamble.sh [build-dir] [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
RUNS=${2:-3}
CLANGD="$BUILD/driver/retrylint-clangd"
[ -x "$CLANGD" ] || { echo "usage: $0 [build-dir] [runs] ($CLANGD not found)" >&2; exit 1; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cp bench/heavy/heavy_tu.cpp "$T/"
printf -- '-std=c++17\n' > "$T/compile_flags.txt"
printf "Checks: '-*,retry-*'\n" > "$T/.clang-tidy"
printf 'Diagnostics:\n  ClangTidy:\n    FastCheckFilter: Loose\n' > "$T/.clangd"
python3 - "$T/heavy_tu.cpp" > "$T/session" <<'PY'
import json, sys
path = sys.argv[1]
msgs = [
    {"jsonrpc": "2.0", "id": 0, "method": "initialize",
     "params": {"processId": 1, "capabilities": {}, "trace": "off"}},
    {"jsonrpc": "2.0", "method": "textDocument/didOpen",
     "params": {"textDocument": {"uri": "file://" + path, "languageId": "cpp",
                                 "version": 1, "text": open(path).read()}}},
    {"jsonrpc": "2.0", "id": 1, "method": "sync", "params": None},
    {"jsonrpc": "2.0", "id": 2, "method": "shutdown"},
    {"jsonrpc": "2.0", "method": "exit"},
]
print("\n---\n".join(json.dumps(m) for m in msgs))
PY
for mode in skip parse; do
  for i in $(seq "$RUNS"); do
    XDG_CONFIG_HOME="$T/xdg" "$CLANGD" --retrylint-preamble-bodies=$mode \
      -lit-test --enable-config --pch-storage=memory < "$T/session" 2>&1 >/dev/null |
      sed -n 's/.*Built preamble of size \([0-9]*\) .* in \([0-9.]*\) seconds.*/\2 \1/p'
  done | sort -n | awk -v m=$mode '{t[NR]=$1; s[NR]=$2} END {
    i=int((NR+1)/2); printf "%-5s preamble build %.2f s (median of %d), size %.1f MB\n", m, t[i], NR, s[i]/1048576 }'
done
