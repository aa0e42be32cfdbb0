#!/usr/bin/python3
"""The science profile: what its snippets cost, against python3 -c and the default profile.

    /usr/bin/python3 bench/science.py [--binary build/tool-sandbox] [--rounds 80]
        [--python-rounds 20] [--trivial-rounds 500] [--cpu-rounds 3] [--cpu-block-s 0.5]
        [--startup-runs 4] [--python /usr/bin/python3] [--json PATH] [--md PATH]

Two servers, both on 127.0.0.1:0 (port read from the log, stopped by PID):
S1 with --profiles default, S2 with --profiles default,science.  Phases:

  startup   S1's and S2's start, alternated (--startup-runs each): time from
            exec to the "listening" line and to the first GET /readyz 200.
  main      --rounds rounds; in each, one request of every variant, in an
            order shuffled anew every round (seeded, --seed), so that each
            variant follows every other alike (a teardown or a pool refill
            left by one request falls on the next): numpy, pandas, matplotlib
            and sympy on S2's science profile, `x = 1` on S2's science and
            default profiles and on S1; in --python-rounds of them (spread
            evenly) also the same snippets by `python3 -c` (a fresh
            interpreter; wall and user+sys CPU from os.wait4).  One keep-alive
            connection per server; wall time from the first byte sent to the
            last byte read.  Every answer must be ok, from the profile asked
            for; matplotlib's must hold an image/png display output.
  trivial   --trivial-rounds pairs of `x = 1`, S1 default against S2 default
            (nothing runs in S2's science profile meanwhile): whether a server
            that also runs science answers the default profile as fast; then
            as many pairs of S2 default against S2 science: what a bigger
            zygote costs.  Each pair in a random order.  The zygotes' own CPU
            (/proc/PID/task/*/schedstat, ns) over the phase divided by the
            executions on it is the fork (clone) cost in the zygote.
  cpu       --cpu-rounds rounds of blocks of one variant at a time (a block
            lasts about --cpu-block-s, sized from the main phase's p50),
            in a shuffled order: the whole server tree's CPU per request (server with its
            reaped children, zygotes and pool sandboxes alive), read 0.3 s
            after the block so that teardown and pool refill are in it.
  memory    idle, after the rest: VmRSS, VmPTE, Pss and Private of each zygote
            and of a pooled sandbox of each profile, and the PSS of each tree.

`cpu_ms` is the response's: the sandbox process's own CPU from its fork
(setup in the pool, the snippet, the report), without its exit.  The python3
-c runs get OPENBLAS/OMP/MKL_NUM_THREADS=1 and MPLBACKEND=Agg, as the science
zygote does; their matplotlib snippet also renders the PNG (savefig to a
BytesIO), which the server does for a figure left open.

Reports medians (p50, p90 interpolated) and ratios within the run; never fails
on the numbers.  Exits 1 when an answer was not ok, 2 when a server cannot start.
"""
import argparse
import datetime
import http.client
import json
import os
import random
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run import ROOT, Server, _children, machine_info, pct, tree_cpu_s  # noqa: E402

SNIPPETS = {
    "numpy": "import numpy as np; np.arange(10).sum()",
    "pandas": ("import numpy as np, pandas as pd; "
               "df = pd.DataFrame({\"k\": np.arange(100000) % 100, \"v\": np.arange(100000)}); "
               "df.groupby(\"k\")[\"v\"].sum().sum()"),
    "matplotlib": ("import numpy as np, matplotlib.pyplot as plt\n"
                   "x = np.linspace(0, 10, 200)\n"
                   "plt.plot(x, np.sin(x))"),
    "sympy": ("import sympy as sp; x = sp.Symbol(\"x\"); sp.integrate(sp.sin(x)**2, x); "
              "sp.solve(x**2 - 2, x)"),
    "trivial": "x = 1",
}
# What the server does after a figure is left open, done by hand in python3 -c.
PY_EXTRA = {"matplotlib": "\nimport io\nplt.gcf().savefig(io.BytesIO(), format=\"png\")"}
PY_ENV = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
          "MPLBACKEND": "Agg"}

