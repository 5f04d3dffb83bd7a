#!/usr/bin/env python3
"""Prints the retry-* findings of one frontend in one form, so that the
command line, clang-tidy --load and retrylint-clangd can be compared with
diff: one `file:line: check: message` per finding, sorted.

  findings.py text OUTPUT_FILE             clang-style diagnostics
  findings.py lsp CLANGD DIR FILE... [-- CLANGD_ARGS...]
                                           opens each FILE in an LSP
                                           session and reads what clangd
                                           publishes for it
  findings.py compdb DIR CFLAGS CXXFLAGS   writes DIR/compile_commands.json
                                           for DIR's .c and .cpp files
"""
import json
import os
import re
import subprocess
import sys

DIAG = re.compile(r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):\d+: "
                  r"(?:warning|error): (?P<msg>.*) \[(?P<check>retry-[a-z-]+)"
                  r"(?:,-warnings-as-errors)?\]$")


def uncapitalized(msg):
    """clangd capitalizes a message's first letter: compare without it."""
    return msg[:1].lower() + msg[1:]


def text(path):
    out = set()
    with open(path, errors="replace") as f:
        for line in f:
            m = DIAG.match(line.rstrip("\n"))
            if m:
                out.add("%s:%s: %s: %s" % (os.path.basename(m["file"]),
                                            m["line"], m["check"],
                                            uncapitalized(m["msg"])))
    return out


def messages(stream):
    """The JSON-RPC messages of a clangd -lit-test transcript."""
    data = stream.decode()
    pos = 0
    while True:
        i = data.find("Content-Length:", pos)
        if i < 0:
            return
        n = int(data[i:data.index("\n", i)].split(":")[1])
        start = data.index("\r\n\r\n", i) + 4 if "\r\n\r\n" in data[i:i + 40] \
            else data.index("\n\n", i) + 2
        yield json.loads(data[start:start + n])
        pos = start + n


def lsp(clangd, root, files, extra):
    out = set()
    for path in files:
        path = os.path.abspath(path)
        uri = "file://" + path
        with open(path) as f:
            text_ = f.read()
        lang = "c" if path.endswith(".c") else "cpp"
        session = [
            {"jsonrpc": "2.0", "id": 0, "method": "initialize",
             "params": {"processId": 1, "rootUri": "file://" + root,
                        "capabilities": {}, "trace": "off"}},
            {"jsonrpc": "2.0", "method": "textDocument/didOpen",
             "params": {"textDocument": {"uri": uri, "languageId": lang,
                                         "version": 1, "text": text_}}},
            {"jsonrpc": "2.0", "id": 1, "method": "sync", "params": None},
            {"jsonrpc": "2.0", "id": 2, "method": "shutdown"},
            {"jsonrpc": "2.0", "method": "exit"},
        ]
        stdin = "\n---\n".join(json.dumps(m) for m in session) + "\n"
        r = subprocess.run([clangd, "-lit-test", "--enable-config"] + extra,
                           input=stdin.encode(), capture_output=True,
                           cwd=root)
        published = None
        for m in messages(r.stdout):
            if m.get("method") == "textDocument/publishDiagnostics" and \
                    m["params"]["uri"] == uri:
                published = m["params"]["diagnostics"]
        if published is None:
            sys.exit("findings.py: clangd published nothing for %s:\n%s" %
                     (path, r.stderr.decode()[-2000:]))
        for d in published:
            code = d.get("code", "")
            if not str(code).startswith("retry-"):
                continue
            # clangd capitalizes the message, appends the notes, and says
            # " (fix available)" when the finding has a fix-it.
            msg = uncapitalized(d["message"].split("\n\n")[0])
            if msg.endswith(" (fix available)"):
                msg = msg[:-len(" (fix available)")]
            out.add("%s:%d: %s: %s" % (os.path.basename(path),
                                        d["range"]["start"]["line"] + 1,
                                        code, msg))
    return out


def compdb(root, cflags, cxxflags):
    entries = []
    for name in sorted(os.listdir(root)):
        flags = {".c": cflags, ".cpp": cxxflags}.get(os.path.splitext(name)[1])
        if flags is not None:
            entries.append({"directory": root, "file": name,
                            "arguments": ["clang"] + flags.split() +
                            ["-c", name]})
    with open(os.path.join(root, "compile_commands.json"), "w") as f:
        json.dump(entries, f, indent=1)


def main(argv):
    if argv[1] == "text":
        found = text(argv[2])
    elif argv[1] == "lsp":
        rest = argv[4:]
        files, extra = rest, []
        if "--" in rest:
            i = rest.index("--")
            files, extra = rest[:i], rest[i + 1:]
        found = lsp(argv[2], os.path.abspath(argv[3]), files, extra)
    elif argv[1] == "compdb":
        compdb(os.path.abspath(argv[2]), argv[3], argv[4])
        return
    else:
        sys.exit("findings.py: unknown mode " + argv[1])
    for line in sorted(found):
        print(line)


if __name__ == "__main__":
    main(sys.argv)
