#!/usr/bin/env python3
"""Validates retrylint --format=json output and prints a one-line summary:
version=V findings=N notes=M. Exits 1 (with the reason) on any deviation:
extra or missing keys, wrong types, non-positive lines/columns."""
import json
import sys

FINDING = {"check": str, "level": str, "file": str, "line": int,
           "column": int, "message": str, "notes": list}
NOTE = {"file": str, "line": int, "column": int, "message": str}


def fail(msg):
    print("json_shape: " + msg)
    sys.exit(1)


def expect(obj, keys, where):
    if not isinstance(obj, dict):
        fail("%s is not an object" % where)
    if set(obj) != set(keys):
        fail("%s keys %s, expected %s" % (where, sorted(obj), sorted(keys)))
    for k, t in keys.items():
        if not isinstance(obj[k], t) or (t is int and isinstance(obj[k], bool)):
            fail("%s.%s is %r, expected %s" % (where, k, obj[k], t.__name__))
        if t is int and obj[k] < 1:
            fail("%s.%s is %d, expected >= 1" % (where, k, obj[k]))
        if t is str and not obj[k]:
            fail("%s.%s is empty" % (where, k))


with open(sys.argv[1]) as f:
    doc = json.load(f)
expect(doc, {"version": int, "findings": list}, "document")
if doc["version"] != 1:
    fail("version is %r" % doc["version"])
notes = 0
for i, x in enumerate(doc["findings"]):
    expect(x, FINDING, "findings[%d]" % i)
    if x["level"] not in ("warning", "error"):
        fail("findings[%d].level is %r" % (i, x["level"]))
    for j, n in enumerate(x["notes"]):
        expect(n, NOTE, "findings[%d].notes[%d]" % (i, j))
        notes += 1
print("version=%d findings=%d notes=%d" % (doc["version"], len(doc["findings"]), notes))