# variant -> (server, profile, snippet)
HTTP = {
    "sci_numpy": ("S2", "science", "numpy"),
    "sci_pandas": ("S2", "science", "pandas"),
    "sci_matplotlib": ("S2", "science", "matplotlib"),
    "sci_sympy": ("S2", "science", "sympy"),
    "sci_trivial": ("S2", "science", "trivial"),
    "def_trivial": ("S2", "default", "trivial"),
    "def_trivial_alone": ("S1", "default", "trivial"),
}
PYV = {"py_" + k: k for k in ("numpy", "pandas", "matplotlib", "sympy", "trivial")}
HDR = {"Content-Type": "application/json"}


# ---- /proc ---------------------------------------------------------------

def zygotes(server_pid):
    """{"default": pid, "science": pid} of a server: its children that are not
    pid 1 of a namespace of their own (the pooled sandboxes are); the one
    started with --preimport is the science zygote."""
    out = {}
    for c in _children(server_pid):
        try:
            with open("/proc/%d/status" % c) as f:
                ns = [ln for ln in f if ln.startswith("NSpid:")][0].split()[1:]
            with open("/proc/%d/cmdline" % c, "rb") as f:
                cmd = f.read().split(b"\0")
        except (OSError, IndexError):
            continue
        if b"--zygote" in cmd and len(ns) == 1:
            out["science" if b"--preimport" in cmd else "default"] = c
    return out


def pool(server_pid):
    """{"default": [pid...], "science": [...]}: the pooled (or running) sandboxes."""
    out = {"default": [], "science": []}
    for c in _children(server_pid):
        try:
            with open("/proc/%d/status" % c) as f:
                ns = [ln for ln in f if ln.startswith("NSpid:")][0].split()[1:]
            with open("/proc/%d/cmdline" % c, "rb") as f:
                cmd = f.read().split(b"\0")
        except (OSError, IndexError):
            continue
        if len(ns) >= 2 and not _children(c):
            out["science" if b"--preimport" in cmd else "default"].append(c)
    return out


def mem_of(pid):
    d = {}
    try:
        with open("/proc/%d/status" % pid) as f:
            for ln in f:
                k, _, v = ln.partition(":")
                if k in ("VmRSS", "VmPTE"):
                    d[k] = int(v.split()[0])
        with open("/proc/%d/smaps_rollup" % pid) as f:
            for ln in f:
                k, _, v = ln.partition(":")
                if k in ("Pss", "Private_Clean", "Private_Dirty"):
                    d[k] = int(v.split()[0])
    except (OSError, ValueError, IndexError):
        return None
    d["Private"] = d.pop("Private_Clean", 0) + d.pop("Private_Dirty", 0)
    return d


def tree_pids(pid):
    out, todo = [pid], [pid]
    while todo:
        for c in _children(todo.pop()):
            out.append(c)
            todo.append(c)
    return out


def sched_ns(pid):
    """On-CPU time of every thread of pid, in ns (schedstat)."""
    tot = 0
    try:
        for t in os.listdir("/proc/%d/task" % pid):
            with open("/proc/%d/task/%s/schedstat" % (pid, t)) as f:
                tot += int(f.read().split()[0])
    except (OSError, ValueError):
        return None
    return tot


# ---- clients -------------------------------------------------------------

class Client:
    def __init__(self, server):
        self.server = server
        self.conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)

    def execute(self, profile, code):
        """(wall ms, response dict, problem or None)."""
        body = json.dumps({"code": code, "profile": profile, "timeout": 30})
        t = time.perf_counter()
        try:
            self.conn.request("POST", "/execute", body, HDR)
            r = self.conn.getresponse()
            raw = r.read()
        except (OSError, http.client.HTTPException) as e:
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=60)
            return None, None, "exc:%s" % type(e).__name__
        dt = (time.perf_counter() - t) * 1e3
        try:
            d = json.loads(raw)
        except ValueError:
            return dt, None, "http%d: not JSON" % r.status
        if r.status != 200:
            return dt, d, "http%d" % r.status
        if d.get("status") != "ok":
            err = d.get("error") or {}
            return dt, d, "%s: %s %s" % (d.get("status"), err.get("type"),
                                         (err.get("message") or "")[:120])
        if d.get("profile", "default") != profile:
            return dt, d, "ran in %s" % d.get("profile")
        return dt, d, None


