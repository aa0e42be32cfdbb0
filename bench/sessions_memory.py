#!/usr/bin/python3
"""Memory of idle sessions: what each one costs, from /proc (run as root).

    /usr/bin/python3 bench/sessions_memory.py [--binary build/tool-sandbox]
        [--sessions 100] [--rounds 3] [--data-kb 1024] [--memory-mb 128] [--json PATH]

Starts the server on 127.0.0.1 and, in each round, for each of three kinds of
session, creates --sessions sessions one after the other, lets them sit idle,
measures, then deletes them all:

  empty   no setup_code: the session's first holder, which has run nothing
  x = 1   setup_code "x = 1": a committed call holds the state, no user data
  10 calls  the same, then 9 more committed calls (`x += 1`) on each session
  1 MiB   setup_code "data = b'x' * (1 << 20)": a committed call that wrote
          --data-kb KiB of user data

A session is its init (pid 1 of its namespaces, a child of the server) and
everything under it (the holder). Sessions are found from the server's pid in
/proc (PPid, and NSpid ending in 1: the pooled sandboxes are pid 1 of theirs
too, but have no child). For each session, the sums over its processes of Pss,
Rss, Private_Clean + Private_Dirty (smaps_rollup) and VmPTE (status); medians
over the sessions. Then the marginal cost per session, which is what the
sessions add to the machine: the PSS of the whole server tree (server, zygote,
pooled sandboxes, sessions) after minus before, divided by the sessions (PSS
sums to the pages really in use, so the shares that move from the zygote to the
sessions cancel out); and, as a cross-check that includes the kernel's side,
/proc/meminfo's MemAvailable, PageTables, KernelStack and SUnreclaim before
minus after, per session. Each figure is the median over the rounds.

Reports; never fails on the numbers. Exits 2 when the server cannot start or a
session cannot be made, 1 when sessions do not go away on DELETE.
"""
import argparse
import datetime
import http.client
import json
import os
import platform
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LISTEN_RE = re.compile(r"listening on 127\.0\.0\.1:(\d+)")
SETTLE_S = 1.5          # rest before a reading: the pool refills, nothing runs
MEMINFO_KEYS = ("MemAvailable", "PageTables", "KernelStack", "SUnreclaim", "Slab")


# ---- /proc ---------------------------------------------------------------

def proc_table():
    """pid -> (ppid, nspid list) for every process."""
    out = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open("/proc/%s/status" % d) as f:
                txt = f.read()
        except OSError:
            continue
        ppid = int(re.search(r"^PPid:\s+(\d+)", txt, re.M).group(1))
        m = re.search(r"^NSpid:\s+(.*)$", txt, re.M)
        out[int(d)] = (ppid, m.group(1).split() if m else [d])
    return out


def descendants(table, pid):
    kids = {}
    for p, (pp, _) in table.items():
        kids.setdefault(pp, []).append(p)
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        for c in kids.get(p, []):
            out.append(c)
            todo.append(c)
    return out, kids


def session_trees(server_pid):
    """[[init, holder, ...]] for every session of the server."""
    table = proc_table()
    _, kids = descendants(table, server_pid)
    out = []
    for c in kids.get(server_pid, []):
        ns = table[c][1]
        if len(ns) >= 2 and ns[-1] == "1" and kids.get(c):
            procs, _ = descendants(table, c)
            out.append([c] + procs)
    return out


def mem_of(pid):
    """smaps_rollup's fields in KiB, and VmPTE; None if the process is gone."""
    d = {}
    try:
        with open("/proc/%d/smaps_rollup" % pid) as f:
            for line in f:
                m = re.match(r"^(\w+):\s+(\d+) kB", line)
                if m:
                    d[m.group(1)] = int(m.group(2))
        with open("/proc/%d/status" % pid) as f:
            m = re.search(r"^VmPTE:\s+(\d+) kB", f.read(), re.M)
            d["VmPTE"] = int(m.group(1)) if m else 0
    except OSError:
        return None
    d["Private"] = d.get("Private_Clean", 0) + d.get("Private_Dirty", 0)
    return d


def sum_mem(pids):
    tot = {}
    for p in pids:
        m = mem_of(p)
        if m is None:
            continue
        for k, v in m.items():
            tot[k] = tot.get(k, 0) + v
    return tot


def tree_pss_kb(server_pid):
    procs, _ = descendants(proc_table(), server_pid)
    return sum_mem([server_pid] + procs).get("Pss", 0)


