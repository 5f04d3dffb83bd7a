#!/usr/bin/env python3
"""Generates the stress inputs: shapes of real code that once made the
checks recurse without end, or that grow a walk past any bound.

  gen_stress.py OUTDIR

Writes into OUTDIR:
  mutual.cpp    50 retrying functions, each retrying the next, in a ring
  deep.cpp      a retry loop reaching another through 500 plain calls
  switch.cpp    a retry loop deciding on a 5,000-case switch
  nested.cpp    200 nested retry loops, one inside the other
  big.cpp       a 5 MB function (100,000 statements) ending in a retry loop
  deepexpr.cpp  a retry loop around a 20,000-operator expression (too deep
                for the model's walks: not analysed), then a shallow one
  ring_a.cpp ring_b.cpp ring_c.cpp
                a retry cycle across three translation units (their facts
                files import each other)
"""
import os
import sys

HEAD = "#include <httplib.h>\n"


def mutual(n):
    out = [HEAD]
    out += ["bool ring_%d(httplib::Client &cli, int hops);" % i for i in range(n)]
    for i in range(n):
        out.append("bool ring_%d(httplib::Client &cli, int hops) {" % i)
        out.append("  if (hops <= 0) return static_cast<bool>(cli.Get(\"/s\"));")
        out.append("  for (int i = 0; i < 2; ++i)")
        out.append("    if (ring_%d(cli, hops - 1)) return true;" % ((i + 1) % n))
        out.append("  return false;")
        out.append("}")
    return "\n".join(out) + "\n"


def deep(n):
    out = [HEAD, "bool hop_0(httplib::Client &cli) {",
           "  for (int i = 0; i < 3; ++i)",
           "    if (cli.Get(\"/s\")) return true;",
           "  return false;", "}"]
    for i in range(1, n + 1):
        out.append("bool hop_%d(httplib::Client &cli) { return hop_%d(cli); }"
                   % (i, i - 1))
    out += ["void entry(httplib::Client &cli) {",
            "  for (int i = 0; i < 3; ++i)",
            "    if (hop_%d(cli)) return;" % n, "}"]
    return "\n".join(out) + "\n"


def switch(n):
    out = [HEAD, "int classify(httplib::Client &cli) {",
           "  for (;;) {",
           "    auto res = cli.Get(\"/s\");",
           "    int code = res ? res->status : 0;",
           "    switch (code) {"]
    for c in range(n):
        out.append("    case %d:" % (1000 + c))
        out.append("      %s" % ("continue;" if c % 2 else "return %d;" % c))
    out += ["    default:", "      return code;", "    }", "  }", "}"]
    return "\n".join(out) + "\n"


def nested(n):
    out = [HEAD, "void nest(httplib::Client &cli) {"]
    for d in range(n):
        out.append("  " * (d + 1) + "for (int i%d = 0; i%d < 3; ++i%d) {" % (d, d, d))
    out.append("  " * (n + 1) + "if (cli.Post(\"/s\", \"\", \"text/plain\")) return;")
    for d in reversed(range(n)):
        out.append("  " * (d + 1) + "}")
    out.append("}")
    return "\n".join(out) + "\n"


def big(statements):
    out = [HEAD, "int big(httplib::Client &cli, int seed) {", "  int acc = seed;"]
    for i in range(statements):
        out.append("  acc = (acc * 31 + %d) ^ (acc >> 3); // filler statement %d" % (i, i))
    out += ["  while (!cli.Get(\"/ready\"))", "    acc += 1;", "  return acc;", "}"]
    return "\n".join(out) + "\n"


def deepexpr(n):
    return (HEAD + "void deep(httplib::Client &cli) {\n"
            "  while (!cli.Get(\"/r\")) {\n    int x = " + "+".join(["1"] * n) +
            ";\n    (void)x;\n  }\n}\n"
            "void shallow(httplib::Client &cli) {\n"
            "  while (!cli.Get(\"/s\"))\n    ;\n}\n")


def ring_tu(me, nxt):
    return (HEAD + "bool %s_send(httplib::Client &cli, int hops);\n" % nxt +
            "bool %s_send(httplib::Client &cli, int hops) {\n" % me +
            "  if (hops <= 0) return static_cast<bool>(cli.Get(\"/s\"));\n"
            "  for (int i = 0; i < 3; ++i)\n"
            "    if (%s_send(cli, hops - 1)) return true;\n" % nxt +
            "  return false;\n}\n")


def main():
    d = sys.argv[1]
    os.makedirs(d, exist_ok=True)
    files = {
        "mutual.cpp": mutual(50),
        "deep.cpp": deep(500),
        "switch.cpp": switch(5000),
        "nested.cpp": nested(200),
        "big.cpp": big(100000),
        "deepexpr.cpp": deepexpr(20000),
        "ring_a.cpp": ring_tu("a", "b"),
        "ring_b.cpp": ring_tu("b", "c"),
        "ring_c.cpp": ring_tu("c", "a"),
    }
    for name, text in files.items():
        with open(os.path.join(d, name), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
