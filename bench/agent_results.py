#!/usr/bin/env python3
"""What the agent-grade results cost: one server, three snippets, measured
in the same run, interleaved round by round:

  trivial   print(1), which uses none of it
  result    a dict as the last expression (its repr and JSON come back)
  file+png  a 1 MiB file sent in (base64), read, and a 100 KB PNG made from
            it and returned as a display output
  file+out  the same PNG written to chart.png and brought back with
            return_files (a FILES record, base64 in the answer)

    /usr/bin/python3 bench/agent_results.py --binary build-bench/tool-sandbox \\
        [--loadgen build-bench/ts-loadgen] [--rounds 7] [--requests 100]

For each: CPU per execution (server, zygote and sandboxes, from /proc, as
bench/run.py measures it), p50 latency at concurrency 1, and the response
size, as medians over the rounds.  Then the NDJSON stream, with Python's
http.client for both sides of the ratio (its own cost is in both): the
trivial snippet answered as JSON and as a stream (p50 and CPU), and for a
snippet that prints, then works 200 ms, when its first event arrives
against when its answer ends.  It reports; it never fails on speed.
"""
import argparse
import base64
import http.client
import json
import os
import statistics
import sys
import tempfile
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import python_layer  # noqa: E402  (start, measure)
import run  # noqa: E402  (LOADGEN, ROOT)

# 200 x 170 RGB, stored (zlib level 0): about 100 KB of PNG, made from the
# file's bytes so that the file is really read.
PNG_SNIPPET = r"""
import struct, zlib
data = open('input.bin', 'rb').read()
w, h = 200, 170
rows = b''.join(b'\x00' + data[y * w * 3:(y + 1) * w * 3] for y in range(h))
def chunk(kind, body):
    return (struct.pack('>I', len(body)) + kind + body +
            struct.pack('>I', zlib.crc32(kind + body) & 0xffffffff))
png = (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) +
       chunk(b'IDAT', zlib.compress(rows, 0)) + chunk(b'IEND', b''))
class Chart:
    def _repr_png_(self):
        return png
display(Chart())
len(data)
"""

OUT_SNIPPET = PNG_SNIPPET.replace("display(Chart())", "open('chart.png', 'wb').write(png)")

SNIPPETS = {
    "trivial": {"code": "print(1)"},
    "result": {"code": "import math\n{'pi': round(math.pi, 4), 'squares': [i * i for i in range(20)]}"},
    "file+png": {"code": PNG_SNIPPET,
                 "files": [{"path": "input.bin", "encoding": "base64",
                            "content": base64.b64encode(os.urandom(1 << 20)).decode()}]},
}
SNIPPETS["file+out"] = {"code": OUT_SNIPPET, "files": SNIPPETS["file+png"]["files"],
                        "return_files": ["*.png"]}


def stream_round(proc, port, requests):
    """One round over one keep-alive connection: (CPU ms and p50 ms of the
    trivial snippet as JSON, the same as a stream, the p50 ms of the first
    event and of the end of a print-then-work snippet's stream)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    trivial = json.dumps({"code": "print(1)"})
    work = json.dumps({"code": "print('start', flush=True)\nimport time\n"
                               "t = time.monotonic()\nwhile time.monotonic() - t < 0.2:\n    pass"})

    def post(body, ndjson, first=None):
        headers = {"Content-Type": "application/json"}
        if ndjson:
            headers["Accept"] = "application/x-ndjson"
        t0 = time.perf_counter()
        conn.request("POST", "/execute", body, headers)
        resp = conn.getresponse()
        if first is not None:
            resp.readline()
            first.append((time.perf_counter() - t0) * 1e3)
        data = resp.read()
        ms = (time.perf_counter() - t0) * 1e3
        if resp.status != 200 or b'"status":"ok"' not in data:
            raise SystemExit("stream bench: %d %s" % (resp.status, data[:200]))
        return ms

    out = []
    for ndjson in (False, True):
        post(trivial, ndjson)
        c0 = run.tree_cpu_s(proc.pid)
        lat = [post(trivial, ndjson) for _ in range(requests)]
        c1 = run.tree_cpu_s(proc.pid)
        out += [(c1 - c0) * 1e3 / requests, statistics.median(lat)]
    first, end = [], []
    for _ in range(max(5, requests // 20)):
        end.append(post(work, True, first))
    conn.close()
    return out + [statistics.median(first), statistics.median(end)]


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--binary", required=True)
    ap.add_argument("--loadgen", default=os.path.join(run.ROOT, "build", "ts-loadgen"))
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--requests", type=int, default=100)
    a = ap.parse_args()
    run.LOADGEN = a.loadgen
    logdir = tempfile.mkdtemp(prefix="ts-agent-")
    proc, port = python_layer.start(a.binary, logdir, ["--max-body", str(4 << 20)])
    try:
        cpu = {k: [] for k in SNIPPETS}
        p50 = {k: [] for k in SNIPPETS}
        for r in range(a.rounds):
            for kind, req in SNIPPETS.items():
                c, p = python_layer.measure(proc, port, json.dumps(req), a.requests, kind,
                                            settle=5, time_limit=300)
                cpu[kind].append(c)
                p50[kind].append(p)
        print("| snippet | request bytes | CPU per execution | p50 at c=1 |")
        print("|---|---:|---:|---:|")
        for kind, req in SNIPPETS.items():
            print("| %s | %d | %.3f ms | %.3f ms |" % (kind, len(json.dumps(req)),
                                                      statistics.median(cpu[kind]),
                                                      statistics.median(p50[kind])))
        rounds = [stream_round(proc, port, a.requests) for _ in range(a.rounds)]
        med = [statistics.median(r[i] for r in rounds) for i in range(6)]
        print()
        print("| trivial, http.client | CPU per execution | p50 at c=1 |")
        print("|---|---:|---:|")
        print("| JSON | %.3f ms | %.3f ms |" % (med[0], med[1]))
        print("| NDJSON stream | %.3f ms (%+.1f %%) | %.3f ms (%+.1f %%) |" % (
            med[2], (med[2] / med[0] - 1) * 100, med[3], (med[3] / med[1] - 1) * 100))
        print()
        print("print, then 200 ms of work, streamed: first event at %.1f ms, end at %.1f ms"
              % (med[4], med[5]))
    finally:
        proc.terminate()
        proc.wait(timeout=60)


if __name__ == "__main__":
    main()
