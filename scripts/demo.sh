#!/usr/bin/env bash
# Starts the given server binary on a free port and runs examples/example.py
# (the original prototype's demo) against it.
set -euo pipefail
bin=${1:-./build/tool-sandbox}
log=$(mktemp)
"$bin" --listen 127.0.0.1:0 2>"$log" &
pid=$!
trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -f "$log"' EXIT
for _ in $(seq 100); do
  port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$log")
  [ -n "$port" ] && break
  kill -0 "$pid" 2>/dev/null || { cat "$log"; exit 1; }
  sleep 0.1
done
[ -n "$port" ] || { echo "server did not start"; cat "$log"; exit 1; }
python3 examples/example.py "http://127.0.0.1:$port"
