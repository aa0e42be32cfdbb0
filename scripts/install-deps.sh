#!/usr/bin/env bash
# Install the Debian packages Tool Sandbox needs to build, run and test.
# Idempotent: packages already present are not reinstalled and apt is not
# touched at all when everything is there.
set -euo pipefail

pkgs=(
  build-essential cmake pkg-config
  libmicrohttpd-dev libcjson-dev libseccomp-dev libpython3-dev python3
  libcriterion-dev
  cppcheck clang-tidy  # scripts/static-check.sh
  curl ca-certificates
  bubblewrap  # a baseline of the benchmark (bench/run.py)
  clang libclang-rt-14-dev  # scripts/fuzz.sh: libFuzzer and the sanitizer runtimes
  # the science profile (--profiles default,science)
  python3-numpy python3-pandas python3-scipy python3-sympy python3-matplotlib
)
# The contract check (scripts/contract-check.sh) runs on Debian 12's Node.js 18;
# scripts/mcp-clients.sh needs only its npm (to install tests/mcp, whose clients
# run on the Node.js 22 that the lockfile pins).
# A machine that already has node and npm (e.g. from NodeSource) keeps them:
# Debian's npm package would conflict with those.
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  pkgs+=(nodejs npm)
fi

missing=()
for p in "${pkgs[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

# The science profile's matplotlib font cache, built ahead: a sandbox's root
# is read-only, and a build at run time would cost every execution seconds.
font_cache() {
  if [ ! -e /var/cache/tool-sandbox/matplotlib/fontlist-v330.json ] && [ "$(id -u)" -eq 0 ] &&
     /usr/bin/python3 -c 'import matplotlib' 2>/dev/null; then
    mkdir -p /var/cache/tool-sandbox/matplotlib
    MPLCONFIGDIR=/var/cache/tool-sandbox/matplotlib /usr/bin/python3 -c 'import matplotlib.font_manager' || true
    chmod -R a+rX /var/cache/tool-sandbox
  fi
}

if [ ${#missing[@]} -eq 0 ]; then
  font_cache
  exit 0
fi

SUDO=
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; fi
echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

font_cache
