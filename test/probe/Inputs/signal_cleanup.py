#!/usr/bin/env python3
"""Kills `retry-probe probe` mid-run and reports what it left in $TMPDIR.

  signal_cleanup.py RETRY_PROBE TMPDIR term|kill|sweep

term:  SIGTERM while scenarios run; prints the exit code and what is left.
kill:  SIGKILL while scenarios run (nothing can clean up), then a new run:
       prints what is left after each.
sweep: plants stale-looking directories (a dead pid, a live pid, a name that
       is not ours), runs once, prints what is left.
Every wait is bounded.
"""
import os
import subprocess
import sys
import time

probe, tmp, mode = sys.argv[1:4]
env = dict(os.environ, TMPDIR=tmp)
os.makedirs(tmp, exist_ok=True)


def left():
    names = sorted(os.listdir(tmp))
    # pids differ per run: print the shape, not the number
    return " ".join("retry-probe-" + n.split("-")[2] + "-*" if n.startswith("retry-probe-") and n[12:13].isdigit() else n for n in names) or "(nothing)"


def start_and_wait_for_dirs():
    # Slow scenarios (a 2 s reply, a 1 s throttle window) keep dirs alive.
    p = subprocess.Popen([probe, "probe", "--scenario", "post_timeout_naive",
                          "--scenario", "retry_after_honored"], env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.time() + 20
    while time.time() < deadline and sum(
            n.startswith("retry-probe-") for n in os.listdir(tmp)) < 2:
        time.sleep(0.01)
    print("during run:", "dirs present" if os.listdir(tmp) else "none")
    return p


def dead_pid():
    p = subprocess.Popen(["true"])
    p.wait()
    return p.pid


if mode == "term":
    p = start_and_wait_for_dirs()
    p.terminate()
    _, err = p.communicate(timeout=20)
    print("exit", p.returncode)
    print("stderr", err.decode().strip())
    print("left:", left())
elif mode == "kill":
    p = start_and_wait_for_dirs()
    p.kill()
    p.wait(timeout=20)
    print("after SIGKILL:", left())
    r = subprocess.run([probe, "probe", "--scenario", "at_most_once"], env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       timeout=60)
    print("next run exit", r.returncode, r.stderr.decode().strip())
    print("after next run:", left())
elif mode == "sweep":
    stale = os.path.join(tmp, "retry-probe-%d-abcdef" % dead_pid())
    os.makedirs(stale)
    open(os.path.join(stale, "ledger.jsonl"), "w").write("{}\n")
    os.makedirs(os.path.join(tmp, "retry-probe-%d-livepd" % os.getpid()))
    os.makedirs(os.path.join(tmp, "retry-probe-notours"))
    r = subprocess.run([probe, "probe", "--scenario", "at_most_once"], env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       timeout=60)
    print("exit", r.returncode, r.stderr.decode().strip())
    print("stale kept" if os.path.exists(stale) else "stale removed")
    print("left:", left())
