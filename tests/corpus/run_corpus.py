#!/usr/bin/env python3
"""Runs a snippet corpus against the real tool-sandbox server.

  run_corpus.py --binary build/tool-sandbox --kind escape
  run_corpus.py --binary build/tool-sandbox --kind benign

escape: every tests/corpus/escape/NNN_name.py runs twice, against a server
with the default policy and against one started with
--static-validation false (the runtime layer alone).  A header line
"# request: {...}" adds its JSON object's fields (e.g. "files",
"capabilities") to both the /validate and the /execute request.  A snippet prints a
line starting with "ESCAPED " only when it really reached what it was after
(the real builtins, __import__, a module outside the allowlist, a frame, a
code object, function globals, ...).  The run fails (exit 1) if any snippet
printed ESCAPED in either run.

--policy strict|standard: every request says "policy": POLICY, so that the
same corpus is run against both policies (the servers' default is
standard).

--profile science: the same against servers that run the science profile
(--profiles default,science), every request with "profile": "science",
from tests/corpus/<kind>-science (numpy, pandas, scipy, sympy, matplotlib).

benign: every tests/corpus/benign/NNN_name.py must be accepted by /validate
and run with status ok and exactly the stdout of NNN_name.out next to it;
the run fails when fewer than --min-acceptance percent do.

Standard library only.  The servers listen on 127.0.0.1 with an ephemeral
port, are stopped (SIGTERM, then wait) at the end and on any failure.
"""
import argparse
import concurrent.futures
import difflib
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SERVER_ARGS = ["--max-concurrency", "4", "--max-queue", "256", "--timeout", "5"]
START_LIMIT = 120.0    # seconds for a server to say it listens
STOP_LIMIT = 30.0      # seconds for a server to exit after SIGTERM
REQUEST_TIMEOUT = 60.0  # socket timeout of one request (executions stop at 5 s)
RETRIES_429 = 50
LISTEN_RE = re.compile(r"listening on 127\.0\.0\.1:(\d+)")


class CorpusError(Exception):
    pass


# ---- the server ----------------------------------------------------------

class Server:
    """One tool-sandbox process on 127.0.0.1 with an ephemeral port."""

    def __init__(self, binary, label, extra_args=()):
        self.binary = binary
        self.label = label
        self.extra_args = list(extra_args)
        self.proc = None
        self.port = None
        self.stderr_tail = []
        self._port_ready = threading.Event()
        self._reader = None

    def start(self):
        cmd = [self.binary, "--listen", "127.0.0.1:0"] + SERVER_ARGS + self.extra_args
        try:
            self.proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL,
                                         stdout=subprocess.DEVNULL,
                                         stderr=subprocess.PIPE)
        except OSError as e:
            raise CorpusError("cannot start %s: %s" % (self.binary, e))
        self._reader = threading.Thread(target=self._read_stderr, daemon=True)
        self._reader.start()
        deadline = time.monotonic() + START_LIMIT
        while not self._port_ready.is_set():
            if self.proc.poll() is not None:
                self._reader.join(5)
                raise CorpusError("%s server exited with %s before listening:\n%s" % (
                    self.label, self.proc.returncode, "\n".join(self.stderr_tail[-20:])))
            if time.monotonic() > deadline:
                raise CorpusError("%s server did not say it listens within %.0f s:\n%s" % (
                    self.label, START_LIMIT, "\n".join(self.stderr_tail[-20:])))
            self._port_ready.wait(0.1)

    def _read_stderr(self):
        # Keeps draining stderr for the server's whole life, so that its
        # log lines never fill the pipe.
        for raw in self.proc.stderr:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            self.stderr_tail.append(line)
            if len(self.stderr_tail) > 200:
                del self.stderr_tail[:100]
            if self.port is None:
                try:
                    msg = json.loads(line).get("msg", "")
                except (ValueError, AttributeError):
                    continue
                m = LISTEN_RE.search(msg if isinstance(msg, str) else "")
                if m:
                    self.port = int(m.group(1))
                    self._port_ready.set()

    def stop(self):
        if self.proc is None:
            return
        if self.proc.poll() is None:
            try:
                self.proc.send_signal(signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                self.proc.wait(STOP_LIMIT)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self._reader is not None:
            self._reader.join(5)
        if self.proc.stderr is not None:
            self.proc.stderr.close()
        self.proc = None

    def post(self, path, body):
        """POSTs a JSON body; returns (http_status, decoded JSON or None)."""
        data = json.dumps(body).encode()
        for _ in range(RETRIES_429):
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=REQUEST_TIMEOUT)
            try:
                conn.request("POST", path, data, {"Content-Type": "application/json"})
                resp = conn.getresponse()
                raw = resp.read()
                status = resp.status
                retry = resp.getheader("Retry-After")
            finally:
                conn.close()
            if status == 429:
                try:
                    time.sleep(min(5.0, max(0.1, float(retry or 1))))
                except ValueError:
                    time.sleep(1)
                continue
            try:
                return status, json.loads(raw.decode("utf-8", "replace"))
            except ValueError:
                return status, None
        return 429, None


