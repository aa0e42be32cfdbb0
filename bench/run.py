#!/usr/bin/python3
"""One-command benchmark of Tool Sandbox against its baselines (stdlib only).

    /usr/bin/python3 bench/run.py [--quick] [--out bench/results]

Targets, measured interleaved (each cell is split into rounds and the targets
take turns, in a rotating order, so machine noise hits all of them alike):

  ours     build/tool-sandbox (HTTP, keep-alive)
  seed     bench/baselines/seed_server.py (HTTP, keep-alive)
  python   python3 -I -S -c CODE per execution (no isolation)
  bwrap    bwrap --unshare-all --die-with-parent --ro-bind / / python3 -I -S -c CODE
           (skipped with a note when bwrap is missing or does not work)

After them, the sessions model (tests/sessions/model.py): 1000 random
operations (calls, forks, deletes, new sessions) over 10 sessions at first, 5 to
14 live, each checked against a model (--session-calls; 0 with --quick, since
make test runs the model on its own).

Last, the science profile (bench/science.py, on its own two servers): numpy,
pandas, matplotlib and sympy snippets against python3 -c and the default
profile (--science-rounds; 0, skipped, with --quick).

See bench/README.md for what is measured and how to read the output.
"""
import argparse
import datetime
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PY = os.path.realpath(sys.executable)          # never a pyenv shim
CLK = os.sysconf("SC_CLK_TCK")
LOADGEN = os.path.join(ROOT, "build", "ts-loadgen")   # --loadgen

CPU_ITERS = 500_000                             # ~50 ms in CPython 3.11 on the dev box



def claim(counter, lock, n, deadline):
    """Takes one of the n requests of a cell for the calling worker; False
    once all are taken or the cell's time is up."""
    if time.monotonic() >= deadline:
        return False
    with lock:
        if counter[0] >= n:
            return False
        counter[0] += 1
        return True

def _validate_big():
    parts, i = [], 0
    while sum(len(p) for p in parts) < 20 * 1024:
        parts.append("def step_%d(values, k=%d):\n"
                     "    total = 0\n"
                     "    for v in values:\n"
                     "        total += v * k + (v %% 7)\n"
                     "    return total\n\n" % (i, i))
        i += 1
    parts.append("print(step_0([1, 2, 3]))\n")
    return "".join(parts)


VALIDATE_SMALL = ("import math\n"
                  "def area(r):\n"
                  "    return math.pi * r * r\n"
                  "print([round(area(x), 2) for x in range(5)])\n")

# name -> (endpoint, code, execution timeout in s).  exec_out64k keeps the 2 s
# default: the seed baseline blocks on a full pipe there and always times out,
# so a longer timeout would only waste benchmark time.
WORKLOADS = {
    "exec_trivial": ("execute", "print(sum(range(1000)))", 10),
    "exec_cpu50ms": ("execute", "s=0\nfor i in range(%d): s+=i\nprint(s)" % CPU_ITERS, 10),
    "exec_out64k": ("execute", "print('x'*65535)", 2),
    "validate_100b": ("validate", VALIDATE_SMALL, None),
    "validate_20k": ("validate", _validate_big(), None),
}


def request_body(wl):
    ep, code, timeout = WORKLOADS[wl]
    return json.dumps({"code": code, "timeout": timeout} if ep == "execute" else {"code": code})


# ---------------------------------------------------------------- /proc helpers

def read_rss_kb(pid):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def _stat_fields(pid):
    with open("/proc/%d/stat" % pid) as f:
        s = f.read()
    return s[s.rindex(")") + 2:].split()        # fields from 3 (state) on


def _children(pid):
    out = []
    try:
        for tid in os.listdir("/proc/%d/task" % pid):
            try:
                with open("/proc/%d/task/%s/children" % (pid, tid)) as f:
                    out += [int(x) for x in f.read().split()]
            except OSError:
                pass
    except OSError:
        pass
    return out


def tree_cpu_s(pid):
    """utime+stime+cutime+cstime of pid, plus utime+stime of its live
    descendants (e.g. the zygote and pooled sandboxes), in seconds."""
    total = 0
    try:
        f = _stat_fields(pid)
        total += sum(int(x) for x in f[11:15])   # utime stime cutime cstime
    except (OSError, ValueError, IndexError):
        return None
    stack, seen = _children(pid), set()
    while stack:
        c = stack.pop()
        if c in seen:
            continue
        seen.add(c)
        try:
            f = _stat_fields(c)
            total += int(f[11]) + int(f[12])
        except (OSError, ValueError, IndexError):
            continue
        stack += _children(c)
    return total / CLK


