#!/usr/bin/env python3
"""Survey of whole real translation units (docs/accuracy.md, survey section).

Steps (each can be run alone; `all` runs them in order):

  extract    unpack each project's snapshot (a git directory) into SRC/<name>
  configure  build each project's compile database in WORK/build/<name>
             (configure only: generated config headers, no compilation)
  compile    syntax-check every selected TU with clang; a TU that does not
             compile is recorded in WORK/out/<name>.compile-failures and is
             not given to retrylint (so no --allow-compile-errors is needed)
  run        retrylint -p <db> -j2 --format=json [--cross-tu] per project
             over the TUs that compile; a crash (exit status not 0/1/2) is
             bisected to the crashing TUs, recorded and reported
  table      join the findings with the triage file and print the table
             (--write-docs FILE replaces its survey:begin/end section)
  frontends  every compiling TU through retrylint, clang-tidy-22 --load and
             retrylint-clangd --check, one process per TU: crashes and runs
             over 60 s (--write-docs FILE replaces its frontends section)

Snapshots: `fetch github:owner/name` puts a git directory at
MIRROR/owner+name/repo; the survey reads HEAD of each (the commit is
recorded in WORK/out/commits.tsv and in the table).
"""
import argparse
import collections
import csv
import json
import os
import re
import shlex
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

def read_checks():
    """The check names, in Checks.def order (the one list of checks)."""
    with open(os.path.join(ROOT, "checks", "Checks.def")) as f:
        return re.findall(r'RETRY_CHECK\(\s*\w+,\s*"([^"]+)"', f.read())


CHECKS = read_checks()

NGINX_CONFIGURE = [
    # PCRE is not installed: the rewrite module (the only one that needs
    # it) is off. OpenSSL and zlib come from scripts/packages.txt.
    "--without-http_rewrite_module",
    "--with-threads", "--with-compat",
    "--with-http_ssl_module", "--with-http_v2_module",
    "--with-http_realip_module", "--with-http_addition_module",
    "--with-http_sub_module", "--with-http_dav_module",
    "--with-http_gunzip_module", "--with-http_gzip_static_module",
    "--with-http_auth_request_module", "--with-http_random_index_module",
    "--with-http_secure_link_module", "--with-http_slice_module",
    "--with-http_stub_status_module",
    "--with-stream", "--with-stream_ssl_module",
    "--with-stream_realip_module", "--with-stream_ssl_preread_module",
    "--with-mail", "--with-mail_ssl_module",
]

# name: git directory under MIRROR, how to configure, which TUs are the
# project's own (vendored third-party code is not surveyed), --cross-tu.
PROJECTS = collections.OrderedDict([
    ("nginx", dict(repo="nginx/nginx", kind="nginx", cross_tu=True,
                   exclude=[r"^objs/"])),
    ("paho.mqtt.c", dict(repo="eclipse/paho.mqtt.c", kind="cmake",
                         args=["-DPAHO_WITH_SSL=TRUE",
                               "-DPAHO_BUILD_SAMPLES=TRUE",
                               "-DPAHO_ENABLE_TESTING=TRUE"],
                         cross_tu=True, exclude=[])),
    ("clickhouse-cpp", dict(repo="ClickHouse/clickhouse-cpp", kind="cmake",
                            args=["-DBUILD_TESTS=ON", "-DWITH_OPENSSL=ON"],
                            cross_tu=True, exclude=[r"^contrib/"])),
    # `only`: the subset surveyed (analysis time on the shared machine):
    # the HTTP client and network layers, where the retry code is.
    ("oatpp", dict(repo="oatpp/oatpp", kind="cmake", args=[],
                   cross_tu=False, exclude=[],
                   only=r"^src/oatpp/(web/client|network)/")),
    # Unit tests need Kerberos and libuv headers: libkrb5-dev, libuv1-dev.
    ("cpp-driver", dict(repo="datastax/cpp-driver", kind="cmake",
                        args=["-DCASS_BUILD_EXAMPLES=ON",
                              "-DCASS_BUILD_UNIT_TESTS=ON"],
                        cross_tu=False,
                        exclude=[r"(^|/)third_party/", r"^tests/src/vendor/",
                                 r"/gtest/", r"/gmock/"],
                        only=r"^examples/")),
    # aws-c-io needs aws-c-common's and aws-c-cal's sources (headers and
    # CMake modules): a generated super-project adds the three with
    # IN_SOURCE_BUILD, as aws-crt-* do. BYO_CRYPTO leaves s2n out.
    ("aws-c-io", dict(repo="awslabs/aws-c-io", kind="aws",
                      deps=["awslabs/aws-c-common", "awslabs/aws-c-cal"],
                      args=["-DBYO_CRYPTO=ON", "-DBUILD_TESTING=ON"],
                      cross_tu=True, exclude=[])),
])


