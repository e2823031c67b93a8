#!/usr/bin/env bash
# `pnpm run test:node24`: after `pnpm test` (which ran everything on Node 20, after the build), the
# tests whose outcome can depend on Node's version, again under the Node 24 that
# `scripts/setup.sh --node24` put in .node24/. Node 24 comes first on PATH, so every process the
# tests start (the CLI, tsx, npm and pnpm scripts) runs on it too. What can differ:
# - the CLI as a process (streams, signals, worker threads): test/cli, packages/cli/test;
# - the database drivers: packages/introspect/test;
# - fetch and node:http: packages/client/test, packages/mock/test;
# - packaging (import, require, bins from installed tarballs): test/packages.test.ts, whose consumer
#   type-check is skipped here (QUERYMODE_SECOND_NODE_RUN=1): TypeScript does not depend on Node.
# Pure code (core, openapi, the report page, generated docs, the import structure, the docs'
# examples) and the headless-Chromium gates ran under `pnpm test` and do not depend on it. A new
# test folder of that kind goes into NODE_DEPENDENT below. Arguments replace the list.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
node24="$root/.node24/bin/node"
if ! "$node24" --version 2>/dev/null | grep -q '^v24\.'; then
  echo "test:node24: no Node 24 at .node24/bin/node; run: bash scripts/setup.sh --node24" >&2
  exit 2
fi
NODE_DEPENDENT=(test/cli packages/cli/test packages/introspect/test packages/client/test packages/mock/test test/packages.test.ts)
if [ "$#" -eq 0 ]; then set -- "${NODE_DEPENDENT[@]}"; fi
echo "test:node24: $("$node24" --version), the tests that can depend on Node's version: $*" >&2
cd "$root"
export PATH="$root/.node24/bin:$PATH"
export QUERYMODE_SKIP_BROWSER=1
export QUERYMODE_SECOND_NODE_RUN=1
exec "$node24" node_modules/vitest/vitest.mjs run "$@"
