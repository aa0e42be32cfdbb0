#!/usr/bin/python3
"""Load burst against Tool Sandbox: 10 x its concurrency limit of
connections at once, for about 30 s, while a separate client measures
GET /healthz. Stdlib only.

    /usr/bin/python3 bench/burst.py [--duration 30] [--factor 10]
                                    [--binary build/tool-sandbox]
                                    [--loadgen build/ts-loadgen] [--out DIR]

It starts the server, reads its concurrency limit L (GET /info,
limits.concurrent_executions) and opens factor x L keep-alive connections
(ts-loadgen, one request in flight on each), split evenly over five kinds
of request: trivial executions, ~50 ms CPU-bound executions, executions
that time out (while True: pass, timeout 0.5), and small and ~20 KiB
validations. Besides these, for the burst's duration:
  * one Python client sends the same kinds on its own connection and
    checks every answer in full (JSON body, error code, Retry-After);
  * GET /healthz is measured twice at concurrency 1: back to back on one
    keep-alive connection (ts-loadgen), and on a new connection every
    20 ms (as a load balancer or kubelet probe does; a Python client).
    The server's libmicrohttpd pool threads each own their connections,
    so the two can differ a lot.
    Their p50/p99/max are reported; they fail the run only when asked
    (--healthz-p99-ms MS): a latency limit judges the machine as much as
    the server, and make test runs on machines that are busy with other
    things.

Fails (exit 1) on: a reset connection, a client timeout, a malformed
response or a client still running 30 s after the burst (a hang); an HTTP
status other than 200, 429 with Retry-After, or a 503 where
openapi/openapi.yaml documents one (only /execute, only shutting_down); a
200 whose body is not the kind's outcome (ts-loadgen --expect); a healthz
answer other than 200 on either healthz client; with --healthz-p99-ms, a
healthz p99 at or above it on either client; the server dead, unhealthy,
or left with zombies, sandboxes beyond its pool, or other fd or thread
counts than before the burst once idle again; a non-zero exit on SIGTERM.
"""
import argparse
import json
import os
import socket
import sys
import tempfile
import threading
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import soak  # noqa: E402  (the shared helpers)


