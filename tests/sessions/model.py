#!/usr/bin/python3
"""Rollback correctness of transactional sessions and their forks under load, against a model.

    /usr/bin/python3 tests/sessions/model.py BINARY [--sessions 10] [--calls 1000]
                                             [--seed 1] [--min-live 5] [--max-live 14]
                                             [--json PATH] [--show-plan]

Starts BINARY (the real server) on 127.0.0.1 with an ephemeral port, with
--max-sessions and --max-sessions-per-token at --max-live, --sessions-memory-mb
at --max-live times --memory-mb and --max-concurrency at --max-live; makes
--sessions sessions and runs --calls random operations over the live ones. Each
session holds a small state in its globals (`a`, `b`: ints, `L`: a list, `D`: a
dict), and the model holds the same in a Python dict. A call first mutates the
state (a random sequence of deterministic mutations, the same code the model
applies), then, by its kind:

  ok              nothing more                           committed  (reason ok)
  raise           raise ValueError                       rolled back (failed)
  timeout         while True: pass, timeout 0.3 s        rolled back (process_ended)
  memory          allocates far past memory_mb           rolled back (process_ended)
  never           nothing more, commit "never"           not kept   (never)
  always_raise    raise, commit "always"                 committed  (always)
  always_timeout  timeout, commit "always"               rolled back (process_ended)
  always_memory   memory, commit "always"                rolled back (process_ended)
  rejected        a statement the validator refuses      never ran  (rejected)

and three operations that change the population:

  fork            POST /sessions/{id}/fork: 201, a new session whose model is a
                  deep copy of the origin's (revision included), its id keeping
                  the origin's first 8 hex digits, "forked_from" the origin; or,
                  when the origin's box already holds 8 sessions, 429 "too many
                  forks of this session at once" and nothing changes
  delete          DELETE /sessions/{id}: 204; then GET, a call and a fork of
                  the id each answer 404 session_not_found
  create          POST /sessions as at the start: a new session in a box of its
                  own (without it the sessions end up in two or three boxes)

(weights: the calls' 89 in all, fork 12, delete 10, create 3; a fork's origin is
half the time a session of a largest box, so that boxes reach their limit).

A session and its forks (and theirs) make one box of at most 8 sessions at once
(/info limits.sessions.max_per_box); the plan tracks each session's box. The
live sessions stay between --min-live and --max-live (a fork drawn at the
maximum becomes a delete, and so does a create; a delete at the minimum a fork).

The whole plan comes from the seed alone: each operation's kind, session (drawn
among the sessions live at that point of the plan), mutations and expected
outcome. The run then follows it with --max-live threads (one HTTP connection
each) and a scheduler: an operation starts once the previous operation of its
session is over (the first operation of a fork once its fork is over), and a
fork, create or delete also once the previous one of those is over. So a
session never has two calls at once (no 409 by construction), sessions of one
box may have calls at once (the server queues them: they must all complete),
and the live sessions and each box's size are the plan's whatever the timing:
every expected answer is known before the run.

Every call but the timeout kinds' has a 10 s timeout, far from what it takes, so a
busy machine cannot turn one into a timeout. The memory kind alternates between one request far past the limit
(`bytearray(10**10)`: status error, MemoryError) and growth to the limit (a list
of 1 MiB strings: status memory_limit).

After every call: the response's status (and error type), session.committed,
session.reason and session.revision must be the model's; then a read-only call
(commit "never") of `(a, b, L, D)` must return exactly the model's repr. After a
fork the same read of the origin, and of the fork, must give each its model (and
GET of the fork its revision and variables), so a fork sees neither its origin's
later changes nor its siblings', and the origin is unchanged by it. At the end
GET /sessions/{id} of every live session must show the model's revision and
exactly the variables a, b, D, L, DELETE must answer 204, and /metrics must count
the forks made and no session left. Every check waits on a response: none
depends on how long anything took. The server must exit 0 on SIGTERM. The first
mismatch stops the run (the model and the server have parted); it is printed
with the session's history (operation numbers of the plan; --show-plan prints
the plan and exits).

Sessions do not take "files" or "return_files" yet (a 400), so no call sends any.

Prints a summary (operations per kind, forks made and refused, deletes, commits,
rollbacks, mismatches, latencies, wall time) and exits 1 on any mismatch, 2 when
the server cannot start. Standard library only.
"""
import argparse
import collections
import copy
import heapq
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
IDLE_RECONNECT = 10.0   # a worker's connection idle this long is made anew
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
# the operations that change the population, and their weights (89 for the calls)
POP_KINDS = collections.OrderedDict([("fork", 12), ("delete", 10), ("create", 3)])
FORK_BIG_BOX = 0.5      # a fork's origin: this often a session of a largest box
BOX_MAX = 8             # sessions of one box at once (/info limits.sessions.max_per_box)


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


