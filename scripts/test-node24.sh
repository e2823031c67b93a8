#!/usr/bin/env bash
# `pnpm run test:node24`: the test suite (vitest, after the build that `pnpm test` made) again under
# the Node 24 that `scripts/setup.sh --node24` put in .node24/. Node 24 comes first on PATH, so
# every process the tests start (the CLI, tsx, npm and pnpm scripts) runs on it too. The
# headless-Chromium gates are skipped here (QUERYMODE_SKIP_BROWSER=1): they ran under `pnpm test`,
# and the browser does not depend on the Node version.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
node24="$root/.node24/bin/node"
if ! "$node24" --version 2>/dev/null | grep -q '^v24\.'; then
  echo "test:node24: no Node 24 at .node24/bin/node; run: bash scripts/setup.sh --node24" >&2
  exit 2
fi
echo "test:node24: $("$node24" --version), browser gates skipped" >&2
cd "$root"
export PATH="$root/.node24/bin:$PATH"
export QUERYMODE_SKIP_BROWSER=1
exec "$node24" node_modules/vitest/vitest.mjs run "$@"
