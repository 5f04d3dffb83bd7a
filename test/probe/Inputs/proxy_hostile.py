#!/usr/bin/env python3
"""Throws hostile clients and broken upstreams at `retry-probe proxy`.

  proxy_hostile.py RETRY_PROBE WORKDIR

An upstream that refuses connections and one that accepts and never
answers; a client that sends garbage, one that disconnects mid-body, one
that sends nothing; a ledger on a full disk (/dev/full). Prints what each
client got and what the ledger says. Every wait is bounded.
"""
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

here = os.path.dirname(os.path.abspath(__file__))
probe, work = sys.argv[1:3]
os.makedirs(work, exist_ok=True)


def start_proxy(upstream, ledger, *opts):
    out = os.path.join(work, "proxy.%d.out" % time.time_ns())
    p = subprocess.Popen([probe, "proxy", "--upstream", upstream, "--ledger",
                          ledger, "--read-timeout", "300ms"] + list(opts),
                         stdout=open(out, "w"), stderr=subprocess.PIPE)
    deadline = time.time() + 30
    while time.time() < deadline and p.poll() is None:
        m = re.search(r"listening on http://127\.0\.0\.1:(\d+)", open(out).read())
        if m:
            return p, int(m.group(1)), out
        time.sleep(0.02)
    p.kill()
    sys.exit("proxy did not start: " + p.stderr.read().decode())


def stop(p, out):
    p.send_signal(signal.SIGTERM)
    _, err = p.communicate(timeout=30)
    print("  stderr:", re.sub(r"127\.0\.0\.1:\d+", "127.0.0.1:PORT",
                                err.decode().strip()) or "(nothing)")
    print("  " + open(out).read().strip().splitlines()[-1])
    print("  exit", p.returncode)


def post(port, body=b'{"intent":"ord-1","amount":5}'):
    req = urllib.request.Request("http://127.0.0.1:%d/charges" % port,
                                 data=body, method="POST")
    t0 = time.time()
    try:
        r = urllib.request.urlopen(req, timeout=10)
        return r.status, time.time() - t0
    except urllib.error.HTTPError as e:
        return e.code, time.time() - t0


def records(ledger):
    return [json.loads(l) for l in open(ledger).read().splitlines()
            if '"event":"request"' in l]


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


# 1. Upstream down: nothing listens on its port.
ledger = os.path.join(work, "down.jsonl")
p, port, out = start_proxy("127.0.0.1:%d" % free_port(), ledger)
print("upstream down: client got", post(port)[0])
r = records(ledger)[0]
print("  record: upstream_status", r["upstream_status"], "status", r["status"],
      "error", r["upstream_error"])
stop(p, out)

# 2. Upstream accepts and never answers: bounded by --upstream-timeout.
hold = socket.socket()
hold.bind(("127.0.0.1", 0))
hold.listen(8)
held = []
threading.Thread(target=lambda: [held.append(hold.accept()) for _ in range(4)],
                 daemon=True).start()
ledger = os.path.join(work, "silent.jsonl")
p, port, out = start_proxy("127.0.0.1:%d" % hold.getsockname()[1], ledger,
                           "--upstream-timeout", "500ms")
status, took = post(port)
print("upstream silent: client got", status, "within 5 s:", took < 5)
r = records(ledger)[0]
print("  record: upstream_status", r["upstream_status"], "status", r["status"],
      "error", r["upstream_error"])
stop(p, out)

# 3. Hostile clients in front of a working upstream (retry-probe serve).
up_out = os.path.join(work, "serve.out")
up = subprocess.Popen([probe, "serve", "--ledger", os.path.join(work, "up.jsonl")],
                      stdout=open(up_out, "w"), stderr=subprocess.STDOUT)
deadline = time.time() + 30
up_port = None
while time.time() < deadline and up_port is None:
    m = re.search(r"127\.0\.0\.1:(\d+)", open(up_out).read())
    up_port = m and m.group(1)
    time.sleep(0.02)
upstream = "127.0.0.1:%s" % up_port
ledger = os.path.join(work, "hostile.jsonl")
p, port, out = start_proxy(upstream, ledger)

s = socket.create_connection(("127.0.0.1", port), timeout=5)
s.sendall(b"THIS IS NOT HTTP\r\n\r\n")
print("garbage:", s.recv(200).split(b"\r\n")[0].decode())
s.close()

s = socket.create_connection(("127.0.0.1", port), timeout=5)
s.sendall(b"POST /charges HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"intent\":")
s.close()
time.sleep(0.1)
print("mid-body disconnect: closed")

s = socket.create_connection(("127.0.0.1", port), timeout=5)
t0 = time.time()
data = s.recv(100)
print("silent client:", "closed by the proxy within its read timeout"
      if data == b"" and time.time() - t0 < 5 else "still open")
s.close()

print("after all that, a good request:", post(port)[0])
stop(p, out)
print("  proxy records:", len(records(ledger)))

# 4. A full disk for the ledger: the first reply still reaches the client
# (the upstream did the work), then nothing is forwarded until records can
# be written again.
p, port, out = start_proxy(upstream, "/dev/full")
print("full disk, first request:", post(port)[0])
print("full disk, second request:", post(port)[0])
stop(p, out)
up.send_signal(signal.SIGTERM)
up.wait(timeout=30)
print("upstream:", open(up_out).read().strip().splitlines()[-1])