def run_python(py, code):
    """(wall ms, user+sys CPU ms, problem or None) of a fresh `python3 -c`."""
    env = dict(os.environ, **PY_ENV)
    with tempfile.TemporaryFile() as err:
        t = time.perf_counter()
        p = subprocess.Popen([py, "-c", code], stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=err, env=env)
        _, status, ru = os.wait4(p.pid, 0)
        dt = (time.perf_counter() - t) * 1e3
        p.returncode = os.waitstatus_to_exitcode(status)
        if p.returncode != 0:
            err.seek(0)
            return dt, None, "exit %d: %s" % (p.returncode,
                                              err.read().decode(errors="replace")[-200:])
    return dt, (ru.ru_utime + ru.ru_stime) * 1e3, None


def wait_ready(port, timeout=60.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            c.request("GET", "/readyz")
            if c.getresponse().status == 200:
                return True
        except (OSError, http.client.HTTPException):
            pass
        finally:
            c.close()
        time.sleep(0.01)
    return False


def argv_of(binary, profiles):
    return [binary, "--listen", "127.0.0.1:0", "--profiles", profiles]


# ---- phases --------------------------------------------------------------

def phase_startup(binary, runs):
    out = {"default": {"listen_ms": [], "ready_ms": []},
           "default,science": {"listen_ms": [], "ready_ms": []}}
    kinds = list(out)
    for i in range(runs):
        for k in kinds[i % 2:] + kinds[:i % 2]:
            s = Server("startup " + k, argv_of(binary, k))
            t = time.perf_counter()
            try:
                s.start(timeout=120)
                t_listen = time.perf_counter()
                ok = wait_ready(s.port)
                t_ready = time.perf_counter()
            finally:
                s.stop()
            out[k]["listen_ms"].append((t_listen - t) * 1e3)
            if ok:
                out[k]["ready_ms"].append((t_ready - t) * 1e3)
            print("startup %-16s listening %.0f ms, ready %s ms" % (
                k, (t_listen - t) * 1e3, "%.0f" % ((t_ready - t) * 1e3) if ok else "never"),
                file=sys.stderr, flush=True)
    return {k: {"runs": runs, "listen_p50_ms": pct(v["listen_ms"], .5),
                "ready_p50_ms": pct(v["ready_ms"], .5),
                "ready_ms": [round(x, 1) for x in v["ready_ms"]]} for k, v in out.items()}


class Samples:
    def __init__(self):
        self.wall, self.cpu, self.dur, self.bad = [], [], [], {}

    def add(self, wall, cpu, dur, problem):
        if problem:
            self.bad[problem] = self.bad.get(problem, 0) + 1
            return
        self.wall.append(wall)
        if cpu is not None:
            self.cpu.append(cpu)
        if dur is not None:
            self.dur.append(dur)

    def summary(self):
        return {"n": len(self.wall), "non_ok": self.bad,
                "p50_ms": pct(self.wall, .5), "p90_ms": pct(self.wall, .9),
                "cpu_p50_ms": pct(self.cpu, .5), "run_p50_ms": pct(self.dur, .5)}


def http_one(clients, v, samples):
    srv, profile, snip = HTTP[v]
    dt, d, problem = clients[srv].execute(profile, SNIPPETS[snip])
    if not problem and snip == "matplotlib":
        if not any("image/png" in (o.get("data") or {}) for o in d.get("outputs") or []):
            problem = "no image/png display output"
    samples[v].add(dt, d.get("cpu_ms") if d else None, d.get("duration_ms") if d else None,
                   problem)


def py_one(py, v, samples):
    snip = PYV[v]
    dt, cpu, problem = run_python(py, SNIPPETS[snip] + PY_EXTRA.get(snip, ""))
    samples[v].add(dt, cpu, None, problem)


def zyg_sched(servers):
    out = {}
    for name, s in servers.items():
        for prof, z in zygotes(s.pid).items():
            out["%s:%s" % (name, prof)] = sched_ns(z)
    return out


def phase_main(servers, clients, py, rounds, py_rounds, rng):
    samples = {v: Samples() for v in list(HTTP) + list(PYV)}
    py_at = {(i * rounds) // py_rounds for i in range(py_rounds)} if py_rounds else set()
    z0 = zyg_sched(servers)
    execs = {"S1:default": 0, "S2:default": 0, "S2:science": 0}
    t0 = time.monotonic()
    for r in range(rounds):
        vs = list(HTTP) + (list(PYV) if r in py_at else [])
        rng.shuffle(vs)
        for v in vs:
            if v in HTTP:
                http_one(clients, v, samples)
                execs["%s:%s" % HTTP[v][:2]] += 1
            else:
                py_one(py, v, samples)
        if r % 10 == 9:
            print("main: %d/%d rounds, %.0f s" % (r + 1, rounds, time.monotonic() - t0),
                  file=sys.stderr, flush=True)
    time.sleep(1.0)                     # the pools refill
    z1 = zyg_sched(servers)
    return samples, fork_cost(z0, z1, execs)


def fork_cost(z0, z1, execs):
    return {k: {"executions": n,
                "zygote_cpu_ms_per_fork": (round((z1[k] - z0[k]) / 1e6 / n, 3)
                                           if n and z0.get(k) is not None
                                           and z1.get(k) is not None else None)}
            for k, n in execs.items()}


def phase_trivial(servers, clients, rounds, rng):
    """S1 default against S2 default, then S2 default against S2 science."""
    out, forks = {}, {}
    for part, pair in (("ab", ["def_trivial_alone", "def_trivial"]),
                       ("fork", ["def_trivial", "sci_trivial"])):
        samples = {v: Samples() for v in pair}
        z0 = zyg_sched(servers)
        for _ in range(rounds):
            rng.shuffle(pair)
            for v in pair:
                http_one(clients, v, samples)
        time.sleep(1.0)
        z1 = zyg_sched(servers)
        out[part] = samples
        forks[part] = fork_cost(z0, z1, {"%s:%s" % HTTP[v][:2]: rounds for v in pair})
    return out, forks


def phase_cpu(servers, clients, rounds, block_s, p50s, rng):
    vs = list(HTTP)
    cpu_s = {v: 0.0 for v in vs}
    n = {v: 0 for v in vs}
    bad = {}
    size = {v: max(3, min(200, int(round(block_s * 1e3 / (p50s.get(v) or 50.0))))) for v in vs}
    for r in range(rounds):
        rng.shuffle(vs)
        for v in vs:
            s = servers[HTTP[v][0]]
            time.sleep(0.3)
            c0 = tree_cpu_s(s.pid)
            smp = {v: Samples()}
            for _ in range(size[v]):
                http_one(clients, v, smp)
            time.sleep(0.3)
            c1 = tree_cpu_s(s.pid)
            for p, cnt in smp[v].bad.items():
                bad[p] = bad.get(p, 0) + cnt
            if c0 is not None and c1 is not None:
                cpu_s[v] += c1 - c0
                n[v] += size[v]
    return {v: {"block": size[v], "requests": n[v],
                "tree_cpu_ms_per_request": round(cpu_s[v] * 1e3 / n[v], 2) if n[v] else None}
            for v in vs}, bad


def phase_memory(servers):
    out = {}
    for name, s in servers.items():
        for prof, z in sorted(zygotes(s.pid).items()):
            out["%s %s zygote" % (name, prof)] = mem_of(z)
        for prof, pids in sorted(pool(s.pid).items()):
            if pids:
                out["%s %s pooled sandbox" % (name, prof)] = mem_of(pids[0])
        out["%s server" % name] = mem_of(s.pid)
        pss = [mem_of(p) for p in tree_pids(s.pid)]
        out["%s whole tree (PSS sum)" % name] = {
            "Pss": sum(m["Pss"] for m in pss if m), "processes": len(pss)}
    return out


# ---- report --------------------------------------------------------------

def ratio(a, b):
    return round(a / b, 2) if a and b else None


def render(rep):
    m = rep["machine"]
    mn, tr, cpu, fk = rep["main"], rep["trivial"], rep["cpu"], rep["fork"]
    L = ["# Science profile benchmark %s" % rep["timestamp_utc"], "",
         "%s, %s CPUs, kernel %s, load average %s at the start; %d main rounds "
         "(python3 -c in %d of them), %d trivial rounds, %d CPU block rounds; total %.0f s."
         % (m["cpu_model"], m["nproc"], m["kernel"], rep["loadavg"], rep["config"]["rounds"],
            rep["config"]["python_rounds"], rep["config"]["trivial_rounds"],
            rep["config"]["cpu_rounds"], rep["total_runtime_s"]), ""]
    L += ["## Snippets (main phase, alternated)", "",
          "| snippet | p50 ms | p90 ms | sandbox CPU p50 ms | run p50 ms | tree CPU ms/req "
          "| python3 -c p50 ms | p90 ms | CPU p50 ms | p50× | CPU× |",
          "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for snip in ("numpy", "pandas", "matplotlib", "sympy", "trivial"):
        h, p = mn["sci_" + snip], mn["py_" + snip]
        L.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            snip, h["p50_ms"], h["p90_ms"], h["cpu_p50_ms"], h["run_p50_ms"],
            cpu["sci_" + snip]["tree_cpu_ms_per_request"], p["p50_ms"], p["p90_ms"],
            p["cpu_p50_ms"], ratio(p["p50_ms"], h["p50_ms"]),
            ratio(p["cpu_p50_ms"], cpu["sci_" + snip]["tree_cpu_ms_per_request"])))
    for v in ("def_trivial", "def_trivial_alone"):
        h = mn[v]
        L.append("| `x = 1` default%s | %s | %s | %s | %s | %s | | | | | |" % (
            " (S1, no science)" if v.endswith("alone") else " (S2)", h["p50_ms"], h["p90_ms"],
            h["cpu_p50_ms"], h["run_p50_ms"], cpu[v]["tree_cpu_ms_per_request"]))
    L += ["", "`p50×` = python3 -c p50 / sandbox p50, `CPU×` = python3 -c user+sys / the "
          "server tree's CPU per request (cpu phase), both above 1 when the sandbox is "
          "cheaper. Sandbox CPU is the response's `cpu_ms`; run is its `duration_ms`.", ""]
    L += ["## `x = 1`, alternated in pairs (trivial phase)", "",
          "| pair | variant | p50 ms | p90 ms | sandbox CPU p50 ms | tree CPU ms/req "
          "| zygote CPU per fork ms | zygote VmRSS MiB | VmPTE KiB |",
          "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    for part, v, key, zname in (
            ("ab", "def_trivial_alone", "S1:default", "S1 default zygote"),
            ("ab", "def_trivial", "S2:default", "S2 default zygote"),
            ("fork", "def_trivial", "S2:default", "S2 default zygote"),
            ("fork", "sci_trivial", "S2:science", "S2 science zygote")):
        h, z = tr[part][v], rep["memory"].get(zname) or {}
        L.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            part, v, h["p50_ms"], h["p90_ms"], h["cpu_p50_ms"],
            cpu[v]["tree_cpu_ms_per_request"], fk["trivial"][part][key]["zygote_cpu_ms_per_fork"],
            round(z["VmRSS"] / 1024, 1) if z.get("VmRSS") else None, z.get("VmPTE")))
    L += ["", "Ratios: default p50 on S2 (with science) / S1 (without): **%s** (p90 %s); "
          "science `x = 1` p50 / default, same server: **%s**; its sandbox CPU: **%s**; "
          "zygote CPU per fork: **%s**; tree CPU per request: **%s**." % (
              ratio(tr["ab"]["def_trivial"]["p50_ms"], tr["ab"]["def_trivial_alone"]["p50_ms"]),
              ratio(tr["ab"]["def_trivial"]["p90_ms"], tr["ab"]["def_trivial_alone"]["p90_ms"]),
              ratio(tr["fork"]["sci_trivial"]["p50_ms"], tr["fork"]["def_trivial"]["p50_ms"]),
              ratio(tr["fork"]["sci_trivial"]["cpu_p50_ms"],
                    tr["fork"]["def_trivial"]["cpu_p50_ms"]),
              ratio(fk["trivial"]["fork"]["S2:science"]["zygote_cpu_ms_per_fork"],
                    fk["trivial"]["fork"]["S2:default"]["zygote_cpu_ms_per_fork"]),
              ratio(cpu["sci_trivial"]["tree_cpu_ms_per_request"],
                    cpu["def_trivial"]["tree_cpu_ms_per_request"])),
          "Zygote CPU per fork over the main phase: %s." % ", ".join(
              "%s %s ms (%d forks)" % (k, v["zygote_cpu_ms_per_fork"], v["executions"])
              for k, v in fk["main"].items()), ""]
    L += ["## Memory (idle, KiB)", "", "| process | VmRSS | Pss | Private | VmPTE |",
          "|---|---:|---:|---:|---:|"]
    for k, v in rep["memory"].items():
        v = v or {}
        L.append("| %s | %s | %s | %s | %s |" % (k, v.get("VmRSS", ""), v.get("Pss", ""),
                                                 v.get("Private", ""), v.get("VmPTE", "")))
    st = rep["startup"]
    L += ["", "## Start-up (exec to /readyz 200, p50 of %d)" % st["default"]["runs"], "",
          "| profiles | listening p50 ms | ready p50 ms | each run ms |", "|---|---:|---:|---|"]
    for k, v in st.items():
        L.append("| %s | %s | %s | %s |" % (k, v["listen_p50_ms"], v["ready_p50_ms"],
                                            " ".join("%.0f" % x for x in v["ready_ms"])))
    L += ["", "## Targets", "", "| target | measured | met |", "|---|---|---|"]
    for t in rep["targets"]:
        L.append("| %s | %s | %s |" % (t["target"], t["measured"], "yes" if t["met"] else "**no**"))
    if rep["non_ok"]:
        L += ["", "Non-ok answers: " + "; ".join("%s: %s" % kv for kv in rep["non_ok"].items())]
    return "\n".join(L) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=os.path.join(ROOT, "build", "tool-sandbox"))
    ap.add_argument("--python", default="/usr/bin/python3", help="the python3 -c baseline")
    ap.add_argument("--rounds", type=int, default=80, help="main phase rounds")
    ap.add_argument("--python-rounds", type=int, default=20,
                    help="main rounds that also run the python3 -c variants")
    ap.add_argument("--trivial-rounds", type=int, default=500)
    ap.add_argument("--cpu-rounds", type=int, default=3)
    ap.add_argument("--cpu-block-s", type=float, default=0.5)
    ap.add_argument("--startup-runs", type=int, default=4)
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1, help="of the shuffled orders")
    ap.add_argument("--json", help="write the report here")
    ap.add_argument("--md", help="write the markdown here")
    a = ap.parse_args()
    a.python_rounds = min(a.python_rounds, a.rounds)
    rng = random.Random(a.seed)
    t_start = time.monotonic()
    with open("/proc/loadavg") as f:
        loadavg = " ".join(f.read().split()[:3])

    try:
        startup = phase_startup(a.binary, a.startup_runs) if a.startup_runs else {}
    except RuntimeError as e:
        print(e, file=sys.stderr)
        return 2
    servers = {"S1": Server("S1", argv_of(a.binary, "default")),
               "S2": Server("S2", argv_of(a.binary, "default,science"))}
    try:
        for s in servers.values():
            s.start(timeout=120)
            if not wait_ready(s.port):
                raise RuntimeError("%s never ready" % s.name)
            print("started %s pid %d port %d" % (s.name, s.pid, s.port), file=sys.stderr)
    except RuntimeError as e:
        for s in servers.values():
            s.stop()
        print(e, file=sys.stderr)
        return 2
    clients = {k: Client(s) for k, s in servers.items()}
    try:
        warm = {v: Samples() for v in list(HTTP) + list(PYV)}
        for _ in range(a.warmup):
            for v in HTTP:
                http_one(clients, v, warm)
        for v in PYV:
            py_one(a.python, v, warm)
        for v, s in warm.items():
            if s.bad:
                print("warm-up %s: %s" % (v, s.bad), file=sys.stderr)
        main_s, fork_main = phase_main(servers, clients, a.python, a.rounds, a.python_rounds,
                                        rng)
        main_sum = {v: s.summary() for v, s in main_s.items()}
        for v, s in main_sum.items():
            print("  %-18s n=%-4d p50=%-9s p90=%-9s cpu p50=%s" % (
                v, s["n"], s["p50_ms"], s["p90_ms"], s["cpu_p50_ms"]), file=sys.stderr)
        print("trivial: 2 x %d pairs" % a.trivial_rounds, file=sys.stderr, flush=True)
        triv_s, fork_triv = phase_trivial(servers, clients, a.trivial_rounds, rng)
        triv_sum = {part: {v: s.summary() for v, s in smp.items()}
                    for part, smp in triv_s.items()}
        print("cpu: %d rounds of blocks" % a.cpu_rounds, file=sys.stderr, flush=True)
        cpu, cpu_bad = phase_cpu(servers, clients, a.cpu_rounds, a.cpu_block_s,
                                 {v: main_sum[v]["p50_ms"] for v in HTTP}, rng)
        time.sleep(1.5)
        memory = phase_memory(servers)
    finally:
        for s in servers.values():
            s.stop()

    non_ok = {}
    for ph, summ in (("main", main_sum), ("trivial ab", triv_sum["ab"]),
                     ("trivial fork", triv_sum["fork"])):
        for v, s in summ.items():
            for p, n in s["non_ok"].items():
                non_ok["%s %s %s" % (ph, v, p)] = n
    for p, n in cpu_bad.items():
        non_ok["cpu %s" % p] = n
    np50, py50 = main_sum["sci_numpy"]["p50_ms"], main_sum["py_numpy"]["p50_ms"]
    targets = [
        {"target": "numpy snippet p50 < 25 ms", "measured": "%s ms" % np50,
         "met": bool(np50 and np50 < 25)},
        {"target": "numpy snippet ≥ 10× faster than python3 -c (p50)",
         "measured": "%s×" % ratio(py50, np50), "met": bool(np50 and py50 and py50 / np50 >= 10)},
    ]
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%dT%H%MZ")
    rep = {"timestamp_utc": stamp, "machine": machine_info(), "loadavg": loadavg,
           "binary": os.path.abspath(a.binary), "python": a.python,
           "config": {"rounds": a.rounds, "python_rounds": a.python_rounds,
                      "trivial_rounds": a.trivial_rounds, "cpu_rounds": a.cpu_rounds,
                      "cpu_block_s": a.cpu_block_s, "startup_runs": a.startup_runs,
                      "warmup": a.warmup, "seed": a.seed},
           "snippets": SNIPPETS, "python_extra": PY_EXTRA,
           "startup": startup, "main": main_sum, "trivial": triv_sum, "cpu": cpu,
           "fork": {"main": fork_main, "trivial": fork_triv}, "memory": memory,
           "targets": targets, "non_ok": non_ok,
           "total_runtime_s": round(time.monotonic() - t_start, 1)}
    md = render(rep)
    print(md)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rep, f, indent=1)
            f.write("\n")
    if a.md:
        with open(a.md, "w") as f:
            f.write(md)
    return 1 if non_ok else 0


if __name__ == "__main__":
    sys.exit(main())