# ---- one snippet -----------------------------------------------------------

def rules_of(validation):
    if not isinstance(validation, dict):
        return ["?"]
    seen = []
    for v in validation.get("violations") or []:
        r = v.get("rule", "?") if isinstance(v, dict) else "?"
        if r not in seen:
            seen.append(r)
    return seen


PROFILE = {}  # {"profile": NAME} with --profile: added to every request


def validate(server, code, extra=None):
    extra = dict(extra or {}, **PROFILE)
    try:
        status, body = server.post("/validate", dict(extra or {}, code=code))
    except (OSError, http.client.HTTPException) as e:
        return {"ok": False, "valid": None, "rules": [], "violations": [],
                "problem": "%s: %s" % (type(e).__name__, e)}
    if status != 200 or not isinstance(body, dict):
        return {"ok": False, "valid": None, "rules": [], "violations": [],
                "problem": "HTTP %d" % status}
    return {"ok": True, "valid": bool(body.get("valid")), "rules": rules_of(body),
            "violations": body.get("violations") or []}


def execute(server, code, extra=None):
    extra = dict(extra or {}, **PROFILE)
    try:
        status, body = server.post("/execute", dict(extra or {}, code=code))
    except (OSError, http.client.HTTPException) as e:
        return {"http": None, "status": "client_error", "stdout": "", "error": None,
                "audit": None, "problem": "%s: %s" % (type(e).__name__, e)}
    if not isinstance(body, dict):
        return {"http": status, "status": "http_%d" % status, "stdout": "", "error": None,
                "audit": None, "problem": "not JSON"}
    if status != 200:
        err = body.get("error") if isinstance(body.get("error"), dict) else {}
        return {"http": status, "status": "http_%d" % status, "stdout": "", "error": None,
                "audit": None, "problem": "%s: %s" % (err.get("code"), err.get("message"))}
    return {"http": status, "status": body.get("status", "?"),
            "stdout": body.get("stdout") or "",
            "error": body.get("error") if isinstance(body.get("error"), dict) else None,
            "violations": body.get("violations"),
            "audit": body.get("audit"), "signal": body.get("signal"), "problem": None}


def escaped_lines(stdout):
    return [ln for ln in stdout.splitlines() if ln.startswith("ESCAPED")]


def status_text(r):
    """A short status: ok, rejected, error:Type, killed:SIG, ..."""
    s = r["status"]
    if s == "error" and r.get("error"):
        s += ":" + str(r["error"].get("type", "?"))
    elif s == "killed" and r.get("signal") is not None:
        s += ":%s" % r["signal"]
    if isinstance(r.get("audit"), list) and r["audit"]:
        s += " audit=%d" % len(r["audit"])
    return s


# ---- escape ---------------------------------------------------------------

ESCAPE_CHECK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "escape_check.py")
CHECK_MARKER = "# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----\n"


def with_check(source):
    """The snippet as sent: the shared escape check in place of its marker
    line (the check block starts at its own marker comment)."""
    if CHECK_MARKER not in source:
        raise SystemExit("an escape snippet lacks the line %r" % CHECK_MARKER.strip())
    with open(ESCAPE_CHECK, encoding="utf-8") as f:
        block = f.read()
    block = block[block.index("# ---- escape check: the same block"):]
    return source.replace(CHECK_MARKER, block, 1)


REQUEST_PREFIX = "# request: "


def request_fields(source):
    """The fields a snippet's "# request: {...}" header line adds to its
    requests, or {}."""
    for line in source.splitlines():
        if line.startswith(REQUEST_PREFIX):
            fields = json.loads(line[len(REQUEST_PREFIX):])
            if not isinstance(fields, dict) or "code" in fields:
                raise SystemExit("a request header must be a JSON object without 'code'")
            return fields
    return {}


