#!/usr/bin/env python3
"""Runs the `retry-probe serve` command each check's page gives for
reproducing its failure against the user's own code.

  doc_serve_lines.py RETRY_PROBE DOCS_CHECKS_DIR WORKDIR

Every page but list.md must have exactly one paragraph that starts with
"**On your own code:**" and names a `retry-probe serve ...` command in
backticks. The command is started as written (the ledger moved into
WORKDIR), must print its "listening on" line within 30 s, and is stopped
with SIGTERM. Prints one line per page: the page and serve's description of
the store and faults, or what is wrong.
"""
import os
import re
import shlex
import subprocess
import sys
import time

probe, docs, work = sys.argv[1:4]
os.makedirs(work, exist_ok=True)
bad = 0
for page in sorted(os.listdir(docs)):
    if not page.endswith(".md") or page == "list.md":
        continue
    name = page[:-3]
    paras = [l for l in open(os.path.join(docs, page)).read().split("\n")
             if l.startswith("**On your own code:**")]
    cmds = [c for p in paras for c in re.findall(r"`(retry-probe serve [^`]*)`", p)]
    if len(paras) != 1 or not cmds:
        print(f"{name}: MISSING 'On your own code' paragraph with a serve command"
              f" ({len(paras)} paragraphs)")
        bad += 1
        continue
    args = shlex.split(cmds[0])[2:]
    ledger = os.path.join(work, name + ".jsonl")
    for i, a in enumerate(args):
        if a == "--ledger" and i + 1 < len(args):
            args[i + 1] = ledger
        if a.startswith("--store") and i + 1 < len(args) and args[i + 1].startswith("durable:"):
            args[i + 1] = "durable:" + os.path.join(work, name + ".sqlite")
    out_path = os.path.join(work, name + ".out")
    with open(out_path, "w") as out:
        srv = subprocess.Popen([probe, "serve", "--port", "0"] + args,
                               stdout=out, stderr=subprocess.STDOUT)
    line = None
    deadline = time.time() + 30
    while time.time() < deadline and line is None and srv.poll() is None:
        m = re.search(r"listening on \S+ \((.*)\)", open(out_path).read())
        line = m.group(1) if m else None
        time.sleep(0.02)
    if srv.poll() is None:
        srv.terminate()
        srv.wait(timeout=30)
    if line is None:
        print(f"{name}: serve did not start: {open(out_path).read().strip()}")
        bad += 1
        continue
    print(f"{name}: {re.sub(re.escape(work), 'WORK', line)}")
print(f"{bad} page(s) without a working serve command")
sys.exit(1 if bad else 0)
