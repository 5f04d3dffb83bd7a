#!/usr/bin/env python3
"""Runs retrylint and clang-tidy-22 --load with the same clang-tidy flags on
one file and prints, per flag set, whether the two print the same standard
output byte for byte ("agree"), how many findings, and each of them
(file:line:col: level: message [check]).

  tidy_flags.py RETRYLINT CLANG_TIDY PLUGIN FILE -- COMPILER-ARGS
"""
import os
import re
import subprocess
import sys
import tempfile

DIAG = re.compile(r"^(?P<file>[^\s:][^:]*):(?P<rest>\d+:\d+: (?:warning|error): .*\])$")

CASES = [
    [],
    ["--system-headers"],
    ["--header-filter="],
    ["--header-filter=retry_in"],
    ["--exclude-header-filter=retry_in"],
    ["--extra-arg=-DTIDY_FLAGS_EXTRA"],
    ["--extra-arg-before=-DTIDY_FLAGS_EXTRA"],
    ["--extra-arg=-DTIDY_FLAGS_EXTRA",
     '--line-filter=[{"name":"main.cpp","lines":[[15,15]]}]'],
    ["--warnings-as-errors=retry-per-attempt-idempotency-key"],
    # The compile command's own -D taken out again.
    ["--removed-arg=-DTIDY_FLAGS_REMOVED"],
    ["--config-file=@CONFIG@"],
]

# Compile arguments some cases need on top of the common ones.
CASE_ARGS = {"--removed-arg=-DTIDY_FLAGS_REMOVED": ["-DTIDY_FLAGS_REMOVED",
                                                    "-DTIDY_FLAGS_EXTRA"]}


def findings(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    out = []
    for line in p.stdout.splitlines():
        m = DIAG.match(line)
        if m:
            out.append(os.path.basename(m["file"]) + ":" + m["rest"])
    return sorted(out), p.returncode, p.stdout


def main():
    retrylint, tidy, plugin, path = sys.argv[1:5]
    common = sys.argv[sys.argv.index("--") + 1:]
    checks = "--checks=-*,retry-*"
    config = os.path.join(tempfile.mkdtemp(), "tidy.yaml")
    with open(config, "w") as f:
        f.write("Checks: '-*,retry-missing-backoff'\nHeaderFilterRegex: 'main'\n")
    for flags in CASES:
        args = common + CASE_ARGS.get(" ".join(flags), [])
        flags = [f.replace("@CONFIG@", config) for f in flags]
        mine, mine_rc, mine_out = findings([retrylint, "--quiet", checks] +
                                           flags + [path, "--"] + args)
        theirs, their_rc, their_out = findings(
            [tidy, "--load=" + plugin, "--quiet", checks] + flags +
            [path, "--"] + args)
        same = "agree" if mine_out == their_out else "DIFFER"
        label = " ".join(f.replace(config, "FILE") for f in flags)
        print("%s: %s %d" % (label or "(defaults)", same, len(mine)))
        for f in mine:
            print("  " + f)
        if mine_out != their_out:
            sys.stdout.write("  retrylint printed:\n" + mine_out +
                             "  clang-tidy printed:\n" + their_out)
        if "--warnings-as-errors" in " ".join(flags):
            print("  exit retrylint=%d clang-tidy=%d" % (mine_rc, their_rc))


main()
