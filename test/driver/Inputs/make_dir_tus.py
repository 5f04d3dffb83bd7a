#!/usr/bin/env python3
"""Writes N translation units, each in its own directory OUT/dI with a header
inc/h.h that only it has, and OUT/build/compile_commands.json compiling each
in its directory with a relative file name and the relative include path
"inc".

  make_dir_tus.py OUT N -- <compiler args>
"""
import json
import os
import sys


def main():
    argv = sys.argv[1:]
    i = argv.index("--")
    (out, n), flags = argv[:i], argv[i + 1:]
    db = []
    for k in range(int(n)):
        d = os.path.join(out, "d%d" % k)
        os.makedirs(os.path.join(d, "inc"), exist_ok=True)
        with open(os.path.join(d, "inc", "h.h"), "w") as f:
            f.write("void f%d();\n" % k)
        with open(os.path.join(d, "src.cpp"), "w") as f:
            f.write('#include "h.h"\nvoid g%d() { f%d(); }\n' % (k, k))
        db.append({"directory": d, "file": "src.cpp",
                   "arguments": ["clang++", "-Iinc"] + flags + ["-c", "src.cpp"]})
    os.makedirs(os.path.join(out, "build"), exist_ok=True)
    with open(os.path.join(out, "build", "compile_commands.json"), "w") as f:
        json.dump(db, f, indent=1)


if __name__ == "__main__":
    main()