def run_escape(args, files):
    default = Server(args.binary, "default-policy")
    runtime = Server(args.binary, "runtime-only", ["--static-validation", "false"])
    servers = [default, runtime]
    try:
        for s in servers:
            s.start()
        sources = {f.name: with_check(f.read_text(encoding="utf-8")) for f in files}
        extras = {n: request_fields(src) for n, src in sources.items()}

        def one(name, layer):
            server = default if layer == "default" else runtime
            code = sources[name]
            v = validate(server, code, extras[name]) if layer == "default" else None
            r = execute(server, code, extras[name])
            r["escaped"] = escaped_lines(r["stdout"])
            r["validation"] = v
            return name, layer, r

        results = {}
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            futs = [pool.submit(one, f.name, layer) for f in files
                    for layer in ("default", "runtime")]
            for fut in concurrent.futures.as_completed(futs):
                name, layer, r = fut.result()
                results.setdefault(name, {})[layer] = r
    finally:
        for s in servers:
            s.stop()

    names = sorted(results)
    rows = []
    failed = []
    for n in names:
        d, rt = results[n]["default"], results[n]["runtime"]
        v = d["validation"]
        if v["valid"] is None:
            vtext = "?? " + (v.get("problem") or "")
        elif v["valid"]:
            vtext = "valid"
        else:
            vtext = "refused: " + ",".join(v["rules"])
        where = [lbl for lbl, r in (("DEFAULT", d), ("RUNTIME", rt)) if r["escaped"]]
        if where:
            failed.append(n)
        rows.append((n, vtext, status_text(d), status_text(rt), "+".join(where) if where else "no"))
    head = ("snippet", "validator", "default policy", "runtime only", "escaped")
    widths = [max(len(r[i]) for r in rows + [head]) for i in range(4)]
    fmt = "  ".join("%%-%ds" % w for w in widths) + "  %s"
    print(fmt % head)
    print("-" * (sum(widths) + 2 * 4 + 15))
    for row, n in zip(rows, names):
        d, rt = results[n]["default"], results[n]["runtime"]
        print(fmt % row)
        if args.verbose:
            for lbl, r in (("default", d), ("runtime", rt)):
                for ln in r["stdout"].splitlines():
                    print("      [%s] %s" % (lbl, ln[:200]))
                if r.get("error"):
                    print("      [%s] error %s: %s" % (lbl, r["error"].get("type"),
                                                     str(r["error"].get("message"))[:200]))
                if r.get("problem"):
                    print("      [%s] problem: %s" % (lbl, r["problem"]))
                if isinstance(r.get("audit"), list):
                    for a in r["audit"][:8]:
                        print("      [%s] audit %s" % (lbl, json.dumps(a)[:200]))

    print()
    for layer, title in (("default", "default policy (validator + runtime)"),
                         ("runtime", "runtime only (--static-validation false)")):
        rs = [results[n][layer] for n in names]
        esc = [n for n in names if results[n][layer]["escaped"]]
        refused = sum(1 for r in rs if r["status"] == "rejected")
        stopped = {}
        for r in rs:
            if r["escaped"] or r["status"] == "rejected":
                continue
            key = r["status"]
            if key == "error" and r.get("error"):
                key += ":" + str(r["error"].get("type", "?"))
            stopped[key] = stopped.get(key, 0) + 1
        with_audit = sum(1 for r in rs if isinstance(r.get("audit"), list) and r["audit"])
        print("%s:" % title)
        print("  total %d, refused by the validator %d, stopped at runtime %d, ESCAPED %d"
              % (len(rs), refused, sum(stopped.values()), len(esc)))
        if stopped:
            print("  runtime outcomes: " + ", ".join("%s %d" % kv for kv in sorted(stopped.items())))
        print("  responses with an audit trace: %d" % with_audit)
        for n in esc:
            print("  ESCAPED %s" % n)
            for ln in results[n][layer]["escaped"][:4]:
                print("      %s" % ln[:200])
    problems = [(n, lbl, results[n][lbl]["problem"]) for n in names for lbl in ("default", "runtime")
                if results[n][lbl].get("problem")]
    if problems:
        print()
        print("request problems:")
        for n, lbl, p in problems:
            print("  %s [%s]: %s" % (n, lbl, p))
    # A profile whose Python layer is not a boundary (README: Profiles)
    # lists its known escapes, each with the reason, in KNOWN_ESCAPES: the
    # run fails on any other escape, and on a listed one that no longer
    # escapes (the list must say what is true).
    known = known_escapes(files[0].parent) & set(results)
    if known:
        print()
        print("known escapes of this profile (%s): %s" % (
            files[0].parent / "KNOWN_ESCAPES", ", ".join(sorted(known))))
        stale = sorted(n for n in known if n in results and n not in failed)
        for n in stale:
            print("  no longer escapes, remove it from the list: %s" % n)
        failed = [n for n in failed if n not in known] + stale
    print()
    print("escape corpus: %d passed, %d failed%s" % (
        len(names) - len(failed), len(failed),
        " (%d known escapes passed, listed above)" % len(known) if known else ""))
    return 1 if failed else 0


def known_escapes(d):
    """The snippet names listed in d/KNOWN_ESCAPES ("name.py: reason" lines)."""
    f = d / "KNOWN_ESCAPES"
    if not f.is_file():
        return set()
    return {ln.split(":", 1)[0].strip() for ln in f.read_text(encoding="utf-8").splitlines()
            if ln.strip() and not ln.startswith("#")}


# ---- benign ---------------------------------------------------------------

