#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Score retrylint on a directory of labelled cases (test/realcode, test/corpus).

Each case is one .c/.cpp file whose header comments say what must and must
not be reported:

  // corpus: origin github:owner/name path/in/repo.cpp Function  (or: written)
  // corpus: expect CHECK...            must report in this file
  // corpus: negative CHECK...          a tricky near-miss: must stay silent
  // corpus: fixme-fn CHECK FIXME: why  expected, known missed today (an FN)
  // corpus: fixme-fp CHECK FIXME: why  known wrong finding today (an FP)
  // corpus: flags ARG...               extra compiler arguments
  // corpus: real-headers               Debian's headers, not the fake ones

retrylint runs once over every case (a compile_commands.json in a temporary
directory, --format=json). Per check: reported = at least one finding in the
case's own file; TP = expected and reported, FN = expected and not reported,
FP = reported and not expected. Every check not expected must be silent.

Exit status: 0 all cases as labelled; 1 a regression (an expected check not
reported, an unexpected one reported without fixme-fp, a compile error), a
fixme that flipped (the marker to change is printed), or a check below
--min-precision/--min-recall; 2 bad input (a malformed case, no retrylint).
"""

import argparse
import fnmatch
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

SRC_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FAKE_HEADERS = os.path.join(SRC_ROOT, "test", "checkers", "retry", "Inputs",
                            "Headers")
DIRECTIVE = re.compile(r"^\s*//\s*corpus:\s*(\S+)\s*(.*?)\s*$")
CHECK_LISTS = ("expect", "negative")
FIXMES = ("fixme-fn", "fixme-fp")


class BadInput(Exception):
    pass


class Case:
    def __init__(self, path):
        self.path = path
        self.origin = None
        self.expect = {}  # check -> line
        self.negative = {}
        self.fixme_fn = {}  # check -> (line, reason)
        self.fixme_fp = {}
        self.flags = []
        self.real_headers = False
        self.is_c = path.endswith(".c")

    def expected(self):
        return set(self.expect) | set(self.fixme_fn)


def parse_case(path, known_checks):
    case = Case(path)
    errors = []

    def err(line, msg):
        errors.append("%s:%d: %s" % (path, line, msg))

    def check_name(line, name):
        if name not in known_checks:
            err(line, "unknown check '%s'" % name)
            return False
        return True

    with open(path, encoding="utf-8") as f:
        for no, text in enumerate(f, 1):
            m = DIRECTIVE.match(text)
            if not m:
                continue
            kind, rest = m.group(1), m.group(2)
            if kind == "origin":
                if case.origin is not None:
                    err(no, "second origin line")
                elif rest == "written" or re.match(
                        r"^github:[\w.-]+/[\w.-]+ \S+", rest):
                    case.origin = rest
                else:
                    err(no, "origin must be 'written' or "
                        "'github:owner/name path/in/repo [Function]'")
            elif kind in CHECK_LISTS:
                names = rest.split()
                if not names:
                    err(no, "'%s' names no check" % kind)
                for name in names:
                    if check_name(no, name):
                        getattr(case, kind)[name] = no
            elif kind in FIXMES:
                parts = rest.split(None, 1)
                if len(parts) < 2 or not parts[1].startswith("FIXME:") or \
                        not parts[1][len("FIXME:"):].strip():
                    err(no, "'%s' needs one check and 'FIXME: <why>'" % kind)
                    continue
                if check_name(no, parts[0]):
                    target = case.fixme_fn if kind == "fixme-fn" else case.fixme_fp
                    target[parts[0]] = (no, parts[1])
            elif kind == "flags":
                try:
                    case.flags += shlex.split(rest)
                except ValueError as e:
                    err(no, "flags: %s" % e)
            elif kind == "real-headers":
                if rest:
                    err(no, "real-headers takes no argument")
                case.real_headers = True
            else:
                err(no, "unknown directive 'corpus: %s'" % kind)
    if case.origin is None:
        err(1, "no '// corpus: origin' line")
    if not (case.expect or case.negative or case.fixme_fn or case.fixme_fp):
        err(1, "no '// corpus: expect' or '// corpus: negative' line")
    both = lambda a, b: sorted(set(a) & set(b))
    for name in both(case.expect, case.negative):
        err(case.negative[name], "%s is both expected and negative" % name)
    for name in both(case.expect, case.fixme_fn):
        err(case.fixme_fn[name][0],
            "%s is in expect and fixme-fn; fixme-fn alone marks it expected" % name)
    for name in both(case.expected(), case.fixme_fp):
        err(case.fixme_fp[name][0], "%s is expected and fixme-fp" % name)
    if errors:
        raise BadInput("\n".join(errors))
    return case


def find_cases(directory):
    cases = []
    for root, dirs, files in os.walk(directory):
        dirs[:] = sorted(d for d in dirs if d != "Inputs")
        for name in sorted(files):
            if name.endswith((".c", ".cpp")):
                cases.append(os.path.join(root, name))
    return cases


def compile_command(case, headers):
    args = ["clang" if case.is_c else "clang++",
            "-std=c11" if case.is_c else "-std=c++17"]
    if not case.real_headers:
        args += ["-I", headers]
    args += case.flags + ["-c", case.path]
    return {"directory": os.path.dirname(case.path), "file": case.path,
            "arguments": args}


def list_checks(retrylint):
    try:
        out = subprocess.run([retrylint, "--checks=retry-*", "--list-checks"],
                             capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        raise BadInput("cannot run %s --list-checks: %s" % (retrylint, e))
    checks = sorted(set(re.findall(r"\bretry-[a-z-]+\b", out)))
    if not checks:
        raise BadInput("%s --list-checks lists no retry-* check" % retrylint)
    return checks


def run_retrylint(retrylint, cases, headers, jobs):
    """{realpath of a case: set of checks reported}, {realpath: [compile
    error]}, [compile errors outside the cases]."""
    with tempfile.TemporaryDirectory(prefix="score-corpus-") as tmp:
        with open(os.path.join(tmp, "compile_commands.json"), "w") as f:
            json.dump([compile_command(c, headers) for c in cases], f, indent=1)
        env = dict(os.environ, CLANG_NO_DEFAULT_CONFIG="1")
        # The default configuration, whatever .clang-tidy sits above the cases.
        cmd = [retrylint, "-p", tmp, "--format=json", "--quiet",
               "--config={Checks: 'retry-*'}", "-j", str(jobs)]
        proc = subprocess.run(cmd + [c.path for c in cases], env=env,
                              capture_output=True, text=True)
    try:
        findings = json.loads(proc.stdout)["findings"]
    except (ValueError, KeyError):
        raise BadInput("retrylint exited %d without JSON findings:\n%s" %
                       (proc.returncode, proc.stderr.strip()))
    by_real = {os.path.realpath(c.path): c.path for c in cases}
    reported, compile_errors, elsewhere = {}, {}, []
    for f in findings:
        path = by_real.get(os.path.realpath(f["file"])) if f["file"] else None
        where = "%s:%s:%s" % (f["file"], f["line"], f["column"])
        if f["check"].startswith("retry-"):
            if path:
                reported.setdefault(path, set()).add(f["check"])
        elif f["level"] == "error":
            msg = "%s: %s [%s]" % (where, f["message"], f["check"])
            if path:
                compile_errors.setdefault(path, []).append(msg)
            else:
                elsewhere.append(msg)
    if proc.returncode not in (0, 1) and not compile_errors and not elsewhere:
        raise BadInput("retrylint exited %d:\n%s" % (proc.returncode,
                                                     proc.stderr.strip()))
    return reported, compile_errors, elsewhere


def ratio(num, den):
    return None if den == 0 else num / den


def score(cases, checks, reported, compile_errors, rel):
    table = {c: {"positives": 0, "negatives": 0, "tp": 0, "fp": 0, "fn": 0}
             for c in checks}
    misses, regressions, flips = [], [], []
    for case in cases:
        name = rel(case.path)
        got = reported.get(case.path, set())
        for err in compile_errors.get(case.path, []):
            regressions.append("%s: compile error: %s" % (name, err))
        for check in checks:
            row = table[check]
            expected = check in case.expected()
            found = check in got
            row["positives"] += expected
            row["negatives"] += check in case.negative
            if expected and found:
                row["tp"] += 1
                if check in case.fixme_fn:
                    line = case.fixme_fn[check][0]
                    flips.append("%s:%d: fixme-fn %s is now found: replace the "
                                 "line with '// corpus: expect %s'" %
                                 (name, line, check, check))
            elif expected:
                row["fn"] += 1
                fixme = case.fixme_fn.get(check)
                misses.append({"case": name, "check": check, "kind": "FN",
                               "fixme": fixme[1] if fixme else None})
                if not fixme:
                    regressions.append("%s:%d: %s expected but not reported" %
                                       (name, case.expect[check], check))
            elif found:
                row["fp"] += 1
                fixme = case.fixme_fp.get(check)
                misses.append({"case": name, "check": check, "kind": "FP",
                               "fixme": fixme[1] if fixme else None})
                if not fixme:
                    regressions.append("%s: %s reported but not expected%s" % (
                        name, check, " (marked negative)"
                        if check in case.negative else ""))
            elif check in case.fixme_fp:
                line = case.fixme_fp[check][0]
                flips.append("%s:%d: fixme-fp %s is now silent: replace the "
                             "line with '// corpus: negative %s'" %
                             (name, line, check, check))
    for row in table.values():
        row["precision"] = ratio(row["tp"], row["tp"] + row["fp"])
        row["recall"] = ratio(row["tp"], row["tp"] + row["fn"])
    total = {k: sum(r[k] for r in table.values())
             for k in ("positives", "negatives", "tp", "fp", "fn")}
    total["precision"] = ratio(total["tp"], total["tp"] + total["fp"])
    total["recall"] = ratio(total["tp"], total["tp"] + total["fn"])
    return table, total, misses, regressions, flips


def fmt(x):
    return "-" if x is None else "%.2f" % x


def print_table(out, table, total):
    head = ("check", "positives", "negatives", "TP", "FP", "FN", "precision",
            "recall")
    rows = [(c, r["positives"], r["negatives"], r["tp"], r["fp"], r["fn"],
             fmt(r["precision"]), fmt(r["recall"])) for c, r in table.items()]
    rows.append(("total", total["positives"], total["negatives"], total["tp"],
                 total["fp"], total["fn"], fmt(total["precision"]),
                 fmt(total["recall"])))
    widths = [max(len(str(row[i])) for row in rows + [head])
              for i in range(len(head))]
    for row in [head] + rows:
        out.write("  ".join(str(v).ljust(w) if i == 0 else str(v).rjust(w)
                            for i, (v, w) in enumerate(zip(row, widths))).rstrip()
                  + "\n")


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("directory", help="directory of cases (searched recursively)")
    ap.add_argument("--retrylint", default="retrylint", help="retrylint binary")
    ap.add_argument("--headers", default=FAKE_HEADERS,
                    help="fake library headers (default: %(default)s)")
    ap.add_argument("--checks", default="retry-*",
                    help="comma-separated globs of the checks to score")
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1,
                    help="translation units analyzed in parallel")
    ap.add_argument("--json", metavar="FILE",
                    help="also write the scores as JSON ('-' for stdout)")
    ap.add_argument("--min-precision", type=float, default=0.0,
                    help="fail when a check that reports is below this")
    ap.add_argument("--min-recall", type=float, default=0.0,
                    help="fail when a check with positives is below this")
    args = ap.parse_args(argv)

    if not os.path.isdir(args.directory):
        print("score_corpus: error: no directory %s" % args.directory,
              file=sys.stderr)
        return 2
    directory = os.path.abspath(args.directory)
    rel = lambda p: os.path.relpath(p, SRC_ROOT) \
        if os.path.commonpath([p, SRC_ROOT]) == SRC_ROOT else p
    try:
        all_checks = list_checks(args.retrylint)
        globs = [g.strip() for g in args.checks.split(",") if g.strip()]
        checks = [c for c in all_checks
                  if any(fnmatch.fnmatchcase(c, g) for g in globs)]
        if not checks:
            raise BadInput("--checks %s selects no check" % args.checks)
        paths = find_cases(directory)
        if not paths:
            raise BadInput("no .c or .cpp case in %s" % args.directory)
        cases, errors = [], []
        for p in paths:
            try:
                cases.append(parse_case(p, set(all_checks)))
            except BadInput as e:
                errors.append(str(e))
        if errors:
            raise BadInput("\n".join(errors))
        reported, compile_errors, elsewhere = run_retrylint(
            args.retrylint, cases, args.headers, max(1, args.j))
    except BadInput as e:
        print("score_corpus: error: %s" % e, file=sys.stderr)
        return 2

    table, total, misses, regressions, flips = score(
        cases, checks, reported, compile_errors, rel)
    regressions += ["compile error outside the cases: %s" % e for e in elsewhere]
    floors = []
    for check, row in table.items():
        if row["precision"] is not None and row["precision"] < args.min_precision:
            floors.append("%s: precision %.2f below %.2f" %
                          (check, row["precision"], args.min_precision))
        if row["recall"] is not None and row["recall"] < args.min_recall:
            floors.append("%s: recall %.2f below %.2f" %
                          (check, row["recall"], args.min_recall))

    # With --json=- the JSON owns stdout; the report goes to stderr.
    out = sys.stderr if args.json == "-" else sys.stdout
    out.write("%s: %d cases\n" % (rel(directory), len(cases)))
    print_table(out, table, total)
    if misses:
        out.write("\nmisses:\n")
        for m in misses:
            out.write("  %s %s %s%s\n" % (m["kind"], m["check"], m["case"],
                                         "  (%s)" % m["fixme"] if m["fixme"]
                                         else "  (REGRESSION)"))
    for title, items in (("regressions", regressions),
                         ("fixme markers to update", flips),
                         ("below the floor", floors)):
        if items:
            out.write("\n%s:\n" % title)
            for item in items:
                out.write("  %s\n" % item)
    failed = bool(regressions or flips or floors)
    out.write("\n%s\n" % ("FAIL" if failed else "PASS"))

    if args.json:
        doc = {"directory": rel(directory), "cases": len(cases),
               "checks": table, "total": total, "misses": misses,
               "regressions": regressions, "flips": flips, "floors": floors,
               "pass": not failed}
        text = json.dumps(doc, indent=2, sort_keys=True) + "\n"
        if args.json == "-":
            sys.stdout.write(text)
        else:
            with open(args.json, "w") as f:
                f.write(text)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