def log(msg):
    print("survey: " + msg, file=sys.stderr, flush=True)


def die(msg):
    print("survey: error: " + msg, file=sys.stderr)
    sys.exit(1)


def run(cmd, **kw):
    log("$ " + " ".join(shlex.quote(c) for c in cmd))
    return subprocess.run(cmd, **kw)


def gitdir(mirror, repo):
    d = os.path.join(mirror, repo.replace("/", "+"), "repo")
    if not os.path.isdir(d):
        die("no snapshot of %s at %s (fetch github:%s first)" % (repo, d, repo))
    return d


def src_name(repo):
    return repo.split("/")[1]


def extract_one(mirror, src, repo, commits):
    g = gitdir(mirror, repo)
    head = subprocess.check_output(["git", "--git-dir", g, "rev-parse", "HEAD"],
                                   text=True).strip()
    dest = os.path.join(src, src_name(repo))
    shutil.rmtree(dest, ignore_errors=True)
    os.makedirs(dest)
    # A snapshot may lack large blobs (test jars): leave those files out
    # instead of aborting the archive.
    tree = subprocess.check_output(["git", "--git-dir", g, "ls-tree", "-r",
                                    "-z", "HEAD"], text=True).split("\0")
    entries = [t.split("\t", 1) for t in tree if t]
    check = subprocess.run(["git", "--git-dir", g, "cat-file", "--batch-check"],
                           input="\n".join(e[0].split()[2] for e in entries) + "\n",
                           capture_output=True, text=True, check=True).stdout
    missing = {l.split()[0] for l in check.splitlines() if l.endswith("missing")}
    excl = [":(exclude)" + path for meta, path in entries
            if meta.split()[2] in missing]
    if excl:
        log("%s: %d file(s) absent from the snapshot: %s" %
            (repo, len(excl), ", ".join(e[10:] for e in excl)))
    arch = subprocess.Popen(["git", "--git-dir", g, "archive", "HEAD", "--",
                             "."] + excl, stdout=subprocess.PIPE)
    subprocess.run(["tar", "-x", "-C", dest], stdin=arch.stdout, check=True)
    if arch.wait() != 0:
        die("git archive failed for " + repo)
    commits[repo] = head


def cmd_extract(a):
    commits = collections.OrderedDict()
    for name, p in selected(a):
        for repo in [p["repo"]] + p.get("deps", []):
            extract_one(a.mirror, a.src, repo, commits)
    os.makedirs(outdir(a), exist_ok=True)
    with open(os.path.join(outdir(a), "commits.tsv"), "w") as f:
        for r, c in commits.items():
            f.write("%s\t%s\n" % (r, c))


def outdir(a):
    return os.path.join(a.work, "out")


def builddir(a, name):
    return os.path.join(a.work, "build", name)


def parse_make_n(text, directory):
    """Compile commands from `make -n` output (nginx has no database)."""
    text = text.replace("\\\n", " ")
    out = []
    for line in text.splitlines():
        args = shlex.split(line)
        if not args or "-c" not in args:
            continue
        srcs = [x for x in args if x.endswith(".c") and not x.startswith("-")]
        if len(srcs) != 1:
            continue
        out.append(dict(directory=directory, arguments=args,
                        file=os.path.join(directory, srcs[0])))
    return out


def configure_nginx(a, name, p):
    src = os.path.join(a.src, src_name(p["repo"]))
    b = builddir(a, name)
    # auto/configure writes objs/ into the source tree: configure a copy.
    shutil.rmtree(b, ignore_errors=True)
    shutil.copytree(src, b, symlinks=True)
    r = run(["auto/configure"] + NGINX_CONFIGURE, cwd=b,
            stdout=subprocess.DEVNULL)
    if r.returncode:
        die("nginx: auto/configure failed")
    mk = subprocess.run(["make", "-n", "-f", "objs/Makefile"], cwd=b,
                        capture_output=True, text=True)
    db = parse_make_n(mk.stdout, b)
    if not db:
        die("nginx: no compile commands in `make -n` output")
    # Map the copy back onto the snapshot's paths so findings name them.
    return b, db