class Op:
    """One operation of the plan: a call of KINDS, a fork or a delete."""
    __slots__ = ("index", "kind", "sess", "ops", "variant", "new", "box_size", "deps")

    def __init__(self, index, kind, sess, ops, variant):
        self.index, self.kind, self.sess = index, kind, sess
        self.ops, self.variant = ops, variant
        self.new = None         # a fork that must be made: the new session's number
        self.box_size = None    # a fork: its box's size once it is made or refused
        self.deps = ()          # the operations it waits for

    def describe(self):
        if self.kind == "fork":
            return "%d fork S%d -> %s (box %d)" % (
                self.index, self.sess, "S%d" % self.new if self.new is not None else "429",
                self.box_size)
        if self.kind in ("delete", "create"):
            return "%d %s S%d" % (self.index, self.kind, self.sess)
        return "%d %s S%d %s%s" % (self.index, self.kind, self.sess,
                                   ",".join("%s%d" % o for o in self.ops),
                                   " v%d" % self.variant if "memory" in self.kind else "")


def plan(seed, n_initial, n_ops, min_live, max_live, box_max):
    """Every operation, from the seed alone, with the population it leaves:
    (ops, how many sessions the run will have had, each one's box, the live
    ones at the end)."""
    rng = random.Random(seed)
    kinds = list(KINDS) + list(POP_KINDS)
    weights = [KINDS[k][0] for k in KINDS] + list(POP_KINDS.values())
    live = list(range(n_initial))       # session numbers, in the order they were made
    box_of = list(range(n_initial))     # session -> box (the number of its first session)
    members = collections.Counter(box_of)
    out = []
    for i in range(n_ops):
        kind = rng.choices(kinds, weights)[0]
        if kind in ("fork", "create") and len(live) >= max_live:
            kind = "delete"
        elif kind == "delete" and len(live) <= min_live:
            kind = "fork"
        if kind == "fork" and rng.random() < FORK_BIG_BOX:
            # grow a largest box, so that boxes reach their limit
            big = max(members[box_of[x]] for x in live)
            s = rng.choice([x for x in live if members[box_of[x]] == big])
        else:
            s = rng.choice(live)
        op = Op(i, kind, s, gen_ops(rng), rng.randrange(2))
        if kind == "fork":
            b = box_of[s]
            if members[b] < box_max:
                op.new = len(box_of)
                box_of.append(b)
                members[b] += 1
                live.append(op.new)
            op.box_size = members[b]
        elif kind == "create":
            op.new = op.sess = len(box_of)
            box_of.append(op.new)
            members[op.new] += 1
            live.append(op.new)
        elif kind == "delete":
            live.remove(s)
            members[box_of[s]] -= 1
        out.append(op)
    # What each waits for: its session's previous operation (a fork's first:
    # the fork), and for a fork, a create or a delete the previous one of them.
    last, last_pop = {}, None
    for op in out:
        deps = set()
        if op.sess in last:
            deps.add(last[op.sess])
        if op.kind in POP_KINDS:
            if last_pop is not None:
                deps.add(last_pop)
            last_pop = op.index
        last[op.sess] = op.index
        if op.new is not None:
            last[op.new] = op.index
        op.deps = tuple(sorted(deps))
    return out, len(box_of), box_of, live


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
        code += "\nimport socket"
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


# ---- the run: a scheduler over the plan ------------------------------------

class Sess:
    """The model of one session: its state, its revision, its box."""
    __slots__ = ("num", "sid", "state", "revision", "box", "history", "deleted")

    def __init__(self, num, sid, state, revision, box, history):
        self.num, self.sid, self.state, self.revision = num, sid, state, revision
        self.box, self.history, self.deleted = box, history, False


def percentile(xs, p):
    if not xs:
        return None
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100.0 * (len(xs) - 1))))]


