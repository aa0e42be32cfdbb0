#!/bin/sh
# The newcomer's entry point: `./make.sh run` and `./make.sh test`.
#
# A bare Debian 12 has no make. This installs it (and nothing else) when it is
# missing, then hands every argument to make; the Makefile's `deps` target
# installs the rest (scripts/install-deps.sh). Plain POSIX sh, because a bare
# machine has nothing more to run it with.
set -eu
cd "$(dirname "$0")"

if ! command -v make >/dev/null 2>&1; then
  sudo=
  if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
      echo "make.sh: make is missing, and installing it needs root or sudo" >&2
      exit 1
    fi
    sudo=sudo
  fi
  echo "make.sh: installing make" >&2
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends make >/dev/null
fi

exec make "$@"
