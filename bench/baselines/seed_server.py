#!/usr/bin/python3
"""Benchmark baseline: a faithful re-implementation of the original Python
prototype of Tool Sandbox (see README.md next to this file), behind a small
stdlib HTTP front end.  Not a security boundary -- it has exactly the
isolation the prototype had (AST deny-list, builtins whitelist, a forked
multiprocessing.Process, join/terminate timeout) and nothing more.

    /usr/bin/python3 bench/baselines/seed_server.py --port N

Prints "listening on 127.0.0.1:N" to stderr once it accepts connections.
"""
import argparse
import ast
import builtins
import io
import json
import multiprocessing
import queue
import sys
import time
import traceback
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# --------------------------------------------------------------------------
# runtime.py of the prototype
# --------------------------------------------------------------------------

BANNED_MODULES = {"os", "sys", "subprocess", "socket", "builtins", "shutil",
                  "ctypes", "requests", "urllib", "pty", "platform"}
BANNED_CALLS = {"eval", "exec", "open", "compile", "getattr", "setattr",
                "globals", "locals", "__import__", "input", "exit", "quit"}

_SAFE_NAMES = ["abs", "all", "any", "bool", "dict", "enumerate", "filter",
               "float", "int", "isinstance", "len", "list", "map", "max", "min",
               "print", "range", "repr", "reversed", "round", "set", "sorted",
               "str", "sum", "tuple", "zip"]
_SAFE_EXCEPTIONS = ["BaseException", "Exception", "ArithmeticError",
                    "AssertionError", "AttributeError", "IndexError", "KeyError",
                    "LookupError", "NameError", "NotImplementedError",
                    "OverflowError", "RecursionError", "RuntimeError",
                    "StopIteration", "TypeError", "ValueError",
                    "ZeroDivisionError"]
SAFE_BUILTINS = {n: getattr(builtins, n) for n in _SAFE_NAMES + _SAFE_EXCEPTIONS}


class SecurityValidationError(Exception):
    def __init__(self, message, rule="policy"):
        super().__init__(message)
        self.rule = rule


class ASTSafetyValidator(ast.NodeVisitor):
    """Raises SecurityValidationError on the first banned import or call."""

    def visit_Import(self, node):
        for alias in node.names:
            top = alias.name.split(".")[0]
            if top in BANNED_MODULES:
                raise SecurityValidationError(
                    "import of banned module '%s' (line %d)" % (top, node.lineno),
                    "banned_import")
        self.generic_visit(node)

    def visit_ImportFrom(self, node):
        top = (node.module or "").split(".")[0]
        if top in BANNED_MODULES:
            raise SecurityValidationError(
                "import from banned module '%s' (line %d)" % (top, node.lineno),
                "banned_import")
        self.generic_visit(node)

    def visit_Call(self, node):
        f = node.func
        name = None
        if isinstance(f, ast.Name):
            name = f.id
        elif isinstance(f, ast.Attribute):
            name = f.attr
        if name in BANNED_CALLS:
            raise SecurityValidationError(
                "call to banned function '%s' (line %d)" % (name, node.lineno),
                "banned_call")
        self.generic_visit(node)

    @classmethod
    def validate(cls, code):
        try:
            tree = ast.parse(code)
        except SyntaxError as e:
            raise SecurityValidationError("syntax error: %s" % e, "syntax") from None
        except ValueError as e:  # e.g. source contains NUL bytes
            raise SecurityValidationError("invalid source: %s" % e, "syntax") from None
        cls().visit(tree)


def _worker(code, q):
    out, err = io.StringIO(), io.StringIO()
    sys.stdout, sys.stderr = out, err
    env = {"__builtins__": dict(SAFE_BUILTINS), "__name__": "__sandbox__"}
    try:
        exec(compile(code, "<sandbox>", "exec"), env)
        q.put((True, out.getvalue(), err.getvalue(), None))
    except BaseException:
        q.put((False, out.getvalue(), err.getvalue(), traceback.format_exc()))


class SecureToolRuntime:
    def validate(self, code):
        ASTSafetyValidator.validate(code)

    def execute(self, code, timeout=2.0):
        """Returns dict(status, stdout, stderr, error); raises
        SecurityValidationError if the validator refuses the code."""
        self.validate(code)
        q = multiprocessing.Queue()
        p = multiprocessing.Process(target=_worker, args=(code, q))
        p.start()
        # The prototype's p.join(timeout).  The loop only matters under the
        # threaded front end: a sibling thread's Process.start() reaps finished
        # children (multiprocessing's _cleanup), which can make our join()
        # return early with is_alive() still briefly True.
        deadline = time.monotonic() + timeout
        while True:
            p.join(max(0.0, deadline - time.monotonic()))
            if not p.is_alive() or time.monotonic() >= deadline:
                break
            time.sleep(0.001)
        if p.is_alive():
            p.terminate()
            p.join()
            q.close()
            return {"status": "timeout", "stdout": "", "stderr": "",
                    "error": "TimeoutError: execution exceeded %.3g s" % timeout}
        try:
            ok, out, err, error = q.get(timeout=1.0)
        except queue.Empty:
            ok, out, err = False, "", ""
            error = "process exited with code %s without a result" % p.exitcode
        finally:
            q.close()
        return {"status": "ok" if ok else "error", "stdout": out, "stderr": err,
                "error": error}


# --------------------------------------------------------------------------
# HTTP front end (not part of the prototype)
# --------------------------------------------------------------------------

RUNTIME = SecureToolRuntime()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # TCP_NODELAY on accepted sockets

    def log_message(self, *a):
        pass

    def _send(self, code, obj):
        body = json.dumps(obj, separators=(",", ":")).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def _fail(self, code, ecode, msg):
        self._send(code, {"error": {"code": ecode, "message": msg}})

    def do_GET(self):
        if self.path == "/healthz":
            self._send(200, {"status": "ok"})
        elif self.path in ("/execute", "/validate"):
            self._fail(405, "method_not_allowed", "use POST")
        else:
            self._fail(404, "not_found", "unknown path")

    def do_POST(self):
        n = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(n) if n > 0 else b""
        if self.path not in ("/execute", "/validate"):
            return self._fail(404, "not_found", "unknown path")
        try:
            req = json.loads(raw)
        except ValueError:
            return self._fail(400, "invalid_json", "body is not JSON")
        if not isinstance(req, dict):
            return self._fail(400, "invalid_json", "body is not a JSON object")
        code = req.get("code")
        if not isinstance(code, str):
            return self._fail(400, "missing_field" if code is None else "invalid_field",
                              "code")
        if self.path == "/validate":
            try:
                RUNTIME.validate(code)
                return self._send(200, {"valid": True, "violations": []})
            except SecurityValidationError as e:
                return self._send(200, {"valid": False, "violations": [
                    {"rule": e.rule, "message": str(e)}]})
        timeout = req.get("timeout", 2.0)
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) \
                or not timeout > 0:
            return self._fail(400, "invalid_field", "timeout")
        t0 = time.perf_counter()
        try:
            res = RUNTIME.execute(code, float(timeout))
        except SecurityValidationError as e:
            res = {"status": "rejected", "stdout": "", "stderr": "", "error": str(e)}
        res["duration_ms"] = (time.perf_counter() - t0) * 1e3
        res["cpu_ms"] = 0.0  # not measured by the prototype; for bench/latency.py
        self._send(200, res)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=8080)
    args = ap.parse_args()
    srv = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    srv.daemon_threads = True
    print("listening on 127.0.0.1:%d" % srv.server_address[1], file=sys.stderr,
          flush=True)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