def configure_cmake(a, name, p, source=None):
    src = source or os.path.join(a.src, src_name(p["repo"]))
    b = builddir(a, name)
    shutil.rmtree(b, ignore_errors=True)
    r = run(["cmake", "-S", src, "-B", b, "-G", "Ninja",
             "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"] + p.get("args", []),
            stdout=subprocess.DEVNULL)
    if r.returncode:
        die("%s: cmake configure failed" % name)
    with open(os.path.join(b, "compile_commands.json")) as f:
        return b, json.load(f)


AWS_SUPER = """cmake_minimum_required(VERSION 3.9...3.31)
project(aws-survey C)
set(IN_SOURCE_BUILD ON)
list(APPEND CMAKE_MODULE_PATH "${CMAKE_CURRENT_LIST_DIR}/aws-c-common/cmake")
add_subdirectory(aws-c-common)
list(APPEND CMAKE_MODULE_PATH "${CMAKE_CURRENT_LIST_DIR}/aws-c-common/cmake")
add_subdirectory(aws-c-cal)
add_subdirectory(aws-c-io)
"""


def configure_aws(a, name, p):
    sup = os.path.join(a.work, "aws-super")
    os.makedirs(sup, exist_ok=True)
    for repo in [p["repo"]] + p["deps"]:
        link = os.path.join(sup, src_name(repo))
        if os.path.lexists(link):
            os.remove(link)
        os.symlink(os.path.abspath(os.path.join(a.src, src_name(repo))), link)
    with open(os.path.join(sup, "CMakeLists.txt"), "w") as f:
        f.write(AWS_SUPER)
    b, db = configure_cmake(a, name, p, source=sup)
    return b, db


def tu_path(a, name, p, e):
    """The TU's path relative to its project's snapshot, or None."""
    f = e["file"]
    if not os.path.isabs(f):
        f = os.path.join(e["directory"], f)
    f = os.path.normpath(f)
    if p["kind"] == "nginx":
        root = builddir(a, name)
    elif p["kind"] == "aws":
        root = os.path.join(a.work, "aws-super", src_name(p["repo"]))
    else:
        root = os.path.join(a.src, src_name(p["repo"]))
    root = os.path.normpath(root)
    if not f.startswith(root + os.sep):
        return None
    return os.path.relpath(f, root)


def absolute_includes(args, directory):
    """-I paths made absolute: retrylint -j2 runs TUs on threads that share
    one working directory, and a relative -I (nginx's `-I src/core`) is then
    resolved against whichever directory another thread left (compile
    errors that depend on timing). Same compile, no race."""
    out, i = [], 0
    while i < len(args):
        x = args[i]
        for flag in ("-I", "-isystem", "-iquote"):
            if x == flag and i + 1 < len(args):
                out += [x, os.path.normpath(os.path.join(directory, args[i + 1]))]
                i += 2
                break
            if x.startswith(flag) and len(x) > len(flag) and flag == "-I":
                out.append("-I" + os.path.normpath(os.path.join(directory, x[2:])))
                i += 1
                break
        else:
            out.append(x)
            i += 1
    return out


def cmd_configure(a):
    for name, p in selected(a):
        kind = p["kind"]
        if kind == "nginx":
            b, db = configure_nginx(a, name, p)
        elif kind == "aws":
            b, db = configure_aws(a, name, p)
        else:
            b, db = configure_cmake(a, name, p)
        kept = []
        for e in db:
            rel = tu_path(a, name, p, e)
            if rel is None or any(re.search(x, rel) for x in p["exclude"]):
                continue
            args = e.get("arguments") or shlex.split(e["command"])
            # -Werror turns clang's extra warnings on gcc-tuned code into
            # compile errors; warnings are not what the survey measures.
            args = absolute_includes(
                [x for x in args if x != "-Werror"], e["directory"])
            f = abs_file(e)
            args = [f if not x.startswith("-") and os.path.normpath(
                os.path.join(e["directory"], x)) == f else x for x in args]
            kept.append(dict(directory=e["directory"], file=f,
                             arguments=args))
        # One entry per source file (a file built twice, e.g. shared and
        # static, is one TU).
        seen, uniq = set(), []
        for e in kept:
            k = os.path.normpath(os.path.join(e["directory"], e["file"]))
            if k not in seen:
                seen.add(k)
                uniq.append(e)
        dbdir = os.path.join(a.work, "db", name)
        os.makedirs(dbdir, exist_ok=True)
        with open(os.path.join(dbdir, "compile_commands.json"), "w") as f:
            json.dump(uniq, f, indent=1)
        log("%s: %d TUs in %s" % (name, len(uniq), dbdir))


