#!/usr/bin/env bash
# First-sight reading (docs/accuracy.md): scores retrylint, with the command
# a user types, on the sites labelled blind in test/firstsight/*.json (one
# file per repository, in the real-code harness's site schema), and prints
# found/expected and violated/must-not per file and in all.
#   scripts/firstsight.sh HARNESS-DIR MIRROR-ROOT [retrylint] [sites.json...]
# HARNESS-DIR holds the harness's run.py; MIRROR-ROOT the repositories'
# snapshots (<owner>+<name>/repo). retrylint defaults to build/driver's.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 2 ]; then
  echo "usage: $0 HARNESS-DIR MIRROR-ROOT [retrylint] [sites.json...]" >&2
  exit 2
fi
harness=$1
mirror=$2
retrylint=${3:-build/driver/retrylint}
shift $(($# < 3 ? $# : 3))
retrylint=$(cd "$(dirname "$retrylint")" && pwd)/$(basename "$retrylint")
sites=("$@")
[ ${#sites[@]} -gt 0 ] || sites=(test/firstsight/*.json)
for f in "$harness/run.py" "$retrylint" "${sites[@]}"; do
  [ -e "$f" ] || { echo "firstsight: error: no $f" >&2; exit 2; }
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
tool="$retrylint --quiet --header-filter=.* {file} -- {flags}"
for s in "${sites[@]}"; do
  name=$(basename "$s" .json)
  python3 "$harness/run.py" --sites "$(realpath "$s")" --mirror-root "$mirror" \
    --tool "$tool" --json "$out/$name.json" >"$out/$name.txt" 2>&1 || {
    cat "$out/$name.txt" >&2
    echo "firstsight: error: run.py failed on $s" >&2
    exit 2
  }
  cat "$out/$name.txt"
done
python3 - "$out"/*.json <<'PY'
import json, sys
tot = [0, 0, 0, 0, 0]
print("\n| sites file | sites | found / expected | violated / must-not | unlabelled |")
print("|---|---:|---:|---:|---:|")
for path in sys.argv[1:]:
    sm = json.load(open(path))["summary"]
    row = [sm["sites"], sm["must_detect_found"], sm["must_detect"],
           sm["must_not_violated"], sm["must_not"]]
    un = sm.get("unlabelled", 0)
    tot = [a + b for a, b in zip(tot, row)] 
    print("| %s | %d | %d / %d | %d / %d | %d |" % (
        path.rsplit("/", 1)[1][:-5], *row, un))
print("| **all** | %d | **%d / %d** | **%d / %d** | |" % tuple(tot))
PY
