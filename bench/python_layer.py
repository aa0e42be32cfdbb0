#!/usr/bin/env python3
"""What the runtime Python layer (the code check, module views, guards and
the armed audit hook) costs a trivial execution: two server binaries, the
one to measure and a baseline built without the layer, measured in the
same run, interleaved round by round.

    /usr/bin/python3 bench/python_layer.py --binary build-bench/tool-sandbox \\
        --base /path/to/baseline/tool-sandbox [--rounds 9] [--requests 400]

For each binary: CPU per execution (the server, the zygote and the
sandboxes, from /proc, as bench/run.py measures it) and p50 latency at
concurrency 1, as medians over the rounds, and the ratio against the
baseline.  It reports; it never fails on speed.  A baseline is any build of
the commit before the runtime layer, e.g.:

    git worktree add /tmp/base <commit> && cmake -S /tmp/base -B /tmp/base/b \\
        -DCMAKE_BUILD_TYPE=Release && cmake --build /tmp/base/b --target tool-sandbox
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (tree_cpu_s, http_chunk)

SNIPPETS = {
    "trivial": "print(1)",
    "classes": ("from dataclasses import dataclass\n@dataclass\nclass P:\n    x: int\n"
                "    y: int = 0\nclass Q:\n    def __init__(self):\n        self._v = 1\n"
                "    @property\n    def v(self):\n        return self._v\n"
                "print(P(1), Q().v)"),
}


def start(binary, logdir, extra=()):
    """Starts a server on a free port, with `extra` arguments; its log goes
    to a file (a pipe that nobody drains would stall it once full)."""
    log = os.path.join(logdir, os.path.basename(os.path.dirname(binary)) + "-%d.log" % id(binary))
    with open(log, "w") as f:
        p = subprocess.Popen([binary, "--listen", "127.0.0.1:0", "--pool", "2", *extra],
                             stdout=subprocess.DEVNULL, stderr=f)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and p.poll() is None:
        with open(log) as f:
            for line in f:
                if "listening on" in line:
                    port = int(json.loads(line)["msg"].split()[2].rsplit(":", 1)[1])
                    return p, port
        time.sleep(0.05)
    p.kill()
    raise SystemExit("%s did not start (log: %s)" % (binary, log))


def measure(proc, port, body, requests, what, settle=20, time_limit=120):
    """One round of `requests` executions of `body` at concurrency 1, after
    `settle` to fill the pool: (CPU ms per execution, p50 ms)."""
    run.http_chunk(port, "execute", body, settle, 1, 60)
    c0 = run.tree_cpu_s(proc.pid)
    res, _ = run.http_chunk(port, "execute", body, requests, 1, time_limit)
    c1 = run.tree_cpu_s(proc.pid)
    lat = [ms for ms, out in res if out == "ok"]
    if len(lat) != requests:
        raise SystemExit("%s: %d of %d answers not ok" % (what, requests - len(lat), requests))
    return (c1 - c0) * 1e3 / requests, statistics.median(lat)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", required=True)
    ap.add_argument("--base", required=True)
    ap.add_argument("--loadgen", default=os.path.join(run.ROOT, "build", "ts-loadgen"))
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--requests", type=int, default=400)
    a = ap.parse_args()
    run.LOADGEN = a.loadgen
    logdir = tempfile.mkdtemp(prefix="ts-pylayer-")
    servers = {"base": start(a.base, logdir), "ours": start(a.binary, logdir)}
    try:
        results = {}
        for kind, code in SNIPPETS.items():
            body = json.dumps({"code": code})
            cpu = {k: [] for k in servers}
            p50 = {k: [] for k in servers}
            for r in range(a.rounds):
                order = list(servers) if r % 2 == 0 else list(reversed(list(servers)))
                for name in order:
                    c, p = measure(*servers[name], body, a.requests, name)
                    cpu[name].append(c)
                    p50[name].append(p)
            results[kind] = {n: {"cpu_ms": round(statistics.median(cpu[n]), 3),
                                 "p50_ms": round(statistics.median(p50[n]), 3)}
                             for n in servers}
            b, o = results[kind]["base"], results[kind]["ours"]
            print("%-8s CPU per execution: base %.3f ms, ours %.3f ms (%+.1f %%); "
                  "p50 at c=1: base %.3f ms, ours %.3f ms (%+.1f %%)"
                  % (kind, b["cpu_ms"], o["cpu_ms"], 100 * (o["cpu_ms"] / b["cpu_ms"] - 1),
                     b["p50_ms"], o["p50_ms"], 100 * (o["p50_ms"] / b["p50_ms"] - 1)))
        print(json.dumps(results))
    finally:
        for proc, _ in servers.values():
            proc.terminate()
        for proc, _ in servers.values():
            proc.wait(timeout=60)


if __name__ == "__main__":
    main()