def load_db(a, name):
    path = os.path.join(a.work, "db", name, "compile_commands.json")
    if not os.path.exists(path):
        die("%s: no compile database (run configure)" % name)
    with open(path) as f:
        db = json.load(f)
    p = PROJECTS[name]
    if p.get("only"):
        db = [e for e in db if re.search(p["only"], tu_path(a, name, p, e))]
    return db


def abs_file(e):
    return os.path.normpath(os.path.join(e["directory"], e["file"]))


def syntax_cmd(a, e):
    args = list(e["arguments"])
    out, i = [], 1
    while i < len(args):
        x = args[i]
        if x in ("-o", "-MF", "-MT", "-MQ"):
            i += 2
            continue
        if x in ("-c", "-MD", "-MMD") or x == abs_file(e) or x == e["file"]:
            i += 1
            continue
        out.append(x)
        i += 1
    cxx = any(e["file"].endswith(s) for s in (".cpp", ".cc", ".cxx"))
    return [a.clangxx if cxx else a.clang, "-fsyntax-only", "-w"] + out + [
        abs_file(e)]


def cmd_compile(a):
    from concurrent.futures import ThreadPoolExecutor
    os.makedirs(outdir(a), exist_ok=True)
    for name, p in selected(a):
        db = load_db(a, name)

        def check(e):
            r = subprocess.run(syntax_cmd(a, e), cwd=e["directory"],
                               capture_output=True, text=True)
            return e, r

        failures = []
        with ThreadPoolExecutor(a.jobs) as ex:
            for e, r in ex.map(check, db):
                if r.returncode:
                    first = next((l for l in r.stderr.splitlines()
                                  if "error:" in l), r.stderr.strip()[:200])
                    failures.append((tu_path(a, name, p, e), first))
        with open(os.path.join(outdir(a), name + ".compile-failures"), "w") as f:
            for rel, err in sorted(failures):
                f.write("%s\t%s\n" % (rel, err))
        log("%s: %d of %d TUs do not compile" % (name, len(failures), len(db)))


def compiling_tus(a, name, p):
    db = load_db(a, name)
    bad = set()
    fp = os.path.join(outdir(a), name + ".compile-failures")
    if not os.path.exists(fp):
        die("%s: no compile check (run compile)" % name)
    with open(fp) as f:
        for line in f:
            bad.add(line.split("\t")[0])
    return [abs_file(e) for e in db if tu_path(a, name, p, e) not in bad]


def retrylint_cmd(a, name, p, files, cross_tu):
    cmd = [a.retrylint, "-p", os.path.join(a.work, "db", name), "-j",
           str(a.jobs), "--format=json", "--quiet"]
    if cross_tu:
        cmd.append("--cross-tu")
    return cmd + files


def run_retrylint(a, name, p, files, cross_tu):
    r = subprocess.run(retrylint_cmd(a, name, p, files, cross_tu),
                       capture_output=True, text=True, cwd=a.work)
    return r


def find_crashers(a, name, p, files, cross_tu):
    """TUs whose analysis alone crashes retrylint."""
    bad = []
    for f in files:
        r = run_retrylint(a, name, p, [f], cross_tu)
        if r.returncode not in (0, 1, 2):
            bad.append((f, r.returncode, r.stderr.strip().splitlines()[-1:]))
    return bad


