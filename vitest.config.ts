import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * At least two test files at a time. Vitest's default is one fewer than the cores, so one on a
 * two-core machine; but most of the suite waits on the CLI processes it starts, the test servers
 * and timeouts (the whole run used about 340 s of CPU in 576 s of wall time with one worker), so a
 * second worker keeps the second core busy. Tests that share something across files (the servers'
 * reader users) touch only their own schemas and grants.
 */
const maxWorkers = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  resolve: {
    conditions: ['source'],
  },
  ssr: {
    resolve: {
      conditions: ['source'],
    },
  },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers,
  },
});
