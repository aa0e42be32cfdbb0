#!/usr/bin/env bash
# Leak check: the AddressSanitizer + UBSan server, with LeakSanitizer on,
# under a 10,000-request mixed workload.
#
#   scripts/leak-check.sh [--binary build-asan/tool-sandbox] [--loadgen build/ts-loadgen]
#                         [--requests 10000] [--concurrency 8]
#
# 1. starts the server (its stderr, and so its zygote's, goes to one log);
# 2. sends one request of each kind (a warm-up), waits until it is idle (pool
#    refilled, fd and thread counts steady) and counts the fds and threads of
#    the server and of its zygote;
# 3. runs the mix of bench/soak.py without its memory bombs (the sanitizer
#    build sets no RLIMIT_AS) through ts-loadgen --requests N: executions that
#    end ok, in error, in a timeout, at the output limit, rejected attacks,
#    validations, GET /healthz and /metrics;
# 4. waits until it is idle again and counts again: the counts must match,
#    with no zombie and no sandbox beyond the pool;
# 5. sends SIGTERM: the exit status must be 0 and the log must hold no
#    LeakSanitizer, AddressSanitizer or UBSan report.
# Every answer must be 200 (or 429 with Retry-After, or 503), with no
# connection error. Exit 0 when everything holds, 1 otherwise, 2 on bad use.
set -euo pipefail
cd "$(dirname "$0")/.."

binary=build-asan/tool-sandbox
loadgen=build/ts-loadgen
[ -x "$loadgen" ] || loadgen=build-asan/ts-loadgen
requests=10000
concurrency=8
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary=$2; shift 2 ;;
    --loadgen) loadgen=$2; shift 2 ;;
    --requests) requests=$2; shift 2 ;;
    --concurrency) concurrency=$2; shift 2 ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) echo "leak-check: unknown argument $1" >&2; exit 2 ;;
  esac
done
for f in "$binary" "$loadgen"; do
  [ -x "$f" ] || { echo "leak-check: $f is missing (build it first)" >&2; exit 2; }
done

# The sanitizer settings (kept if the caller set them, as run-tests.sh does);
# the server passes all three on to its zygote.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
# print_suppressions=1 (last, so it wins): LeakSanitizer prints a table of the
# suppressions it used at each process's exit, which shows that it ran.
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/tests/lsan.supp}:print_suppressions=1
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
case "$ASAN_OPTIONS" in *detect_leaks=0*) echo "leak-check: ASAN_OPTIONS has detect_leaks=0" >&2; exit 2 ;; esac

py=/usr/bin/python3
t0=$(date +%s)
tmp=$(mktemp -d)
pid=
cleanup() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT
log=$tmp/server.log
failed=0
fail() { echo "leak-check: FAIL: $*"; failed=1; }

mapfile -t mix < <("$py" -B bench/soak.py --write-bodies "$tmp/bodies")
pool=$("$binary" --print-config | sed -n 's/^pool = //p')
pool=${pool:-2}

"$binary" --listen 127.0.0.1:0 </dev/null >"$log" 2>&1 &
pid=$!
port=
for _ in $(seq 600); do
  port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$log" | head -1)
  [ -n "$port" ] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
if [ -z "$port" ]; then
  echo "leak-check: the server did not start; its log:"
  tail -n 40 "$log"
  exit 1
fi
echo "leak-check: $binary pid $pid port $port (pool $pool), $requests requests at concurrency $concurrency"

# One of each kind first, so that what is made once on first use is not
# counted as a leak; then the idle counts.
nkinds=$(( ${#mix[@]} / 2 ))
"$loadgen" --port "$port" --concurrency 2 --requests "$nkinds" --timeout 60 "${mix[@]}" >/dev/null
before=$("$py" -B bench/soak.py --settle "$pid" --pool "$pool")
echo "leak-check: before: $before"

lgout=$tmp/loadgen.json
if ! timeout 600 "$loadgen" --port "$port" --concurrency "$concurrency" --threads 2 \
     --requests "$requests" --timeout 60 "${mix[@]}" >"$lgout"; then
  fail "ts-loadgen failed or did not finish in 600 s"
fi
echo "leak-check: ts-loadgen: $(cat "$lgout")"
"$py" - "$lgout" "$requests" <<'EOF' || failed=1
import json, sys
r = json.load(open(sys.argv[1]))
bad = []
if r["requests"] != int(sys.argv[2]):
    bad.append("%d requests completed, %s wanted" % (r["requests"], sys.argv[2]))
errs = {k: v for k, v in r["errors"].items() if v}
if errs:
    bad.append("connection errors %s" % errs)
odd = {k: v for k, v in r["status"].items() if k not in ("200", "429", "503")}
if odd:
    bad.append("statuses other than 200/429/503: %s" % odd)
if r["retry_after_missing"]:
    bad.append("%d responses 429 without Retry-After" % r["retry_after_missing"])
for b in bad:
    print("leak-check: FAIL: " + b)
sys.exit(1 if bad else 0)
EOF

after=$("$py" -B bench/soak.py --settle "$pid" --pool "$pool")
echo "leak-check: after:  $after"
field() { sed -n "s/.*\\b$1=\\([^ ]*\\).*/\\1/p" <<<"$2"; }
for k in fds threads zygote_fds zygote_threads; do
  b=$(field "$k" "$before"); a=$(field "$k" "$after")
  [ "$b" = "$a" ] || fail "$k: $b before, $a after the traffic"
done
[ "$(field zombies "$after")" = 0 ] || fail "zombie children: $(field zombies "$after")"
[ "$(field children "$after")" -le "$pool" ] || fail "sandbox children $(field children "$after") > pool $pool"

# SIGTERM: a clean exit, then LeakSanitizer runs (bounded: a server that
# has not exited 120 s later is killed).
kill -TERM "$pid"
for _ in $(seq 1200); do
  kill -0 "$pid" 2>/dev/null || break
  if [ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null)" = Z ]; then break; fi
  sleep 0.1
done
if kill -0 "$pid" 2>/dev/null && [ "$(awk '{print $3}' "/proc/$pid/stat" 2>/dev/null)" != Z ]; then
  fail "the server had not exited 120 s after SIGTERM; killed"
  kill -KILL "$pid" 2>/dev/null || true
fi
rc=0
wait "$pid" || rc=$?
pid=
[ "$rc" -eq 0 ] || fail "exit status $rc on SIGTERM"
if grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:|SUMMARY: [A-Za-z]*Sanitizer' "$log"; then
  fail "sanitizer report in the server's stderr:"
  grep -E -A30 'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:' "$log" | head -n 80
fi
lsan_runs=$(grep -c '^Suppressions used:' "$log" || true)
echo "leak-check: LeakSanitizer ran at exit in $lsan_runs processes (their suppression tables; server and zygote make 2)"
levels=$(sed -n 's/.*"level":"\([a-z]*\)".*/\1/p' "$log" | sort | uniq -c | tr -s ' \n' ' ')
echo "leak-check: server log levels:$levels; exit status $rc; $(( $(date +%s) - t0 )) s"
if [ "$failed" -ne 0 ]; then
  echo "leak-check: FAILED; the server log's tail:"
  tail -n 20 "$log"
  exit 1
fi
echo "leak-check: passed (fds and threads unchanged, no sanitizer report, exit 0)"
