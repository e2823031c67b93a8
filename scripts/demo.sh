#!/usr/bin/env bash
# `pnpm run demo [-- --url URL]`: runs `querymode demo` on the built CLI (the package script builds
# first, when its inputs changed: scripts/build-if-stale.mjs). pnpm passes a `--` after the script name through to the script; it is dropped here, so
# that both `pnpm run demo --url URL` and `pnpm run demo -- --url URL` work. It ends by writing the
# report page of the recommendations (`querymode report`) to querymode-report.html at the
# repository root (git-ignored) and prints where it is; `--report FILE` writes it elsewhere.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--" ]; then shift; fi
exec node packages/cli/dist/querymode.cjs demo --report querymode-report.html "$@"
