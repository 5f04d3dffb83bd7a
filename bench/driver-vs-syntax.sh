#!/usr/bin/env bash
# Wall time of `retrylint -p` over the examples' translation units against
# `clang++-22 -fsyntax-only` over the same files with the same flags (taken
# from the same compile_commands.json). Not a test: prints medians.
#   bench/driver-vs-syntax.sh [build-dir] [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
RUNS=${2:-7}
EXB=$(mktemp -d)
trap 'rm -rf "$EXB"' EXIT
cmake -S examples -B "$EXB" -G Ninja >/dev/null
CLANGXX=/usr/lib/llvm-22/bin/clang++

# One sequential -fsyntax-only per TU, with the database's own arguments.
python3 - "$EXB/compile_commands.json" "$CLANGXX" > "$EXB/syntax.sh" <<'PY'
import json, shlex, sys
db = json.load(open(sys.argv[1]))
print("set -e")
for e in db:
    args = e.get("arguments") or shlex.split(e["command"])
    out = []
    skip = False
    for a in args[1:]:
        if skip: skip = False; continue
        if a in ("-o", "-c"):
            skip = a == "-o"; continue
        if a == e["file"]: continue
        out.append(a)
    print("cd %s && %s -fsyntax-only %s %s" % (shlex.quote(e["directory"]), sys.argv[2],
          " ".join(map(shlex.quote, out)), shlex.quote(e["file"])))
PY

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
timeit() {
  for _ in $(seq "$RUNS"); do
    s=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s.%N)
    echo "$e - $s" | bc -l
  done | median
}
TUS=$(grep -c '"file"' "$EXB/compile_commands.json")
T_SYNTAX=$(timeit bash "$EXB/syntax.sh")
T_J1=$(timeit "$BUILD/driver/retrylint" -p "$EXB" -j 1 --quiet examples/)
T_J2=$(timeit "$BUILD/driver/retrylint" -p "$EXB" -j 2 --quiet examples/)
printf 'examples: %s TUs, median of %s runs\n' "$TUS" "$RUNS"
printf '  clang++-22 -fsyntax-only (sequential): %.2f s\n' "$T_SYNTAX"
printf '  retrylint -j 1:                        %.2f s\n' "$T_J1"
printf '  retrylint -j 2:                        %.2f s\n' "$T_J2"
