#!/usr/bin/env python3
"""Runs a command with stdout on a pseudo-terminal (stderr and stdin left
alone) and prints what it wrote there with ESC shown as <ESC>.

  pty_run.py COMMAND [ARG...]
"""
import os
import pty
import subprocess
import sys

master, slave = pty.openpty()
proc = subprocess.Popen(sys.argv[1:], stdout=slave)
os.close(slave)
out = b""
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:  # EIO: the child closed its end
        break
    if not chunk:
        break
    out += chunk
proc.wait()
sys.stdout.write(out.decode("utf-8", "replace").replace("\r\n", "\n")
                 .replace("\x1b", "<ESC>"))
sys.exit(proc.returncode)
