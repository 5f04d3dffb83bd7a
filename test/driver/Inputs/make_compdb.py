#!/usr/bin/env python3
"""Writes <out-dir>/compile_commands.json for the given sources.

  make_compdb.py <out-dir> [--glob PATTERN]... [--pkg-config PKG]... \
                 [source...] -- <compiler args>

Paths are made absolute. --glob adds the files matching PATTERN (sorted);
--pkg-config appends `pkg-config --cflags PKG` when pkg-config knows PKG.
"""
import glob
import json
import os
import shlex
import subprocess
import sys


def main():
    argv = sys.argv[1:]
    flags = []
    if "--" in argv:
        i = argv.index("--")
        argv, flags = argv[:i], argv[i + 1:]
    out, rest = argv[0], argv[1:]
    sources, pkgs = [], []
    while rest:
        a = rest.pop(0)
        if a == "--glob":
            sources += sorted(glob.glob(rest.pop(0)))
        elif a == "--pkg-config":
            pkgs.append(rest.pop(0))
        else:
            sources.append(a)
    for pkg in pkgs:
        try:
            cflags = subprocess.run(["pkg-config", "--cflags", pkg],
                                    stdout=subprocess.PIPE, check=True,
                                    universal_newlines=True).stdout
        except (OSError, subprocess.CalledProcessError):
            continue
        flags += shlex.split(cflags)
    if not sources:
        sys.exit("make_compdb.py: no sources")
    os.makedirs(out, exist_ok=True)
    out = os.path.abspath(out)
    entries = []
    for src in sources:
        src = os.path.abspath(src)
        entries.append({"directory": out, "file": src,
                        "arguments": ["clang++"] + flags + ["-c", src]})
    with open(os.path.join(out, "compile_commands.json"), "w") as f:
        json.dump(entries, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
