#!/usr/bin/python3
"""Bounded soak of Tool Sandbox: mixed traffic, attacks and hang-ups for a
while, with the server's and the zygote's RSS, fds, threads and children
sampled every few seconds, and a verdict on whether they stayed flat.
Stdlib only.

    /usr/bin/python3 bench/soak.py [--duration 1800] [--out bench/results]
                                   [--binary build/tool-sandbox]
                                   [--loadgen build/ts-loadgen]

Traffic (--concurrency connections, 8 by default):
  * ts-loadgen on concurrency-1 keep-alive connections, sending the whole mix
    (MIX below: executions that end ok, in error, in a timeout, at the memory
    or output limit, rejected attacks, validations, GET /healthz and
    /metrics) round-robin, in chunks of --chunk seconds (a chunk's end drops
    its connections, and so cancels whatever they had in flight);
  * one Python client on its own connection sending the same mix in a
    shuffled order and checking every answer in full (the JSON, the
    execution status each snippet must end with, Retry-After on a 429);
  * now and then a client that sends a sleeping /execute and hangs up
    (close, or half-close then close) after 50 to 500 ms.

The first --warmup seconds of traffic are a warm-up; then the traffic stops,
the server settles (its pool refilled) and the baseline is sampled. The rest
of the traffic follows, then a few seconds of idle and the final sample.

Verdict (exit 1 when any item fails): final idle RSS of the server and of
the zygote within +10 % (or +2 MiB, whichever is larger) of the baseline;
their fds and threads equal to the baseline; no zombie children and no more
sandbox children than the pool at the end; the same zygote throughout; no
connection error, timeout or malformed response; every HTTP status 200, 429
(with Retry-After) or 503; every checked answer the outcome its snippet must
have; the server alive throughout and exiting 0 on SIGTERM.

Writes <out>/soak-<UTC stamp>.{json,md} and soak-latest.{json,md}.

The module is also the shared library of bench/burst.py and the helper of
scripts/leak-check.sh (--write-bodies, --settle).
"""
import argparse
import datetime
import http.client
import json
import os
import platform
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_BINARY = os.path.join(ROOT, "build", "tool-sandbox")
DEFAULT_LOADGEN = os.path.join(ROOT, "build", "ts-loadgen")
OPENAPI = os.path.join(ROOT, "openapi", "openapi.yaml")

# The benchmark's own snippets, so that both measure the same code.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run import CPU_ITERS, VALIDATE_SMALL, _validate_big as validate_big  # noqa: E402


class Kind:
    """One request of the mix.

    expect: for /execute the set of execution statuses the snippet may end
    with; for /validate the value of "valid".  lg_expect: a string every 200
    body of this kind contains (ts-loadgen --expect), or None.  groups: the
    mixes it belongs to (burst, soak, leak); leak_weight: how many times it
    appears in the leak-check mix (the ASan build has no RLIMIT_AS, so
    memory bombs stay out of it)."""

    def __init__(self, name, path, body, expect, groups, lg_expect=None,
                 leak_weight=1, raw_check=None):
        self.name = name
        self.path = path
        self.body = body
        self.expect = expect
        self.groups = set(groups.split())
        self.lg_expect = lg_expect
        self.leak_weight = leak_weight
        self.raw_check = raw_check  # bytes every 200 body must contain

    def payload(self):
        return json.dumps(self.body).encode()


OK = '"status":"ok"'
MIX = [
    # the burst's five
    Kind("exec_trivial", "/execute", {"code": "print(sum(range(1000)))", "timeout": 10},
         {"ok"}, "burst soak leak", OK, leak_weight=4),
    Kind("exec_cpu50ms", "/execute",
         {"code": "s=0\nfor i in range(%d): s+=i\nprint(s)" % CPU_ITERS, "timeout": 10},
         {"ok"}, "burst soak leak", OK),
    Kind("exec_timeout", "/execute", {"code": "while True: pass", "timeout": 0.5},
         {"timeout"}, "burst soak leak", '"status":"timeout"'),
    Kind("validate_small", "/validate", {"code": VALIDATE_SMALL},
         True, "burst soak leak", '"valid":true', leak_weight=16),
    Kind("validate_20k", "/validate", {"code": validate_big()},
         True, "burst soak leak", '"valid":true', leak_weight=2),
    # attacks the validator refuses (HTTP 200, status rejected, nothing runs)
    Kind("attack_import_os", "/execute", {"code": "import os\nos.system('id')"},
         {"rejected"}, "soak leak", '"status":"rejected"', leak_weight=5),
    Kind("attack_open_passwd", "/execute", {"code": "print(open('/etc/passwd').read())"},
         {"rejected"}, "soak leak", '"status":"rejected"', leak_weight=5),
    Kind("attack_subclasses", "/execute",
         {"code": "().__class__.__bases__[0].__subclasses__()"},
         {"rejected"}, "soak leak", '"status":"rejected"', leak_weight=5),
    Kind("attack_import_socket", "/execute", {"code": "__import__('socket')"},
         {"rejected"}, "soak leak", '"status":"rejected"', leak_weight=5),
    Kind("validate_attacks", "/validate",
         {"code": "import os\nimport random\nrandom._os.system('id')\n"
                  "getattr(__builtins__, 'op' + 'en')('/etc/passwd')\n"},
         False, "soak leak", '"valid":false', leak_weight=8),
    # attacks that run and hit a limit
    Kind("runtime_getattr", "/execute",
         {"code": "n = ''.join(['__cla', 'ss__'])\nprint(getattr(1, n))"},
         {"error"}, "soak leak", '"type":"SandboxRefused"'),
    # one request far beyond the allowance: a MemoryError with nothing in
    # use, which the server does not call memory_limit (src/exec/outcome.h)
    Kind("mem_str_10g", "/execute", {"code": "x = 'a' * 10**10"},
         {"error"}, "soak", '"type":"MemoryError"'),
    Kind("mem_list_loop", "/execute",
         {"code": "l=[]\nwhile True: l.append(' '*10**6)", "timeout": 10},
         {"memory_limit"}, "soak", '"status":"memory_limit"'),
    Kind("print_flood", "/execute", {"code": "while True: print('x'*1000)", "timeout": 10},
         {"output_limit"}, "soak leak", '"status":"output_limit"'),
    Kind("deep_recursion", "/execute", {"code": "def f(n):\n    return f(n + 1)\nf(0)",
                                        "timeout": 10},
         {"error"}, "soak leak", '"status":"error"'),
    Kind("huge_power", "/execute", {"code": "x = 10**10**8", "timeout": 1},
         {"timeout", "memory_limit"}, "soak"),
    Kind("nul_surrogate_output", "/execute",
         {"code": "print('a\\x00b\\x01\\x7f', '\\udcff', '\u00e9\u4e2d', end='')", "timeout": 10},
         {"ok"}, "soak leak", OK, raw_check=b'"stdout":"a\\u0000b\\u0001\\u007f \\\\udcff '),
    Kind("large_stdin", "/execute",
         {"code": "print(len('stdin'))", "stdin": "z" * (128 * 1024), "timeout": 10},
         {"ok"}, "soak leak", OK),
    Kind("sleep_200ms", "/execute",
         {"code": "import time\ntime.sleep(0.2)\nprint('slept')", "timeout": 10},
         {"ok"}, "soak", OK),
]
GETS = ["/healthz", "/metrics"]
LEAK_GET_WEIGHTS = {"/healthz": 20, "/metrics": 2}
KINDS = {k.name: k for k in MIX}


