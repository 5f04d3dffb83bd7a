#!/usr/bin/env python3
"""Runs retrylint and clang-tidy-22 --load over one translation unit under
each configuration of a corpus, and says whether they agree.

  config_agree.py --retrylint R --clang-tidy T --plugin P --corpus DIR
                  --work DIR -- <compiler args>

Each directory of the corpus holding a .clang-tidy (the deepest one, for the
inheritance cases) gets a copy of the corpus's tu.cpp and retry_header.h.
Both tools run as a user runs them: `retrylint --quiet FILE -- ARGS` and
`clang-tidy --load=P --checks=retry-* FILE -- ARGS` (clang-tidy's --checks
adds to the file's). For each case it prints

  <case>: agree|DISAGREE retrylint=ran|refused clang-tidy=ran|refused
    retrylint: <file:line> ...   (retry- findings, sorted)
    clang-tidy: <file:line> ...
    retrylint warnings: <n>

A tool ran when it analysed the file (retrylint: exit 0 or 1; clang-tidy:
no "Error" line about its configuration and no usage error).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

FINDING = re.compile(r"^(.*?):(\d+):\d+: (?:warning|error): .*\[(retry-[a-z-]+)")


def case_dirs(corpus):
    out = []
    for root, dirs, files in os.walk(corpus):
        dirs.sort()
        if ".clang-tidy" in files and not any(
                os.path.exists(os.path.join(root, d, ".clang-tidy")) for d in dirs):
            out.append(root)
    return sorted(out)


def short(path, line):
    return "%s:%s" % (os.path.basename(path), line)


def main():
    ap = argparse.ArgumentParser()
    for a in ("retrylint", "clang-tidy", "plugin", "corpus", "work"):
        ap.add_argument("--" + a, required=True)
    ap.add_argument("args", nargs="*")
    o = ap.parse_args()
    shutil.rmtree(o.work, ignore_errors=True)
    shutil.copytree(o.corpus, o.work)
    status = 0
    for d in case_dirs(o.work):
        name = os.path.relpath(d, o.work)
        for f in ("tu.cpp", "retry_header.h"):
            shutil.copy(os.path.join(o.work, f), d)
        tu = os.path.join(d, "tu.cpp")
        r = subprocess.run([o.retrylint, "--quiet", "--format=json", tu, "--"] + o.args,
                           capture_output=True, text=True)
        r_ran = r.returncode in (0, 1)
        r_found = []
        if r_ran:
            r_found = sorted(short(f["file"], f["line"])
                             for f in json.loads(r.stdout)["findings"])
        r_warn = sum(1 for l in r.stderr.splitlines()
                     if l.startswith("retrylint: warning:"))
        t = subprocess.run([o.clang_tidy, "--load=" + o.plugin, "--checks=retry-*",
                            tu, "--"] + o.args, capture_output=True, text=True)
        t_found = sorted({short(m.group(1), m.group(2))
                          for m in map(FINDING.match, t.stdout.splitlines()) if m})
        t_refused = any(l.startswith("Error:") for l in t.stderr.splitlines()) or \
            "USAGE:" in t.stdout + t.stderr
        t_ran = not t_refused
        agree = r_ran == t_ran
        if not agree:
            status = 1
        print("%s: %s retrylint=%s clang-tidy=%s" % (
            name, "agree" if agree else "DISAGREE",
            "ran" if r_ran else "refused", "ran" if t_ran else "refused"))
        print("  retrylint: " + " ".join(r_found))
        print("  clang-tidy: " + " ".join(t_found))
        print("  retrylint warnings: %d" % r_warn)
        if not r_ran:
            print("  " + r.stderr.strip())
    return status


if __name__ == "__main__":
    sys.exit(main())