def meminfo():
    out = {}
    with open("/proc/meminfo") as f:
        for line in f:
            k, v = line.split(":", 1)
            if k in MEMINFO_KEYS:
                out[k] = int(v.split()[0])
    return out


# ---- the server ----------------------------------------------------------

class Server:
    def __init__(self, argv):
        self.argv = argv
        self.log = tempfile.NamedTemporaryFile(prefix="ts-smem-", suffix=".log", delete=False)
        self.proc = None
        self.port = None

    def start(self):
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.DEVNULL,
                                     stdout=self.log, stderr=self.log)
        deadline = time.monotonic() + 60
        while True:
            with open(self.log.name, errors="replace") as f:
                m = LISTEN_RE.search(f.read())
            if m:
                self.port = int(m.group(1))
                return
            if self.proc.poll() is not None or time.monotonic() > deadline:
                with open(self.log.name, errors="replace") as f:
                    tail = f.read()[-3000:]
                self.stop()
                sys.stderr.write("FAILED: the server did not start (%s):\n%s\n"
                                 % (self.proc.returncode, tail))
                sys.exit(2)
            time.sleep(0.05)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode if self.proc else None


def request(conn, method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    conn.request(method, path, body=data,
                 headers={"Content-Type": "application/json"} if data else {})
    r = conn.getresponse()
    raw = r.read()
    return r.status, (json.loads(raw) if raw else None)


# ---- one phase -----------------------------------------------------------

def phase(server, conn, n, setup, calls, memory_mb):
    time.sleep(SETTLE_S)
    mi0, tree0 = meminfo(), tree_pss_kb(server.proc.pid)
    srv0 = mem_of(server.proc.pid)
    ids = []
    for _ in range(n):
        body = {"memory_mb": memory_mb, "ttl": 3600}
        if setup:
            body["setup_code"] = setup
        code, doc = request(conn, "POST", "/sessions", body)
        if code != 201:
            sys.stderr.write("FAILED: POST /sessions: %s %s\n" % (code, doc))
            server.stop()
            sys.exit(2)
        ids.append(doc["session_id"])
    for sid in ids:
        for _ in range(calls):
            code, doc = request(conn, "POST", "/sessions/%s/execute" % sid, {"code": "x += 1"})
            if code != 200 or not (doc.get("session") or {}).get("committed"):
                sys.stderr.write("FAILED: a call of the session: %s %s\n" % (code, doc))
                server.stop()
                sys.exit(2)
    time.sleep(SETTLE_S)
    trees = session_trees(server.proc.pid)
    per = [sum_mem(t) for t in trees]
    per_procs = [len(t) for t in trees]
    tree1, mi1 = tree_pss_kb(server.proc.pid), meminfo()
    srv1 = mem_of(server.proc.pid)
    for sid in ids:
        code, _ = request(conn, "DELETE", "/sessions/" + sid)
        if code != 204:
            sys.stderr.write("FAILED: DELETE /sessions/%s: %s\n" % (sid, code))
            server.stop()
            sys.exit(1)
    left = session_trees(server.proc.pid)
    if left:
        sys.stderr.write("FAILED: %d sessions' processes left after DELETE\n" % len(left))
        server.stop()
        sys.exit(1)

    def med(key):
        return statistics.median(p.get(key, 0) for p in per)
    return {
        "sessions_found": len(trees),
        "processes_per_session": sorted(set(per_procs)),
        "pss_kb": med("Pss"), "rss_kb": med("Rss"), "private_kb": med("Private"),
        "pss_anon_kb": med("Pss_Anon"), "pte_kb": med("VmPTE"),
        "tree_pss_delta_kb": (tree1 - tree0) / n,
        "server_pss_delta_kb": (srv1["Pss"] - srv0["Pss"]) / n,
        "meminfo_delta_kb": {k: (mi0[k] - mi1[k] if k == "MemAvailable" else mi1[k] - mi0[k]) / n
                             for k in MEMINFO_KEYS},
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=os.path.join(ROOT, "build", "tool-sandbox"))
    ap.add_argument("--sessions", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--data-kb", type=int, default=1024)
    ap.add_argument("--memory-mb", type=int, default=128)
    ap.add_argument("--json", help="also write the results to this file")
    args = ap.parse_args()
    if os.geteuid() != 0:
        sys.exit("run as root: the sessions' /proc files are not readable otherwise")
    n = args.sessions
    kinds = [("empty", None, 0), ("x = 1", "x = 1", 0), ("10 calls", "x = 1", 9),
             ("%d KiB" % args.data_kb, "data = b'x' * %d" % (args.data_kb * 1024), 0)]
    server = Server([args.binary, "--listen", "127.0.0.1:0",
                     "--max-sessions", str(n), "--max-sessions-per-token", str(n),
                     "--sessions-memory-mb", str(n * args.memory_mb),
                     "--max-memory-mb", str(max(256, args.memory_mb))])
    server.start()
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
    results = {k: [] for k, _, _ in kinds}
    t0 = time.monotonic()
    try:
        for r in range(args.rounds):
            for name, setup, calls in kinds:
                res = phase(server, conn, n, setup, calls, args.memory_mb)
                results[name].append(res)
                print("round %d %-9s: %d sessions (%s procs each), PSS %.0f KiB, RSS %.0f KiB, "
                      "private %.0f KiB, PTE %.0f KiB; tree PSS +%.0f KiB/session, "
                      "MemAvailable drop %.0f KiB/session"
                      % (r + 1, name, res["sessions_found"], res["processes_per_session"],
                         res["pss_kb"], res["rss_kb"], res["private_kb"], res["pte_kb"],
                         res["tree_pss_delta_kb"], res["meminfo_delta_kb"]["MemAvailable"]),
                      file=sys.stderr, flush=True)
    finally:
        conn.close()
        rc = server.stop()
    os.unlink(server.log.name)

    def med(name, key, sub=None):
        xs = [(x[key][sub] if sub else x[key]) for x in results[name]]
        return statistics.median(xs)
    summary = {}
    for name, _, _ in kinds:
        summary[name] = {k: med(name, k) for k in
                         ("pss_kb", "rss_kb", "private_kb", "pss_anon_kb", "pte_kb",
                          "tree_pss_delta_kb", "server_pss_delta_kb")}
        summary[name]["meminfo_delta_kb"] = {k: med(name, "meminfo_delta_kb", k)
                                             for k in MEMINFO_KEYS}
    data = kinds[3][0]
    report = {
        "timestamp_utc": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%MZ"),
        "machine": {"nproc": os.cpu_count(), "kernel": platform.release(),
                    "loadavg": open("/proc/loadavg").read().split()[:3]},
        "sessions": n, "rounds": args.rounds, "data_kb": args.data_kb,
        "memory_mb": args.memory_mb, "wall_s": round(time.monotonic() - t0, 1),
        "summary": summary, "rounds_detail": results, "server_exit_status": rc,
    }
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)
            f.write("\n")

    rows = [("PSS of the session's processes (init + holder), median", "pss_kb"),
            ("RSS of the session's processes, median", "rss_kb"),
            ("private (clean + dirty) of the session's processes, median", "private_kb"),
            ("page tables (VmPTE) of the session's processes, median", "pte_kb"),
            ("server tree PSS after − before, per session", "tree_pss_delta_kb"),
            ("… of which the server process itself", "server_pss_delta_kb")]
    names = [k for k, _, _ in kinds]
    print("%d idle sessions, %d rounds (medians over the rounds), %s CPUs, kernel %s, %s"
          % (n, args.rounds, os.cpu_count(), platform.release(), report["timestamp_utc"]))
    print()
    print("| KiB per session | " + " | ".join(names) + " | %s − empty | %s − x = 1 |"
          % (data, data))
    print("|---|" + "---:|" * (len(names) + 2))
    for label, key in rows:
        v = [summary[k][key] for k in names]
        print("| %s | %s | %.0f | %.0f |" % (label, " | ".join("%.0f" % x for x in v),
                                             v[3] - v[0], v[3] - v[1]))
    for k in MEMINFO_KEYS:
        v = [summary[x]["meminfo_delta_kb"][k] for x in names]
        print("| /proc/meminfo %s %s, per session | %s | %.0f | %.0f |"
              % (k, "before − after" if k == "MemAvailable" else "after − before",
                 " | ".join("%.0f" % x for x in v), v[3] - v[0], v[3] - v[1]))
    print()
    print("wall time %.1f s; server exit status on SIGTERM %s" % (report["wall_s"], rc))
    return 0


if __name__ == "__main__":
    sys.exit(main())