def pct(sorted_vals, p):
    """Nearest-rank percentile (as ts-loadgen)."""
    if not sorted_vals:
        return None
    rank = max(1, -(-len(sorted_vals) * p // 100))
    return round(sorted_vals[int(rank) - 1], 3)


def fresh_probe(port, stop_at, out, every=0.02, timeout=10):
    """GET /healthz on a new connection each time (as a load balancer or a
    kubelet probe does), every `every` s: latencies in ms, and failures."""
    req = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    while time.monotonic() < stop_at:
        t = time.monotonic()
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
                s.sendall(req)
                data = b""
                while True:
                    x = s.recv(4096)
                    if not x:
                        break
                    data += x
            if data.startswith(b"HTTP/1.1 200"):
                out["lat"].append((time.monotonic() - t) * 1000)
            else:
                out["bad"] += 1
        except OSError:
            out["errors"] += 1
        time.sleep(every)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", default=soak.DEFAULT_BINARY)
    ap.add_argument("--loadgen", default=soak.DEFAULT_LOADGEN)
    ap.add_argument("--duration", type=float, default=30)
    ap.add_argument("--factor", type=int, default=10, help="connections per execution slot (10)")
    ap.add_argument("--healthz-p99-ms", type=float, default=None,
                    help="fail when the healthz p99 of either client is at or above this "
                    "many ms (default: report the p99s only)")
    ap.add_argument("--timeout", type=float, default=20,
                    help="client timeout per request, s (20)")
    ap.add_argument("--server-arg", action="append", default=[],
                    help="an extra server argument (repeatable), e.g. --server-arg=--max-queue=8")
    ap.add_argument("--kinds", help="only these kinds of the five (comma list), to narrow "
                    "a failure down, e.g. --kinds exec_trivial,validate_small")
    ap.add_argument("--out", help="also write burst-<stamp>.json and burst-latest.json here")
    a = ap.parse_args(argv)

    names = [k.name for k in soak.MIX if "burst" in k.groups]
    want = set(a.kinds.split(",")) if a.kinds else set(names)
    if want - set(names):
        ap.error("unknown kinds %s; the burst's are %s" % (sorted(want - set(names)),
                                                          ",".join(names)))
    doc = soak.documented_statuses()
    cfg = soak.print_config(a.binary, a.server_arg)
    pool = int(cfg.get("pool", "2"))
    tmp = tempfile.mkdtemp(prefix="ts-burst-")
    bodies = soak.write_bodies(tmp, "burst")
    if a.kinds:
        bodies = [(k, f) for k, f in bodies if k.name in want]
    t_start = time.monotonic()
    srv = soak.Server(a.binary, a.server_arg, log_path=os.path.join(tmp, "server.log"))
    problems = []
    results, peaks = {}, {"sandboxes": 0, "zombies": 0, "fds": 0, "threads": 0, "rss_kib": 0}
    try:
        st, _, body = soak.http_call(srv.port, "GET", "/info")
        limit = json.loads(body)["limits"]["concurrent_executions"] if st == 200 else \
            int(cfg["max-concurrency"])
        conns = a.factor * limit
        soak.settle(srv.pid, pool, timeout=30)
        idle0 = soak.sample_server(srv.pid)
        per = [conns // len(bodies) + (1 if i < conns % len(bodies) else 0)
               for i in range(len(bodies))]
        print("burst: server pid %d port %d, limit L=%d (max-queue %s, pool %d): %d connections "
              "for %g s: %s; + 1 checker, + 1 healthz client" % (
                  srv.pid, srv.port, limit, cfg.get("max-queue"), pool, conns, a.duration,
                  ", ".join("%s x%d" % (k.name, n) for (k, _), n in zip(bodies, per))),
              flush=True)

        threads = []

        def lg(name, **kw):
            try:
                results[name] = soak.run_loadgen(a.loadgen, srv.port, **kw)
            except Exception as e:  # noqa: BLE001 - reported as a failure
                results[name] = {"failed": str(e)}

        lat_file = os.path.join(tmp, "healthz.lat")
        for (k, f), n in zip(bodies, per):
            if n:
                threads.append(threading.Thread(target=lg, args=(k.name,), kwargs=dict(
                    reqs=[(k.path, f)], concurrency=n, duration=a.duration, timeout=a.timeout,
                    expect=k.lg_expect, grace=30)))
        threads.append(threading.Thread(target=lg, args=("healthz",), kwargs=dict(
            reqs=[], gets=["/healthz"], concurrency=1, duration=a.duration, timeout=a.timeout,
            latencies=lat_file, grace=30)))
        stop_at = time.monotonic() + a.duration
        chk = soak.Checker(srv.port, [k for k, _ in bodies], doc, stop_at, timeout=a.timeout)
        fresh = {"lat": [], "bad": 0, "errors": 0}
        threads.append(threading.Thread(target=fresh_probe, args=(srv.port, stop_at, fresh)))
        for t in threads:
            t.start()
        chk.start()
        # peaks of the server's processes during the burst
        while any(t.is_alive() for t in threads):
            s = soak.sample_server(srv.pid)
            if s is None:
                break
            sv = s["server"]
            peaks["sandboxes"] = max(peaks["sandboxes"], sv["children"])
            peaks["zombies"] = max(peaks["zombies"], sv["zombies"])
            for f in ("fds", "threads", "rss_kib"):
                peaks[f] = max(peaks[f], sv[f])
            time.sleep(1)
        for t in threads:
            t.join(a.duration + 120)
            if t.is_alive():
                problems.append("a ts-loadgen thread never returned")
        chk.join(a.timeout + 30)
        if chk.is_alive():
            problems.append("the checker was still waiting %g s after the burst (hang)"
                            % (a.timeout + 30))
        burst_s = time.monotonic() - t_start

        # ---- after the burst: alive, healthy, settled
        alive = srv.alive()
        if not alive:
            problems.append("the server died during the burst")
        else:
            st, _, _ = soak.http_call(srv.port, "GET", "/healthz", timeout=10)
            if st != 200:
                problems.append("GET /healthz after the burst: %d" % st)
            st, _, body = soak.http_call(srv.port, "POST", "/execute",
                                         soak.KINDS["exec_trivial"].payload(), timeout=30)
            if st != 200 or b'"status":"ok"' not in body:
                problems.append("an execution after the burst: %d %r" % (st, body[:200]))
        after = soak.settle(srv.pid, pool, timeout=30) if alive else None
        if after:
            sv = after["server"]
            if sv["zombies"]:
                problems.append("%d zombie children after the burst" % sv["zombies"])
            if sv["children"] > pool:
                problems.append("%d sandbox children after the burst, pool %d"
                                % (sv["children"], pool))
            if sv["fds"] != idle0["server"]["fds"] or sv["threads"] != idle0["server"]["threads"]:
                problems.append("fds/threads idle before %d/%d, after %d/%d" % (
                    idle0["server"]["fds"], idle0["server"]["threads"], sv["fds"], sv["threads"]))
        try:
            metrics = soak.metrics_snapshot(srv.port) if alive else None
        except OSError:
            metrics = None
    finally:
        rc = srv.stop()
    if rc != 0:
        problems.append("exit status on SIGTERM: %s" % rc)

    # ---- the verdict on the answers
    total = {}
    for (k, _), n in zip(bodies, per):
        r = results.get(k.name)
        if r is None:
            continue
        if "failed" in r:
            problems.append("%s: %s" % (k.name, r["failed"]))
            continue
        soak.add_counts(total, r)
        problems += soak.loadgen_problems(soak.add_counts({}, r),
                                          soak.allowed_statuses(k.path, doc), k.name)
        if r.get("unexpected"):
            problems.append("%s: %d answers 200 without %s" % (k.name, r["unexpected"],
                                                                k.lg_expect))
    hz = results.get("healthz", {})
    if "failed" in hz or not hz:
        problems.append("healthz client: %s" % hz.get("failed", "no result"))
        hz_lat = {}
    else:
        problems += soak.loadgen_problems(soak.add_counts({}, hz), {200}, "healthz")
        hz_lat = hz.get("latency_ms") or {}
        if hz_lat.get("p99") is None:
            problems.append("the keep-alive healthz client got no answer at all")
        elif a.healthz_p99_ms is not None and hz_lat["p99"] >= a.healthz_p99_ms:
            problems.append("healthz p99 %s ms, limit %g ms" % (hz_lat["p99"], a.healthz_p99_ms))
    fl = sorted(fresh["lat"])
    fresh_lat = {"requests": len(fl), "p50": pct(fl, 50), "p99": pct(fl, 99),
                 "max": round(fl[-1], 3) if fl else None, "bad": fresh["bad"],
                 "errors": fresh["errors"]}
    if not fl:
        problems.append("the fresh-connection healthz probe got no answer at all")
    elif a.healthz_p99_ms is not None and fresh_lat["p99"] >= a.healthz_p99_ms:
        problems.append("healthz p99 on new connections %s ms, limit %g ms"
                        % (fresh_lat["p99"], a.healthz_p99_ms))
    if fresh["bad"] or fresh["errors"]:
        problems.append("fresh-connection healthz probe: %d bad answers, %d errors"
                        % (fresh["bad"], fresh["errors"]))
    problems += chk.problems[:10]
    if chk.transport:
        problems.append("checker transport errors: %s" % chk.transport)

    summary = {
        "stamp": soak.utc_stamp(), "ok": not problems, "problems": problems,
        "limit": limit, "connections": conns, "duration_s": a.duration,
        "server_args": a.server_arg, "max_queue": cfg.get("max-queue"), "pool": pool,
        "elapsed_s": round(time.monotonic() - t_start, 1), "burst_s": round(burst_s, 1),
        "status": total.get("status", {}), "errors": total.get("errors", {}),
        "retry_after_missing": total.get("retry_after_missing", 0),
        "unexpected": total.get("unexpected", 0), "requests": total.get("requests", 0),
        "per_kind": {k: {f: v.get(f) for f in ("requests", "status", "errors",
                                                "retry_after_missing", "unexpected",
                                                "latency_ms", "hang")}
                     for k, v in results.items() if k != "healthz"},
        "healthz": {"requests": hz.get("requests"), "status": hz.get("status"),
                    "errors": hz.get("errors"), "latency_ms": hz_lat,
                    "fresh_connections": fresh_lat, "p99_limit_ms": a.healthz_p99_ms},
        "checker": {"requests": chk.requests, "per_kind": chk.per_kind,
                    "transport_errors": chk.transport},
        "peaks_during_burst": peaks,
        "idle_before": idle0["server"] if idle0 else None,
        "idle_after": after["server"] if after else None,
        "metrics_after": metrics,
        "log": srv.log_summary(),
    }
    print("burst: %s in %.0f s: %d requests, status %s, errors %s, 429 without Retry-After %d, "
          "200 with another outcome %d" % ("PASS" if summary["ok"] else "FAIL",
                                           summary["elapsed_s"], summary["requests"],
                                           summary["status"], summary["errors"],
                                           summary["retry_after_missing"], summary["unexpected"]))
    for k, v in summary["per_kind"].items():
        print("  %-15s %5s requests, status %s, p50 %s ms p99 %s ms max %s ms" % (
            k, v["requests"], v["status"], (v["latency_ms"] or {}).get("p50"),
            (v["latency_ms"] or {}).get("p99"), (v["latency_ms"] or {}).get("max")))
    judged = ("limit p99 < %g ms" % a.healthz_p99_ms if a.healthz_p99_ms is not None
              else "reported, not judged")
    print("  healthz, keep-alive (c=1): %s requests, status %s, p50 %s ms, p99 %s ms, max %s ms (%s)"
          % (hz.get("requests"), hz.get("status"), hz_lat.get("p50"), hz_lat.get("p99"),
             hz_lat.get("max"), judged))
    print("  healthz, a new connection every 20 ms: %d requests, p50 %s ms, p99 %s ms, "
          "max %s ms (%s)" % (fresh_lat["requests"], fresh_lat["p50"], fresh_lat["p99"],
                              fresh_lat["max"], judged))
    print("  checker: %d answers: %s" % (chk.requests, json.dumps(chk.per_kind, sort_keys=True)))
    print("  peaks during the burst: %s; idle after: %s" % (
        peaks, {f: summary["idle_after"][f] for f in ("fds", "threads", "children", "zombies",
                                                       "rss_kib")}
        if summary["idle_after"] else None))
    print("  server log: %s; exec_status %s" % (summary["log"]["levels"],
                                               summary["log"]["exec_status"]))
    for m in summary["log"]["top_messages"][:5]:
        print("    %d x %s" % (m["count"], m["message"]))
    for p in problems:
        print("  FAIL: " + p)
    if a.out:
        os.makedirs(a.out, exist_ok=True)
        js = json.dumps(summary, indent=1) + "\n"
        for name in ("burst-" + summary["stamp"], "burst-latest"):
            with open(os.path.join(a.out, name + ".json"), "w") as f:
                f.write(js)
    if problems:
        print("burst: server log kept in %s; its tail:\n%s" % (srv.log_path, srv.log_tail(10)))
    else:
        for f in os.listdir(tmp):
            os.unlink(os.path.join(tmp, f))
        os.rmdir(tmp)
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
