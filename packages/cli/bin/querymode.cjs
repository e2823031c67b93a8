#!/usr/bin/env node
// The `querymode` bin: runs the bundle that `node build.mjs` (`pnpm build`) writes to dist/.
// This launcher is committed so that package managers can link the bin before the first build.
try {
  require.resolve('../dist/querymode.cjs');
} catch {
  process.stderr.write('querymode: the CLI is not built yet: run `pnpm build` in the repository first\n');
  process.exit(2);
}
require('../dist/querymode.cjs');
