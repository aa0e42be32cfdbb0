#!/usr/bin/python3
"""Rollback correctness of transactional sessions under load, against a model.

    /usr/bin/python3 tests/sessions/model.py BINARY [--sessions 10] [--calls 1000]
                                             [--seed 1] [--json PATH]

Starts BINARY (the real server) on 127.0.0.1 with an ephemeral port and enough
--max-sessions, --max-concurrency and --sessions-memory-mb for the run, makes
--sessions sessions and runs --calls random calls spread across them, one
worker thread per session (so several sessions at once, one call at a time per
session). Each session holds a small state in its globals (`a`, `b`: ints, `L`:
a list, `D`: a dict), and the model holds the same in a Python dict. A call first
mutates the state (a random sequence of deterministic mutations, the same code
the model applies), then, by its kind:

  ok              nothing more                           committed  (reason ok)
  raise           raise ValueError                       rolled back (failed)
  timeout         while True: pass, timeout 0.3 s        rolled back (process_ended)
  memory          allocates far past memory_mb           rolled back (process_ended)
  never           nothing more, commit "never"           not kept   (never)
  always_raise    raise, commit "always"                 committed  (always)
  always_timeout  timeout, commit "always"               rolled back (process_ended)
  always_memory   memory, commit "always"                rolled back (process_ended)
  rejected        a statement the validator refuses      never ran  (rejected)

Every call but the timeout kinds' has a 10 s timeout, far from what it takes, so a
busy machine cannot turn one into a timeout. The memory kind alternates between one request far past the limit
(`bytearray(10**10)`: status error, MemoryError) and growth to the limit (a list
of 1 MiB strings: status memory_limit).

After every call: the response's status (and error type), session.committed,
session.reason and session.revision must be the model's; then a read-only call
(commit "never") of `(a, b, L, D)` must return exactly the model's repr. At the
end GET /sessions/{id} must show the model's revision and exactly the variables
a, b, D, L, and DELETE must answer 204. Every check waits on a response: none
depends on how long anything took. The server must exit 0 on SIGTERM.

Prints a summary (calls per kind, commits, rollbacks, mismatches, wall time) and
exits 1 on any mismatch, 2 when the server cannot start. Standard library only.
"""
import argparse
import collections
import http.client
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time

START_LIMIT = 60.0      # seconds for the server to say it listens
STOP_LIMIT = 30.0       # seconds for the server to exit after SIGTERM
SOCKET_TIMEOUT = 120.0  # a hung request fails the run instead of hanging it
CALL_TIMEOUT = 10.0     # every other call's execution timeout: far from what they take
LISTEN_RE = re.compile(r"listening on 127\.0\.0\.1:(\d+)")

# kind -> (weight, commit mode, how the snippet ends, committed, reason)
KINDS = collections.OrderedDict([
    ("ok",             (24, None,     "ok",      True,  "ok")),
    ("raise",          (12, None,     "raise",   False, "failed")),
    ("timeout",        (8,  None,     "timeout", False, "process_ended")),
    ("memory",         (10, None,     "memory",  False, "process_ended")),
    ("never",          (10, "never",  "ok",      False, "never")),
    ("always_raise",   (12, "always", "raise",   True,  "always")),
    ("always_timeout", (4,  "always", "timeout", False, "process_ended")),
    ("always_memory",  (5,  "always", "memory",  False, "process_ended")),
    ("rejected",       (4,  None,     "rejected", False, "rejected")),
])
ROLLBACK_KINDS = {"raise", "timeout", "memory", "always_timeout", "always_memory"}
SETUP = "a = 0\nb = 1\nL = []\nD = {}"
READ = "(a, b, L, D)"
L_MAX = 12              # the list keeps its last 12 items: the repr stays small


# ---- the model -----------------------------------------------------------

def new_state():
    return {"a": 0, "b": 1, "L": [], "D": {}}


def gen_ops(rng):
    """A random sequence of mutations: (name, k) pairs."""
    names = ("a", "b", "L", "D", "Dpop")
    return [(rng.choice(names), rng.randint(1, 999)) for _ in range(rng.randint(1, 4))]


