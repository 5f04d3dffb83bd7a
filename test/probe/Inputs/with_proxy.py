#!/usr/bin/env python3
"""Runs a client through `retry-probe proxy` in front of an upstream and
prints what the proxy's ledger and the upstream's own ledger say.

  with_proxy.py RETRY_PROBE WORKDIR INTENTS UPSTREAM [upstream options...] \
      -- [proxy options...] -- CLIENT...

UPSTREAM is `serve` (retry-probe serve, ledger WORKDIR/upstream.jsonl),
`python` (Inputs/charge_server.py, a service this project did not write,
same ledger file) or `down` (a port nothing listens on). Starts the
upstream and the proxy (port 0, --ledger WORKDIR/proxy.jsonl), runs CLIENT
with {url} replaced by the proxy's base URL (and {upstream} by the
upstream's, to go direct), stops both with SIGTERM, then
prints their output, the client's exit code, `retry-probe report` over the
proxy's ledger (INTENTS = comma-separated intended intents, written to
WORKDIR/intents.txt) and the reading of the upstream's ledger (`classify`).
Every wait is bounded.
"""
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
probe, work, intents, upstream = sys.argv[1:5]
rest = sys.argv[5:]
first = rest.index("--")
second = rest.index("--", first + 1)
up_opts, proxy_opts, client = rest[:first], rest[first + 1:second], rest[second + 1:]
os.makedirs(work, exist_ok=True)
up_ledger = os.path.join(work, "upstream.jsonl")
px_ledger = os.path.join(work, "proxy.jsonl")
for f in (up_ledger, px_ledger, up_ledger + ".requests"):
    if os.path.exists(f):
        os.remove(f)


def norm(text):
    return re.sub(r"127\.0\.0\.1:\d+", "127.0.0.1:PORT", text).strip()


def start(cmd, name, pattern):
    out_path = os.path.join(work, name + ".out")
    out = open(out_path, "w")
    p = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT)
    deadline = time.time() + 30
    while time.time() < deadline and p.poll() is None:
        m = re.search(pattern, open(out_path).read())
        if m:
            return p, m.group(1), out_path
        time.sleep(0.02)
    p.kill()
    p.wait(timeout=30)
    print(name, "did not start:", open(out_path).read().strip())
    print(name, "exit", p.returncode)
    sys.exit(1)


def stop(p):
    if p.poll() is None:
        p.send_signal(signal.SIGTERM)
    try:
        p.wait(timeout=30)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait(timeout=30)
        print("did not stop within 30 s")


up = None
if upstream == "serve":
    up, up_url, up_out = start([probe, "serve", "--ledger", up_ledger] + up_opts,
                               "upstream", r"listening on http://(\S+)")
elif upstream == "python":
    up, up_url, up_out = start([sys.executable, os.path.join(here, "charge_server.py"),
                                up_ledger] + up_opts, "upstream",
                               r"listening on http://(\S+)")
else:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    up_url = "127.0.0.1:%d" % s.getsockname()[1]
    s.close()  # nothing listens there now
try:
    px, px_url, px_out = start([probe, "proxy", "--upstream", up_url,
                                "--ledger", px_ledger] + proxy_opts, "proxy",
                               r"listening on (http://\S+?),? ")
    try:
        c = subprocess.run([a.replace("{url}", px_url).replace(
            "{upstream}", "http://" + up_url) for a in client],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=120)
        client_rc, client_out = c.returncode, c.stdout.decode(errors="replace")
    finally:
        stop(px)
finally:
    if up is not None:
        stop(up)
if up is not None:
    print(norm(open(up_out).read()))
print(norm(open(px_out).read()))
print("proxy exit", px.returncode)
print("client exit", client_rc)
if os.environ.get("SHOW_CLIENT"):
    print(client_out.strip())

with open(os.path.join(work, "intents.txt"), "w") as f:
    f.write("\n".join(intents.split(",")) + "\n")
r = subprocess.run([probe, "report", "--ledger", px_ledger, "--intents",
                    os.path.join(work, "intents.txt")], stdout=subprocess.PIPE,
                   stderr=subprocess.STDOUT, timeout=60)
print(r.stdout.decode().strip())
print("report exit", r.returncode)

# The upstream's own account, read the way a direct run is read.
if upstream != "down":
    lines = open(up_ledger).read().splitlines() if os.path.exists(up_ledger) else []
    if upstream == "serve":
        n_post = int(re.search(r"after (\d+) POST", open(up_out).read()).group(1))
    else:
        n_post = (len(open(up_ledger + ".requests").read().splitlines())
                  if os.path.exists(up_ledger + ".requests") else 0)
    n = len(set(intents.split(",")))
    reading = [{"scenario": "upstream", "requests": n_post,
                "claim": {"requests": n_post, "committed": n,
                          "distinct_intents": n, "duplicates": 0, "lost": 0},
                "expected_intents": intents.split(","),
                "ledger_file": "upstream.jsonl"}]
    rpath = os.path.join(work, "upstream-reading.json")
    json.dump(reading, open(rpath, "w"))
    r = subprocess.run([probe, "classify", "--input", rpath],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60)
    print(r.stdout.decode().strip())
    print("classify exit", r.returncode)

# The proxy's records, one line each in arrival order.
recs = sorted((json.loads(l) for l in open(px_ledger).read().splitlines()
               if '"event":"request"' in l), key=lambda r: r["seq"])
for r in recs:
    print("proxied", r["seq"], r["method"], "upstream", r["upstream_status"],
          "client", r["status"], "fault=" + r["fault"],
          "key=" + ("set" if r["idempotency_key"] else "none"))
