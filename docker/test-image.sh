#!/usr/bin/env bash
# Builds the container image with podman and tests it for real:
#   1. the base image: pulled if a registry answers, otherwise made locally
#      with debootstrap and imported under the FROM name;
#   2. podman build (the build stage runs the unit tests);
#   3. the image runs with the documented options: /healthz, an /execute
#      round trip, and a containment check from inside the container;
#   4. with too little (a seccomp profile that refuses unshare), --check
#      fails and says what is missing.
# Needs root (podman with the runc runtime; crun fails on the hybrid
# cgroup layout of these machines).
set -euo pipefail
cd "$(dirname "$0")/.."

image=tool-sandbox:test
base=docker.io/library/debian:bookworm-slim
port=${TS_IMAGE_TEST_PORT:-18777}
run_opts=(--runtime runc --ulimit nofile=20000:20000 --ulimit nproc=4096:4096
          --security-opt seccomp=docker/seccomp.json)
name=ts-image-test-$$

need=()
for p in podman runc debootstrap curl; do command -v "$p" >/dev/null || need+=("$p"); done
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends podman runc debootstrap curl uidmap >/dev/null
fi

cleanup() {
  podman rm -f --ignore "$name" >/dev/null 2>&1 || true
  podman rm -f --ignore "$name-check" >/dev/null 2>&1 || true
  podman image prune -f >/dev/null 2>&1 || true # the build stage's layers
}
trap cleanup EXIT

echo "== base image"
if ! podman image exists "$base"; then
  if ! timeout 30 podman pull -q "$base" >/dev/null 2>&1; then
    echo "no registry reachable: building $base with debootstrap"
    root=$(mktemp -d)
    debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >/dev/null
    rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
    tar -C "$root" -c . | podman import -q - "$base" >/dev/null
    rm -rf "$root"
  fi
fi

echo "== build"
podman build -q --format docker --runtime runc --network host --ulimit nofile=20000:20000 \
  --build-arg BASE="$base" -t "$image" . >/dev/null
size=$(podman image inspect --format '{{.Size}}' "$image")
echo "image size: $((size / 1024 / 1024)) MiB"

echo "== run"
# The containment check needs a policy that lets the snippet reach os and
# socket: the validator is then out of the way and the kernel layers alone
# must stop it.
podman run -d --name "$name" "${run_opts[@]}" --network host \
  -e TOOL_SANDBOX_LISTEN=127.0.0.1:$port \
  -e TOOL_SANDBOX_ALLOWED_MODULES=+os,socket -e TOOL_SANDBOX_BANNED_MODULES=sys \
  "$image" >/dev/null
for _ in $(seq 100); do
  curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
  sleep 0.2
done
curl -fsS "http://127.0.0.1:$port/healthz" | grep -q '"ok"' || { podman logs "$name"; exit 1; }
echo "healthz ok"
# The image's own HEALTHCHECK command, run once by podman.
# (It reads the port from TOOL_SANDBOX_LISTEN, as set above.)
podman healthcheck run "$name" >/dev/null || { echo "the image's HEALTHCHECK failed"; exit 1; }
echo "image HEALTHCHECK ok"

out=$(curl -fsS "http://127.0.0.1:$port/execute" -H 'content-type: application/json' \
  -d '{"code":"print(sum(range(1000)))"}')
echo "$out" | grep -q '"status":"ok"' && echo "$out" | grep -q '"stdout":"499500\\n"' \
  || { echo "execute failed: $out"; podman logs "$name"; exit 1; }
echo "execute ok"

code='import os, socket
seen = sorted(os.listdir("/"))
for p in ["/etc/passwd", "/usr/local/bin/tool-sandbox", "/proc/1/environ", "/etc/hostname"]:
    try:
        os.stat(p)
        print("ESCAPED stat", p)
    except OSError as e:
        print("blocked", p, e.errno)
try:
    socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    print("ESCAPED socket")
except OSError as e:
    print("blocked socket", e.errno)
print("root", seen)'
body=$(python3 -c 'import json,sys; print(json.dumps({"code": sys.argv[1]}))' "$code")
out=$(curl -fsS "http://127.0.0.1:$port/execute" -H 'content-type: application/json' -d "$body")
echo "$out"
echo "$out" | grep -q '"status":"ok"' || { echo "containment snippet did not run"; exit 1; }
if echo "$out" | grep -q ESCAPED; then echo "containment FAILED"; exit 1; fi
# Only /tmp and the standard library's top directory (usr, or lib where
# /lib is where Python found itself) exist inside.
echo "$out" | grep -qE "root \[('lib', 'tmp'|'tmp', 'usr')\]" || { echo "unexpected root listing"; exit 1; }
[ "$(echo "$out" | grep -o 'blocked' | wc -l)" -eq 5 ] || { echo "containment check incomplete"; exit 1; }
echo "containment ok"

echo "== too little privilege: --check explains"
deny=$(mktemp)
python3 - "$deny" <<'PY'
import json, sys
d = json.load(open("docker/seccomp.json"))
for s in d["syscalls"]:
    s["names"] = [n for n in s["names"] if n not in ("unshare", "clone3")]
d["syscalls"].insert(0, {"names": ["unshare"], "action": "SCMP_ACT_ERRNO", "errnoRet": 1})
json.dump(d, open(sys.argv[1], "w"))
PY
set +e
check=$(podman run --rm --name "$name-check" --runtime runc --ulimit nofile=20000:20000 --ulimit nproc=4096:4096 \
  --security-opt seccomp="$deny" --network host "$image" --check 2>&1)
rc=$?
set -e
rm -f "$deny"
echo "$check"
[ "$rc" -ne 0 ] && echo "$check" | grep -q "FAIL  user namespaces" && echo "$check" | grep -q "fix:" \
  || { echo "--check did not explain the missing user namespaces (rc $rc)"; exit 1; }
echo "image test passed"