def cmd_run(a):
    os.makedirs(outdir(a), exist_ok=True)
    for name, p in selected(a):
        files = compiling_tus(a, name, p)
        modes = [False] + ([True] if p["cross_tu"] else [])
        for cross in modes:
            tag = name + (".cross-tu" if cross else "")
            log("%s: retrylint over %d TUs%s" % (name, len(files),
                                                 " --cross-tu" if cross else ""))
            r = run_retrylint(a, name, p, files, cross)
            crashes = []
            if r.returncode not in (0, 1, 2):
                log("%s: retrylint exited %d; bisecting" % (tag, r.returncode))
                crashes = find_crashers(a, name, p, files, cross)
                good = [f for f in files if f not in {c[0] for c in crashes}]
                r = run_retrylint(a, name, p, good, cross)
            if r.returncode not in (0, 1):
                sys.stderr.write(r.stderr)
                die("%s: retrylint exited %d (compile errors or usage)" %
                    (tag, r.returncode))
            res = json.loads(r.stdout)
            res["tus"] = len(files)
            res["crashes"] = [dict(file=c[0], status=c[1], stderr=c[2])
                              for c in crashes]
            with open(os.path.join(outdir(a), tag + ".json"), "w") as f:
                json.dump(res, f, indent=1)
            log("%s: %d findings, %d crashes" %
                (tag, len(res["findings"]), len(crashes)))


FRONTEND_LIMIT = 60  # seconds: a run over this is a hang for the table


def frontend_cmds(a, name, f):
    db = os.path.join(a.work, "db", name)
    return {
        "retrylint": [a.retrylint, "-p", db, "--quiet", "--format=json", f],
        "clang-tidy --load": [a.clang_tidy, "--load=" + a.plugin, "-p", db,
                              "--checks=-*,retry-*", "--quiet", f],
        # The user configuration (clangd_config) adds retry-* to whatever
        # the project's .clang-tidy enables, with clangd's FastCheckFilter
        # Loose; feature checks at every token (--check-locations) test
        # clangd, not the checks.
        "retrylint-clangd": [a.clangd, "--check=" + f,
                             "--compile-commands-dir=" + db,
                             "--check-locations=false", "--log=error"],
    }


def clangd_config(a):
    """An XDG_CONFIG_HOME whose clangd config.yaml adds retry-* and lets
    clangd run checks it has not timed, as `retrylint init` does per
    project."""
    home = os.path.join(a.work, "xdg")
    os.makedirs(os.path.join(home, "clangd"), exist_ok=True)
    with open(os.path.join(home, "clangd", "config.yaml"), "w") as f:
        f.write("Diagnostics:\n  ClangTidy:\n    Add: ['retry-*']\n"
                "    FastCheckFilter: Loose\n")
    return home


def cmd_frontends(a):
    """Every compiling TU through the three frontends, one process per TU:
    a crash (killed by a signal) or a run over FRONTEND_LIMIT seconds is
    recorded; findings are not (the run step reports those)."""
    import concurrent.futures
    import time
    os.makedirs(outdir(a), exist_ok=True)
    env = dict(os.environ, XDG_CONFIG_HOME=clangd_config(a))
    results = collections.OrderedDict()
    for name, p in selected(a):
        files = compiling_tus(a, name, p)
        for fe in ["retrylint", "clang-tidy --load", "retrylint-clangd"]:
            log("%s: %s over %d TUs" % (name, fe, len(files)))

            def one(f):
                cmd = frontend_cmds(a, name, f)[fe]
                t0 = time.monotonic()
                try:
                    r = subprocess.run(cmd, capture_output=True, text=True,
                                       cwd=a.work, env=env,
                                       timeout=FRONTEND_LIMIT * 3)
                    rc = r.returncode
                except subprocess.TimeoutExpired:
                    rc = None
                return f, rc, time.monotonic() - t0
            with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
                runs = list(ex.map(one, files))
            crashes = [(f, rc) for f, rc, _ in runs if rc is not None and rc < 0]
            slow = [(f, t) for f, rc, t in runs
                    if rc is None or t > FRONTEND_LIMIT]
            results.setdefault(name, collections.OrderedDict())[fe] = dict(
                tus=len(files), crashes=[dict(file=f, status=rc) for f, rc in crashes],
                over_limit=[dict(file=f, seconds=round(t, 1)) for f, t in slow],
                max_seconds=round(max([t for _, _, t in runs] or [0]), 1),
                total_seconds=round(sum(t for _, _, t in runs), 1))
            log("%s: %s: %d crashes, %d over %d s, slowest %.1f s" % (
                name, fe, len(crashes), len(slow), FRONTEND_LIMIT,
                results[name][fe]["max_seconds"]))
    with open(os.path.join(outdir(a), "frontends.json"), "w") as f:
        json.dump(results, f, indent=1)
    lines = ["| project | frontend | TUs | crashes | over %d s | slowest TU (s) | all TUs (s) |" % FRONTEND_LIMIT,
             "|---|---|---:|---:|---:|---:|---:|"]
    for name, per in results.items():
        for fe, r in per.items():
            lines.append("| %s | %s | %d | %d | %d | %.1f | %.0f |" % (
                PROJECTS[name]["repo"], fe, r["tus"], len(r["crashes"]),
                len(r["over_limit"]), r["max_seconds"], r["total_seconds"]))
    table = "\n".join(lines)
    print(table)
    if a.write_docs:
        text = open(a.write_docs).read()
        begin, end = "<!-- frontends:begin -->", "<!-- frontends:end -->"
        if begin not in text or end not in text:
            die("%s has no %s ... %s region" % (a.write_docs, begin, end))
        head, rest = text.split(begin, 1)
        _, tail = rest.split(end, 1)
        open(a.write_docs, "w").write(head + begin + "\n" + table + "\n" + end + tail)


