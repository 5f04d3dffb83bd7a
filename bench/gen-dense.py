#!/usr/bin/env python3
"""Writes a C++ file of about SIZE bytes dense with retry findings: each
block has a per-attempt idempotency key, and an unbounded, unkeyed POST retry
with no wait (budget, backoff and side-effect findings, each with notes).
Compiles against the fake library headers of the checker tests.

  gen-dense.py SIZE OUT       SIZE in bytes, or with a K/M suffix
"""
import sys

HEAD = """#include <httplib.h>
#include <uuid/uuid.h>
#include <string>

std::string new_uuid() {
  uuid_t u;
  uuid_generate_random(u);
  char buf[37];
  uuid_unparse_lower(u, buf);
  return buf;
}
"""

BLOCK = """
void charge_bad_{n}(httplib::Client &cli) {{
  for (int attempt = 0; attempt < 3; ++attempt) {{
    httplib::Headers h = {{{{"Idempotency-Key", new_uuid()}}}};
    if (cli.Post("/charges/{n}", h, "{{}}", "application/json"))
      return;
  }}
}}

void submit_bad_{n}(httplib::Client &cli) {{
  while (true) {{
    if (cli.Post("/jobs/{n}", "{{}}", "application/json"))
      return;
  }}
}}
"""


def size_arg(s):
    mult = {"K": 1024, "M": 1024 * 1024}.get(s[-1].upper(), 1)
    return int(s[:-1] if mult > 1 else s) * mult


def main():
    size, out = size_arg(sys.argv[1]), sys.argv[2]
    parts, total, n = [HEAD], len(HEAD), 0
    while total < size:
        b = BLOCK.format(n=n)
        parts.append(b)
        total += len(b)
        n += 1
    with open(out, "w") as f:
        f.write("".join(parts))


if __name__ == "__main__":
    main()