class Runner:
    def __init__(self, port, ops, n_total, box_of, sids, timeout_s, memory_mb, n_workers):
        self.port, self.ops, self.timeout_s, self.memory_mb = port, ops, timeout_s, memory_mb
        self.n_workers = n_workers
        self.sess = [None] * n_total
        for num, sid in enumerate(sids):
            self.sess[num] = Sess(num, sid, new_state(), 1, box_of[num], ["setup"])
        self.ids_seen = set(sids)
        self.cv = threading.Condition()
        self.waiting = [len(op.deps) for op in ops]
        self.dependents = [[] for _ in ops]
        for op in ops:
            for d in op.deps:
                self.dependents[d].append(op.index)
        self.ready = [op.index for op in ops if not op.deps]
        heapq.heapify(self.ready)
        self.finished = 0
        self.stopped = False
        self.running = 0
        self.max_running = 0
        self.box_of = box_of
        self.in_box = collections.Counter()     # box -> its operations running now
        self.max_in_box = 0
        self.mismatches = []
        self.stats = {"kind": collections.Counter(), "status": collections.Counter(),
                      "commits": 0, "rollbacks": 0, "reads": 0, "gets": 0,
                      "forks_made": 0, "forks_refused": 0, "deletes": 0, "created": 0,
                      "sibling_overlaps": 0,
                      "latency": collections.defaultdict(list)}

    # -- bookkeeping

    def fail(self, op, s, what, got, want):
        with self.cv:
            self.mismatches.append({
                "op": op.index if op else None, "kind": op.kind if op else None,
                "session": "S%d" % s.num if s else None, "session_id": s.sid if s else None,
                "what": what, "got": got, "want": want,
                "history": s.history[-12:] if s else None})

    def count(self, **kw):
        with self.cv:
            for k, v in kw.items():
                self.stats[k] += v

    # -- the workers

    def run(self):
        threads = [threading.Thread(target=self.worker, daemon=True)
                   for _ in range(self.n_workers)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    def worker(self):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=SOCKET_TIMEOUT)
        used = time.monotonic()
        try:
            while True:
                with self.cv:
                    while not self.ready and not self.stopped and self.finished < len(self.ops):
                        self.cv.wait()
                    if self.stopped or not self.ready:
                        return
                    i = heapq.heappop(self.ready)
                    op = self.ops[i]
                    box = self.box_of[op.sess]
                    self.running += 1
                    self.max_running = max(self.max_running, self.running)
                    self.in_box[box] += 1
                    if self.in_box[box] > 1:
                        self.stats["sibling_overlaps"] += 1
                    self.max_in_box = max(self.max_in_box, self.in_box[box])
                if time.monotonic() - used > IDLE_RECONNECT:
                    # the server closes a connection idle for --conn-timeout (30 s)
                    conn.close()
                    conn = http.client.HTTPConnection("127.0.0.1", self.port,
                                                      timeout=SOCKET_TIMEOUT)
                ok = False
                try:
                    ok = self.run_op(conn, op)
                except Exception as e:  # noqa: BLE001 -- any of them fails the run, shown
                    self.fail(op, self.sess[op.sess], "exception", repr(e), "an answer")
                    conn.close()
                    conn = http.client.HTTPConnection("127.0.0.1", self.port,
                                                      timeout=SOCKET_TIMEOUT)
                used = time.monotonic()
                with self.cv:
                    self.running -= 1
                    self.in_box[box] -= 1
                    if ok:
                        self.finished += 1
                        for j in self.dependents[i]:
                            self.waiting[j] -= 1
                            if self.waiting[j] == 0:
                                heapq.heappush(self.ready, j)
                    else:
                        self.stopped = True     # the model and the server have parted
                    self.cv.notify_all()
        finally:
            conn.close()

    def run_op(self, conn, op):
        if op.kind == "fork":
            return self.fork(conn, op)
        if op.kind == "delete":
            return self.delete(conn, op)
        if op.kind == "create":
            return self.create(conn, op)
        return self.call(conn, op)

    # -- the checks

    def read(self, conn, op, s, what):
        """A read that keeps nothing: the state must be exactly the model's."""
        code, doc = request(conn, "POST", "/sessions/%s/execute" % s.sid,
                            {"code": READ, "commit": "never", "timeout": CALL_TIMEOUT})
        self.count(reads=1)
        sess = (doc or {}).get("session") or {}
        res = (doc or {}).get("result") or {}
        got = {"http": code, "status": (doc or {}).get("status"), "repr": res.get("repr"),
               "committed": sess.get("committed"), "reason": sess.get("reason"),
               "revision": sess.get("revision")}
        want = {"http": 200, "status": "ok", "repr": model_repr(s.state),
                "committed": False, "reason": "never", "revision": s.revision}
        if got != want:
            self.fail(op, s, what, got, want)
            return False
        return True

    def get(self, conn, op, s, what):
        code, doc = request(conn, "GET", "/sessions/" + s.sid)
        self.count(gets=1)
        doc = doc or {}
        names = sorted(v.get("name") for v in (doc.get("variables") or []))
        got = {"http": code, "revision": doc.get("revision"), "variables": names,
               "busy": doc.get("busy")}
        want = {"http": 200, "revision": s.revision, "variables": ["D", "L", "a", "b"],
                "busy": False}
        if got != want:
            self.fail(op, s, what, got, want)
            return False
        return True

    def call(self, conn, op):
        s = self.sess[op.sess]
        body, want_status, want_etype = request_for(op, self.timeout_s)
        _, _, _, want_commit, want_reason = KINDS[op.kind]
        t0 = time.monotonic()
        code, doc = request(conn, "POST", "/sessions/%s/execute" % s.sid, body)
        lat = time.monotonic() - t0
        s.history.append("%d:%s" % (op.index, op.kind))
        if code != 200 or not isinstance(doc, dict) or not isinstance(doc.get("session"), dict):
            self.fail(op, s, "http", [code, doc], 200)
            return False
        sess = doc["session"]
        if want_commit:
            apply_ops(s.state, op.ops)
            s.revision += 1
        got = {"status": doc.get("status"),
               "error_type": (doc.get("error") or {}).get("type"),
               "committed": sess.get("committed"), "reason": sess.get("reason"),
               "revision": sess.get("revision")}
        want = {"status": want_status, "error_type": want_etype,
                "committed": want_commit, "reason": want_reason, "revision": s.revision}
        if want_etype is None:
            del got["error_type"], want["error_type"]
        with self.cv:
            st = self.stats
            st["kind"][op.kind] += 1
            st["status"][op.kind + ":" + str(doc.get("status"))] += 1
            st["latency"]["call"].append(lat)
            if sess.get("committed"):
                st["commits"] += 1
            elif op.kind in ROLLBACK_KINDS:
                st["rollbacks"] += 1
        if got != want:
            self.fail(op, s, "response", got, want)
            return False
        return self.read(conn, op, s, "state after the call")

    def fork(self, conn, op):
        o = self.sess[op.sess]
        t0 = time.monotonic()
        code, doc = request(conn, "POST", "/sessions/%s/fork" % o.sid)
        lat = time.monotonic() - t0
        doc = doc if isinstance(doc, dict) else {}
        with self.cv:
            self.stats["kind"]["fork"] += 1
            self.stats["status"]["fork:%d" % code] += 1
            self.stats["latency"]["fork" if op.new is not None else "fork_429"].append(lat)
        if op.new is not None:
            nid = doc.get("session_id")
            shape = isinstance(nid, str) and re.fullmatch("[0-9a-f]{32}", nid) is not None
            got = {"http": code, "id": "32 hex digits" if shape else nid,
                   "prefix": nid[:8] if shape else None,
                   "new": shape and nid not in self.ids_seen,
                   "forked_from": doc.get("forked_from"), "revision": doc.get("revision"),
                   "memory_mb": doc.get("memory_mb")}
            want = {"http": 201, "id": "32 hex digits", "prefix": o.sid[:8], "new": True,
                    "forked_from": o.sid, "revision": o.revision, "memory_mb": self.memory_mb}
            o.history.append("%d:fork->S%d" % (op.index, op.new))
            if got != want:
                self.fail(op, o, "fork", got, want)
                return False
            with self.cv:
                self.ids_seen.add(nid)
                self.stats["forks_made"] += 1
            n = Sess(op.new, nid, copy.deepcopy(o.state), o.revision, o.box,
                     ["%d:forked from S%d (box %d of %d)" % (op.index, o.num, op.box_size,
                                                           BOX_MAX)])
            self.sess[op.new] = n
        else:
            err = doc.get("error") or {}
            got = {"http": code, "code": err.get("code"),
                   "box full": "too many forks of this session at once" in str(err.get("message"))}
            want = {"http": 429, "code": "too_many_requests", "box full": True}
            o.history.append("%d:fork refused (box full)" % op.index)
            if got != want:
                self.fail(op, o, "fork of a full box", [code, doc], want)
                return False
            self.count(forks_refused=1)
        # The origin is as it was; the fork is its model: a copy, revision included.
        if not self.read(conn, op, o, "the origin after the fork"):
            return False
        if op.new is not None:
            n = self.sess[op.new]
            return (self.read(conn, op, n, "the fork after the fork")
                    and self.get(conn, op, n, "GET of the fork"))
        return True

    def create(self, conn, op):
        """A new session, in a box of its own, as at the start."""
        t0 = time.monotonic()
        code, doc = request(conn, "POST", "/sessions",
                            {"memory_mb": self.memory_mb, "setup_code": SETUP,
                             "timeout": CALL_TIMEOUT})
        lat = time.monotonic() - t0
        doc = doc if isinstance(doc, dict) else {}
        nid = doc.get("session_id")
        shape = isinstance(nid, str) and re.fullmatch("[0-9a-f]{32}", nid) is not None
        with self.cv:
            self.stats["kind"]["create"] += 1
            self.stats["status"]["create:%d" % code] += 1
            self.stats["latency"]["create"].append(lat)
        n = Sess(op.new, nid, new_state(), 1, op.new, ["%d:created" % op.index])
        got = {"http": code, "id": "32 hex digits" if shape else nid,
               "new": shape and nid not in self.ids_seen, "revision": doc.get("revision"),
               "forked_from": doc.get("forked_from")}
        want = {"http": 201, "id": "32 hex digits", "new": True, "revision": 1,
                "forked_from": None}
        if got != want:
            self.fail(op, n, "POST /sessions", [code, doc], want)
            return False
        with self.cv:
            self.ids_seen.add(nid)
            self.stats["created"] += 1
        self.sess[op.new] = n
        return self.read(conn, op, n, "a new session") and self.get(conn, op, n, "GET of it")

    def delete(self, conn, op):
        s = self.sess[op.sess]
        t0 = time.monotonic()
        code, doc = request(conn, "DELETE", "/sessions/" + s.sid)
        lat = time.monotonic() - t0
        s.history.append("%d:delete" % op.index)
        with self.cv:
            self.stats["kind"]["delete"] += 1
            self.stats["status"]["delete:%d" % code] += 1
            self.stats["latency"]["delete"].append(lat)
        if code != 204:
            self.fail(op, s, "DELETE", [code, doc], 204)
            return False
        s.deleted = True
        self.count(deletes=1)
        nf = {"http": 404, "code": "session_not_found"}
        for what, method, path, body in (
                ("GET after DELETE", "GET", "/sessions/" + s.sid, None),
                ("a call after DELETE", "POST", "/sessions/%s/execute" % s.sid,
                 {"code": READ, "timeout": CALL_TIMEOUT}),
                ("a fork after DELETE", "POST", "/sessions/%s/fork" % s.sid, None)):
            code, doc = request(conn, method, path, body)
            got = {"http": code, "code": ((doc or {}).get("error") or {}).get("code")}
            if got != nf:
                self.fail(op, s, what, [code, doc], nf)
                return False
        return True

    def final(self, conn):
        """Every live session: GET as the model says, then DELETE."""
        live = [s for s in self.sess if s is not None and not s.deleted]
        for s in live:
            if not self.get(conn, None, s, "GET /sessions/{id} at the end"):
                return False
            code, doc = request(conn, "DELETE", "/sessions/" + s.sid)
            if code != 204:
                self.fail(None, s, "DELETE at the end", [code, doc], 204)
                return False
        return True


