#!/usr/bin/env python3
"""Compares findings against the `// BUG: <check>` markers in a source tree.

  bug_markers.py <src-dir> --json <retrylint --format=json output>
  bug_markers.py <src-dir> --text <clang-tidy output>

A marker `// BUG: retry-some-check` on a line says that exactly one finding
of that check points at that line. Every finding (of any check, compile
errors included) must match a marker and every marker a finding; compared as
a set of (file relative to <src-dir>, line, check). Prints a diff and exits 1
on mismatch; prints "OK: N findings match N markers" otherwise.
"""
import json
import os
import re
import sys

MARKER = re.compile(r"//\s*BUG:\s*([A-Za-z0-9_.-]+)")
# clang-tidy text: /path/file.cpp:12:5: warning: message [check-name]
DIAG = re.compile(r"^(.+?):(\d+):(\d+): (warning|error): .*\[([^\]]+)\]\s*$")


def markers(src_dir):
    out = []
    for root, _, files in os.walk(src_dir):
        for name in sorted(files):
            if not name.endswith((".c", ".cc", ".cpp", ".cxx", ".h", ".hpp")):
                continue
            path = os.path.join(root, name)
            with open(path, errors="replace") as f:
                for n, line in enumerate(f, 1):
                    for m in MARKER.finditer(line):
                        out.append((rel(path, src_dir), n, m.group(1)))
    return out


def rel(path, src_dir):
    path = os.path.realpath(path)
    base = os.path.realpath(src_dir)
    if path.startswith(base + os.sep):
        return os.path.relpath(path, base)
    return path  # outside the tree: kept absolute, can never match a marker


def findings_json(path, src_dir):
    with open(path) as f:
        doc = json.load(f)
    if doc.get("version") != 1:
        sys.exit("bug_markers.py: unexpected JSON version %r" % doc.get("version"))
    return [(rel(x["file"], src_dir), x["line"], x["check"])
            for x in doc["findings"]]


def findings_text(path, src_dir):
    out = []
    with open(path, errors="replace") as f:
        for line in f:
            m = DIAG.match(line.rstrip("\n"))
            if m:
                out.append((rel(m.group(1), src_dir), int(m.group(2)),
                            m.group(5)))
    return out


def main():
    if len(sys.argv) != 4 or sys.argv[2] not in ("--json", "--text"):
        sys.exit(__doc__)
    src_dir, kind, path = sys.argv[1:]
    want = markers(src_dir)
    got = (findings_json if kind == "--json" else findings_text)(path, src_dir)
    bad = False
    for name, items in (("marker", want), ("finding", got)):
        dups = sorted({x for x in items if items.count(x) > 1})
        for d in dups:
            print("duplicate %s: %s:%d: %s" % ((name,) + d))
            bad = True
    for x in sorted(set(want) - set(got)):
        print("- missing finding (marker without finding): %s:%d: %s" % x)
        bad = True
    for x in sorted(set(got) - set(want)):
        print("+ unexpected finding (no marker): %s:%d: %s" % x)
        bad = True
    if bad or not want:
        if not want:
            print("no BUG markers found under %s" % src_dir)
        sys.exit(1)
    print("OK: %d findings match %d markers" % (len(got), len(want)))


if __name__ == "__main__":
    main()
