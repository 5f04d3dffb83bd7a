#!/usr/bin/env python3
"""Prints retrylint --format=json output as clang-tidy's diagnostic lines
(`file:line:col: level: message [check]`, then its notes), or, with --text,
keeps only those lines from clang-tidy's text output, so the two frontends'
reports can be diffed."""
import json
import re
import sys

DIAG = re.compile(r"^\S.*?:\d+:\d+: (warning|error|note): ")

if sys.argv[1] == "--text":
    with open(sys.argv[2], errors="replace") as f:
        for line in f:
            if DIAG.match(line):
                print(line.rstrip("\n"))
else:
    with open(sys.argv[1]) as f:
        doc = json.load(f)
    for x in doc["findings"]:
        print("%s:%d:%d: %s: %s [%s]" % (x["file"], x["line"], x["column"],
                                         x["level"], x["message"], x["check"]))
        for n in x["notes"]:
            print("%s:%d:%d: note: %s" % (n["file"], n["line"], n["column"],
                                          n["message"]))
