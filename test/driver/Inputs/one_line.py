#!/usr/bin/env python3
"""Runs a command that must fail with a usage, configuration or input error.

  one_line.py [--stdin FILE] [--escapes] -- <command...>

--escapes decodes backslash escapes (\\n, \\xff) in the command's arguments,
for arguments a lit RUN line cannot spell.

Prints the command's stderr, then `exit=<status>`. Fails (exit 1, saying why)
when stderr is not exactly one line or stdout is not empty: the driver's
error contract is one `retrylint: error: ...` line and nothing else.
"""
import codecs
import os
import subprocess
import sys


def main():
    argv = sys.argv[1:]
    stdin = subprocess.DEVNULL
    escapes = False
    while argv and argv[0] != "--":
        opt = argv.pop(0)
        if opt == "--stdin":
            stdin = open(argv.pop(0), "rb")
        elif opt == "--escapes":
            escapes = True
        else:
            sys.exit("one_line.py: unknown option " + opt)
    cmd = argv[1:]
    if escapes:
        # Through latin-1, so \\xff stays the single byte 0xff.
        cmd = [os.fsdecode(codecs.decode(a, "unicode_escape").encode("latin-1"))
               for a in cmd]
    p = subprocess.run(cmd, stdin=stdin, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    err = p.stderr.decode("utf-8", "backslashreplace")
    sys.stdout.write(err)
    print("exit=%d" % p.returncode)
    problems = []
    if p.stdout:
        problems.append("stdout not empty: %r" % p.stdout[:200])
    if err.count("\n") != 1 or not err.endswith("\n"):
        problems.append("stderr is not exactly one line")
    if problems:
        sys.exit("one_line.py: " + "; ".join(problems))


if __name__ == "__main__":
    main()
