#!/usr/bin/env python3
"""Writes a checker test with two chains of plain calls between a retry
loop and the retry loop it reaches: one SHORT calls deep, found, and one
DEEP calls deep, past the walk's bound, which stays silent (unknown).

  deep_chain.py SHORT DEEP > test.cpp
"""
import sys


def chain(name, depth, out):
    out.append("bool %s_0(httplib::Client &cli) {" % name)
    out.append("  for (int i = 0; i < 3; ++i)")
    out.append("    if (cli.Get(\"/status\"))")
    out.append("      return true;")
    out.append("  return false;")
    out.append("}")
    for i in range(1, depth + 1):
        out.append("bool %s_%d(httplib::Client &cli) { return %s_%d(cli); }"
                   % (name, i, name, i - 1))


def main():
    short, deep = int(sys.argv[1]), int(sys.argv[2])
    out = ["#include <httplib.h>"]
    chain("near", short, out)
    chain("far", deep, out)
    out.append("void near_bad(httplib::Client &cli) {")
    out.append("  for (int i = 0; i < 3; ++i)")
    out.append("    // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: retry loop (3 attempts)"
               " calls 'near_%d' which calls {{.*}}up to 9 requests per call"
               " [retry-nested-layers]" % short)
    out.append("    if (near_%d(cli))" % short)
    out.append("      return;")
    out.append("}")
    out.append("// FIXME: past the walk's depth bound the inner layer is unknown.")
    out.append("void far_FN(httplib::Client &cli) {")
    out.append("  for (int i = 0; i < 3; ++i)")
    out.append("    if (far_%d(cli))" % deep)
    out.append("      return;")
    out.append("}")
    print("\n".join(out))


if __name__ == "__main__":
    main()
