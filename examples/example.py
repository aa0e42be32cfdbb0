#!/usr/bin/env python3
"""The original prototype's demo, against a running Tool Sandbox server.

    make run            # in one terminal
    python3 examples/example.py [http://127.0.0.1:8080]

It shows the three protections: a safe script runs and its output comes
back, an injection attempt is blocked statically before anything runs, and
an infinite loop is killed at the deadline."""
import json
import sys
import urllib.request

BASE = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8080"


def post(path, payload):
    req = urllib.request.Request(BASE + path, data=json.dumps(payload).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def show(title, code, **kw):
    print("=" * 60)
    print(title)
    print("-" * 60)
    print(code)
    print("-" * 60)
    res = post("/execute", dict(code=code, **kw))
    print("status:", res["status"], "| %.1f ms" % res["duration_ms"])
    if res["stdout"]:
        print("stdout:", res["stdout"].rstrip())
    for v in res.get("violations", []):
        print("blocked: line %d col %d [%s] %s" % (v["line"], v["col"], v["rule"], v["message"]))
    if res["error"]:
        print("error:", res["error"]["type"], res["error"]["message"])
    return res


def main():
    ok = show("1. A safe computation runs", "import math\n"
              "primes = [n for n in range(2, 50) if all(n % d for d in range(2, int(math.sqrt(n)) + 1))]\n"
              "print('primes:', primes)\nprint('sum:', sum(primes))")
    blocked = show("2. An injection is blocked before it runs",
                   "getattr(__builtins__, 'op' + 'en')('/etc/passwd').read()\n"
                   "import os\nos.system('id')")
    killed = show("3. An infinite loop is killed at the deadline",
                  "while True:\n    pass", timeout=1.0)
    assert ok["status"] == "ok", ok
    assert blocked["status"] == "rejected", blocked
    assert killed["status"] == "timeout", killed
    print("=" * 60)
    print("all three protections behaved as expected")


if __name__ == "__main__":
    main()
