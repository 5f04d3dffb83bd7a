#!/usr/bin/env python3
"""Throws malformed inputs at retrylint and checks its error contract.

  fuzz_inputs.py --retrylint BIN --inputs DIR --work DIR [--jobs N] [--min N] \
                 -- <compiler args for Inputs/bad.cpp>

Generates, deterministically (a fixed seed, no clock, no environment), a few
hundred broken compilation databases (with -p and found next to the input),
.clang-tidy files, --config values, baselines, facts directories, unified
diffs on stdin and --diff revisions, runs retrylint on each, and requires
every run to end with exit status 2 (no crash, no timeout), nothing on
stdout, and exactly one line on stderr starting `retrylint: error: `. Also
requires that no run leaves a file behind in the git repository (an
injected `git diff --output=...`). Prints one line per failure and a
summary; exits 1 if anything failed.
"""
import argparse
import concurrent.futures
import json
import os
import random
import shutil
import subprocess
import sys

SEED = 14  # issue 14: the inputs are the same on every run


def structural_deletions(text, rng, count):
    """Copies of the JSON `text` with one structural character ({}[]:,")
    outside strings removed: each is invalid JSON."""
    positions = []
    in_str = esc = False
    for i, c in enumerate(text):
        if in_str:
            if esc:
                esc = False
            elif c == "\\":
                esc = True
            elif c == '"':
                in_str = False
                positions.append(i)
            continue
        if c == '"':
            in_str = True
            positions.append(i)
        elif c in "{}[]:,":
            positions.append(i)
    rng.shuffle(positions)
    out = []
    for p in positions:
        t = text[:p] + text[p + 1:]
        try:
            json.loads(t)
        except ValueError:
            out.append(t)
        if len(out) == count:
            break
    return out


def truncations(text, rng, count):
    """Prefixes of `text` that cut it before its last closing bracket."""
    last = max(text.rfind("]"), text.rfind("}"))
    cuts = sorted(rng.sample(range(1, last), min(count, last - 1)))
    return [text[:c] for c in cuts]


