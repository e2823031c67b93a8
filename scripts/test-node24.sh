#!/usr/bin/env bash
# `pnpm run test:node24`: after `pnpm test` (which ran everything on Node 20, after the build), the
# tests whose outcome can depend on Node's version, again under the Node 24 that
# `scripts/setup.sh --node24` put in .node24/. Node 24 comes first on PATH, so every process the
# tests start (the CLI, tsx, npm and pnpm scripts) runs on it too. What can differ, and the tests
# that exercise it:
# - the CLI as a process: reading files and stdin, writing to pipes, full disks and closed readers,
#   signals, a TTY (test/cli/basics, output-faults, terminal); worker threads
#   (test/cli/recommend-threads); the strict UTF-8 reader against Node's TextDecoder
#   (packages/cli/test/json-input);
# - the database drivers and PGlite, through the CLI and directly (test/cli/inspect, inspect-empty;
#   packages/introspect/test/postgres, mariadb, optional-import);
# - fetch and node:http (packages/client/test, packages/mock/test, test/cli/mock-apply);
# - packaging: import, require and bins from installed tarballs (test/packages.test.ts), whose
#   consumer type-check is skipped here (QUERYMODE_SECOND_NODE_RUN=1): TypeScript does not depend
#   on Node.
# Everything else ran under `pnpm test` and tests our own logic, which does not depend on Node's
# version: core, openapi, the report page, generated docs, the import structure, the docs'
# examples, what the CLI commands answer, the remedies proven on the servers, and the
# headless-Chromium gates. A new test of one of the kinds above goes into NODE_DEPENDENT below.
# Arguments replace the list.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
node24="$root/.node24/bin/node"
if ! "$node24" --version 2>/dev/null | grep -q '^v24\.'; then
  echo "test:node24: no Node 24 at .node24/bin/node; run: bash scripts/setup.sh --node24" >&2
  exit 2
fi
NODE_DEPENDENT=(
  test/cli/basics.test.ts test/cli/output-faults.test.ts test/cli/terminal.test.ts
  test/cli/recommend-threads.test.ts packages/cli/test/json-input.test.ts
  test/cli/inspect.test.ts test/cli/inspect-empty.test.ts
  packages/introspect/test/postgres.test.ts packages/introspect/test/mariadb.test.ts
  packages/introspect/test/optional-import.test.ts
  packages/client/test packages/mock/test test/cli/mock-apply.test.ts
  test/packages.test.ts
)
if [ "$#" -eq 0 ]; then set -- "${NODE_DEPENDENT[@]}"; fi
echo "test:node24: $("$node24" --version), the tests that can depend on Node's version: $*" >&2
cd "$root"
export PATH="$root/.node24/bin:$PATH"
export QUERYMODE_SKIP_BROWSER=1
export QUERYMODE_SECOND_NODE_RUN=1
exec "$node24" node_modules/vitest/vitest.mjs run "$@"
