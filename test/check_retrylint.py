#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Runs a retry-* check over a test file through every frontend and FileChecks
the output, in the style of clang-tidy's check_clang_tidy.py.

  check_retrylint.py [options] <input> <check> <temp> [-- <tidy args> [-- <clang args>]]

Options: -check-suffix=S / -check-suffixes=A,B (prefixes CHECK-MESSAGES-S ...),
-std=c++17 (or c++17-or-later: every standard from there), -frontend=driver,plugin.
The tool paths come from --retrylint, --plugin, --clang-tidy (set by lit).

CHECK-MESSAGES: warnings/errors; anything unexpected fails.
CHECK-NOTES:    warnings, errors and notes; anything unexpected fails.
CHECK-FIXES:    the file after applying fixes (clang-tidy --fix and retrylint --fix), full lines.
With none of them, the check must print no diagnostics at all.
"""
import argparse
import os
import re
import subprocess
import sys

STANDARDS = ["c++17", "c++20", "c++23"]
C_STANDARDS = ["c99", "c11", "c17", "c23"]


def expand_std(std):
    if std.endswith("-or-later"):
        base = std[: -len("-or-later")]
        family = C_STANDARDS if base in C_STANDARDS else STANDARDS
        return family[family.index(base):]
    return [std]


def run(cmd, fail_on_status=True):
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True)
    # 0: clean, 1: findings (retrylint); anything else is a tool failure.
    if fail_on_status and proc.returncode not in (0, 1):
        sys.exit("command failed (%d): %s\n%s" % (proc.returncode, " ".join(cmd),
                                                   proc.stdout))
    return proc.stdout


def filecheck(text, input_file, check_file, prefixes, implicit_not, extra=()):
    with open(input_file, "w") as f:
        f.write(text)
    cmd = ["FileCheck", "-input-file=" + input_file, check_file,
           "-check-prefixes=" + ",".join(prefixes)] + list(extra)
    for pat in implicit_not:
        cmd.append("-implicit-check-not=" + pat)
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True)
    if proc.returncode != 0:
        sys.exit("FileCheck failed:\n%s\n------ output was:\n%s" % (proc.stdout, text))


def main():
    argv = sys.argv[1:]
    extra_tidy, extra_clang = [], []
    if "--" in argv:
        i = argv.index("--")
        argv, rest = argv[:i], argv[i + 1:]
        if "--" in rest:
            j = rest.index("--")
            extra_tidy, extra_clang = rest[:j], rest[j + 1:]
        else:
            extra_tidy = rest
    p = argparse.ArgumentParser()
    p.add_argument("-check-suffix", "-check-suffixes", dest="suffixes", default="")
    p.add_argument("-std", default="c++17")
    p.add_argument("-frontend", default="driver,plugin")
    p.add_argument("--retrylint", required=True)
    p.add_argument("--plugin", required=True)
    p.add_argument("--clang-tidy", required=True)
    p.add_argument("input")
    p.add_argument("check")
    p.add_argument("temp")
    args = p.parse_args(argv)

    with open(args.input) as f:
        source = f.read()
    suffixes = [s for s in args.suffixes.split(",") if s] or [""]
    def prefixes(kind):
        return ["CHECK-%s%s" % (kind, "-" + s if s else "") for s in suffixes]
    msg_p, note_p, fix_p = prefixes("MESSAGES"), prefixes("NOTES"), prefixes("FIXES")
    has = lambda ps: any(re.search(r"\b%s:" % re.escape(x), source) for x in ps)
    has_msg, has_note, has_fix = has(msg_p), has(note_p), has(fix_p)
    if has_msg and has_note:
        sys.exit("use either CHECK-MESSAGES or CHECK-NOTES, not both")

    # Blank the CHECK comments but keep the lines, so [[@LINE]] stays right.
    clean = re.sub(r"//\s*CHECK-(MESSAGES|NOTES|FIXES)[\w-]*:.*", "//", source)
    base = args.temp
    os.makedirs(os.path.dirname(os.path.abspath(base)), exist_ok=True)
    check_file = base + ".checks"
    with open(check_file, "w") as f:
        f.write(source)

    tidy_args = list(extra_tidy)
    if not any(a.startswith("--config") or a.startswith("-config") for a in tidy_args):
        tidy_args.append("--config={}")
    frontends = {
        "driver": [args.retrylint],
        "plugin": [args.clang_tidy, "--load=" + args.plugin],
    }
    for std in expand_std(args.std):
        is_c = std in C_STANDARDS
        clang_args = ["-std=" + std] + ([] if is_c else ["-nostdinc++"]) + extra_clang
        for name in args.frontend.split(","):
            src = "%s.%s.%s.%s" % (base, name, std.replace("+", "x"),
                                   "c" if is_c else "cpp")
            with open(src, "w") as f:
                f.write(clean)
            cmd = frontends[name] + ["--checks=-*," + args.check, "--quiet",
                                     src] + tidy_args + ["--"] + clang_args
            out = run(cmd)
            # Keep only diagnostic lines; summaries differ between frontends.
            diags = "\n".join(l for l in out.splitlines()
                              if re.search(r"(warning|error|note):", l)) + "\n"
            tag = "%s.%s.%s" % (base, name, std)
            if has_note:
                filecheck(diags, tag + ".out", check_file, note_p,
                          ["{{note|warning|error}}:"])
            elif has_msg:
                filecheck(diags, tag + ".out", check_file, msg_p,
                          ["{{warning|error}}:"])
            elif re.search(r"(warning|error):", diags):
                sys.exit("[%s, %s] expected no diagnostics, got:\n%s" % (name, std, diags))
            # Both frontends apply the fixes (retrylint --fix as clang-tidy).
            if has_fix:
                fixcmd = frontends[name] + ["--checks=-*," + args.check, "--fix",
                                            "--quiet", src] + tidy_args + ["--"] + clang_args
                run(fixcmd)
                with open(src) as f:
                    fixed = f.read()
                filecheck(fixed, tag + ".fixed", check_file, fix_p, [],
                          ["-strict-whitespace", "-match-full-lines"])


if __name__ == "__main__":
    main()
