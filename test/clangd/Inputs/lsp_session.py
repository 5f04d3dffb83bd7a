#!/usr/bin/env python3
"""Turns a clangd -lit-test transcript (a .test file) into the session for
one file: @URI@ becomes the file's file:// URI, @TEXT@ its contents as a
JSON string. Comment lines (#) are kept; clangd skips them.

  lsp_session.py TRANSCRIPT FILE
"""
import json
import os
import sys

transcript, path = sys.argv[1], os.path.abspath(sys.argv[2])
with open(path) as f:
    text = f.read()
with open(transcript) as f:
    session = f.read()
sys.stdout.write(session.replace("@URI@", "file://" + path)
                 .replace("@TEXT@", json.dumps(text)))