class Cases:
    def __init__(self, work, inputs, flags):
        self.work = work
        self.inputs = inputs
        self.flags = flags
        self.bad_cpp = open(os.path.join(inputs, "bad.cpp"), "rb").read()
        self.list = []  # (name, argv, cwd, stdin bytes or None)

    def case_dir(self, kind):
        d = os.path.join(self.work, "%03d-%s" % (len(self.list), kind))
        os.makedirs(d)
        return d

    def add(self, kind, argv, cwd, stdin=None):
        self.list.append(("%03d-%s" % (len(self.list), kind), argv, cwd,
                          stdin))

    def source(self, d):
        p = os.path.join(d, "bad.cpp")
        with open(p, "wb") as f:
            f.write(self.bad_cpp)
        return p

    # -- compilation databases ----------------------------------------------
    def compile_dbs(self, rng):
        d0 = os.path.join(self.work, "good-db")
        os.makedirs(d0)
        src = self.source(d0)
        good = json.dumps([
            {"directory": d0, "file": src,
             "arguments": ["c++"] + self.flags + ["-c", src]},
            {"directory": d0, "file": src, "command": "c++ -c bad.cpp",
             "output": "bad.o"}], indent=2)
        bodies = [b"", b"   \n", b"[", b"{", b"]", b"null", b"1", b'"x"',
                  b"[1]", b"[null]", b"[{}]", b"{}", b"[[]]", b"[]x",
                  b'[{"directory": "/"}]',
                  b'[{"directory": "/", "file": 1, "command": "c++"}]',
                  b'[{"directory": "/", "file": "a.cpp"}]',
                  b'[{"directory": "/", "file": "a.cpp", "command": []}]',
                  b'[{"directory": "/", "file": "a.cpp", "arguments": "c++"}]',
                  b'[{"directory": "/", "file": "a.cpp", "arguments": [1]}]',
                  b'[{"directory": "/", "file": "a.cpp", "command": "c++",'
                  b' "flags": "-O2"}]',
                  b'[{"directory": null, "file": "a.cpp", "command": "c++"}]',
                  b'[{"directory": "/", "file": "a.cpp", "command": "c++",'
                  b' "output": 7}]',
                  b'[{"directory": "/", "file": "\xff\xfe.cpp",'
                  b' "command": "c++"}]',
                  b'[{"directory": "/", "file": "a.cpp", "command": "c++"}\x00]',
                  b'[{"directory": "/", "file": "a.cpp", "arguments": []}]',
                  b'[{"directory": "/", "file": "a.cpp", "command": "  "}]',
                  b'[{"directory": "rel", "file": "a.cpp", "command": "c++"}]',
                  b'[{"directory": "/", "file": "", "command": "c++"}]',
                  b'[{"directory": "/no/such/dir", "file": "a.cpp",'
                  b' "command": "c++ -c a.cpp"}]',
                  b"\xef\xbb\xbf[",
                  b"\x00\x01\x02\x03"]
        for depth in (65, 100, 1000, 100000, 300000):
            bodies.append(b"[" * depth)
            bodies.append(b'{"a": ' * depth)
        bodies.append(b"[" * 65 + b"]" * 65)
        # Stale entries are errors only when they are analyzed: with -p and
        # no paths, every entry is.
        p_only = [b'[{"directory": "/", "file": "/no/such/file.cpp",'
                  b' "command": "c++ -c /no/such/file.cpp"}]',
                  b'[]']
        bodies += p_only
        bodies += [t.encode() for t in truncations(good, rng, 25)]
        bodies += [t.encode() for t in structural_deletions(good, rng, 25)]
        for i, body in enumerate(bodies):
            d = self.case_dir("compdb")
            os.makedirs(os.path.join(d, "build"))
            with open(os.path.join(d, "build", "compile_commands.json"),
                      "wb") as f:
                f.write(body)
            if i % 3 == 0 and body not in p_only:
                # Found next to the input instead of named with -p.
                os.makedirs(os.path.join(d, "build", "src"))
                p = self.source(os.path.join(d, "build", "src"))
                self.add("compdb-auto", [p], d)
            else:
                self.add("compdb", ["-p", os.path.join(d, "build")], d)

    # -- configuration ------------------------------------------------------
    # Only what clang-tidy-22 rejects too: an unknown key and a regular
    # expression LLVM cannot compile run as in clang-tidy, with a warning
    # (config-parity.test).
    CONFIGS = [
        "Checks: [",
        "Checks: 'unterminated",
        "Checks: '-*'\nHeaderFilterRegex: 'also unterminated\n",
        "Checks: \"unterminated",
        "CheckOptions: 42",
        "CheckOptions: [1, 2]",
        "Checks: {a: b}",
        "Checks: [a, b",
        "HeaderFilterRegex: [x]",
        "Checks: *undefined_alias",
        "{",
        "}",
        ": :",
        "- just\n- a list",
        "plain scalar document",
        "Checks: '-*'\nChecks: 'retry-*'\n  bad: indentation",
        "InheritParentConfig: maybe",
        "SystemHeaders: 3",
        "Checks: 'retry-nope'",
        "Checks: '-*,retry-per-attempt-idempotency-kye'",
        "Checks: 'retry-missing-*,retry-nope-*'",
        "Checks: >-\n  -*,\n  retry-typo",
        "Checks: 'retry*nothing'",
        "Checks: '-*,-retry-*'",
        "Checks: '-retry-*'",
        "Checks: '*,-retry-*'",
        "CheckOptions:\n  retry-missing-budget.MaxAttempts: lots",
        "CheckOptions:\n  retry-missing-budget.MaxAttempts: -1",
        "CheckOptions:\n  retry-missing-budget.MaxAttempts: 0",
        "CheckOptions:\n  retry-missing-budget.MaxAttempts: 1.5",
        "CheckOptions:\n  retry-missing-budget.RequireDeadline: maybe",
        "CheckOptions:\n  Operations: 'acme::(Send'",
        "CheckOptions:\n  retry-per-attempt-idempotency-key.Operations: 'a[b'",
        "CheckOptions:\n  retry-dedup-window-too-short.MinimumWindow: 'a day'",
        "CheckOptions:\n  retry-content-derived-idempotency-key.IntentIdNames:"
        " 'order-ref'",
        "CheckOptions:\n  retry-non-retryable-status.RetryableStatuses: teapot",
        "CheckOptions:\n  retry-nested-layers.MaxAmplification: many",
        "CheckOptions:\n  retry-nested-layers.RetryingCalls: 'bad::Call=zero'",
        "CheckOptions:\n  retry-nested-layers.FactsDirectory: /no/such/dir",
    ]

    def deep_yaml(self):
        return ["Checks: " + "[" * 100000, "- " * 100000,
                "CheckOptions: " + "{a: " * 70,
                "Checks: " + "[" * 65 + "]" * 65,
                "? " * 200 + "x"]

    def configs(self, rng):
        texts = [t.encode() for t in self.CONFIGS + self.deep_yaml()]
        texts += [b"Checks: 'retry-\xff'", b"\xff\xfe\x00garbage: [",
                  b"Checks: '-*'\x00\nCheckOptions: 3"]
        # Random printable garbage that is never a valid mapping: a flow
        # sequence opener first.
        for _ in range(10):
            n = rng.randint(1, 60)
            texts.append(b"[" + bytes(rng.choice(b"{}[]:,'\"- #\n\tab")
                                      for _ in range(n)))
        for t in texts:
            d = self.case_dir("clang-tidy")
            with open(os.path.join(d, ".clang-tidy"), "wb") as f:
                f.write(t)
            p = self.source(d)
            self.add("clang-tidy", [p, "--"] + self.flags, d)
        # --config takes text, not bytes; and an argument is at most
        # 128 KiB on Linux.
        for t in self.CONFIGS + [c[:60000] for c in self.deep_yaml()]:
            d = self.case_dir("config")
            p = self.source(d)
            self.add("config", ["--config=" + t, p, "--"] + self.flags, d)

    # -- usage errors on the command line ----------------------------------
    def usage(self):
        d = self.case_dir("usage")
        p = self.source(d)
        for argv in (["--bogus"], ["-j", "abc"], ["-j", "-1"], ["-jx"],
                     ["--jobs=1.5"], ["--jobs"], ["--quiet=maybe"], ["-p"],
                     ["--format=xml"], ["--color=sometimes"], ["--evidence"],
                     ["--checks=retry-nope"], ["--checks=-*"],
                     ["--header-filter=("], ["--diff="],
                     ["--cross-tu", "--facts", d],
                     ["--write-baseline", "b.json", "--diff=HEAD"]):
            if argv in (["--jobs"], ["-p"]):
                self.add("usage", [p] + argv, d)
            else:
                self.add("usage", argv + [p, "--"] + self.flags, d)

    # -- baselines ----------------------------------------------------------
    def baselines(self, rng):
        good = json.dumps({"version": 1, "tool": "retrylint", "findings": [
            {"check": "retry-per-attempt-idempotency-key",
             "path": "bad.cpp", "text": "x", "count": 1,
             "fingerprint": "0123456789abcdef"}]}, indent=2)
        bodies = [b"", b"[", b"[1, 2]", b"null", b"{}", b'{"version": 2}',
                  b'{"version": "1", "findings": []}',
                  b'{"version": 1}', b'{"version": 1, "findings": {}}',
                  b'{"version": 1, "findings": [1]}',
                  b'{"version": 1, "findings": [{"check": "retry-x"}]}',
                  b'{"version": 1, "findings": [{"check": "retry-x", '
                  b'"path": "a", "text": "t", "count": 0}]}',
                  b'{"version": 1, "findings": [{"check": "retry-x", '
                  b'"path": "a", "text": "t", "count": -3}]}',
                  b'{"version": 1, "findings": [{"check": "retry-x", '
                  b'"path": "a", "text": "t", "count": "1"}]}',
                  b'{"version": 1, "findings": [{"check": "retry-x", '
                  b'"path": "a", "text": "t", "count": 1, "fingerprint": 5}]}',
                  b'{"version": 1, "findings": [{"check": "retry-x", '
                  b'"path": "a", "text": "t", "count": 1, '
                  b'"fingerprint": "0123456789ABCDEF"}]}',
                  b'{"version": 1, "findings": [], "x": "\xff"}',
                  b'{"version": 1, "findings": ' + b"[" * 100000,
                  b'{"a": ' * 65 + b"1" + b"}" * 65]
        bodies += [t.encode() for t in truncations(good, rng, 12)]
        bodies += [t.encode() for t in structural_deletions(good, rng, 12)]
        for body in bodies:
            d = self.case_dir("baseline")
            with open(os.path.join(d, "b.json"), "wb") as f:
                f.write(body)
            p = self.source(d)
            self.add("baseline", ["--baseline", os.path.join(d, "b.json"),
                                  p, "--"] + self.flags, d)
        d = self.case_dir("baseline")
        p = self.source(d)
        self.add("baseline", ["--baseline", os.path.join(d, "missing.json"),
                              p, "--"] + self.flags, d)
        self.add("baseline", ["--baseline", d, p, "--"] + self.flags, d)

    # -- facts --------------------------------------------------------------
    def facts(self, rng):
        good = json.dumps({"retrylint_facts": 1, "translation_unit": "/a.cpp",
                           "functions": [{"usr": "c:@F@f", "name": "f",
                                          "layers": [{"attempts": 3}],
                                          "calls": []}]}, indent=2)
        bodies = [b"", b"not json", b"[]", b"{}", b'{"retrylint_facts": 2}',
                  b'{"retrylint_facts": 1}',
                  b'{"retrylint_facts": 1, "functions": {}}',
                  b'{"retrylint_facts": 1, "functions": [1]}',
                  b'{"retrylint_facts": 1, "functions": [{"name": "f"}]}',
                  b'{"retrylint_facts": 1, "functions": [{"usr": "u", '
                  b'"name": "f", "layers": [1]}]}',
                  b'{"retrylint_facts": 1, "functions": [{"usr": "u", '
                  b'"name": "f", "layers": [{"attempts": 0}]}]}',
                  b'{"retrylint_facts": 1, "functions": ' + b"[" * 100000,
                  b'{"retrylint_facts": 1, "functions": [' +
                  b'{"a": ' * 70 + b"1" + b"}" * 70 + b"]}",
                  b"\xff\xfe"]
        bodies += [t.encode() for t in truncations(good, rng, 8)]
        bodies += [t.encode() for t in structural_deletions(good, rng, 8)]
        for body in bodies:
            d = self.case_dir("facts")
            os.makedirs(os.path.join(d, "facts"))
            with open(os.path.join(d, "facts", "tu.cpp.0.json"), "wb") as f:
                f.write(body)
            p = self.source(d)
            self.add("facts", ["--facts", os.path.join(d, "facts"), p, "--"]
                     + self.flags, d)
        d = self.case_dir("facts")
        p = self.source(d)
        self.add("facts", ["--facts", p, p, "--"] + self.flags, d)
        self.add("facts", ["--facts", os.path.join(d, "none"), p, "--"]
                 + self.flags, d)
        self.add("facts", ["--export-facts", p, p, "--"] + self.flags, d)

    # -- diffs --------------------------------------------------------------
    def diffs(self, rng, git_repo):
        head = b"--- a/bad.cpp\n+++ b/bad.cpp\n"
        hunks = [b"@@ -1 +x @@", b"@@ -1 @@", b"@@ +1,2", b"@@ -1 +1,-1 @@",
                 b"@@ -1 +99999999999 @@", b"@@ -1 +1,99999999999 @@",
                 b"@@ -1 ++1 @@", b"@@  @@", b"@@ -a +b @@", b"@@ -1 +1, @@",
                 b"@@ -1 + @@", b"@@ -1 +\xff @@"]
        bodies = [head + h + b"\n" for h in hunks]
        bodies += [b"not a diff\n", b"\xff\xfe\x00\x01", b"@@@\n",
                   b"--- a/x\n\n"]
        for _ in range(8):
            n = rng.randint(1, 80)
            bodies.append(bytes(rng.choice(b"-@ abcxyz0123\n\t")
                                for _ in range(n)).replace(b"+++ ", b"") +
                          b"x\n")
        for body in bodies:
            d = self.case_dir("diff")
            p = self.source(d)
            self.add("diff-stdin", ["--diff=-", p, "--"] + self.flags, d,
                     stdin=body)
        if git_repo:
            p = os.path.join(git_repo, "bad.cpp")
            revs = ["--output=out.txt", "--output=/dev/null", "-R",
                    "--no-index", "-p", "--ext-diff", "-U99", "--",
                    "no-such-rev", "HEAD~99999", "a..b..c", "HEAD\nx",
                    ":/no commit says this", "@{-99}", "HEAD^{tree}x",
                    "refs/heads/none", " HEAD", "HEAD\x01"]
            for r in revs:
                self.add("diff-rev", ["--diff=" + r, p, "--"] + self.flags,
                         git_repo)
            for r in ("-R", "--output=out2.txt", "no-such-rev"):
                self.add("diff-rev", ["--diff", r, p, "--"] + self.flags,
                         git_repo)