def write_bodies(directory, group):
    """Writes one body file per kind of `group`; returns [(kind, file)]."""
    os.makedirs(directory, exist_ok=True)
    out = []
    for k in MIX:
        if group not in k.groups:
            continue
        path = os.path.join(directory, k.name + ".json")
        with open(path, "wb") as f:
            f.write(k.payload())
        out.append((k, path))
    return out


def documented_statuses(path=OPENAPI):
    """{api path: {HTTP status, ...}} as openapi.yaml lists them."""
    doc, cur = {}, None
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = re.match(r"^  (/\S*):\s*$", line)
            if m:
                cur = m.group(1)
                doc[cur] = set()
                continue
            if re.match(r"^\S", line):
                cur = None
            m = re.match(r'^        "(\d{3})":', line)
            if cur and m:
                doc[cur].add(int(m.group(1)))
    return doc


def allowed_statuses(api_path, doc):
    """200 always; 429 and 503 where the contract documents them."""
    return {200} | ({429, 503} & doc.get(api_path, set()))


# ---------------------------------------------------------------------------
# the server

def utc_stamp():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def source_info(binary):
    """What was tested: the binary, its mtime, and the commit this tree is at
    when the run starts (the binary may be older; see --note)."""
    info = {"binary": os.path.abspath(binary)}
    try:
        info["binary_mtime"] = datetime.datetime.fromtimestamp(
            os.stat(binary).st_mtime, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        info["version"] = subprocess.run([binary, "--version"], capture_output=True, text=True,
                                         timeout=10).stdout.strip()
        info["tree_commit"] = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                                             capture_output=True, text=True,
                                             timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    return info


def print_config(binary, args):
    """The effective configuration (--print-config) as a dict of strings."""
    out = subprocess.run([binary] + list(args) + ["--print-config"], check=True,
                         capture_output=True, text=True, timeout=30).stdout
    cfg = {}
    for line in out.splitlines():
        m = re.match(r"^([a-z-]+) = (.*)$", line)
        if m:
            cfg[m.group(1)] = m.group(2)
    return cfg


class Server:
    """The server on 127.0.0.1:<free port>, its stderr in a log file."""

    def __init__(self, binary, args=(), env=None, log_path=None, start_timeout=60):
        self.binary = binary
        self.args = list(args)
        self.log_path = log_path or tempfile.mkstemp(prefix="ts-log-", suffix=".log")[1]
        self.log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(
            [binary, "--listen", "127.0.0.1:0"] + self.args,
            stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log,
            env=env, start_new_session=True)
        self.pid = self.proc.pid
        self.port = None
        deadline = time.monotonic() + start_timeout
        while time.monotonic() < deadline:
            with open(self.log_path, "rb") as f:
                m = re.search(rb"listening on 127\.0\.0\.1:(\d+)", f.read())
            if m:
                self.port = int(m.group(1))
                break
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        if self.port is None:
            self.kill()
            raise RuntimeError("the server did not start; its log:\n" + self.log_tail())

    def alive(self):
        return self.proc.poll() is None

    def stop(self, timeout=60):
        """SIGTERM, then its exit status (None if it had to be killed)."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            rc = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            rc = None
        self.log.close()
        return rc

    def kill(self):
        if self.proc.poll() is None:
            try:
                os.killpg(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.proc.wait()

    def log_tail(self, n=30):
        try:
            with open(self.log_path, "rb") as f:
                lines = f.read().decode("utf-8", "replace").splitlines()
        except OSError:
            return ""
        return "\n".join(lines[-n:])

    def log_summary(self, top=12):
        """Counts of log levels and the most frequent non-info messages."""
        levels, msgs, exec_status = {}, {}, {}
        with open(self.log_path, "rb") as f:
            for raw in f:
                line = raw.decode("utf-8", "replace").rstrip("\n")
                try:
                    rec = json.loads(line)
                except ValueError:
                    rec = None
                if not isinstance(rec, dict):
                    levels["unparsed"] = levels.get("unparsed", 0) + 1
                    key = "[unparsed] " + line[:160]
                    msgs[key] = msgs.get(key, 0) + 1
                    continue
                lvl = rec.get("level", "?")
                levels[lvl] = levels.get(lvl, 0) + 1
                if "exec_status" in rec:
                    s = rec["exec_status"]
                    exec_status[s] = exec_status.get(s, 0) + 1
                if lvl not in ("info", "debug"):
                    key = "[%s] %s" % (lvl, " ".join(
                        "%s=%s" % (k, v) for k, v in rec.items()
                        if k not in ("time", "level", "request_id", "duration_ms",
                                     "code_sha256"))[:200])
                    msgs[key] = msgs.get(key, 0) + 1
        worst = sorted(msgs.items(), key=lambda kv: -kv[1])[:top]
        return {"levels": levels, "exec_status": exec_status,
                "top_messages": [{"count": c, "message": m} for m, c in worst]}


def http_call(port, method, path, body=None, timeout=30, headers=None):
    """One request on a fresh connection: (status, headers dict, body bytes)."""
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        h = {"Content-Type": "application/json"} if body is not None else {}
        h.update(headers or {})
        c.request(method, path, body, h)
        r = c.getresponse()
        data = r.read()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, data
    finally:
        c.close()


METRIC_RE = re.compile(r'^(tool_sandbox_[a-z_]+)(\{[^}]*\})? ([0-9.eE+-]+)$')


def metrics_snapshot(port):
    """The gauges and counters a soak cares about, from GET /metrics."""
    st, _, data = http_call(port, "GET", "/metrics", timeout=10)
    if st != 200:
        return None
    snap = {"executions": {}}
    for line in data.decode("utf-8", "replace").splitlines():
        m = METRIC_RE.match(line)
        if not m:
            continue
        name, labels, val = m.group(1), m.group(2) or "", float(m.group(3))
        if name == "tool_sandbox_executions_total":
            s = re.search(r'status="([^"]+)"', labels)
            if s:
                snap["executions"][s.group(1)] = int(val)
        elif name in ("tool_sandbox_executions_in_flight", "tool_sandbox_execution_queue_depth",
                      "tool_sandbox_zygote_restarts_total"):
            snap[name[len("tool_sandbox_"):]] = int(val)
    return snap


# ---------------------------------------------------------------------------
# /proc

def _read(path, mode="r"):
    with open(path, mode) as f:
        return f.read()


def _status_fields(pid):
    out = {}
    for line in _read("/proc/%d/status" % pid).splitlines():
        k, _, v = line.partition(":")
        out[k] = v.strip()
    return out


def _state(pid):
    s = _read("/proc/%d/stat" % pid)
    return s[s.rindex(")") + 2]


def _count(path):
    try:
        return len(os.listdir(path))
    except OSError:
        return None


def children_of(pid):
    kids = set()
    try:
        tasks = os.listdir("/proc/%d/task" % pid)
    except OSError:
        return []
    for t in tasks:
        try:
            kids.update(int(x) for x in _read("/proc/%d/task/%s/children" % (pid, t)).split())
        except OSError:
            pass
    return sorted(kids)


def proc_info(pid):
    """RSS (KiB), fds and threads of a live process, or None."""
    try:
        st = _status_fields(pid)
        return {"pid": pid,
                "rss_kib": int(st.get("VmRSS", "0 kB").split()[0]),
                "fds": _count("/proc/%d/fd" % pid),
                "threads": int(st.get("Threads", "0")),
                "state": _state(pid)}
    except (OSError, ValueError):
        return None


def sample_server(pid):
    """The server, its zygote and its other children (the sandboxes, which
    are CLONE_PARENT children of the server and live in their own pid
    namespace; the zygote shares the server's and has --zygote as argv[1])."""
    srv = proc_info(pid)
    if srv is None:
        return None
    try:
        depth = len(_status_fields(pid).get("NSpid", "").split())
    except OSError:
        depth = 1
    zyg, sandboxes, zombies, zpids = None, 0, 0, []
    for c in children_of(pid):
        try:
            argv = _read("/proc/%d/cmdline" % c, "rb").split(b"\0")
            cdepth = len(_status_fields(c).get("NSpid", "").split())
            state = _state(c)
        except OSError:
            continue  # gone meanwhile
        if state != "Z" and len(argv) > 1 and argv[1] == b"--zygote" and cdepth == depth:
            zpids.append(c)
            continue
        sandboxes += 1
        if state == "Z":
            zombies += 1
    srv["children"] = sandboxes  # the server's children other than the zygote
    srv["zombies"] = zombies
    if zpids:
        z = proc_info(zpids[0])
        if z:
            z["children"] = len(children_of(zpids[0]))
        zyg = z
    return {"server": srv, "zygote": zyg, "zygotes": len(zpids)}


def settle(pid, pool, timeout=20.0, stable=3, interval=0.5):
    """Waits until the server is idle: no zombie, its sandbox children at
    most the pool (and at least the pool: refilled), and its fd and thread
    counts unchanged for `stable` reads. Returns the last sample."""
    deadline = time.monotonic() + timeout
    last, same = None, 0
    while True:
        s = sample_server(pid)
        if s is None:
            return None
        key = (s["server"]["fds"], s["server"]["threads"], s["server"]["children"],
               s["zygote"] and s["zygote"]["fds"])
        settled = s["server"]["zombies"] == 0 and s["server"]["children"] == pool
        same = same + 1 if settled and key == last else 0
        last = key
        if same >= stable - 1 or time.monotonic() >= deadline:
            return s
        time.sleep(interval)


# ---------------------------------------------------------------------------
# clients

def run_loadgen(loadgen, port, reqs, gets=(), concurrency=8, duration=None, requests=None,
                threads=1, timeout=30, expect=None, latencies=None, grace=60):
    """Runs ts-loadgen; returns its JSON plus "hang": True when it had to be
    killed (it did not finish grace seconds after its duration)."""
    cmd = [loadgen, "--port", str(port), "--concurrency", str(concurrency),
           "--threads", str(threads), "--timeout", str(timeout)]
    for path, body in reqs:
        cmd += ["--req", "%s:%s" % (path, body)]
    for g in gets:
        cmd += ["--get", g]
    if duration:
        cmd += ["--duration", "%g" % duration]
    if requests:
        cmd += ["--requests", str(requests)]
    if expect:
        cmd += ["--expect", expect]
    if latencies:
        cmd += ["--latencies", latencies]
    limit = (duration or 600) + grace
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out, err = p.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        p.kill()
        out, err = p.communicate()
        return {"hang": True, "stderr": err[-2000:], "cmd": " ".join(cmd)}
    if p.returncode != 0:
        raise RuntimeError("ts-loadgen failed (%d): %s" % (p.returncode, err))
    res = json.loads(out)
    res["hang"] = False
    if err.strip():
        res["stderr"] = err.strip()[-2000:]
    return res


def add_counts(total, res):
    """Accumulates ts-loadgen results."""
    total["requests"] = total.get("requests", 0) + res.get("requests", 0)
    st = total.setdefault("status", {})
    for k, v in res.get("status", {}).items():
        st[k] = st.get(k, 0) + v
    er = total.setdefault("errors", {})
    for k, v in res.get("errors", {}).items():
        er[k] = er.get(k, 0) + v
    for k in ("retry_after_missing", "unexpected"):
        total[k] = total.get(k, 0) + res.get(k, 0)
    total["hangs"] = total.get("hangs", 0) + (1 if res.get("hang") else 0)
    if res.get("stderr"):
        total.setdefault("stderr", []).append(res["stderr"])
    return total


def loadgen_problems(total, allowed, what="ts-loadgen"):
    """The reasons a ts-loadgen total fails: transport errors, a hang, a
    status outside `allowed`, a 429 without Retry-After."""
    bad = []
    errs = {k: v for k, v in total.get("errors", {}).items() if v}
    if errs:
        bad.append("%s: connection errors %s" % (what, errs))
    if total.get("hangs"):
        bad.append("%s: did not finish in time (hang)" % what)
    odd = {k: v for k, v in total.get("status", {}).items() if int(k) not in allowed}
    if odd:
        bad.append("%s: statuses outside %s: %s" % (what, sorted(allowed), odd))
    if total.get("retry_after_missing"):
        bad.append("%s: %d responses 429 without Retry-After" % (what, total["retry_after_missing"]))
    return bad


class Checker(threading.Thread):
    """A keep-alive client sending the mix in a shuffled order and checking
    each answer in full: the status is allowed, the body is the JSON the
    contract describes, a 429 has Retry-After, an execution ends with one of
    its kind's statuses and a validation with its kind's verdict."""

    def __init__(self, port, kinds, doc, stop_at, seed=1, timeout=60):
        super().__init__(daemon=True)
        self.port, self.kinds, self.doc = port, list(kinds), doc
        self.stop_at, self.timeout = stop_at, timeout
        self.rng = random.Random(seed)
        self.per_kind = {}   # name -> {outcome: count}
        self.transport = {}  # error kind -> count
        self.problems = []   # first few failures, in words
        self.requests = 0
        self.conn = None

    def _fail(self, msg):
        if len(self.problems) < 20:
            self.problems.append(msg)

    def _note(self, kind, outcome):
        d = self.per_kind.setdefault(kind, {})
        d[outcome] = d.get(outcome, 0) + 1

    def _one(self, k):
        if self.conn is None:
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
        try:
            self.conn.request("POST", k.path, k.payload(), {"Content-Type": "application/json"})
            r = self.conn.getresponse()
            data = r.read()
        except (socket.timeout, TimeoutError):
            self.transport["timeout"] = self.transport.get("timeout", 0) + 1
            self._fail("%s: client timeout after %ss" % (k.name, self.timeout))
            self.conn.close()
            self.conn = None
            return
        except (ConnectionError, http.client.HTTPException, OSError) as e:
            name = type(e).__name__
            self.transport[name] = self.transport.get(name, 0) + 1
            self._fail("%s: %s: %s" % (k.name, name, e))
            self.conn.close()
            self.conn = None
            return
        self.requests += 1
        if r.getheader("Connection", "").lower() == "close":
            self.conn.close()
            self.conn = None
        st = r.status
        if st not in allowed_statuses(k.path, self.doc):
            self._note(k.name, "http_%d" % st)
            self._fail("%s: HTTP %d %s" % (k.name, st, data[:200]))
            return
        try:
            body = json.loads(data)
        except ValueError:
            self._note(k.name, "bad_json")
            self._fail("%s: HTTP %d, body not JSON: %r" % (k.name, st, data[:200]))
            return
        if st != 200:
            code = isinstance(body, dict) and isinstance(body.get("error"), dict) \
                and body["error"].get("code")
            self._note(k.name, "http_%d_%s" % (st, code))
            if not code:
                self._fail("%s: HTTP %d without an error code: %r" % (k.name, st, data[:200]))
            if st == 429 and not r.getheader("Retry-After"):
                self._fail("%s: 429 without Retry-After" % k.name)
            if st == 503 and code != "shutting_down":
                self._fail("%s: 503 %s (the contract documents 503 only for shutting_down)"
                           % (k.name, code))
            return
        if k.path == "/validate":
            outcome = "valid" if body.get("valid") is True else "invalid"
            self._note(k.name, outcome)
            if body.get("valid") is not k.expect:
                self._fail("%s: valid=%r, want %r" % (k.name, body.get("valid"), k.expect))
            return
        status = body.get("status")
        self._note(k.name, str(status))
        for field in ("stdout", "stderr", "stdout_truncated", "stderr_truncated",
                      "duration_ms", "cpu_ms", "error", "exit_code", "signal"):
            if field not in body:
                self._fail("%s: no %s in %r" % (k.name, field, data[:200]))
                break
        if status not in k.expect:
            self._fail("%s: status %s, want %s: %r" % (k.name, status, sorted(k.expect),
                                                        data[:300]))
        elif k.raw_check and k.raw_check not in data:
            self._fail("%s: body lacks %r: %r" % (k.name, k.raw_check, data[:300]))

    def run(self):
        while time.monotonic() < self.stop_at:
            order = self.kinds[:]
            self.rng.shuffle(order)
            for k in order:
                if time.monotonic() >= self.stop_at:
                    break
                self._one(k)
        if self.conn:
            self.conn.close()

    def wrong(self):
        """Checked answers that were not what their kind must answer."""
        return len(self.problems)


class HangUps(threading.Thread):
    """Every 1 to 4 s, a client that sends a sleeping /execute and hangs up
    after 50 to 500 ms, by close() or by shutdown(SHUT_WR) then close()."""

    BODY = json.dumps({"code": "import time\ntime.sleep(3)\nprint('late')", "timeout": 5})

    def __init__(self, port, stop_at, seed=2):
        super().__init__(daemon=True)
        self.port, self.stop_at = port, stop_at
        self.rng = random.Random(seed)
        self.count = {"close": 0, "half_close": 0, "answered_early": 0, "connect_failed": 0}

    def run(self):
        req = ("POST /execute HTTP/1.1\r\nHost: 127.0.0.1\r\n"
               "Content-Type: application/json\r\nContent-Length: %d\r\n\r\n%s"
               % (len(self.BODY), self.BODY)).encode()
        while True:
            wait = self.rng.uniform(1.0, 4.0)
            if time.monotonic() + wait + 0.6 >= self.stop_at:
                break
            time.sleep(wait)
            try:
                s = socket.create_connection(("127.0.0.1", self.port), timeout=5)
            except OSError:
                self.count["connect_failed"] += 1
                continue
            try:
                s.sendall(req)
                time.sleep(self.rng.choice([0.05, 0.2, 0.2, 0.5]))
                s.setblocking(False)
                try:
                    if s.recv(1):
                        self.count["answered_early"] += 1
                except (BlockingIOError, OSError):
                    pass
                if self.rng.random() < 0.3:
                    s.shutdown(socket.SHUT_WR)
                    time.sleep(0.3)
                    self.count["half_close"] += 1
                else:
                    self.count["close"] += 1
            except OSError:
                pass
            finally:
                s.close()


# ---------------------------------------------------------------------------
# the soak

class Sampler(threading.Thread):
    def __init__(self, srv, every, t0):
        super().__init__(daemon=True)
        self.srv, self.every, self.t0 = srv, every, t0
        self.samples = []
        self.phase = "start"
        self.lock = threading.Lock()
        self.halt = threading.Event()
        self.extra = None  # callable -> dict merged into each sample

    def take(self, phase=None, with_metrics=True):
        s = sample_server(self.srv.pid)
        rec = {"t": round(time.monotonic() - self.t0, 1), "phase": phase or self.phase}
        if s is None:
            rec["dead"] = True
        else:
            rec.update(s)
        if with_metrics and s is not None:
            try:
                rec["metrics"] = metrics_snapshot(self.srv.port)
            except OSError as e:
                rec["metrics_error"] = str(e)
        if self.extra:
            rec.update(self.extra())
        with self.lock:
            self.samples.append(rec)
        return rec

    def run(self):
        nxt = time.monotonic()
        while not self.halt.is_set():
            self.take()
            nxt += self.every
            self.halt.wait(max(0.0, nxt - time.monotonic()))


def traffic(port, loadgen, bodies, gets, doc, seconds, concurrency, chunk, totals, checkers,
            hangups, seed):
    """Runs the mix for `seconds`; accumulates into totals/checkers/hangups."""
    stop_at = time.monotonic() + seconds
    chk = Checker(port, [k for k, _ in bodies], doc, stop_at, seed=seed)
    hup = HangUps(port, stop_at, seed=seed + 1)
    chk.start()
    hup.start()
    reqs = [(k.path, f) for k, f in bodies]
    while True:
        left = stop_at - time.monotonic()
        if left < 1:
            break
        res = run_loadgen(loadgen, port, reqs, gets, concurrency=max(1, concurrency - 1),
                          duration=min(chunk, left), timeout=60, threads=1)
        add_counts(totals, res)
        totals["chunks"] = totals.get("chunks", 0) + 1
    chk.join(120)
    hup.join(30)
    if chk.is_alive():
        totals["checker_hang"] = True
    checkers.append(chk)
    hangups.append(hup)


def within(final, base, pct=10.0, floor_kib=2048):
    limit = max(base * (1 + pct / 100.0), base + floor_kib)
    return final <= limit, limit


def compare_samples(check, bs, fs, base, final, pool, samples):
    """The verdict items that compare the final idle sample to the baseline."""
    ok, lim = within(fs["rss_kib"], bs["rss_kib"])
    check("server_rss", ok, "final %d KiB, baseline %d KiB, limit %d KiB"
          % (fs["rss_kib"], bs["rss_kib"], lim))
    check("server_fds", fs["fds"] == bs["fds"], "final %s, baseline %s" % (fs["fds"], bs["fds"]))
    check("server_threads", fs["threads"] == bs["threads"],
          "final %s, baseline %s" % (fs["threads"], bs["threads"]))
    check("zombies", fs["zombies"] == 0, "%d zombie children at the end" % fs["zombies"])
    check("leftover_sandboxes", fs["children"] <= pool,
          "%d sandbox children at the end, pool %d" % (fs["children"], pool))
    check("pool_refilled", fs["children"] == pool,
          "%d sandboxes waiting at the end, pool %d" % (fs["children"], pool))
    bz, fz = base["zygote"], final["zygote"]
    zpids = sorted({s["zygote"]["pid"] for s in samples if s.get("zygote")})
    check("zygote_same", bz and fz and len(zpids) == 1, "zygote pids seen: %s" % zpids)
    if bz and fz:
        ok, lim = within(fz["rss_kib"], bz["rss_kib"])
        check("zygote_rss", ok, "final %d KiB, baseline %d KiB, limit %d KiB"
              % (fz["rss_kib"], bz["rss_kib"], lim))
        check("zygote_fds", fz["fds"] == bz["fds"], "final %s, baseline %s" % (fz["fds"], bz["fds"]))
        check("zygote_threads", fz["threads"] == bz["threads"],
              "final %s, baseline %s" % (fz["threads"], bz["threads"]))


def loadgen_and_checker(check, totals, checkers):
    """The verdict items on the answers; returns the checker's merged counts."""
    allowed = {200, 429, 503}
    lp = loadgen_problems(totals, allowed)
    check("loadgen", not lp, "; ".join(lp) or "%d requests, statuses %s"
          % (totals.get("requests", 0), totals.get("status")))
    transport, per_kind, cproblems, creq = {}, {}, [], 0
    for c in checkers:
        creq += c.requests
        for k, v in c.transport.items():
            transport[k] = transport.get(k, 0) + v
        for k, d in c.per_kind.items():
            pk = per_kind.setdefault(k, {})
            for o, n in d.items():
                pk[o] = pk.get(o, 0) + n
        cproblems += c.problems
    check("checker", not cproblems and not transport and not totals.get("checker_hang"),
          "; ".join(cproblems[:5]) or "%d answers checked in full" % creq)
    return {"requests": creq, "transport_errors": transport, "per_kind": per_kind,
            "problems": cproblems}


def soak_main(a):
    doc = documented_statuses()
    cfg = print_config(a.binary, a.server_arg)
    pool = int(cfg.get("pool", "2"))
    stamp = utc_stamp()
    warmup = a.warmup if a.warmup is not None else min(60.0, a.duration / 4.0)
    tmp = tempfile.mkdtemp(prefix="ts-soak-")
    bodies = write_bodies(tmp, "soak")
    log_path = os.path.join(tmp, "server.log")
    t_start = time.monotonic()
    load_start = os.getloadavg()
    source = source_info(a.binary)
    if a.note:
        source["note"] = a.note
    srv = Server(a.binary, a.server_arg, log_path=log_path)
    print("soak: server pid %d port %d, %g s of traffic (%g s warm-up) at concurrency %d, "
          "pool %s, max-concurrency %s" % (srv.pid, srv.port, a.duration, warmup,
                                           a.concurrency, pool, cfg.get("max-concurrency")),
          flush=True)
    totals, checkers, hangups = {}, [], []
    sampler = Sampler(srv, a.interval, t_start)
    sampler.extra = lambda: {"loadgen_requests": totals.get("requests", 0)}
    problems, verdict = [], {}
    rc_server, base, final, aborted = None, None, None, None
    try:
        settle(srv.pid, pool, timeout=30)
        sampler.take("start")
        sampler.start()
        sampler.phase = "warmup"
        traffic(srv.port, a.loadgen, bodies, GETS, doc, warmup, a.concurrency, a.chunk, totals,
                checkers, hangups, seed=a.seed)
        sampler.phase = "settle"
        settle(srv.pid, pool, timeout=30)
        base = sampler.take("baseline")
        print("soak: baseline after warm-up: server rss %s KiB fds %s threads %s; zygote rss %s "
              "KiB fds %s threads %s" % (
                  base["server"]["rss_kib"], base["server"]["fds"], base["server"]["threads"],
                  (base["zygote"] or {}).get("rss_kib"), (base["zygote"] or {}).get("fds"),
                  (base["zygote"] or {}).get("threads")), flush=True)
        sampler.phase = "load"
        traffic(srv.port, a.loadgen, bodies, GETS, doc, a.duration - warmup, a.concurrency,
                a.chunk, totals, checkers, hangups, seed=a.seed + 10)
        sampler.phase = "idle"
        time.sleep(a.idle)
        settle(srv.pid, pool, timeout=30)
        sampler.halt.set()
        sampler.join(30)
        final = sampler.take("final")
    except Exception as e:  # noqa: BLE001 - reported in the verdict and the files
        aborted = "%s: %s" % (type(e).__name__, e)
    finally:
        sampler.halt.set()
        alive = srv.alive()
        rc_server = srv.stop()
    elapsed = time.monotonic() - t_start

    # ---- verdict
    def check(name, ok, detail):
        verdict[name] = {"ok": bool(ok), "detail": detail}
        if not ok:
            problems.append("%s: %s" % (name, detail))

    if aborted:
        check("completed", False, "the soak stopped early: " + aborted)
    check("server_alive", alive and not any(s.get("dead") for s in sampler.samples),
          "the server was alive at every sample")
    check("server_exit", rc_server == 0, "exit status on SIGTERM: %s" % rc_server)
    if not (base and final and base.get("server") and final.get("server")):
        check("samples", False, "no baseline or final sample of a live server")
        base = final = {"server": None, "zygote": None}
    bs, fs = base["server"], final["server"]
    if bs and fs:
        compare_samples(check, bs, fs, base, final, pool, sampler.samples)
    chk = loadgen_and_checker(check, totals, checkers)

    hcount = {}
    for h in hangups:
        for k, v in h.count.items():
            hcount[k] = hcount.get(k, 0) + v

    log = srv.log_summary()
    result = {
        "stamp": stamp,
        "machine": {"nproc": os.cpu_count(), "kernel": platform.release(),
                    "loadavg_start": load_start, "loadavg_end": os.getloadavg()},
        "source": source,
        "config": {"binary": a.binary, "server_args": a.server_arg, "duration_s": a.duration,
                   "warmup_s": warmup, "concurrency": a.concurrency, "chunk_s": a.chunk,
                   "interval_s": a.interval, "pool": pool,
                   "max_concurrency": cfg.get("max-concurrency"),
                   "mix": [k.name for k, _ in bodies] + ["GET " + g for g in GETS]},
        "elapsed_s": round(elapsed, 1),
        "ok": not problems,
        "problems": problems,
        "verdict": verdict,
        "loadgen": totals,
        "checker": chk,
        "hangups": hcount,
        "log": log,
        "samples": sampler.samples,
    }
    os.makedirs(a.out, exist_ok=True)
    write_results(a.out, "soak-" + stamp, result)
    print(summary_text(result))
    if not problems:
        # the log and bodies are only worth keeping when something failed
        for f in os.listdir(tmp):
            os.unlink(os.path.join(tmp, f))
        os.rmdir(tmp)
    else:
        print("soak: server log kept in %s; its tail:\n%s" % (log_path, srv.log_tail(15)))
    return 0 if not problems else 1


def curve(samples, who, field, phases=None):
    vals = [s[who][field] for s in samples
            if s.get(who) and s[who].get(field) is not None
            and (phases is None or s["phase"] in phases)]
    if not vals:
        return None
    return {"first": vals[0], "min": min(vals), "max": max(vals), "last": vals[-1]}


def summary_text(r):
    lines = ["soak %s: %s in %.0f s" % (r["stamp"], "PASS" if r["ok"] else "FAIL", r["elapsed_s"])]
    lg = r["loadgen"]
    lines.append("  ts-loadgen: %d requests, status %s, errors %s, retry_after_missing %d"
                 % (lg.get("requests", 0), lg.get("status"), lg.get("errors"),
                    lg.get("retry_after_missing", 0)))
    lines.append("  checker: %d answers, transport errors %s" % (
        r["checker"]["requests"], r["checker"]["transport_errors"] or "none"))
    lines.append("  hang-ups: %s" % r["hangups"])
    for who in ("server", "zygote"):
        for f in ("rss_kib", "fds", "threads"):
            c = curve(r["samples"], who, f)
            if c:
                lines.append("  %-6s %-7s first %s min %s max %s last %s"
                             % (who, f, c["first"], c["min"], c["max"], c["last"]))
    for name, v in r["verdict"].items():
        lines.append("  [%s] %s: %s" % ("ok" if v["ok"] else "FAIL", name, v["detail"]))
    return "\n".join(lines)


def write_results(out, base, r):
    js = json.dumps(r, indent=1, sort_keys=False) + "\n"
    md = markdown(r)
    for name in (base, "soak-latest"):
        with open(os.path.join(out, name + ".json"), "w") as f:
            f.write(js)
        with open(os.path.join(out, name + ".md"), "w") as f:
            f.write(md)
    print("soak: wrote %s/%s.{json,md} and soak-latest.{json,md}" % (out, base))


def markdown(r):
    c = r["config"]
    o = ["# Soak %s: %s" % (r["stamp"], "PASS" if r["ok"] else "FAIL"), "",
         "`bench/soak.py --duration %g` (%g s warm-up), concurrency %d, pool %d, "
         "max-concurrency %s, %d CPUs, kernel %s; %.0f s in all. Load average (1 min) %.1f at "
         "the start, %.1f at the end (the machine is shared)."
         % (c["duration_s"], c["warmup_s"], c["concurrency"], c["pool"], c["max_concurrency"],
            r["machine"]["nproc"], r["machine"]["kernel"], r["elapsed_s"],
            r["machine"]["loadavg_start"][0], r["machine"]["loadavg_end"][0]), "",
         "Binary `%s` (%s, built %s), tree at %s." % (
             r["source"].get("binary"), r["source"].get("version", "?"),
             r["source"].get("binary_mtime", "?"), r["source"].get("tree_commit", "?"))
         + (" " + r["source"]["note"] if r["source"].get("note") else ""), "",
         "## Verdict", "", "| check | result | detail |", "|---|---|---|"]
    for name, v in r["verdict"].items():
        o.append("| %s | %s | %s |" % (name, "ok" if v["ok"] else "**FAIL**",
                                       v["detail"].replace("|", "\\|")))
    lg = r["loadgen"]
    o += ["", "## Traffic", "",
          "- ts-loadgen: %d requests in %d chunks, HTTP status %s, errors %s, "
          "429 without Retry-After: %d" % (lg.get("requests", 0), lg.get("chunks", 0),
                                           json.dumps(lg.get("status")),
                                           json.dumps(lg.get("errors")),
                                           lg.get("retry_after_missing", 0)),
          "- checker: %d answers checked in full, transport errors: %s"
          % (r["checker"]["requests"], json.dumps(r["checker"]["transport_errors"])
             if r["checker"]["transport_errors"] else "none"),
          "- hang-ups: %s" % json.dumps(r["hangups"]),
          "- server log: levels %s, exec_status %s" % (json.dumps(r["log"]["levels"]),
                                                       json.dumps(r["log"]["exec_status"])),
          "", "| kind | outcomes (checker) |", "|---|---|"]
    for k, d in sorted(r["checker"]["per_kind"].items()):
        o.append("| %s | %s |" % (k, ", ".join("%s %d" % kv for kv in sorted(d.items()))))
    if r["log"]["top_messages"]:
        o += ["", "Log messages above info:", ""]
        for m in r["log"]["top_messages"]:
            o.append("- %d x `%s`" % (m["count"], m["message"].replace("`", "'")))
    o += ["", "## Curves (first / min / max / last)", "",
          "| process | value | first | min | max | last |", "|---|---|---|---|---|---|"]
    for who in ("server", "zygote"):
        for f in ("rss_kib", "fds", "threads", "children"):
            cv = curve(r["samples"], who, f)
            if cv:
                o.append("| %s | %s | %s | %s | %s | %s |" % (who, f, cv["first"], cv["min"],
                                                               cv["max"], cv["last"]))
    o += ["", "## Samples", "",
          "Every %g s; `children` of the server counts its children other than the zygote "
          "(pooled and running sandboxes), `zomb` the zombies among them; `baseline` is the "
          "idle sample after the warm-up, `final` the idle one at the end." % c["interval_s"], "",
          "| t (s) | phase | server RSS KiB | fds | threads | children | zomb "
          "| zygote RSS KiB | fds | threads | children | in flight | queued |",
          "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for s in r["samples"]:
        if s.get("dead"):
            o.append("| %s | %s | dead | | | | | | | | | | |" % (s["t"], s["phase"]))
            continue
        sv, z, m = s["server"], s.get("zygote") or {}, s.get("metrics") or {}
        o.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            s["t"], s["phase"], sv["rss_kib"], sv["fds"], sv["threads"], sv["children"],
            sv["zombies"], z.get("rss_kib", ""), z.get("fds", ""), z.get("threads", ""),
            z.get("children", ""), m.get("executions_in_flight", ""),
            m.get("execution_queue_depth", "")))
    return "\n".join(o) + "\n"


# ---------------------------------------------------------------------------
# helpers for scripts/leak-check.sh

def leak_bodies(directory):
    """Writes the leak-check mix and prints one ts-loadgen argument per line:
    each kind as many times as its weight, spread evenly over the cycle
    (ts-loadgen takes them round-robin)."""
    items = [(("--req", "%s:%s" % (k.path, path)), k.leak_weight)
             for k, path in write_bodies(directory, "leak")]
    items += [(("--get", g), LEAK_GET_WEIGHTS.get(g, 1)) for g in GETS]
    slots = sorted(((j + 0.5) / w, i, arg) for i, (arg, w) in enumerate(items)
                   for j in range(w))
    for _, _, (opt, val) in slots:
        print(opt)
        print(val)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", default=DEFAULT_BINARY)
    ap.add_argument("--loadgen", default=DEFAULT_LOADGEN)
    ap.add_argument("--duration", type=float, default=1800,
                    help="seconds of traffic, warm-up included (1800)")
    ap.add_argument("--warmup", type=float, default=None,
                    help="seconds of warm-up traffic before the baseline (min(60, duration/4))")
    ap.add_argument("--concurrency", type=int, default=8,
                    help="connections: ts-loadgen gets all but one, the checker one (8)")
    ap.add_argument("--chunk", type=float, default=60, help="ts-loadgen run length, s (60)")
    ap.add_argument("--interval", type=float, default=5, help="seconds between samples (5)")
    ap.add_argument("--idle", type=float, default=5, help="idle seconds before the final sample")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--note", help="a note on what was tested, kept in the results")
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "results"))
    ap.add_argument("--server-arg", action="append", default=[],
                    help="an extra server argument (repeatable), e.g. --server-arg=--pool=4")
    ap.add_argument("--write-bodies", metavar="DIR",
                    help="leak-check helper: write the leak mix to DIR, print ts-loadgen args")
    ap.add_argument("--settle", type=int, metavar="PID",
                    help="leak-check helper: wait until server PID is idle, print its counts")
    ap.add_argument("--pool", type=int, default=2, help="with --settle: the pool size (2)")
    a = ap.parse_args(argv)
    if a.write_bodies:
        leak_bodies(a.write_bodies)
        return 0
    if a.settle:
        s = settle(a.settle, a.pool, timeout=60)
        if s is None:
            print("no such process", file=sys.stderr)
            return 1
        sv, z = s["server"], s["zygote"] or {}
        print("fds=%s threads=%s children=%s zombies=%s rss_kib=%s zygote_fds=%s "
              "zygote_threads=%s zygote_rss_kib=%s" % (
                  sv["fds"], sv["threads"], sv["children"], sv["zombies"], sv["rss_kib"],
                  z.get("fds"), z.get("threads"), z.get("rss_kib")))
        return 0
    if a.duration <= 0 or (a.warmup is not None and not 0 <= a.warmup < a.duration):
        ap.error("--duration must be positive and --warmup below it")
    return soak_main(a)


if __name__ == "__main__":
    sys.exit(main())
