#!/usr/bin/env python3
"""Quick latency check of a running server: N calls per client, each client
on its own keep-alive connection.

    python3 bench/latency.py [PORT] [N] [CLIENTS] [execute|validate]
"""
import http.client
import json
import sys
import threading
import time

PORT = int(sys.argv[1]) if len(sys.argv) > 1 else 8080
N = int(sys.argv[2]) if len(sys.argv) > 2 else 500
CLIENTS = int(sys.argv[3]) if len(sys.argv) > 3 else 1
MODE = sys.argv[4] if len(sys.argv) > 4 else "execute"
BODY = json.dumps({"code": "print(sum(range(1000)))"})


def worker(out):
    c = http.client.HTTPConnection("127.0.0.1", PORT)
    for _ in range(N):
        t = time.perf_counter()
        c.request("POST", "/" + MODE, BODY, {"Content-Type": "application/json"})
        d = json.loads(c.getresponse().read())
        if MODE == "validate":
            assert d["valid"], d
            out.append(((time.perf_counter() - t) * 1e3, 0, 0))
            continue
        out.append(((time.perf_counter() - t) * 1e3, d["duration_ms"], d["cpu_ms"]))
        assert d["status"] == "ok", d


results = []
threads = [threading.Thread(target=worker, args=(results,)) for _ in range(CLIENTS)]
t0 = time.perf_counter()
for t in threads:
    t.start()
for t in threads:
    t.join()
wall = time.perf_counter() - t0
lat = sorted(r[0] for r in results)
cpu = sorted(r[2] for r in results)
q = lambda xs, p: xs[min(len(xs) - 1, int(len(xs) * p))]
print("%s  clients %d  n %d  p50 %.2f ms  p90 %.2f ms  p99 %.2f ms  %.0f exec/s  child cpu p50 %.2f ms"
      % (MODE, CLIENTS, len(lat), q(lat, .5), q(lat, .9), q(lat, .99), len(lat) / wall, q(cpu, .5)))
