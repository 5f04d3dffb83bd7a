#!/usr/bin/env python3
"""Checks that HTTP framing and bodies pass through a proxy unchanged.

  passthrough_client.py BASE_URL

Talks to Inputs/charge_server.py (directly or through `retry-probe proxy`)
on one kept-alive connection: a PUT with a Content-Length body, a chunked
PUT, an 8 MiB PUT, a chunked 3 MiB GET; prints what the server says it
received and whether the connection was reused. Every read is bounded.
"""
import hashlib
import http.client
import sys
import urllib.parse

url = urllib.parse.urlparse(sys.argv[1])
conn = http.client.HTTPConnection(url.hostname, url.port, timeout=20)


def blob(n):
    out = bytearray()
    i = 0
    while len(out) < n:
        out += hashlib.sha256(b"retry-probe-blob-" + str(i).encode()).digest()
        i += 1
    return bytes(out[:n])


def put(body, chunked=False):
    if chunked:
        parts = [body[i:i + 1000] for i in range(0, len(body), 1000)]
        conn.request("PUT", "/blob", body=iter(parts), encode_chunked=True,
                     headers={"Transfer-Encoding": "chunked"})
    else:
        conn.request("PUT", "/blob", body=body)
    r = conn.getresponse()
    r.read()
    same = r.getheader("X-Body-SHA256") == hashlib.sha256(body).hexdigest()
    return r.status, same, r.getheader("X-Conn-Request")


small = b'{"note":"hello"}'
print("put: status %d, body intact %s, request %s on its connection" % put(small))
print("chunked put: status %d, body intact %s, request %s on its connection"
      % put(blob(10000), chunked=True))
print("8 MiB put: status %d, body intact %s, request %s on its connection"
      % put(blob(8 << 20)))
conn.request("GET", "/blob?bytes=%d" % (3 << 20))
r = conn.getresponse()
data = r.read()
print("3 MiB chunked get: status %d, chunked %s, body intact %s, request %s "
      "on its connection" % (r.status, r.chunked, data == blob(3 << 20),
                             r.getheader("X-Conn-Request")))
