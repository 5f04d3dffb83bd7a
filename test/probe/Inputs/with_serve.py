#!/usr/bin/env python3
"""Runs a client against `retry-probe serve` and prints what the ledger says.

  with_serve.py RETRY_PROBE WORKDIR INTENTS [serve options...] -- CLIENT...

Starts serve (port 0, --ledger WORKDIR/ledger.jsonl), waits for its
"listening on" line, runs CLIENT with {url} replaced by the service's base
URL, stops serve with SIGTERM and prints serve's output, the client's exit
code and the reading of the ledger (retry-probe classify over the ledger,
INTENTS = comma-separated intents the client meant to charge). Every wait is
bounded.
"""
import json
import os
import re
import subprocess
import sys
import time

probe, work, intents = sys.argv[1:4]
rest = sys.argv[4:]
sep = rest.index("--")
serve_opts, client = rest[:sep], rest[sep + 1:]
os.makedirs(work, exist_ok=True)
ledger = os.path.join(work, "ledger.jsonl")
if os.path.exists(ledger):
    os.remove(ledger)
out_path = os.path.join(work, "serve.out")
out = open(out_path, "w")
srv = subprocess.Popen([probe, "serve", "--ledger", ledger] + serve_opts,
                       stdout=out, stderr=subprocess.STDOUT)
url = None
deadline = time.time() + 30
while time.time() < deadline and url is None and srv.poll() is None:
    m = re.search(r"listening on (http://\S+)", open(out_path).read())
    url = m.group(1) if m else None
    time.sleep(0.02)
if url is None:
    srv.kill()
    print("serve did not start:", open(out_path).read().strip())
    sys.exit(1)
try:
    c = subprocess.run([a.replace("{url}", url) for a in client],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       timeout=120)
    client_rc, client_out = c.returncode, c.stdout.decode(errors="replace")
finally:
    srv.terminate()
    srv.wait(timeout=30)
print(re.sub(r"127\.0\.0\.1:\d+", "127.0.0.1:PORT", open(out_path).read()).strip())
print("serve exit", srv.returncode)
print("client exit", client_rc)
if os.environ.get("SHOW_CLIENT"):
    print(client_out.strip())
lines = open(ledger).read().splitlines() if os.path.exists(ledger) else []
n_post = int(re.search(r"after (\d+) POST", open(out_path).read()).group(1))
reading = [{"scenario": "ledger", "requests": n_post,
            "claim": {"requests": n_post, "committed": len(set(intents.split(","))),
                      "distinct_intents": len(set(intents.split(","))),
                      "duplicates": 0, "lost": 0},
            "expected_intents": intents.split(","),
            "ledger_file": "ledger.jsonl"}]
rpath = os.path.join(work, "reading.json")
json.dump(reading, open(rpath, "w"))
r = subprocess.run([probe, "classify", "--input", rpath], stdout=subprocess.PIPE,
                   stderr=subprocess.STDOUT, timeout=60)
print(r.stdout.decode().strip())
print("classify exit", r.returncode)
# serve's request records, one line each in arrival order.
recs = sorted((json.loads(l) for l in lines if '"event":"request"' in l),
              key=lambda r: r["seq"])
for r in recs:
    print("request", r["seq"], r["method"], r["status"], "fault=" + r["fault"],
          "charged" if r["charged"] else ("replay" if r["replay"] else "-"),
          "key=" + ("set" if r["idempotency_key"] else "none"))
