#!/usr/bin/env python3
"""What the agent-grade results cost: one server, three snippets, measured
in the same run, interleaved round by round:

  trivial   print(1), which uses none of it
  result    a dict as the last expression (its repr and JSON come back)
  file+png  a 1 MiB file sent in (base64), read, and a 100 KB PNG made from
            it and returned as a display output

    /usr/bin/python3 bench/agent_results.py --binary build-bench/tool-sandbox \\
        [--loadgen build-bench/ts-loadgen] [--rounds 7] [--requests 100]

For each: CPU per execution (server, zygote and sandboxes, from /proc, as
bench/run.py measures it), p50 latency at concurrency 1, and the response
size, as medians over the rounds.  It reports; it never fails on speed.
"""
import argparse
import base64
import json
import os
import statistics
import sys
import tempfile

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

SNIPPETS = {
    "trivial": {"code": "print(1)"},
    "result": {"code": "import math\n{'pi': round(math.pi, 4), 'squares': [i * i for i in range(20)]}"},
    "file+png": {"code": PNG_SNIPPET,
                 "files": [{"path": "input.bin", "encoding": "base64",
                            "content": base64.b64encode(os.urandom(1 << 20)).decode()}]},
}


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
    finally:
        proc.terminate()
        proc.wait(timeout=60)


if __name__ == "__main__":
    main()