def ops_code(ops):
    """The snippet's lines for the mutations; apply_ops is their model."""
    out = []
    for name, k in ops:
        if name == "a":
            out.append("a += %d" % k)
        elif name == "b":
            out.append("b = (b * 31 + %d) %% 1000003" % k)
        elif name == "L":
            out.append("L.append(%d)\nif len(L) > %d:\n    del L[0]" % (k, L_MAX))
        elif name == "D":
            out.append("D['k%d'] = %d" % (k % 8, k))
        else:
            out.append("D.pop('k%d', None)" % (k % 8))
    return "\n".join(out)


def apply_ops(st, ops):
    for name, k in ops:
        if name == "a":
            st["a"] += k
        elif name == "b":
            st["b"] = (st["b"] * 31 + k) % 1000003
        elif name == "L":
            st["L"].append(k)
            if len(st["L"]) > L_MAX:
                del st["L"][0]
        elif name == "D":
            st["D"]["k%d" % (k % 8)] = k
        else:
            st["D"].pop("k%d" % (k % 8), None)


def model_repr(st):
    return repr((st["a"], st["b"], st["L"], st["D"]))


class Call:
    __slots__ = ("index", "kind", "ops", "variant")

    def __init__(self, index, kind, ops, variant):
        self.index, self.kind, self.ops, self.variant = index, kind, ops, variant


def plan(seed, n_sessions, n_calls):
    """Every call, from the seed alone: [session] -> [Call]."""
    rng = random.Random(seed)
    kinds = list(KINDS)
    weights = [KINDS[k][0] for k in kinds]
    per = [[] for _ in range(n_sessions)]
    for i in range(n_calls):
        kind = rng.choices(kinds, weights)[0]
        per[rng.randrange(n_sessions)].append(
            Call(i, kind, gen_ops(rng), rng.randrange(2)))
    return per


def request_for(call, timeout_s):
    """The body of the call's POST /sessions/{id}/execute, and the expected
    status and error type."""
    _, mode, tail, _, _ = KINDS[call.kind]
    code = ops_code(call.ops)
    body = {"timeout": CALL_TIMEOUT}
    etype = None
    if tail == "ok":
        status = "ok"
    elif tail == "raise":
        code += "\nraise ValueError(%d)" % call.index
        status, etype = "error", "ValueError"
    elif tail == "timeout":
        code += "\nwhile True:\n    pass"
        body["timeout"] = timeout_s
        status = "timeout"
    elif tail == "memory":
        if call.variant == 0:
            # One request far past the allowance: nothing in use, so an error.
            code += "\nbig_ = bytearray(10 ** 10)"
            status, etype = "error", "MemoryError"
        else:
            # Growth until the limit, every page written: memory_limit.
            code += "\ngrow_ = []\nwhile True:\n    grow_.append('x' * (1 << 20))"
            status, etype = "memory_limit", "MemoryError"
    else:  # rejected: the validator refuses the whole snippet
        code += "\nimport os"
        status = "rejected"
    body["code"] = code
    if mode:
        body["commit"] = mode
    return body, status, etype


# ---- the server ----------------------------------------------------------