def rel_finding_path(a, name, p, path):
    path = os.path.normpath(path)
    roots = [os.path.join(a.src, src_name(p["repo"]))]
    if p["kind"] == "nginx":
        roots.append(builddir(a, name))
    if p["kind"] == "aws":
        for r in [p["repo"]] + p["deps"]:
            roots.append(os.path.join(a.work, "aws-super", src_name(r)))
            roots.append(os.path.join(a.src, src_name(r)))
    for root in roots:
        root = os.path.normpath(os.path.realpath(root))
        rp = os.path.realpath(path)
        if rp.startswith(root + os.sep):
            return os.path.relpath(rp, root)
    return path


def load_triage(path):
    t = {}
    if not os.path.exists(path):
        return t
    with open(path) as f:
        for row in csv.reader(f, delimiter="\t"):
            if not row or row[0].startswith("#"):
                continue
            if len(row) < 6 or row[4] not in ("right", "wrong"):
                die("%s: bad triage line: %s" % (path, "\t".join(row)))
            t[(row[0], row[1], row[2], row[3])] = (row[4], row[5])
    return t


def collect(a):
    """Findings of every project, deduplicated across plain and --cross-tu
    runs (a cross-TU run adds nested-layers findings the plain run lacks)."""
    rows, per = [], collections.OrderedDict()
    for name, p in selected(a):
        tags = [name] + ([name + ".cross-tu"] if p["cross_tu"] else [])
        seen = set()
        info = dict(tus=0, crashes=0, failures=0, cross_tu=p["cross_tu"])
        fp = os.path.join(outdir(a), name + ".compile-failures")
        with open(fp) as f:
            info["failures"] = sum(
                1 for l in f if not p.get("only") or re.search(p["only"], l))
        for tag in tags:
            with open(os.path.join(outdir(a), tag + ".json")) as f:
                res = json.load(f)
            info["tus"] = res["tus"]
            info["crashes"] += len(res["crashes"])
            for fd in res["findings"]:
                if not fd["check"].startswith("retry-"):
                    continue
                key = (p["repo"], rel_finding_path(a, name, p, fd["file"]),
                       str(fd["line"]), fd["check"])
                if key in seen:
                    continue
                seen.add(key)
                rows.append((key, fd["message"]))
        per[name] = info
    return rows, per


def commits(a):
    c = collections.OrderedDict()
    with open(os.path.join(outdir(a), "commits.tsv")) as f:
        for line in f:
            r, h = line.split()
            c[r] = h
    return c


def cmd_findings(a):
    """Print every finding (key and message) and its triage, if any."""
    rows, _ = collect(a)
    tri = load_triage(a.triage)
    for key, msg in rows:
        v = tri.get(key, ("UNTRIAGED", ""))
        print("\t".join(key) + "\t" + v[0] + "\t" + msg)