def metrics(conn):
    """/metrics' unlabelled samples: name -> value."""
    conn.request("GET", "/metrics")
    r = conn.getresponse()
    text = r.read().decode(errors="replace")
    out = {}
    for line in text.splitlines():
        if line and not line.startswith("#") and "{" not in line:
            parts = line.split()
            if len(parts) == 2:
                try:
                    out[parts[0]] = float(parts[1])
                except ValueError:
                    pass
    return out


# ---- main ----------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("binary", help="the server binary (build/tool-sandbox)")
    ap.add_argument("--sessions", type=int, default=10, help="sessions made at the start")
    ap.add_argument("--calls", type=int, default=1000,
                    help="operations: calls, forks and deletes")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min-live", type=int, default=5, help="no delete below this")
    ap.add_argument("--max-live", type=int, default=14,
                    help="no fork above this; the server's session limits")
    ap.add_argument("--memory-mb", type=int, default=128, help="each session's memory_mb")
    ap.add_argument("--timeout-s", type=float, default=0.3,
                    help="the timeout kinds' execution timeout")
    ap.add_argument("--json", help="also write the summary to this file")
    ap.add_argument("--show-plan", action="store_true",
                    help="print the plan the seed gives and exit")
    args = ap.parse_args()
    if args.calls < 0 or not 1 <= args.min_live < args.max_live \
            or not args.min_live <= args.sessions <= args.max_live:
        ap.error("need --calls >= 0 and 1 <= --min-live <= --sessions <= --max-live, "
                 "--min-live < --max-live")

    ops, n_total, box_of, live_end = plan(args.seed, args.sessions, args.calls,
                                          args.min_live, args.max_live, BOX_MAX)
    if args.show_plan:
        for op in ops:
            print(op.describe() + ("  after %s" % ",".join(map(str, op.deps)) if op.deps else ""))
        print("sessions %d, live at the end %s" % (n_total, ["S%d" % s for s in live_end]))
        return 0

    server = Server(args.binary, [
        "--max-sessions", str(args.max_live),
        "--max-sessions-per-token", str(args.max_live),
        "--max-concurrency", str(args.max_live),
        "--max-queue", "256",
        "--sessions-memory-mb", str(args.max_live * args.memory_mb),
        "--max-memory-mb", str(max(args.memory_mb, 256)),
        "--pool", "1",
    ])
    mismatches = []
    runner = None
    rc_term = None
    wall = 0.0
    try:
        try:
            server.start()
        except SystemExit2 as e:
            print("FAILED: cannot start the server %s: %s" % (args.binary, e), file=sys.stderr)
            return 2
        print("server pid %d port %d, %d sessions (%d to %d live), %d operations, seed %d"
              % (server.proc.pid, server.port, args.sessions, args.min_live, args.max_live,
                 args.calls, args.seed), file=sys.stderr, flush=True)
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=SOCKET_TIMEOUT)
        code, info = request(conn, "GET", "/info")
        per_box = (((info or {}).get("limits") or {}).get("sessions") or {}).get("max_per_box")
        if per_box != BOX_MAX:
            mismatches.append({"what": "/info limits.sessions.max_per_box",
                               "got": [code, per_box], "want": BOX_MAX})
        sids = []
        for _ in range(args.sessions):
            code, doc = request(conn, "POST", "/sessions",
                                {"memory_mb": args.memory_mb, "setup_code": SETUP,
                                 "timeout": CALL_TIMEOUT})
            if code != 201 or (doc or {}).get("revision") != 1:
                mismatches.append({"what": "POST /sessions", "got": [code, doc], "want": 201})
                break
            sids.append(doc["session_id"])
        t0 = time.monotonic()
        if len(sids) == args.sessions and not mismatches:
            runner = Runner(server.port, ops, n_total, box_of, sids, args.timeout_s,
                            args.memory_mb, args.max_live)
            runner.run()
            # a new connection: the server closes one idle for the whole run
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=SOCKET_TIMEOUT)
            if not runner.mismatches and runner.finished == len(ops):
                try:
                    runner.final(conn)
                except Exception as e:  # noqa: BLE001 -- fails the run, shown
                    runner.fail(None, None, "exception at the end", repr(e), "an answer")
            wall = time.monotonic() - t0
            if not runner.mismatches and runner.finished == len(ops):
                m = metrics(conn)
                got = {"active": m.get("tool_sandbox_sessions_active"),
                       "created": m.get("tool_sandbox_sessions_created_total"),
                       "forked": m.get("tool_sandbox_sessions_forked_total")}
                want = {"active": 0, "created": args.sessions + runner.stats["created"],
                        "forked": runner.stats["forks_made"]}
                if got != want:
                    mismatches.append({"what": "/metrics at the end", "got": got, "want": want})
        conn.close()
    finally:
        rc_term = server.stop()
    st = runner.stats if runner else {"kind": collections.Counter(),
                                      "status": collections.Counter(),
                                      "latency": {}}
    if runner:
        mismatches = runner.mismatches + mismatches
    if rc_term != 0:
        mismatches.append({"what": "exit status on SIGTERM", "got": rc_term, "want": 0})
    done = runner.finished if runner else 0
    all_kinds = list(KINDS) + list(POP_KINDS)
    planned = collections.Counter(op.kind for op in ops)
    max_box = max([op.box_size for op in ops if op.kind == "fork"] or [1])
    lat = {k: {"n": len(v), "p50_ms": round(percentile(v, 50) * 1000, 1),
               "p90_ms": round(percentile(v, 90) * 1000, 1),
               "max_ms": round(max(v) * 1000, 1)}
           for k, v in sorted(st["latency"].items()) if v}

    summary = {
        "seed": args.seed, "sessions": args.sessions, "calls_planned": args.calls,
        "calls_checked": done, "reads": st.get("reads", 0), "gets": st.get("gets", 0),
        "wall_s": round(wall, 2),
        "calls_per_s": round(done / wall, 1) if wall > 0 else None,
        "commits": st.get("commits", 0), "rollbacks": st.get("rollbacks", 0),
        "calls_by_kind": {k: st["kind"][k] for k in all_kinds},
        "planned_by_kind": {k: planned[k] for k in all_kinds},
        "forks_made": st.get("forks_made", 0), "forks_refused": st.get("forks_refused", 0),
        "deletes": st.get("deletes", 0), "created": st.get("created", 0),
        "sessions_total": n_total,
        "live_at_end": len(live_end), "largest_box": max_box,
        "boxes": len(set(box_of)), "most_ops_at_once": runner.max_running if runner else 0,
        "most_ops_at_once_in_a_box": runner.max_in_box if runner else 0,
        "ops_started_while_a_sibling_ran": st.get("sibling_overlaps", 0),
        "latency": lat,
        "statuses": dict(sorted(st["status"].items())),
        "mismatches": len(mismatches), "mismatch_details": mismatches[:20],
        "memory_mb": args.memory_mb, "timeout_s": args.timeout_s,
        "min_live": args.min_live, "max_live": args.max_live,
    }
    sys.stderr.flush()
    print("sessions model: seed %d, %d sessions at first (%d in all, %d live at the end), "
          "%d/%d operations checked (+%d reads, %d GETs) in %.1f s (%.1f ops/s, up to %d at once)"
          % (args.seed, args.sessions, n_total, len(live_end), done, args.calls,
             summary["reads"], summary["gets"], wall, summary["calls_per_s"] or 0,
             summary["most_ops_at_once"]))
    print("  by kind: " + ", ".join("%s %d" % (k, st["kind"][k]) for k in all_kinds))
    print("  forks made %d, refused (box full) %d, largest box %d, %d boxes; deletes %d, "
          "creates %d; %d operations started while one of their box ran (up to %d at once)"
          % (summary["forks_made"], summary["forks_refused"], max_box, summary["boxes"],
             summary["deletes"], summary["created"],
             summary["ops_started_while_a_sibling_ran"], summary["most_ops_at_once_in_a_box"]))
    print("  statuses: " + ", ".join("%s %d" % kv for kv in sorted(st["status"].items())))
    print("  latency ms (p50/p90/max): " + "; ".join(
        "%s %s/%s/%s (%d)" % (k, v["p50_ms"], v["p90_ms"], v["max_ms"], v["n"])
        for k, v in lat.items()))
    print("  commits %d, rollbacks %d, mismatches %d"
          % (summary["commits"], summary["rollbacks"], len(mismatches)))
    for m in mismatches[:20]:
        print("  MISMATCH %s" % json.dumps(m, sort_keys=True))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(summary, f, indent=1)
            f.write("\n")
    if mismatches or done != args.calls:
        print("FAILED: sessions model (%d mismatches, %d of %d operations checked); "
              "server log: %s" % (len(mismatches), done, args.calls, server.log.name),
              file=sys.stderr)
        print(server.tail(), file=sys.stderr)
        return 1
    os.unlink(server.log.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
