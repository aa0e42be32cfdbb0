#!/usr/bin/env bash
# The API contract check:
#   1. lints openapi/openapi.yaml with Redocly CLI (recommended-strict
#      ruleset, configured in openapi/redocly.yaml: any problem fails);
#   2. checks that the response validator still catches known-bad responses
#      (tests/contract/fixtures/known-bad.jsonl: every line must fail);
#   3. validates every response recorded by the API tests against the spec's
#      schemas (tests/contract/validate-responses.mjs, Ajv, JSON Schema
#      2020-12).
#
# Usage: scripts/contract-check.sh RESPONSES.jsonl
# where RESPONSES.jsonl was written by the API tests run with
#   TS_RESPONSE_LOG=RESPONSES.jsonl ./build/api-tests
#
# Needs node >= 18.17 (Debian 12's own Node.js 18 is enough) and npm.  The
# pinned tools (tests/contract/package.json
# and package-lock.json) are installed into tests/contract/node_modules with
# `npm ci` when missing or out of date with the lockfile; otherwise nothing
# touches the network.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
contract=$root/tests/contract
spec=$root/openapi/openapi.yaml

if [ $# -ne 1 ]; then
  echo "usage: $0 RESPONSES.jsonl" >&2
  exit 2
fi
responses=$1
if [ ! -r "$responses" ]; then
  echo "contract: cannot read $responses (run the API tests with TS_RESPONSE_LOG=$responses)" >&2
  exit 2
fi

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "contract: node and npm are required (scripts/install-deps.sh installs Debian's)" >&2
  exit 2
fi

# npm ci only when node_modules was not installed from this very lockfile.
stamp=$contract/node_modules/.contract-stamp
want=$(cat "$contract/package.json" "$contract/package-lock.json" | sha256sum | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "== npm ci (tests/contract)"
  npm ci --prefix "$contract" --no-audit --no-fund --loglevel=error
  echo "$want" >"$stamp"
fi

export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_NOTIFICATIONS=true NO_UPDATE_NOTIFIER=1

echo "== redocly lint openapi/openapi.yaml"
rc=0
# A box-drawn banner (an update or end-of-life notice) is noise here.
out=$("$contract/node_modules/.bin/redocly" lint --config "$root/openapi/redocly.yaml" \
  "$spec" 2>&1) || rc=$?
printf '%s\n' "$out" | grep -v '[║╔╚]' | sed '/^[[:space:]]*$/d'
if [ "$rc" -ne 0 ]; then
  echo "contract: FAILED: openapi/openapi.yaml does not pass the linter"
  exit 1
fi

echo "== validator self-test (tests/contract/fixtures/known-bad.jsonl)"
bad=$contract/fixtures/known-bad.jsonl
nbad=$(grep -c . "$bad")
rc=0
out=$(node "$contract/validate-responses.mjs" "$spec" "$bad") || rc=$?
if [ "$rc" -ne 1 ] || ! grep -qx "contract: $nbad responses checked, $nbad failed" <<<"$out"; then
  printf '%s\n' "$out"
  echo "contract: FAILED: the validator no longer rejects every known-bad response"
  exit 1
fi
echo "all $nbad known-bad responses rejected"

echo "== validate $responses against openapi/openapi.yaml"
node "$contract/validate-responses.mjs" "$spec" "$responses"
