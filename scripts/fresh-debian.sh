#!/usr/bin/env bash
# Proves that the README's two commands work on a bare Debian 12, first try.
#
#   scripts/fresh-debian.sh [REF]      (REF: what to clone, default main)
#
# 1. The image: a debootstrap'ed bookworm minbase plus git, nothing else,
#    made once and kept as localhost/ts-fresh-bookworm (delete it to remake).
# 2. In a new container from it: a clone of REF, `./make.sh run` and a
#    /healthz probe (the run command on a bare machine).
# 3. In another new container: a clone of REF, `./make.sh test` (everything,
#    the container image test included: podman in podman, with the inner
#    /var/lib/containers on a real directory, since overlay cannot sit on
#    overlayfs), then `./make.sh run` and a /healthz probe.
# It prints both durations and exits non-zero if anything failed.
#
# The containers reach Debian's and npm's registries as this machine does:
# --network host, this machine's extra CA certificates and /etc/npmrc.
# They are --privileged because the test command runs podman inside and the
# sandbox makes its own namespaces; CI's machine is root on its host too.
set -euo pipefail
cd "$(dirname "$0")/.."

ref=${1:-main}
image=localhost/ts-fresh-bookworm:minbase
repo=$PWD
port=18780

need=()
for p in podman runc debootstrap git; do command -v "$p" >/dev/null || need+=("$p"); done
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends podman runc debootstrap git uidmap >/dev/null
fi

work=$(mktemp -d /var/tmp/ts-fresh.XXXXXX)
names=()
cleanup() {
  for n in "${names[@]}"; do podman rm -f --ignore "$n" >/dev/null 2>&1 || true; done
  rm -rf "$work"
}
trap cleanup EXIT

if ! podman image exists "$image"; then
  echo "== debootstrap bookworm minbase (+ git)"
  root=$work/rootfs
  debootstrap --variant=minbase --include=git bookworm "$root" http://deb.debian.org/debian >/dev/null
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
  # Debian's sources as this machine has them (a fresh machine here has
  # these, and the same apt settings).
  cp /etc/apt/sources.list.d/debian.sources "$root/etc/apt/sources.list.d/" 2>/dev/null &&
    rm -f "$root/etc/apt/sources.list"
  tar -C "$root" -c . | podman import -q - "$image" >/dev/null
  rm -rf "$root"
fi

# A clone of REF, as a newcomer makes it (only what is committed).
git clone -q --no-local --branch "$ref" "$repo" "$work/origin" 2>/dev/null ||
  git clone -q --no-local "$repo" "$work/origin"
git -C "$work/origin" checkout -q "$(git -C "$repo" rev-parse "$ref")"
echo "== testing $(git -C "$work/origin" log -1 --format='%h %s')"

# What every container runs first: this machine's CA certificates and npm
# settings (the registries need them), then a clone of the read-only origin.
prelude='set -e
mkdir -p /usr/local/share/ca-certificates
cp /host-ca/*.crt /usr/local/share/ca-certificates/ 2>/dev/null || true
cp /host-npmrc /etc/npmrc 2>/dev/null || true
git clone -q /origin /root/tool-sandbox
cd /root/tool-sandbox'

probe='
./make.sh run ARGS="--listen 127.0.0.1:'$port'" >/tmp/run.log 2>&1 &
for i in $(seq 1 1800); do
  if out=$(curl -fsS http://127.0.0.1:'$port'/healthz 2>/dev/null); then break; fi
  if ! kill -0 $! 2>/dev/null; then echo "run command exited"; tail -30 /tmp/run.log; exit 1; fi
  sleep 1
done
echo "healthz: ${out:-no answer}"
kill %1 2>/dev/null || true
[ "${out:-}" = "{\"status\":\"ok\"}" ]'

run_in() { # NAME SCRIPT
  local name=ts-fresh-$1-$$
  names+=("$name")
  mkdir -p "$work/containers-$1"
  podman run --rm --name "$name" --runtime runc --privileged --network host \
    --ulimit nofile=20000:20000 --ulimit nproc=4096:4096 \
    -v "$work/origin:/origin:ro" \
    -v /usr/local/share/ca-certificates:/host-ca:ro \
    $( [ -r /etc/npmrc ] && echo "-v /etc/npmrc:/host-npmrc:ro" ) \
    -v "$work/containers-$1:/var/lib/containers" \
    -e CI=true \
    "$image" bash -c "$prelude
$2"
}

status=0
echo "== container 1: ./make.sh run, then GET /healthz"
t0=$(date +%s)
# curl is not on a bare machine: the probe uses the one the run command
# installs (scripts/install-deps.sh); until then its attempts just fail.
run_in run "$probe" || status=1
t1=$(date +%s)
run_secs=$((t1 - t0))
echo "run command from bare to /healthz: ${run_secs} s"

echo "== container 2: ./make.sh test, then ./make.sh run and GET /healthz"
t0=$(date +%s)
run_in test "./make.sh test 2>&1 | tee /tmp/test.log | grep -E '^(== |tests: |test suite|FAILED)' || true
tail -3 /tmp/test.log
grep -qx 'test suite passed' /tmp/test.log
$probe" || status=1
t1=$(date +%s)
test_secs=$((t1 - t0))
echo "test command from bare (and run + /healthz): ${test_secs} s"

if [ "$status" -ne 0 ]; then
  echo "fresh-debian: FAILED"
  exit 1
fi
echo "fresh-debian: passed (run: ${run_secs} s, test: ${test_secs} s)"
