#!/usr/bin/env bash
# `pnpm run demo [-- --url URL]`: runs `querymode demo` on the built CLI (the package script builds
# first). pnpm passes a `--` after the script name through to the script; it is dropped here, so
# that both `pnpm run demo --url URL` and `pnpm run demo -- --url URL` work.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--" ]; then shift; fi
exec node packages/cli/dist/querymode.cjs demo "$@"
