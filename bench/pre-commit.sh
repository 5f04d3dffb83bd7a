#!/usr/bin/env bash
# Wall time of the retrylint pre-commit hook, through the real `pre-commit`
# tool, for a commit that changes one file of the examples: a temporary git
# repository holding examples/ (configured with CMake for its
# compile_commands.json), the hook from .pre-commit-hooks.yaml via a local
# clone, one changed line in src/payment_gateway.cpp, then `pre-commit run`
# (what `git commit` runs) timed RUNS times. Not a test: prints the median,
# min and max, and the same for retrylint alone on that file for comparison.
#   bench/pre-commit.sh [build-dir] [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=$PWD
BUILD=$(cd "${1:-build}" && pwd)
RUNS=${2:-5}
export RETRYLINT=$BUILD/driver/retrylint
[ -x "$RETRYLINT" ] || { echo "no $RETRYLINT: build first" >&2; exit 2; }
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
export PRE_COMMIT_HOME=$W/cache GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.invalid
export GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.invalid

# The hook repository: this checkout's hook definition and script.
mkdir -p "$W/hooks/driver"
cp .pre-commit-hooks.yaml "$W/hooks/"
cp driver/retrylint-pre-commit "$W/hooks/driver/"
git -C "$W/hooks" init -q && git -C "$W/hooks" add -A && git -C "$W/hooks" commit -q -m hooks
REV=$(git -C "$W/hooks" rev-parse HEAD)

# The project: the examples, their database in build/.
mkdir -p "$W/proj"
cp -r examples/CMakeLists.txt examples/src "$W/proj/"
cmake -S "$W/proj" -B "$W/proj/build" -G Ninja >/dev/null
printf 'build/\n' > "$W/proj/.gitignore"
printf 'repos:\n- repo: %s\n  rev: %s\n  hooks:\n  - id: retrylint\n' "$W/hooks" "$REV" \
  > "$W/proj/.pre-commit-config.yaml"
cd "$W/proj"
git init -q && git add -A && git commit -q -m base
pre-commit install-hooks >/dev/null     # clone once, outside the timing

# One changed line in one file (a comment inside a function).
sed -i '0,/^  \(.*\);$/s//  \1;  \/\/ edited/' src/payment_gateway.cpp
git add src/payment_gateway.cpp
git diff --cached --stat

median() { sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "median %.2f s, min %.2f s, max %.2f s (%d runs)\n", m, a[1], a[NR], NR}'; }
now() { date +%s.%N; }

for i in $(seq "$RUNS"); do
  t0=$(now); pre-commit run >/dev/null 2>&1 || true; t1=$(now)
  echo "$t1 - $t0" | bc
done | median | sed 's/^/pre-commit run (hook, 1 staged file):   /'
for i in $(seq "$RUNS"); do
  t0=$(now); "$RETRYLINT" -p build --quiet src/payment_gateway.cpp >/dev/null 2>&1 || true; t1=$(now)
  echo "$t1 - $t0" | bc
done | median | sed 's/^/retrylint alone on the same file:       /'
for i in $(seq "$RUNS"); do
  t0=$(now); python3 -c pass; t1=$(now)
  echo "$t1 - $t0" | bc
done | median | sed 's/^/python3 start-up (the hook's interpreter): /'
pre-commit run 2>&1 | sed 's/^/  | /'