def run_case(retrylint, case):
    name, argv, cwd, stdin = case
    try:
        p = subprocess.run([retrylint] + argv, cwd=cwd, input=stdin or b"",
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=120)
    except subprocess.TimeoutExpired:
        return "%s: timed out" % name
    err = p.stderr.decode("utf-8", "backslashreplace")
    problems = []
    if p.returncode != 2:
        problems.append("exit status %d%s" % (
            p.returncode, " (a crash)" if p.returncode < 0 else ""))
    if p.stdout:
        problems.append("stdout %r" % p.stdout[:120])
    if err.count("\n") != 1 or not err.endswith("\n"):
        problems.append("%d lines on stderr" % err.count("\n"))
    if not err.startswith("retrylint: error: "):
        problems.append("stderr does not start with 'retrylint: error: '")
    if problems:
        return "%s: %s; args %r; stderr %r" % (
            name, ", ".join(problems), [a[:80] for a in argv][:4], err[:300])
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--retrylint", required=True)
    ap.add_argument("--inputs", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--min", type=int, default=200,
                    help="fail when fewer inputs are generated")
    ap.add_argument("flags", nargs="*")
    args = ap.parse_args()
    # Each case runs in its own directory.
    args.retrylint = os.path.abspath(args.retrylint)
    args.inputs = os.path.abspath(args.inputs)
    args.work = os.path.abspath(args.work)
    if os.path.exists(args.work):
        shutil.rmtree(args.work)
    os.makedirs(args.work)
    rng = random.Random(SEED)
    cases = Cases(args.work, args.inputs, args.flags)

    git_repo = None
    if shutil.which("git"):
        git_repo = os.path.join(args.work, "repo")
        os.makedirs(git_repo)
        cases.source(git_repo)
        env = dict(os.environ, GIT_CONFIG_NOSYSTEM="1",
                   GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.invalid",
                   GIT_COMMITTER_NAME="t",
                   GIT_COMMITTER_EMAIL="t@example.invalid")
        for cmd in (["git", "init", "-q"], ["git", "add", "bad.cpp"],
                    ["git", "commit", "-q", "-m", "base"]):
            subprocess.run(cmd, cwd=git_repo, env=env, check=True)

    cases.usage()
    cases.compile_dbs(rng)
    cases.configs(rng)
    cases.baselines(rng)
    cases.facts(rng)
    cases.diffs(rng, git_repo)

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(lambda c: run_case(args.retrylint, c),
                                cases.list))
    failures = [r for r in results if r]
    if len(cases.list) < args.min:
        failures.append("only %d inputs (at least %d wanted)" %
                        (len(cases.list), args.min))
    if git_repo:
        left = sorted(set(os.listdir(git_repo)) - {".git", "bad.cpp"})
        if left:
            failures.append("git repository: files left behind: %r" % left)
    for f in failures:
        print("FAIL " + f)
    kinds = {}
    for name, _, _, _ in cases.list:
        kind = name.split("-", 1)[1]
        kinds[kind] = kinds.get(kind, 0) + 1
    print("fuzz: %d inputs (%s): %d failed" % (
        len(cases.list),
        ", ".join("%s %d" % kv for kv in sorted(kinds.items())),
        len(failures)))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
