#!/usr/bin/env python3
"""Prints the baseline fingerprint retrylint must store for a finding, computed
here independently from the raw bytes (docs/integrations.md#baselines-fail-
only-on-new-findings):

  fingerprint.py CHECK PATH SOURCE-FILE LINE [OCCURRENCE]

FNV-1a, 64 bits, over CHECK, NUL, PATH (relative to the baseline's
directory, '/'-separated), NUL, and the bytes of line LINE of SOURCE-FILE with
leading and trailing white space dropped and inner runs made one space; as
16 lowercase hex digits. No decoding anywhere: a Latin-1 or invalid UTF-8
line has the same fingerprint on every run and platform. With OCCURRENCE
(the index among identical lines), the SARIF partialFingerprints value:
the same bytes, NUL, and the index in decimal.
"""
import sys


def normalize(line):
    out = bytearray()
    space = False
    for b in line:
        if b in b" \t\r\v\f":
            space = len(out) > 0
            continue
        if space:
            out += b" "
        space = False
        out.append(b)
    return bytes(out)


def fnv1a(data, h=0xcbf29ce484222325):
    for b in data:
        h ^= b
        h = (h * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def main():
    check, path, source, line = sys.argv[1:5]
    occurrence = sys.argv[5] if len(sys.argv) > 5 else None
    with open(source, "rb") as f:
        text = f.read().split(b"\n")[int(line) - 1]
    data = check.encode() + b"\0" + path.encode("utf-8", "surrogateescape") \
        + b"\0" + normalize(text)
    if occurrence is not None:
        data += b"\0" + occurrence.encode()
    print("%016x" % fnv1a(data))


if __name__ == "__main__":
    main()