def short_diff(expected, got, limit=12):
    lines = list(difflib.unified_diff(expected.splitlines(), got.splitlines(),
                                      "expected", "stdout", lineterm="", n=1))
    if len(lines) > limit:
        lines = lines[:limit] + ["... (%d more diff lines)" % (len(lines) - limit)]
    return lines


def run_benign(args, files):
    server = Server(args.binary, "default-policy")
    try:
        server.start()

        def one(f):
            code = f.read_text(encoding="utf-8")
            out = f.with_suffix(".out")
            expected = out.read_text(encoding="utf-8") if out.exists() else None
            extra = request_fields(code)
            v = validate(server, code, extra)
            r = execute(server, code, extra)
            return f.name, expected, v, r

        results = []
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            for res in pool.map(one, files):
                results.append(res)
    finally:
        server.stop()

    passed, failed = 0, 0
    for name, expected, v, r in sorted(results, key=lambda x: x[0]):
        problems = []
        if expected is None:
            problems.append("no expected output file (%s)" % Path(name).with_suffix(".out").name)
        if v["valid"] is None:
            problems.append("validate failed: %s" % v.get("problem"))
        elif not v["valid"]:
            for x in v["violations"][:8]:
                problems.append("validator: %s at %s:%s: %s" % (
                    x.get("rule"), x.get("line"), x.get("col"), str(x.get("message"))[:150]))
        if r["status"] != "ok":
            msg = "execute: status %s" % r["status"]
            if r.get("error"):
                msg += " (%s: %s)" % (r["error"].get("type"), str(r["error"].get("message"))[:200])
            if r.get("problem"):
                msg += " (%s)" % r["problem"]
            problems.append(msg)
            if isinstance(r.get("audit"), list):
                for a in r["audit"][:4]:
                    problems.append("audit: %s" % json.dumps(a)[:200])
        if expected is not None and r["status"] in ("ok", "error") and r["stdout"] != expected:
            problems.append("stdout differs:")
            problems.extend("    " + ln for ln in short_diff(expected, r["stdout"]))
        if problems:
            failed += 1
            print("FAIL %s" % name)
            for p in problems:
                print("    %s" % p)
        else:
            passed += 1
            if args.verbose:
                print("ok   %s" % name)
    total = passed + failed
    acceptance = 100.0 * passed / total if total else 0.0
    # The refusals listed above are the corpus's kept refusals as long as
    # the acceptance holds; below it, the run fails.
    ok = acceptance >= args.min_acceptance
    print("benign corpus: %d accepted, %d refused (acceptance %.1f %%, at least %g %% required: %s)"
          % (passed, failed, acceptance, args.min_acceptance, "ok" if ok else "FAILED"))
    return 0 if ok else 1


# ---- main -----------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", required=True, help="the server binary, e.g. build/tool-sandbox")
    ap.add_argument("--kind", required=True, choices=("escape", "benign"))
    ap.add_argument("--dir", help="snippet directory (default tests/corpus/<kind>, or "
                    "<kind>-<profile> with --profile)")
    ap.add_argument("--profile", choices=("science",),
                    help="run the snippets in this profile (its servers run it too)")
    ap.add_argument("--policy", choices=("strict", "standard"),
                    help='send "policy": POLICY with every request (default: the server\'s, standard)')
    ap.add_argument("--jobs", type=int, default=2, help="requests in flight (default 2)")
    ap.add_argument("--min-acceptance", type=float, default=99.0,
                    help="benign: lowest passing percentage (default 99)")
    ap.add_argument("--only", action="append", default=[],
                    help="run only the snippets whose file name contains this (repeatable)")
    ap.add_argument("--verbose", action="store_true", help="print every snippet's output")
    args = ap.parse_args()

    if not os.access(args.binary, os.X_OK):
        print("run_corpus: %s is not an executable file" % args.binary, file=sys.stderr)
        return 2
    args.binary = os.path.abspath(args.binary)
    if args.profile:
        PROFILE["profile"] = args.profile
        SERVER_ARGS.extend(["--profiles", "default," + args.profile])
    if args.policy:
        PROFILE["policy"] = args.policy
    d = Path(args.dir) if args.dir else HERE / (args.kind + ("-" + args.profile if args.profile
                                                              else ""))
    files = sorted(p for p in d.glob("*.py") if p.is_file())
    if args.only:
        files = [p for p in files if any(s in p.name for s in args.only)]
    if not files:
        print("run_corpus: no snippets in %s" % d, file=sys.stderr)
        return 2

    # SIGTERM (e.g. from CI's timeout) unwinds like ^C so that the servers
    # are stopped by the finally clauses.
    def on_term(signum, frame):
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, on_term)
    try:
        if args.kind == "escape":
            return run_escape(args, files)
        return run_benign(args, files)
    except CorpusError as e:
        print("run_corpus: %s" % e, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("run_corpus: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