def machine_info():
    model = None
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem = None
    try:
        with open("/proc/meminfo") as f:
            mem = int(f.readline().split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return {"nproc": os.cpu_count(), "kernel": platform.release(),
            "cpu_model": model, "mem_total_kb": mem,
            "python": platform.python_version(), "python_executable": PY,
            "hostname": platform.node()}


# ---------------------------------------------------------------- servers

class Server:
    def __init__(self, name, argv):
        self.name, self.argv = name, argv
        self.proc, self.port, self.log = None, None, []

    def start(self, timeout=30.0):
        self.proc = subprocess.Popen(self.argv, cwd=ROOT, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                     start_new_session=True)
        found = threading.Event()

        def drain():
            for raw in self.proc.stderr:
                line = raw.decode("utf-8", "replace").rstrip()
                if len(self.log) < 200:
                    self.log.append(line)
                if self.port is None:
                    m = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
                    if m:
                        self.port = int(m.group(1))
                        found.set()
            found.set()
        threading.Thread(target=drain, daemon=True).start()
        if not found.wait(timeout) or self.port is None:
            raise RuntimeError("%s did not report its port; stderr:\n%s"
                               % (self.name, "\n".join(self.log[-20:])))

    @property
    def pid(self):
        return self.proc.pid

    def stop(self):
        if self.proc is None or self.proc.poll() is not None:
            return
        try:
            self.proc.terminate()
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(self.proc.pid, 9)     # its own session: only what we started
            except OSError:
                self.proc.kill()
            self.proc.wait(5)


# ---------------------------------------------------------------- request runners

EXPECT = {"execute": '"status":"ok"', "validate": '"valid":true'}


def http_chunk(port, endpoint, body, n, conc, time_limit):
    """n requests (or fewer, if time_limit ends the run first) over conc
    keep-alive connections, driven by ts-loadgen (C, epoll) so that the
    client is never the bottleneck.  Returns list of (latency_ms, outcome)
    and wall seconds.  outcome: ok, rejected429, httpNNN, unexpected (a
    200 that is not a success: an execution that did not end "ok"), or
    exc:KIND for transport errors."""
    with tempfile.TemporaryDirectory(prefix="ts-bench-") as tmp:
        bf, lf = os.path.join(tmp, "body.json"), os.path.join(tmp, "lat.txt")
        with open(bf, "w") as f:
            f.write(body)
        argv = [LOADGEN, "--port", str(port), "--req", "/%s:%s" % (endpoint, bf),
                "--concurrency", str(conc), "--threads", str(min(conc, 2)),
                "--requests", str(n), "--duration", "%.3f" % time_limit,
                "--timeout", "60", "--latencies", lf, "--expect", EXPECT[endpoint]]
        p = subprocess.run(argv, capture_output=True, timeout=time_limit + 120)
        if p.returncode != 0:
            raise RuntimeError("ts-loadgen failed (rc %d): %s"
                               % (p.returncode, p.stderr.decode(errors="replace")[-500:]))
        rep = json.loads(p.stdout)
        results = []
        with open(lf) as f:
            for line in f:
                us, code = line.split()
                code = int(code)
                out = ("ok" if code == 200 else "unexpected" if code == 1000
                       else "rejected429" if code == 429 else "http%d" % code)
                results.append((int(us) / 1e3, out))
    for kind, k in rep["errors"].items():
        results += [(None, "exc:" + kind)] * k
    return results, rep["elapsed_s"]


def proc_chunk(argv_prefix, code, n, conc, time_limit):
    results, lock = [], threading.Lock()
    counter = [0]
    deadline = time.monotonic() + time_limit

    def worker():
        local = []
        while claim(counter, lock, n, deadline):
            t = time.perf_counter()
            try:
                p = subprocess.run(argv_prefix + [code], stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   timeout=30)
                out = "ok" if p.returncode == 0 else "exit%d" % p.returncode
            except subprocess.TimeoutExpired:
                out = "timeout"
            except OSError as e:
                out = "exc:" + type(e).__name__
            local.append(((time.perf_counter() - t) * 1e3, out))
        with lock:
            results.extend(local)

    threads = [threading.Thread(target=worker, daemon=True) for _ in range(conc)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join(time_limit + 60)
    return results, time.perf_counter() - t0


class RssSampler:
    def __init__(self, pid, period=0.02):
        self.pid, self.period, self.max = pid, period, None
        self._stop = threading.Event()
        self._t = threading.Thread(target=self._run, daemon=True)

    def _run(self):
        while not self._stop.is_set():
            v = read_rss_kb(self.pid)
            if v is not None and (self.max is None or v > self.max):
                self.max = v
            self._stop.wait(self.period)

    def __enter__(self):
        self._t.start()
        return self

    def __exit__(self, *a):
        self._stop.set()
        self._t.join(2)


# ---------------------------------------------------------------- stats

def pct(xs, p):
    if not xs:
        return None
    xs = sorted(xs)
    k = (len(xs) - 1) * p
    lo = int(k)
    hi = min(lo + 1, len(xs) - 1)
    return round(xs[lo] + (xs[hi] - xs[lo]) * (k - lo), 3)


class Cell:
    def __init__(self):
        self.lat_ok, self.outcomes, self.wall, self.n = [], {}, 0.0, 0
        self.cpu_s, self.cpu_known = 0.0, True
        self.rss_before = self.rss_max = self.rss_after = None

    def add(self, results, wall):
        self.wall += wall
        for dt, out in results:
            self.n += 1
            self.outcomes[out] = self.outcomes.get(out, 0) + 1
            if out == "ok":
                self.lat_ok.append(dt)

    def summary(self):
        ok = len(self.lat_ok)
        rej = self.outcomes.get("rejected429", 0)
        d = {"requests": self.n, "ok": ok, "rejected_429": rej,
             "errors": self.n - ok - rej, "outcomes": dict(sorted(self.outcomes.items())),
             "p50_ms": pct(self.lat_ok, .5), "p90_ms": pct(self.lat_ok, .9),
             "p99_ms": pct(self.lat_ok, .99),
             "mean_ms": round(sum(self.lat_ok) / ok, 3) if ok else None,
             "throughput_rps": round(ok / self.wall, 2) if self.wall > 0 else None,
             "wall_s": round(self.wall, 3),
             "cpu_ms_per_request": (round(self.cpu_s * 1e3 / self.n, 3)
                                    if self.cpu_known and self.n else None)}
        if self.rss_before is not None:
            d.update({"rss_kb_before": self.rss_before, "rss_kb_max": self.rss_max,
                      "rss_kb_after": self.rss_after})
        return d


# ---------------------------------------------------------------- RSS and targets

def _zygote_pid(pid):
    for c in _children(pid):
        try:
            with open("/proc/%d/cmdline" % c, "rb") as f:
                if b"--zygote" in f.read():
                    return c
        except OSError:
            pass
    return None


def run_rss_phase(server, n, conc=8, chunk=10000):
    """Server (and zygote) RSS, idle, before and after n trivial executions,
    sampled after every chunk: the server must not grow with use."""
    body = request_body("exec_trivial")
    time.sleep(2)
    zpid = _zygote_pid(server.pid)
    before = read_rss_kb(server.pid)
    zbefore = read_rss_kb(zpid) if zpid else None
    curve, done, bad, t0 = [[0, before]], 0, {}, time.monotonic()
    print("rss phase: %d trivial executions at c=%d" % (n, conc), file=sys.stderr, flush=True)
    while done < n:
        k = min(chunk, n - done)
        res, _ = http_chunk(server.port, "execute", body, k, conc, 3600)
        for _, o in res:
            if o != "ok":
                bad[o] = bad.get(o, 0) + 1
        done += len(res)
        curve.append([done, read_rss_kb(server.pid)])
        if not res:
            break
    wall = time.monotonic() - t0
    time.sleep(2)
    after = read_rss_kb(server.pid)
    curve.append([done, after])
    return {"executions": done, "concurrency": conc, "wall_s": round(wall, 1),
            "non_ok": bad, "rss_kb_idle_before": before, "rss_kb_idle_after": after,
            "rss_kb_max": max(v for _, v in curve if v is not None),
            "change_pct": round((after - before) * 100.0 / before, 2) if before and after else None,
            "zygote_rss_kb_before": zbefore,
            "zygote_rss_kb_after": read_rss_kb(zpid) if zpid else None,
            "curve": curve}


def json_report(args, prefix, with_stdout):
    """Runs a Python script of ours with --json PATH: the report it wrote
    ({} without one) and its exit status; its progress goes to stderr (its
    stdout too, with_stdout)."""
    fd, path = tempfile.mkstemp(prefix=prefix, suffix=".json")
    os.close(fd)
    try:
        p = subprocess.run([PY] + args + ["--json", path],
                           stdout=subprocess.PIPE if with_stdout else subprocess.DEVNULL,
                           stderr=subprocess.STDOUT if with_stdout else subprocess.PIPE,
                           text=True)
        sys.stderr.write(p.stdout if with_stdout else p.stderr)
        try:
            with open(path) as f:
                summary = json.load(f)
        except (OSError, ValueError):
            summary = {}
    finally:
        os.unlink(path)
    summary["exit_status"] = p.returncode
    return summary


def run_sessions_model(binary, calls, sessions=10, seed=1):
    """tests/sessions/model.py on its own server: its summary (wall time, calls
    per kind, commits, rollbacks, mismatches) and its exit status."""
    print("sessions model: %d operations over %d sessions at first" % (calls, sessions),
          file=sys.stderr, flush=True)
    return json_report([os.path.join(ROOT, "tests", "sessions", "model.py"), binary,
                        "--calls", str(calls), "--sessions", str(sessions), "--seed", str(seed)],
                       "ts-model-", with_stdout=True)


def run_science(binary, rounds):
    """bench/science.py on its own servers: its report, and its exit status
    (2: the science profile could not start, e.g. numpy is not installed)."""
    print("science profile: %d rounds" % rounds, file=sys.stderr, flush=True)
    return json_report([os.path.join(ROOT, "bench", "science.py"), "--binary", binary,
                        "--rounds", str(rounds)], "ts-science-", with_stdout=False)


def check_targets(rep, cells):
    """The speed targets of the project, measured in this run."""
    def summ(t, w, c):
        cell = cells.get((t, w, c))
        return cell.summary() if cell else {}

    def best_rps(w, concs):
        v = [summ("ours", w, c).get("throughput_rps") for c in concs]
        v = [x for x in v if x is not None]
        return max(v) if v else None

    out = []
    o1 = summ("ours", "exec_trivial", 1)
    p50 = o1.get("p50_ms")
    out.append(("trivial /execute p50 at c=1", "≤ 1.6 ms", p50, "ms",
                p50 is not None and p50 <= 1.6))
    for b, want in (("seed", 3.0), ("bwrap", 8.0)):
        bp = summ(b, "exec_trivial", 1).get("p50_ms")
        r = bp / p50 if bp and p50 else None
        out.append(("trivial /execute p50 vs %s" % b, "≥ %.0f×" % want, r, "×",
                    r is not None and r >= want))
    rps = best_rps("exec_trivial", [2, 16, 64])
    out.append(("trivial executions/s at c ≥ 2 (best)", "≥ 1200/s", rps, "/s",
                rps is not None and rps >= 1200))
    v = best_rps("validate_100b", [1, 2, 16, 64])
    out.append(("/validate ~100 B requests/s (best)", "≥ 15000/s", v, "/s",
                v is not None and v >= 15000))
    idle = (rep.get("rss_kb_idle") or {}).get("ours")
    out.append(("server RSS idle", "≤ 40 MB", idle / 1024 if idle else None, "MiB",
                idle is not None and idle <= 40 * 1024))
    ph = rep.get("rss_phase")
    if ph:
        ch = ph["change_pct"]
        out.append(("server RSS after %d executions vs before" % ph["executions"], "±10 %",
                    ch, "%", ch is not None and abs(ch) <= 10 and ph["executions"] >= 100000))
    return [{"target": t, "want": w, "measured": None if m is None else round(m, 2),
             "unit": u, "met": bool(ok)} for t, w, m, u, ok in out]


# ---------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true",
                    help="small counts, concurrency 1 and 2 only (CI, < ~60 s)")
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "results"))
    ap.add_argument("--binary", default=os.path.join(ROOT, "build", "tool-sandbox"))
    ap.add_argument("--loadgen", default=os.path.join(ROOT, "build", "ts-loadgen"))
    ap.add_argument("--rounds", type=int, default=None,
                    help="rounds per cell (targets alternate between rounds)")
    ap.add_argument("--rss-executions", type=int, default=None,
                    help="trivial executions of the RSS phase (100000; quick: 2000)")
    ap.add_argument("--session-calls", type=int, default=None,
                    help="operations of the sessions model (1000; quick: 0, make test runs it)")
    ap.add_argument("--science-rounds", type=int, default=None,
                    help="rounds of bench/science.py (80; quick: 0, skipped)")
    args = ap.parse_args()
    global LOADGEN
    LOADGEN = args.loadgen
    t_start = time.monotonic()

    if args.quick:
        counts = {"exec_trivial": 100, "exec_cpu50ms": 20, "exec_out64k": 50,
                  "validate_100b": 2000, "validate_20k": 50}
        rss_execs = 2000 if args.rss_executions is None else args.rss_executions
        session_calls = 0 if args.session_calls is None else args.session_calls
        science_rounds = 0 if args.science_rounds is None else args.science_rounds
        http_conc, proc_conc, rounds, cell_limit = [1, 2], [1, 2], args.rounds or 2, 8.0
    else:
        counts = {"exec_trivial": 2000, "exec_cpu50ms": 120, "exec_out64k": 600,
                  "validate_100b": 40000, "validate_20k": 600}
        rss_execs = 100000 if args.rss_executions is None else args.rss_executions
        session_calls = 1000 if args.session_calls is None else args.session_calls
        science_rounds = 80 if args.science_rounds is None else args.science_rounds
        http_conc, proc_conc, rounds, cell_limit = [1, 2, 16, 64], [1, 2], args.rounds or 4, 24.0

    notes = []
    if not os.access(args.loadgen, os.X_OK):
        sys.exit("%s is missing: it is built with the server (target ts-loadgen)" % args.loadgen)
    if not os.access(args.binary, os.X_OK):
        sys.exit("%s is missing: build it first (cmake -S . -B build "
                 "-DCMAKE_BUILD_TYPE=RelWithDebInfo && cmake --build build -j2)" % args.binary)

    servers = {
        "ours": Server("ours", [args.binary, "--listen", "127.0.0.1:0",
                                "--max-concurrency", "8", "--max-queue", "256"]),
        "seed": Server("seed", [PY, os.path.join(ROOT, "bench", "baselines", "seed_server.py"),
                                "--port", "0"]),
    }
    procs = {"python": [PY, "-I", "-S", "-c"]}
    bwrap = shutil.which("bwrap")
    if bwrap:
        argv = [bwrap, "--unshare-all", "--die-with-parent", "--ro-bind", "/", "/",
                PY, "-I", "-S", "-c"]
        try:
            p = subprocess.run(argv + ["print(1)"], capture_output=True, timeout=20)
            if p.returncode == 0 and p.stdout.strip() == b"1":
                procs["bwrap"] = argv
            else:
                notes.append("bwrap present but failed (rc %d: %s); skipped"
                             % (p.returncode, p.stderr.decode(errors="replace").strip()[:200]))
        except (OSError, subprocess.TimeoutExpired) as e:
            notes.append("bwrap present but failed (%s); skipped" % e)
    else:
        notes.append("bwrap not found (apt-get install bubblewrap); bwrap baseline skipped")
    for n in notes:
        print("note:", n, file=sys.stderr)

    cells = {}          # (target, workload, conc) -> Cell
    try:
        for s in servers.values():
            s.start()
            print("started %s pid %d port %d" % (s.name, s.pid, s.port), file=sys.stderr)

        # warm-up and sanity: every workload once (a few times) on every target
        for wl, (ep, code, _) in WORKLOADS.items():
            for name, s in servers.items():
                res, _ = http_chunk(s.port, ep, request_body(wl), 3, 1, 3)
                bad = [o for _, o in res if o != "ok"]
                if bad:
                    notes.append("warm-up %s %s: %s" % (name, wl, sorted(set(bad))))
            if ep == "execute":
                for name, argv in procs.items():
                    proc_chunk(argv, code, 2, 1, 30)
        for n in notes:
            if n.startswith("warm-up"):
                print("note:", n, file=sys.stderr)

        rss_idle = {name: read_rss_kb(s.pid) for name, s in servers.items()}
        plan = []
        for wl, (ep, code, _) in WORKLOADS.items():
            concs = sorted(set(http_conc) | (set(proc_conc) if ep == "execute" else set()))
            for c in concs:
                targets = [t for t in servers if c in http_conc]
                if ep == "execute" and c in proc_conc:
                    targets += list(procs)
                plan.append((wl, ep, code, c, targets))

        for wl, ep, code, c, targets in plan:
            n_total = counts[wl]
            per_round = max(c, -(-n_total // rounds))
            body = request_body(wl)
            print("%-14s c=%-3d %s" % (wl, c, " ".join(targets)), file=sys.stderr, flush=True)
            for r in range(rounds):
                order = targets[r % len(targets):] + targets[:r % len(targets)]
                for tg in order:
                    cell = cells.setdefault((tg, wl, c), Cell())
                    limit = cell_limit / rounds
                    if tg in servers:
                        s = servers[tg]
                        if s.proc.poll() is not None:
                            raise RuntimeError("%s exited (rc %s)" % (tg, s.proc.returncode))
                        rss0, cpu0 = read_rss_kb(s.pid), tree_cpu_s(s.pid)
                        with RssSampler(s.pid) as smp:
                            res, wall = http_chunk(s.port, ep, body, per_round, c, limit)
                        cpu1, rss1 = tree_cpu_s(s.pid), read_rss_kb(s.pid)
                        if cell.rss_before is None:
                            cell.rss_before = rss0
                        cell.rss_max = max(x for x in (cell.rss_max, smp.max, rss0, rss1)
                                           if x is not None)
                        cell.rss_after = rss1
                        if cpu0 is None or cpu1 is None:
                            cell.cpu_known = False
                        else:
                            cell.cpu_s += cpu1 - cpu0
                    else:
                        t0 = os.times()
                        res, wall = proc_chunk(procs[tg], code, per_round, c, limit)
                        t1 = os.times()
                        if tg == "bwrap":
                            cell.cpu_known = False  # the sandboxed python is not reaped by us
                        cell.cpu_s += (t1.children_user - t0.children_user
                                       + t1.children_system - t0.children_system)
                    cell.add(res, wall)
            for tg in targets:
                s = cells[(tg, wl, c)].summary()
                print("    %-7s n=%-5d p50=%-8s p99=%-8s %8s req/s  429=%d err=%d"
                      % (tg, s["requests"], s["p50_ms"], s["p99_ms"], s["throughput_rps"],
                         s["rejected_429"], s["errors"]), file=sys.stderr, flush=True)
        rss_end = {name: read_rss_kb(s.pid) for name, s in servers.items()}
        rss_phase = run_rss_phase(servers["ours"], rss_execs) if rss_execs > 0 else None
    finally:
        for s in servers.values():
            s.stop()
    # Its own server, once ours is stopped: nothing else runs meanwhile.
    smodel = run_sessions_model(args.binary, session_calls) if session_calls > 0 else None
    science = run_science(args.binary, science_rounds) if science_rounds > 0 else None
    if science and science["exit_status"] == 2:
        notes.append("science profile did not start (are numpy, pandas, scipy, sympy and "
                     "matplotlib installed?); skipped")

    total_s = time.monotonic() - t_start
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    report = {
        "timestamp_utc": stamp, "mode": "quick" if args.quick else "full",
        "total_runtime_s": round(total_s, 1), "machine": machine_info(),
        "config": {"rounds": rounds, "counts": counts, "http_concurrency": http_conc,
                   "process_concurrency": proc_conc, "cell_time_limit_s": cell_limit,
                   "cpu_iters": CPU_ITERS,
                   "ours_argv": servers["ours"].argv[1:],
                   "targets": list(servers) + list(procs)},
        "workloads": {k: {"endpoint": ep, "code_bytes": len(code.encode()), "timeout_s": to}
                      for k, (ep, code, to) in WORKLOADS.items()},
        "rss_kb_idle": rss_idle, "rss_kb_end": rss_end, "rss_phase": rss_phase,
        "sessions_model": smodel, "science": science,
        "notes": notes,
        "results": [dict(target=t, workload=w, concurrency=c, **cells[(t, w, c)].summary())
                    for (t, w, c) in cells],
    }
    report["targets"] = check_targets(report, cells)
    md = render_md(report, cells, list(servers) + list(procs))
    os.makedirs(args.out, exist_ok=True)
    for name in (stamp, "latest"):
        with open(os.path.join(args.out, name + ".json"), "w") as f:
            json.dump(report, f, indent=1)
            f.write("\n")
        with open(os.path.join(args.out, name + ".md"), "w") as f:
            f.write(md)
    print(md)
    print("wrote %s/{%s,latest}.{json,md} in %.1f s" % (args.out, stamp, total_s), file=sys.stderr)
    # Any answer of ours that is not a success fails the run (CI runs --quick).
    bad = [r for r in report["results"] if r["target"] == "ours" and (r["errors"] or not r["ok"])]
    if rss_phase and rss_phase["non_ok"]:
        bad.append({"target": "ours", "workload": "rss phase", "concurrency": 8,
                    "outcomes": rss_phase["non_ok"]})
    if smodel and (smodel["exit_status"] != 0 or smodel.get("mismatches")):
        bad.append({"target": "ours", "workload": "sessions model", "concurrency": 10,
                    "outcomes": {"mismatches": smodel.get("mismatches"),
                                 "exit_status": smodel["exit_status"]}})
    if science and science["exit_status"] == 1:
        bad.append({"target": "ours", "workload": "science profile", "concurrency": 1,
                    "outcomes": science.get("non_ok")})
    for r in bad:
        print("FAILED: ours %s c=%s: %s" % (r["workload"], r["concurrency"], r["outcomes"]),
              file=sys.stderr)
    return 1 if bad else 0


def _f(x, fmt="%.2f"):
    return "–" if x is None else fmt % x


def render_md(rep, cells, targets):
    m = rep["machine"]
    baselines = [t for t in targets if t != "ours"]
    L = ["# Tool Sandbox benchmark %s (%s)" % (rep["timestamp_utc"], rep["mode"]), "",
         "%s, %s CPUs, kernel %s, Python %s; total runtime %.1f s." % (
             m["cpu_model"], m["nproc"], m["kernel"], m["python"], rep["total_runtime_s"]), ""]
    for n in rep["notes"]:
        L.append("- note: " + n)
    if rep["notes"]:
        L.append("")
    L += ["## Targets", "", "| target | wanted | measured | met |", "|---|---|---|---|"]
    for t in rep.get("targets", []):
        L.append("| %s | %s | %s | %s |" % (t["target"], t["want"],
                 "–" if t["measured"] is None else "%s %s" % (t["measured"], t["unit"]),
                 "yes" if t["met"] else "**no**"))
    ph = rep.get("rss_phase")
    if ph:
        L += ["", "RSS phase: %d trivial executions at c=%d in %.0f s (non-ok: %s); server RSS "
              "idle %s KiB before, %s KiB after (%+.1f %%), max %s KiB; zygote %s → %s KiB. "
              "Curve (executions, KiB): %s." % (
                  ph["executions"], ph["concurrency"], ph["wall_s"], ph["non_ok"] or "none",
                  ph["rss_kb_idle_before"], ph["rss_kb_idle_after"], ph["change_pct"] or 0,
                  ph["rss_kb_max"], ph["zygote_rss_kb_before"], ph["zygote_rss_kb_after"],
                  " ".join("%d:%s" % (a, b) for a, b in ph["curve"]))]
    sm = rep.get("sessions_model")
    if sm:
        L += ["", "Sessions model (tests/sessions/model.py, seed %s): %s of %s operations "
              "(calls, forks, deletes, new sessions) over %s sessions at first (%s in all) "
              "checked against the model, each followed by a read of the state, in "
              "%s s (%s operations/s); %s commits, %s rollbacks, %s forks made, %s refused "
              "(box full), **%s mismatches** (exit status %s). By kind: %s." % (
                  sm.get("seed"), sm.get("calls_checked"), sm.get("calls_planned"),
                  sm.get("sessions"), sm.get("sessions_total"), sm.get("wall_s"),
                  sm.get("calls_per_s"), sm.get("commits"), sm.get("rollbacks"),
                  sm.get("forks_made"), sm.get("forks_refused"), sm.get("mismatches"),
                  sm["exit_status"],
                  ", ".join("%s %s" % kv for kv in (sm.get("calls_by_kind") or {}).items()))]
    sc = rep.get("science")
    if sc and sc.get("main"):
        mn = sc["main"]

        def ratio_(a, b):
            return "%.1f×" % (a / b) if a and b else "–"
        L += ["", "Science profile (bench/science.py, %s rounds, alternated): p50 over HTTP "
              "against python3 -c with the same imports: %s. `x = 1` (trivial phase, in pairs): "
              "default %s ms on a server that also runs science, %s ms on one that does "
              "not; science %s ms against default %s ms on the same server. "
              "Zygote VmRSS: science %s KiB, default %s KiB. Start-up to /readyz: %s ms "
              "with science, %s ms without; the rest in its JSON." % (
                  sc["config"]["rounds"],
                  ", ".join("%s %s ms (%s, python3 -c %s ms)" % (
                      k, mn["sci_" + k]["p50_ms"], ratio_(mn["py_" + k]["p50_ms"],
                                                          mn["sci_" + k]["p50_ms"]),
                      mn["py_" + k]["p50_ms"]) for k in ("numpy", "pandas", "matplotlib",
                                                          "sympy")),
                  sc["trivial"]["ab"]["def_trivial"]["p50_ms"],
                  sc["trivial"]["ab"]["def_trivial_alone"]["p50_ms"],
                  sc["trivial"]["fork"]["sci_trivial"]["p50_ms"],
                  sc["trivial"]["fork"]["def_trivial"]["p50_ms"],
                  (sc["memory"].get("S2 science zygote") or {}).get("VmRSS"),
                  (sc["memory"].get("S2 default zygote") or {}).get("VmRSS"),
                  (sc["startup"].get("default,science") or {}).get("ready_p50_ms"),
                  (sc["startup"].get("default") or {}).get("ready_p50_ms"))]
    L += ["", "## Side by side", ""]
    L += ["Ratios: `p50×` = baseline p50 / ours p50 (above 1: we are faster); "
          "`thr×` = ours throughput / baseline throughput (above 1: we serve more).", ""]
    hdr = ["workload", "c", "ours p50 ms", "ours p99 ms", "ours req/s", "ours 429/err"]
    for b in baselines:
        hdr += ["%s p50×" % b, "%s thr×" % b]
    L += ["| " + " | ".join(hdr) + " |", "|" + "---|" * len(hdr)]
    keys = sorted({(w, c) for (_, w, c) in cells},
                  key=lambda k: (list(WORKLOADS).index(k[0]), k[1]))
    for w, c in keys:
        o = cells.get(("ours", w, c))
        os_ = o.summary() if o else {}
        row = [w, str(c), _f(os_.get("p50_ms")), _f(os_.get("p99_ms")),
               _f(os_.get("throughput_rps"), "%.1f"),
               "%s/%s" % (os_.get("rejected_429", "–"), os_.get("errors", "–"))]
        for b in baselines:
            bc = cells.get((b, w, c))
            if not bc or not o:
                row += ["", ""]
                continue
            bs = bc.summary()
            r1 = (bs["p50_ms"] / os_["p50_ms"]) if bs["p50_ms"] and os_.get("p50_ms") else None
            r2 = (os_["throughput_rps"] / bs["throughput_rps"]) \
                if bs["throughput_rps"] and os_.get("throughput_rps") is not None else None
            flag = "" if bs["errors"] == 0 else " (%d err)" % bs["errors"]
            row += [_f(r1) + flag, _f(r2)]
        L.append("| " + " | ".join(row) + " |")
    L += ["", "## All cells", "",
          "| target | workload | c | n | ok | 429 | err | p50 ms | p90 ms | p99 ms | req/s "
          "| CPU ms/req | RSS KiB before/max/after |",
          "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rep["results"]:
        rss = ("%s/%s/%s" % (r["rss_kb_before"], r["rss_kb_max"], r["rss_kb_after"])
               if "rss_kb_before" in r else "")
        L.append("| %s | %s | %d | %d | %d | %d | %d | %s | %s | %s | %s | %s | %s |" % (
            r["target"], r["workload"], r["concurrency"], r["requests"], r["ok"],
            r["rejected_429"], r["errors"], _f(r["p50_ms"]), _f(r["p90_ms"]),
            _f(r["p99_ms"]), _f(r["throughput_rps"], "%.1f"),
            _f(r["cpu_ms_per_request"]), rss))
    bad = [r for r in rep["results"] if r["errors"]]
    if bad:
        L += ["", "Non-ok outcomes: " + "; ".join(
            "%s/%s/c%d %s" % (r["target"], r["workload"], r["concurrency"],
                              {k: v for k, v in r["outcomes"].items() if k != "ok"})
            for r in bad)]
    return "\n".join(L) + "\n"


if __name__ == "__main__":
    sys.exit(main())
