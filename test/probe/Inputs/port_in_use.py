#!/usr/bin/env python3
"""Holds a loopback port, then runs `RETRY_PROBE ARGS... --port PORT` and
prints its stderr and exit code (bounded)."""
import socket
import subprocess
import sys

s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(1)
port = s.getsockname()[1]
r = subprocess.run(sys.argv[1:] + ["--port", str(port)], stdout=subprocess.PIPE,
                   stderr=subprocess.PIPE, timeout=30)
print(r.stderr.decode().strip())
print("exit code", r.returncode)