class Server:
    def __init__(self, binary, args):
        self.argv = [binary, "--listen", "127.0.0.1:0"] + args
        self.log = tempfile.NamedTemporaryFile(prefix="ts-model-", suffix=".log", delete=False)
        self.proc = None
        self.port = None

    def start(self):
        try:
            self.proc = subprocess.Popen(self.argv, stdin=subprocess.DEVNULL,
                                         stdout=self.log, stderr=self.log)
        except OSError as e:
            raise SystemExit2("cannot start %s: %s" % (self.argv[0], e))
        deadline = time.monotonic() + START_LIMIT
        while True:
            with open(self.log.name, errors="replace") as f:
                m = LISTEN_RE.search(f.read())
            if m:
                self.port = int(m.group(1))
                return
            if self.proc.poll() is not None:
                raise SystemExit2("the server exited with %s before listening:\n%s"
                                  % (self.proc.returncode, self.tail()))
            if time.monotonic() > deadline:
                raise SystemExit2("the server did not listen within %.0f s:\n%s"
                                  % (START_LIMIT, self.tail()))
            time.sleep(0.05)

    def tail(self, n=30):
        with open(self.log.name, errors="replace") as f:
            return "".join(f.readlines()[-n:])

    def stop(self):
        """SIGTERM, then its exit status (None if it had to be killed)."""
        if not self.proc or self.proc.poll() is not None:
            return self.proc.returncode if self.proc else None
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(STOP_LIMIT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return None


class SystemExit2(Exception):
    pass


def request(conn, method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    hdrs = {"Content-Type": "application/json"} if data is not None else {}
    conn.request(method, path, body=data, headers=hdrs)
    r = conn.getresponse()
    raw = r.read()
    try:
        doc = json.loads(raw) if raw else None
    except ValueError:
        doc = {"_unparsed": raw[:300].decode(errors="replace")}
    return r.status, doc


# ---- one worker per session ----------------------------------------------

class Worker(threading.Thread):
    def __init__(self, port, sid, calls, timeout_s, stats, lock):
        super().__init__(daemon=True)
        self.port, self.sid, self.calls = port, sid, calls
        self.timeout_s = timeout_s
        self.stats, self.lock = stats, lock
        self.state = new_state()
        self.revision = 1           # the setup call committed revision 1
        self.mismatches = []
        self.done = 0

    def fail(self, call, what, got, want):
        self.mismatches.append({"session": self.sid, "call": call.index if call else None,
                                "kind": call.kind if call else None,
                                "what": what, "got": got, "want": want})

    def run(self):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=SOCKET_TIMEOUT)
        path = "/sessions/%s/execute" % self.sid
        try:
            for call in self.calls:
                if not self.one(conn, path, call):
                    break   # the model and the server part here: stop this session
                self.done += 1
            else:
                self.final(conn)
        except Exception as e:  # noqa: BLE001 -- any of them fails the run, shown
            self.fail(None, "exception", repr(e), "an answer")
        finally:
            conn.close()

    def one(self, conn, path, call):
        body, want_status, want_etype = request_for(call, self.timeout_s)
        _, _, _, want_commit, want_reason = KINDS[call.kind]
        code, doc = request(conn, "POST", path, body)
        if code != 200 or not isinstance(doc, dict) or not isinstance(doc.get("session"), dict):
            self.fail(call, "http", [code, doc], 200)
            return False
        sess = doc["session"]
        if want_commit:
            apply_ops(self.state, call.ops)
            self.revision += 1
        got = {"status": doc.get("status"),
               "error_type": (doc.get("error") or {}).get("type"),
               "committed": sess.get("committed"), "reason": sess.get("reason"),
               "revision": sess.get("revision")}
        want = {"status": want_status, "error_type": want_etype,
                "committed": want_commit, "reason": want_reason, "revision": self.revision}
        if want_etype is None:
            del got["error_type"], want["error_type"]
        ok = got == want
        if not ok:
            self.fail(call, "response", got, want)
        with self.lock:
            self.stats["kind"][call.kind] += 1
            self.stats["status"][call.kind + ":" + str(doc.get("status"))] += 1
            if sess.get("committed"):
                self.stats["commits"] += 1
            elif call.kind in ROLLBACK_KINDS:
                self.stats["rollbacks"] += 1
        if not ok:
            return False
        # The state must be exactly the model's: a read that keeps nothing.
        code, doc = request(conn, "POST", path,
                            {"code": READ, "commit": "never", "timeout": CALL_TIMEOUT})
        with self.lock:
            self.stats["reads"] += 1
        sess = (doc or {}).get("session") or {}
        res = (doc or {}).get("result") or {}
        got = {"http": code, "status": (doc or {}).get("status"), "repr": res.get("repr"),
               "committed": sess.get("committed"), "reason": sess.get("reason"),
               "revision": sess.get("revision")}
        want = {"http": 200, "status": "ok", "repr": model_repr(self.state),
                "committed": False, "reason": "never", "revision": self.revision}
        if got != want:
            self.fail(call, "state after the call", got, want)
            return False
        return True

    def final(self, conn):
        code, doc = request(conn, "GET", "/sessions/" + self.sid)
        doc = doc or {}
        names = sorted(v.get("name") for v in (doc.get("variables") or []))
        got = {"http": code, "revision": doc.get("revision"), "variables": names,
               "busy": doc.get("busy")}
        want = {"http": 200, "revision": self.revision, "variables": ["D", "L", "a", "b"],
                "busy": False}
        if got != want:
            self.fail(None, "GET /sessions/{id}", got, want)
        code, _ = request(conn, "DELETE", "/sessions/" + self.sid)
        if code != 204:
            self.fail(None, "DELETE", code, 204)


# ---- main ----------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("binary", help="the server binary (build/tool-sandbox)")
    ap.add_argument("--sessions", type=int, default=10)
    ap.add_argument("--calls", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--memory-mb", type=int, default=128, help="each session's memory_mb")
    ap.add_argument("--timeout-s", type=float, default=0.3,
                    help="the timeout kinds' execution timeout")
    ap.add_argument("--json", help="also write the summary to this file")
    args = ap.parse_args()
    if args.sessions < 1 or args.calls < 0:
        ap.error("--sessions must be at least 1, --calls at least 0")

    server = Server(args.binary, [
        "--max-sessions", str(args.sessions),
        "--max-sessions-per-token", str(args.sessions),
        "--max-concurrency", str(args.sessions),
        "--max-queue", "256",
        "--sessions-memory-mb", str(args.sessions * args.memory_mb),
        "--max-memory-mb", str(max(args.memory_mb, 256)),
        "--pool", "1",
    ])
    per_session = plan(args.seed, args.sessions, args.calls)
    stats = {"kind": collections.Counter(), "status": collections.Counter(),
             "commits": 0, "rollbacks": 0, "reads": 0}
    lock = threading.Lock()
    mismatches = []
    workers = []
    rc_term = None
    try:
        try:
            server.start()
        except SystemExit2 as e:
            print("FAILED: cannot start the server %s: %s" % (args.binary, e), file=sys.stderr)
            return 2
        print("server pid %d port %d, %d sessions, %d calls, seed %d"
              % (server.proc.pid, server.port, args.sessions, args.calls, args.seed),
              file=sys.stderr, flush=True)
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=SOCKET_TIMEOUT)
        sids = []
        for _ in range(args.sessions):
            code, doc = request(conn, "POST", "/sessions",
                                {"memory_mb": args.memory_mb, "setup_code": SETUP,
                                 "timeout": CALL_TIMEOUT})
            if code != 201 or (doc or {}).get("revision") != 1:
                mismatches.append({"what": "POST /sessions", "got": [code, doc], "want": 201})
                break
            sids.append(doc["session_id"])
        conn.close()
        t0 = time.monotonic()
        if len(sids) == args.sessions:
            workers = [Worker(server.port, sid, calls, args.timeout_s, stats, lock)
                       for sid, calls in zip(sids, per_session)]
            for w in workers:
                w.start()
            for w in workers:
                w.join()
        wall = time.monotonic() - t0
    finally:
        rc_term = server.stop()
    for w in workers:
        mismatches.extend(w.mismatches)
    if rc_term != 0:
        mismatches.append({"what": "exit status on SIGTERM", "got": rc_term, "want": 0})
    done = sum(w.done for w in workers)

    summary = {
        "seed": args.seed, "sessions": args.sessions, "calls_planned": args.calls,
        "calls_checked": done, "reads": stats["reads"], "wall_s": round(wall, 2),
        "calls_per_s": round(done / wall, 1) if wall > 0 else None,
        "commits": stats["commits"], "rollbacks": stats["rollbacks"],
        "calls_by_kind": {k: stats["kind"][k] for k in KINDS},
        "statuses": dict(sorted(stats["status"].items())),
        "mismatches": len(mismatches), "mismatch_details": mismatches[:20],
        "memory_mb": args.memory_mb, "timeout_s": args.timeout_s,
    }
    sys.stderr.flush()
    print("sessions model: seed %d, %d sessions, %d/%d calls checked (+%d reads) in %.1f s "
          "(%.1f calls/s)" % (args.seed, args.sessions, done, args.calls, stats["reads"],
                              wall, summary["calls_per_s"] or 0))
    print("  by kind: " + ", ".join("%s %d" % (k, stats["kind"][k]) for k in KINDS))
    print("  statuses: " + ", ".join("%s %d" % kv for kv in sorted(stats["status"].items())))
    print("  commits %d, rollbacks %d, mismatches %d"
          % (stats["commits"], stats["rollbacks"], len(mismatches)))
    for m in mismatches[:20]:
        print("  MISMATCH %s" % json.dumps(m, sort_keys=True))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(summary, f, indent=1)
            f.write("\n")
    if mismatches or done != args.calls:
        print("FAILED: sessions model (%d mismatches, %d of %d calls checked); server log: %s"
              % (len(mismatches), done, args.calls, server.log.name), file=sys.stderr)
        print(server.tail(), file=sys.stderr)
        return 1
    os.unlink(server.log.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
