#!/usr/bin/env python3
"""Generates a project of tiny translation units with cross-TU retry layers.

  gen-project.py OUT [--units N] [--groups G] [-- <compiler args>]

Writes OUT/src/u<i>.cpp, OUT/src/group<g>.h and OUT/build/compile_commands.json.
Units come in pairs: u<2k> defines post_<k>, a retry loop around a gRPC call;
u<2k+1> defines charge_<k>, a retry loop calling post_<k>, so with --cross-tu
retry-nested-layers reports one finding per pair, across translation units.
Unit i includes group<i % G>.h (the declarations of its group's pairs), so a
change to one group header re-analyzes exactly that group's units.

The compiler arguments default to the checker tests' fake library headers
(no real standard library): each unit analyzes in a few milliseconds.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FAKE = os.path.join(os.path.dirname(HERE), "test", "checkers", "retry",
                    "Inputs", "Headers")

POST = """#include "group{g}.h"

grpc::Status post_{k}(payments::Payments::Stub &stub,
                      const payments::ChargeRequest &req) {{
  grpc::Status s;
  for (int i = 0; i < 3; ++i) {{
    grpc::ClientContext ctx;
    payments::ChargeReply reply;
    s = stub.CreateCharge(&ctx, req, &reply);
    if (s.ok() || s.error_code() != grpc::StatusCode::UNAVAILABLE)
      return s;
  }}
  return s;
}}
"""

CHARGE = """#include "group{g}.h"

grpc::Status charge_{k}(payments::Payments::Stub &stub,
                        const payments::ChargeRequest &req) {{
  grpc::Status s;
  for (int i = 0; i < 3; ++i) {{
    s = post_{k}(stub, req);
    if (s.ok())
      return s;
  }}
  return s;
}}
"""


def main():
    argv = sys.argv[1:]
    flags = ["-std=c++17", "-nostdinc++", "-I" + FAKE]
    if "--" in argv:
        i = argv.index("--")
        argv, flags = argv[:i], argv[i + 1:]
    if not argv:
        sys.exit(__doc__)
    out = os.path.abspath(argv[0])
    units, groups = 200, 10
    rest = argv[1:]
    while rest:
        a = rest.pop(0)
        if a == "--units":
            units = int(rest.pop(0))
        elif a == "--groups":
            groups = int(rest.pop(0))
        else:
            sys.exit("gen-project.py: unknown argument " + a)
    src = os.path.join(out, "src")
    build = os.path.join(out, "build")
    os.makedirs(src, exist_ok=True)
    os.makedirs(build, exist_ok=True)
    decls = {g: [] for g in range(groups)}
    for i in range(units):
        k = i // 2
        g = i % groups
        body = (POST if i % 2 == 0 else CHARGE).format(g=g, k=k)
        with open(os.path.join(src, "u%d.cpp" % i), "w") as f:
            f.write(body)
        decls[g].append(k)
    for g in range(groups):
        with open(os.path.join(src, "group%d.h" % g), "w") as f:
            f.write("#pragma once\n#include <grpcpp/grpcpp.h>\n\n")
            for k in sorted(set(decls[g])):
                for fn in ("post", "charge"):
                    f.write("grpc::Status %s_%d(payments::Payments::Stub &,\n"
                            "    const payments::ChargeRequest &);\n" % (fn, k))
    entries = []
    for i in range(units):
        path = os.path.join(src, "u%d.cpp" % i)
        entries.append({"directory": build, "file": path,
                        "arguments": ["clang++"] + flags + ["-c", path]})
    with open(os.path.join(build, "compile_commands.json"), "w") as f:
        json.dump(entries, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