def table(a):
    rows, per = collect(a)
    tri = load_triage(a.triage)
    keys = {k for k, _ in rows}
    untriaged = [k for k in keys if k not in tri]
    stale = [k for k in tri if k not in keys]
    by_check = collections.OrderedDict((c, [0, 0]) for c in CHECKS)
    by_proj = collections.OrderedDict((n, [0, 0]) for n in per)
    names = {p["repo"]: n for n, p in PROJECTS.items()}
    for k in keys:
        if k not in tri:
            continue
        right = tri[k][0] == "right"
        by_check.setdefault(k[3], [0, 0])[0 if right else 1] += 1
        by_proj[names[k[0]]][0 if right else 1] += 1
    cm = commits(a)
    L = []
    L.append("| project | commit | TUs | do not compile | analyzed | crashes "
             "| findings | right | wrong |")
    L.append("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    tot = [0] * 7
    for n, info in per.items():
        repo = PROJECTS[n]["repo"]
        r, w = by_proj[n]
        vals = [info["tus"] + info["failures"], info["failures"], info["tus"],
                info["crashes"], r + w, r, w]
        tot = [x + y for x, y in zip(tot, vals)]
        L.append("| %s%s | `%s` | %s |" % (
            repo, " (+ `--cross-tu`)" if info["cross_tu"] else "",
            cm[repo][:12], " | ".join(str(v) for v in vals)))
    L.append("| **total** | | %s |" % " | ".join("**%d**" % v for v in tot))
    L.append("")
    L.append("| check | findings | right | wrong | precision |")
    L.append("|---|---:|---:|---:|---:|")
    R = W = 0
    for c, (r, w) in by_check.items():
        R += r
        W += w
        L.append("| `%s` | %d | %d | %d | %s |" % (
            c, r + w, r, w, "%.2f" % (r / (r + w)) if r + w else "n/a"))
    L.append("| **all checks** | **%d** | **%d** | **%d** | **%s** |" % (
        R + W, R, W, "%.2f" % (R / (R + W)) if R + W else "n/a"))
    return "\n".join(L), untriaged, stale


def cmd_table(a):
    text, untriaged, stale = table(a)
    print(text)
    for k in sorted(untriaged):
        log("untriaged finding: " + "\t".join(k))
    for k in sorted(stale):
        log("triage line matches no finding: " + "\t".join(k))
    if a.write_docs:
        with open(a.write_docs) as f:
            doc = f.read()
        b, e = "<!-- survey-table:begin -->", "<!-- survey-table:end -->"
        if b not in doc or e not in doc:
            die("%s has no %s ... %s markers" % (a.write_docs, b, e))
        head, rest = doc.split(b, 1)
        _, tail = rest.split(e, 1)
        with open(a.write_docs, "w") as f:
            f.write(head + b + "\n" + text + "\n" + e + tail)
    if untriaged:
        die("%d finding(s) not triaged in %s" % (len(untriaged), a.triage))


def selected(a):
    names = a.projects.split(",") if a.projects else list(PROJECTS)
    for n in names:
        if n not in PROJECTS:
            die("unknown project %s (known: %s)" % (n, ", ".join(PROJECTS)))
        yield n, PROJECTS[n]


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("step", choices=["extract", "configure", "compile", "run",
                                     "findings", "table", "frontends", "all"])
    ap.add_argument("--mirror", default="/work/.mirror",
                    help="directory of fetched snapshots (owner+name/repo)")
    ap.add_argument("--src", default="/work/survey-src",
                    help="where snapshots are unpacked")
    ap.add_argument("--work", default="/work/survey-work",
                    help="build directories, databases and results")
    ap.add_argument("--projects", default="",
                    help="comma-separated subset of: " + ", ".join(PROJECTS))
    ap.add_argument("--retrylint",
                    default=os.path.join(ROOT, "build", "driver", "retrylint"))
    ap.add_argument("--plugin", default=os.path.join(
        ROOT, "build", "driver", "plugin", "libretrylint-tidy.so"))
    ap.add_argument("--clang-tidy", dest="clang_tidy", default="clang-tidy-22")
    ap.add_argument("--clangd", default=os.path.join(
        ROOT, "build", "driver", "retrylint-clangd"))
    ap.add_argument("--clang", default="clang-22")
    ap.add_argument("--clangxx", default="clang++-22")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--triage", default=os.path.join(HERE, "triage.tsv"))
    ap.add_argument("--write-docs", default="",
                    help="replace the survey table in this file")
    a = ap.parse_args()
    a.src, a.work = os.path.abspath(a.src), os.path.abspath(a.work)
    a.retrylint = os.path.abspath(a.retrylint)
    a.plugin, a.clangd = os.path.abspath(a.plugin), os.path.abspath(a.clangd)
    steps = {"extract": cmd_extract, "configure": cmd_configure,
             "compile": cmd_compile, "run": cmd_run, "findings": cmd_findings,
             "table": cmd_table, "frontends": cmd_frontends}
    if a.step == "all":
        for s in ["extract", "configure", "compile", "run", "table"]:
            steps[s](a)
    else:
        steps[a.step](a)


if __name__ == "__main__":
    main()
