#!/usr/bin/env python3
"""A small charge service written independently of retry-probe (Python's
http.server), for `retry-probe proxy` to stand in front of.

  charge_server.py LEDGER [--dedup-key]

HTTP/1.1 with keep-alive. POST on any path charges the body's "intent"
(one JSON line per charge in LEDGER, the same shape as serve's charge
lines; every POST also adds a line to LEDGER.requests) and answers 201;
with --dedup-key a repeated Idempotency-Key is
answered 200 with `Idempotent-Replayed: true` and charges nothing. PUT
/blob charges nothing and answers the SHA-256 of the body it received
(Content-Length or chunked). GET /blob?bytes=N answers N deterministic
bytes, chunked. Every reply carries X-Body-SHA256 (of the request body)
and X-Conn-Request (the request's number on its connection). Prints
"listening on http://127.0.0.1:PORT" once bound (port 0).
"""
import hashlib
import http.server
import json
import os
import sys
import threading
import urllib.parse

ledger_path = sys.argv[1]
dedup = "--dedup-key" in sys.argv[2:]
lock = threading.Lock()
keys = {}


def blob(n):
    seed = b"retry-probe-blob-"
    out = bytearray()
    i = 0
    while len(out) < n:
        out += hashlib.sha256(seed + str(i).encode()).digest()
        i += 1
    return bytes(out[:n])


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    timeout = 20  # bounds every read on a connection

    def log_message(self, *args):
        pass

    def setup(self):
        super().setup()
        self.conn_requests = 0

    def read_body(self):
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            data = b""
            while True:
                size = int(self.rfile.readline().split(b";")[0].strip(), 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return data
                data += self.rfile.read(size)
                self.rfile.readline()
        return self.rfile.read(int(self.headers.get("Content-Length", "0")))

    def reply(self, status, body, headers=(), chunked=False):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("X-Body-SHA256", self.body_sha)
        self.send_header("X-Conn-Request", str(self.conn_requests))
        for k, v in headers:
            self.send_header(k, v)
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            for i in range(0, len(body), 65536):
                part = body[i:i + 65536]
                self.wfile.write(b"%x\r\n%s\r\n" % (len(part), part))
            self.wfile.write(b"0\r\n\r\n")
        else:
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    def begin(self):
        self.conn_requests += 1
        body = self.read_body()
        self.body_sha = hashlib.sha256(body).hexdigest()
        return body

    def do_GET(self):
        self.begin()
        url = urllib.parse.urlparse(self.path)
        q = urllib.parse.parse_qs(url.query)
        if url.path == "/blob":
            self.reply(200, blob(int(q.get("bytes", ["0"])[0])), chunked=True)
        else:
            self.reply(404, b'{"error":"not found"}')

    def do_PUT(self):
        self.begin()
        self.reply(200, json.dumps({"sha256": self.body_sha}).encode())

    def do_POST(self):
        body = self.begin()
        try:
            intent = str(json.loads(body).get("intent"))
        except (ValueError, AttributeError):
            intent = "body:" + self.body_sha[:16]
        key = self.headers.get("Idempotency-Key", "")
        with lock:
            with open(ledger_path + ".requests", "a") as f:
                f.write(self.path + "\n")
            if dedup and key and key in keys:
                self.reply(200, json.dumps(keys[key]).encode(),
                           [("Idempotent-Replayed", "true")])
                return
            with open(ledger_path, "a") as f:
                f.write(json.dumps({"intent": intent, "amount": 1}) + "\n")
                f.flush()
                os.fsync(f.fileno())
            receipt = {"intent": intent, "receipt": "r-%d" % len(keys)}
            if key:
                keys[key] = receipt
        self.reply(201, json.dumps(receipt).encode())


srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
srv.daemon_threads = True
print("listening on http://127.0.0.1:%d" % srv.server_address[1], flush=True)
srv.serve_forever()
