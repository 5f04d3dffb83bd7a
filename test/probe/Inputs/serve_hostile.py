#!/usr/bin/env python3
"""Throws hostile clients at `retry-probe serve`, then a good request.

  serve_hostile.py RETRY_PROBE WORKDIR
"""
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

probe, work = sys.argv[1:3]
os.makedirs(work, exist_ok=True)


def start(ledger):
    out = os.path.join(work, "serve.%d.out" % time.time_ns())
    p = subprocess.Popen([probe, "serve", "--ledger", ledger, "--read-timeout",
                          "300ms"], stdout=open(out, "w"),
                         stderr=subprocess.PIPE)
    deadline = time.time() + 30
    while time.time() < deadline:
        m = re.search(r"127\.0\.0\.1:(\d+)", open(out).read())
        if m:
            return p, int(m.group(1))
        time.sleep(0.02)
    p.kill()
    sys.exit("serve did not start")


def post(port, body=b'{"intent":"ord-1","amount":5}'):
    req = urllib.request.Request("http://127.0.0.1:%d/charges" % port, data=body,
                                 method="POST")
    try:
        return urllib.request.urlopen(req, timeout=10).status
    except urllib.error.HTTPError as e:
        return e.code


def raw(port, data, wait_close=5.0):
    s = socket.create_connection(("127.0.0.1", port), timeout=wait_close)
    if data:
        s.sendall(data)
    return s


ledger = os.path.join(work, "ledger.jsonl")
if os.path.exists(ledger):
    os.remove(ledger)
p, port = start(ledger)

s = raw(port, b"THIS IS NOT HTTP\r\n\r\n")
print("garbage:", s.recv(200).split(b"\r\n")[0].decode())
s.close()

s = raw(port, b"POST /charges HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"intent\":")
s.close()
time.sleep(0.1)
print("mid-body disconnect: closed")

s = raw(port, b"")
t0 = time.time()
data = s.recv(100)
print("silent client:", "closed by serve within its read timeout"
      if data == b"" and time.time() - t0 < 5 else "still open")
s.close()

print("after all that, a good request:", post(port))
p.terminate()
p.wait(timeout=30)
text = open(ledger).read().splitlines()
print("ledger lines:", len(text), "of which request records:",
      sum('"event":"request"' in l for l in text))

p, port = start("/dev/full")
print("full disk:", post(port))
p.terminate()
_, err = p.communicate(timeout=30)
print("serve stderr:", err.decode().strip())
print("full-disk serve exit", p.returncode)
