#!/usr/bin/env bash
# Checks deploy/nginx/tool-sandbox.conf with two local replicas on loopback
# ports 18101 and 18102 and nginx on 18100:
#   deploy/nginx/check-two-replicas.sh BINARY NGINX
# (NGINX: an nginx binary, e.g. Debian's, unpacked with `apt-get download
# nginx nginx-common` and `dpkg -x`).  Creates sessions through nginx and
# checks that every call of each reaches its replica, that stateless
# requests reach both, and what a client sees when its replica is gone.
set -euo pipefail
bin=$1 nginx=$2
here=$(cd "$(dirname "$0")" && pwd)
dir=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  [ -f "$dir/nginx.pid" ] && kill "$(cat "$dir/nginx.pid")" 2>/dev/null || true
  sleep 0.5
  rm -rf "$dir"
}
trap cleanup EXIT
for port in 18101 18102; do
  "$bin" --listen 127.0.0.1:$port --log-level warn >"$dir/replica-$port.log" 2>&1 &
  pids+=($!)
done
cp "$here/tool-sandbox.conf" "$dir/"
"$nginx" -p "$dir" -c tool-sandbox.conf -g 'daemon on;' 2>"$dir/nginx.log"
B=http://127.0.0.1:18100 J='Content-Type: application/json'
for _ in $(seq 100); do
  curl -sf $B/readyz >/dev/null && curl -sf http://127.0.0.1:18101/readyz >/dev/null &&
    curl -sf http://127.0.0.1:18102/readyz >/dev/null && break
  sleep 0.1
done

fail() { echo "FAIL: $*"; exit 1; }
declare -A where
n1=0 n2=0
for i in $(seq 8); do
  id=$(curl -sf -H "$J" -H 'X-Session-Id: ffffffffffffffffffffffffffffffff' \
    -d "{\"setup_code\": \"n = $i\"}" $B/sessions | jq -r .session_id)
  [ "$id" != ffffffffffffffffffffffffffffffff ] || fail "a client's X-Session-Id was passed on"
  # which replica holds it: asked directly
  if curl -sf http://127.0.0.1:18101/sessions/$id >/dev/null; then where[$id]=18101; n1=$((n1 + 1))
  else where[$id]=18102; n2=$((n2 + 1)); fi
  for k in 1 2 3; do
    r=$(curl -s -H "$J" -d '{"code": "n = n + 1\nn"}' $B/sessions/$id/execute | jq -r .result.repr)
    [ "$r" = $((i + k)) ] || fail "session $id call $k: $r"
  done
  [ "$(curl -s $B/sessions/$id | jq -c '[.variables[].name]')" = '["n"]' ] || fail "GET $id"
done
echo "8 sessions through nginx: $n1 on replica 18101, $n2 on 18102; every call reached its session"
# forks: each lands with its origin (its id keeps the routing key)
for id in "${!where[@]}"; do
  f=$(curl -sf -X POST $B/sessions/$id/fork | jq -r .session_id)
  curl -sf http://127.0.0.1:${where[$id]}/sessions/$f >/dev/null || fail "fork $f of $id elsewhere"
  r=$(curl -s -H "$J" -d '{"code": "n = n * 10\nn"}' $B/sessions/$f/execute | jq -r .result.repr)
  o=$(curl -s -H "$J" -d '{"code": "n"}' $B/sessions/$id/execute | jq -r .result.repr)
  [ "$r" = $((o * 10)) ] || fail "fork $f: $r, origin $o"
done
echo "8 forks through nginx: each on its origin's replica, each with its own state"
[ $n1 -gt 0 ] && [ $n2 -gt 0 ] || fail "all sessions on one replica (hash not spreading)"
# stateless: round-robin over both
for _ in $(seq 6); do curl -sf -H "$J" -d '{"code": "1"}' $B/execute >/dev/null; done
a=$(curl -s http://127.0.0.1:18101/metrics | awk '/^tool_sandbox_executions_total/ {s += $2} END {print s + 0}')
b=$(curl -s http://127.0.0.1:18102/metrics | awk '/^tool_sandbox_executions_total/ {s += $2} END {print s + 0}')
echo "stateless /execute: $a executions on 18101, $b on 18102 (setup calls included)"
# a replica gone: its sessions' ids now hash to the other one: 404
kill "${pids[0]}"; wait "${pids[0]}" 2>/dev/null || true
for id in "${!where[@]}"; do
  [ "${where[$id]}" = 18101 ] || continue
  code=$(curl -s -o "$dir/resp.json" -w '%{http_code}' -H "$J" -d '{"code": "n"}' $B/sessions/$id/execute)
  echo "after 18101 is gone, a call in its session $id: $code $(jq -c .error.code "$dir/resp.json" 2>/dev/null || cat "$dir/resp.json")"
  [ "$code" = 404 ] || [ "$code" = 502 ] || fail "expected 404 or 502, got $code"
  code=$(curl -s -o "$dir/resp.json" -w '%{http_code}' $B/sessions/$id)
  echo "  GET: $code $(jq -c .error.code "$dir/resp.json")"
  [ "$code" = 404 ] || fail "GET expected 404, got $code"
  break
done
id=$(curl -sf -H "$J" -d '{}' $B/sessions | jq -r .session_id)
[ "$(curl -s -H "$J" -d '{"code": "1"}' $B/sessions/$id/execute | jq -r .status)" = ok ] ||
  fail "a new session after the loss"
echo "a new session works on the replica left"
echo "ok"
