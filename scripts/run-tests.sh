#!/usr/bin/env bash
# The whole test suite: unit and API tests on the strict release build, then
# the same tests on an AddressSanitizer + UndefinedBehaviorSanitizer build.
# Any failure makes the run end with a non-zero status.
#
#   scripts/run-tests.sh            everything (make test)
#   scripts/run-tests.sh --check    the edit-test loop (make check): the strict
#                                   build, then the unit, API and sandbox tests
set -euo pipefail
cd "$(dirname "$0")/.."

check_only=false
if [ "${1:-}" = "--check" ]; then check_only=true; fi
jobs=$(nproc)
# No __pycache__ in the work tree from the Python scripts below.
export PYTHONDONTWRITEBYTECODE=1
./scripts/install-deps.sh

echo "== build (strict, RelWithDebInfo)"
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build -j "$jobs"

if $check_only; then
  rc=0
  for t in unit-tests api-tests sandbox-tests; do
    echo "== $t"
    ./build/$t --jobs "$jobs" || rc=1
  done
  exit $rc
fi

echo "== build (ASan + UBSan)"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DTS_SANITIZE=ON >/dev/null
cmake --build build-asan -j "$jobs"

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp:print_suppressions=0

failed=0
out=$(mktemp)
trap 'rm -f "$out" "${responses:-}"' EXIT
# Runs a command, shows its output, and fails it on a non-zero status or on
# any sanitizer report (Criterion does not turn those into failures).
total_pass=0
total_fail=0
timings=()
run() {
  local p f t0=$SECONDS
  echo "== $*"
  if ! "$@" 2>&1 | tee "$out"; then
    echo "FAILED: $*"
    failed=1
  elif grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:' "$out"; then
    echo "FAILED (sanitizer report): $*"
    failed=1
  fi
  # Criterion's "Synthesis: Tested: N | Passing: P | Failing: F | Crashing: C"
  p=$(sed -n 's/.*Synthesis: Tested: [0-9]* | Passing: \([0-9]*\).*/\1/p' "$out" | tail -1)
  f=$(sed -n 's/.*Synthesis:.*Failing: \([0-9]*\) | Crashing: \([0-9]*\).*/\1 \2/p' "$out" | tail -1)
  total_pass=$((total_pass + ${p:-0}))
  for n in $f; do total_fail=$((total_fail + n)); done
  # The corpora (tests/corpus): "escape corpus: N passed, M failed", and
  # "benign corpus: N accepted, M refused (...)", whose refusals are the
  # kept ones while the acceptance holds (the runner fails otherwise).
  p=$(sed -n 's/^escape corpus: \([0-9]*\) passed, \([0-9]*\) failed.*/\1 \2/p' "$out" | tail -1)
  if [ -n "$p" ]; then
    total_pass=$((total_pass + ${p% *}))
    total_fail=$((total_fail + ${p#* }))
  fi
  p=$(sed -n 's/^benign corpus: \([0-9]*\) accepted.*/\1/p' "$out" | tail -1)
  total_pass=$((total_pass + ${p:-0}))
  # The MCP clients: "mcp-clients: N passed, M failed".
  p=$(sed -n 's/^mcp-clients: \([0-9]*\) passed, \([0-9]*\) failed.*/\1 \2/p' "$out" | tail -1)
  if [ -n "$p" ]; then
    total_pass=$((total_pass + ${p% *}))
    total_fail=$((total_fail + ${p#* }))
  fi
  timings+=("$((SECONDS - t0)) $*")
}

# The official MCP clients (tests/mcp/README.md) against a server of this
# build on a free port (read from its "listening on" line), stopped by its
# PID, which must then exit 0.
mcp_clients() {
  local log pid port="" rc=0 i
  log=$(mktemp)
  build/tool-sandbox --listen 127.0.0.1:0 >"$log" 2>&1 &
  pid=$!
  for i in $(seq 200); do
    port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$log" | head -n 1)
    if [ -n "$port" ] || ! kill -0 "$pid" 2>/dev/null; then break; fi
    sleep 0.05
  done
  if [ -z "$port" ]; then
    echo "mcp-clients: the server did not log its port after $((i / 20)) s:"
    cat "$log"
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    rm -f "$log"
    return 1
  fi
  ./scripts/mcp-clients.sh "http://127.0.0.1:$port/mcp" || rc=$?
  kill -TERM "$pid"
  if ! wait "$pid"; then
    echo "mcp-clients: the server did not exit 0 on SIGTERM:"
    tail -n 40 "$log"
    rc=1
  fi
  rm -f "$log"
  return $rc
}

# cppcheck, clang-tidy and the banned-function scan (see README, Tests).
run ./scripts/static-check.sh
responses=$(mktemp)
rm -f "$responses"
run ./build/unit-tests --jobs "$jobs"
# Every response the API tests receive is checked against the OpenAPI spec.
run env TS_RESPONSE_LOG="$responses" ./build/api-tests --jobs "$jobs"
run ./scripts/contract-check.sh "$responses"
# The kernel layers alone: normal build only (see README, Tests).
run ./build/sandbox-tests --jobs "$jobs"
# The same attacks against the science profile's zygote (its packages
# imported, their directories in the root): the same results.
run env SBX_PROFILE=science ./build/sandbox-tests --jobs "$jobs"
# The Python layer through HTTP (tests/corpus): every escape snippet twice,
# with the validator and runtime layer and with the runtime layer alone,
# none may reach its goal; the ordinary snippets must pass at 99 % or more.
# First under the strict policy (the seed's rule) ...
run /usr/bin/python3 tests/corpus/run_corpus.py --binary build/tool-sandbox --kind escape --policy strict
run /usr/bin/python3 tests/corpus/run_corpus.py --binary build/tool-sandbox --kind benign --policy strict
# ... then under the standard one, the default (its sys, io, os, pathlib,
# asyncio, ... views and checked getattr, setattr, delattr, vars, dir),
# with its own benign corpus (tests/corpus/benign-standard).
run /usr/bin/python3 tests/corpus/run_corpus.py --binary build/tool-sandbox --kind escape --policy standard
run /usr/bin/python3 tests/corpus/run_corpus.py --binary build/tool-sandbox --kind benign --policy standard
run /usr/bin/python3 tests/corpus/run_corpus.py --binary build/tool-sandbox --kind benign --policy standard --dir tests/corpus/benign-standard
# The same for the science profile (tests/corpus/*-science): its escapes must
# be exactly those listed in escape-science/KNOWN_ESCAPES (README: Profiles).
run /usr/bin/python3 tests/corpus/run_corpus.py --binary build/tool-sandbox --kind escape --profile science
run /usr/bin/python3 tests/corpus/run_corpus.py --binary build/tool-sandbox --kind benign --profile science
run ./scripts/demo.sh ./build/tool-sandbox
# The official MCP clients, both protocol eras, against POST /mcp.
run mcp_clients
# Sessions against a model (tests/sessions/model.py): 300 random operations
# over 5 to 14 live sessions at once (calls: ok, raise, timeout, memory, commit
# never/always, rejected; forks, 429 when the box holds 8; deletes; new
# sessions), each followed by a read of the state, which must be the model's.
run /usr/bin/python3 tests/sessions/model.py build/tool-sandbox --sessions 10 --calls 300
# A short benchmark, so that it cannot rot: it fails on any non-ok answer
# of ours, not on speed (this machine's noise is not ours to judge).
benchdir=$(mktemp -d)
run /usr/bin/python3 bench/run.py --quick --binary build/tool-sandbox \
  --loadgen build/ts-loadgen --out "$benchdir"
rm -rf "$benchdir"
# A burst of 10 x the concurrency limit (only well-formed answers, /healthz
# answered throughout; its p99 is reported, not judged) and a 90-second soak (RSS, fds, threads and children flat);
# see bench/README.md. The soak writes to a temporary directory.
run /usr/bin/python3 bench/burst.py --binary build/tool-sandbox --loadgen build/ts-loadgen
soakdir=$(mktemp -d)
run /usr/bin/python3 bench/soak.py --binary build/tool-sandbox --loadgen build/ts-loadgen \
  --duration 90 --out "$soakdir"
rm -rf "$soakdir"
# The container image, built with podman and tested from outside and inside.
run ./docker/test-image.sh
# Every parser of untrusted input under libFuzzer, 15 s each (fuzz/README.md;
# the science profile took the time the two suites gave up, CI stays under 15 min).
run ./scripts/fuzz.sh 15
run ./build-asan/unit-tests --jobs "$jobs"
run ./build-asan/api-tests --jobs "$jobs"
# 10,000 mixed requests against the sanitizer build: fds and threads back to
# where they were, exit 0 on SIGTERM, no LeakSanitizer/ASan/UBSan report.
run ./scripts/leak-check.sh --binary build-asan/tool-sandbox --loadgen build/ts-loadgen

echo "== the slowest steps (seconds; $SECONDS in all, builds and installs included)"
printf '%s\n' "${timings[@]}" | sort -rn | head -8 | sed 's/^/== took /'
echo "tests: $total_pass passed, $total_fail failed"
if [ "$failed" -ne 0 ]; then
  echo "test suite FAILED"
  exit 1
fi
echo "test suite passed"
