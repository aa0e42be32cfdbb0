#!/usr/bin/env python3
"""What a tools/call over POST /mcp adds to POST /execute of the same snippet.

    python3 bench/mcp_overhead.py [--binary build/tool-sandbox] [--pairs 1000]
                                  [--warmup 50] [--code 'print(1)'] [--json FILE]

Starts one server (--listen 127.0.0.1:0, port read from its log; stopped by
its PID at the end) and sends, on one keep-alive connection, the same
snippet three ways in turn: POST /execute, tools/call python_execute in the
2025-11-25 era (no headers, as after initialize), and tools/call in the
2026-07-28 era (its _meta and the MCP-Protocol-Version, Mcp-Method and
Mcp-Name headers).  The order rotates every round, so that drift in the
machine falls on the three alike.  The wall time of each request runs from
the first byte sent to the last byte of the answer read (http.client);
parsing and checking the answer is outside it.  Every answer must be ok
(status ok, isError false, the snippet's stdout).  Prints p50 and p90 of
each, the server-reported duration_ms of the run itself, and the medians'
differences and ratios to /execute.
"""
import argparse
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

META = {"io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "bench", "version": "1"}}


def start(binary):
    log = tempfile.TemporaryFile()
    p = subprocess.Popen([binary, "--listen", "127.0.0.1:0"], stdout=log, stderr=log)
    deadline = time.time() + 10
    while time.time() < deadline:
        log.seek(0)
        m = re.search(rb"listening on 127\.0\.0\.1:(\d+)", log.read())
        if m:
            return p, int(m.group(1)), log
        if p.poll() is not None:
            break
        time.sleep(0.05)
    p.kill()
    log.seek(0)
    sys.exit("the server did not start:\n" + log.read().decode(errors="replace"))


def q(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * p))]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--binary", default="build/tool-sandbox")
    ap.add_argument("--pairs", type=int, default=1000, help="rounds (one request of each kind)")
    ap.add_argument("--warmup", type=int, default=50)
    ap.add_argument("--code", default="print(1)")
    ap.add_argument("--json", help="also write the numbers here")
    a = ap.parse_args()

    p, port, log = start(a.binary)
    kinds = {
        "execute": ("/execute", json.dumps({"code": a.code}), {}),
        "mcp_legacy": ("/mcp", json.dumps({
            "jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": "python_execute", "arguments": {"code": a.code}}}),
            {"MCP-Protocol-Version": "2025-11-25"}),
        "mcp_modern": ("/mcp", json.dumps({
            "jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": "python_execute", "arguments": {"code": a.code}, "_meta": META}}),
            {"MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call",
             "Mcp-Name": "python_execute"}),
    }
    order = list(kinds)
    wall = {k: [] for k in kinds}
    run_ms = {k: [] for k in kinds}
    try:
        c = http.client.HTTPConnection("127.0.0.1", port)
        for i in range(a.warmup + a.pairs):
            r = i % len(order)
            for k in order[r:] + order[:r]:
                path, body, extra = kinds[k]
                headers = {"Content-Type": "application/json", **extra}
                t = time.perf_counter()
                c.request("POST", path, body, headers)
                resp = c.getresponse()
                raw = resp.read()
                dt = (time.perf_counter() - t) * 1e3
                d = json.loads(raw)
                if k != "execute":
                    res = d["result"]
                    assert res["isError"] is False, d
                    d = res["structuredContent"]
                assert resp.status == 200 and d["status"] == "ok", (k, resp.status, d)
                if i >= a.warmup:
                    wall[k].append(dt)
                    run_ms[k].append(d["duration_ms"])
        c.close()
    finally:
        p.send_signal(signal.SIGTERM)
        try:
            p.wait(10)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()

    out = {"code": a.code, "pairs": a.pairs, "binary": os.path.abspath(a.binary)}
    base = q(wall["execute"], 0.5)
    print(f"snippet {a.code!r}, {a.pairs} rounds of 3 requests on one keep-alive connection, "
          f"order rotating")
    print(f"{'kind':<11} {'p50 ms':>8} {'p90 ms':>8} {'run p50 ms':>11} {'+p50 ms':>8} {'ratio':>6}")
    for k in kinds:
        p50, p90, r50 = q(wall[k], 0.5), q(wall[k], 0.9), q(run_ms[k], 0.5)
        out[k] = {"p50_ms": round(p50, 3), "p90_ms": round(p90, 3), "run_p50_ms": round(r50, 3),
                  "p50_added_ms": round(p50 - base, 3), "p50_ratio": round(p50 / base, 3)}
        print(f"{k:<11} {p50:8.3f} {p90:8.3f} {r50:11.3f} {p50 - base:8.3f} {p50 / base:6.3f}")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
