/**
 * The command-line tools of the OpenAPI gates and the publishing script, run through their Node
 * entry points, offline: telemetry and update checks off, no colours.
 *
 * @module
 */
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** The directory of the `@querymode/openapi` package. */
export const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The root of the repository. */
export const REPO_ROOT = join(PACKAGE_DIR, '..', '..');

/** The Redocly CLI configuration (telemetry off, recommended rules, examples as errors). */
export const REDOCLY_CONFIG = join(PACKAGE_DIR, 'redocly.yaml');

/** The Spectral ruleset (the `oas` ruleset). */
export const SPECTRAL_RULESET = join(PACKAGE_DIR, '.spectral.yaml');

/** The Node entry point of each tool, and where to read its version. */
export const TOOLS = {
  redocly: { entry: require.resolve('@redocly/cli/bin/cli.js'), pkg: '@redocly/cli/package.json' },
  spectral: {
    entry: require.resolve('@stoplight/spectral-cli/dist/index.js'),
    pkg: '@stoplight/spectral-cli/package.json',
  },
  tsc: { entry: require.resolve('typescript/bin/tsc'), pkg: 'typescript/package.json' },
} as const;

/** The installed version of a package the gates use. */
export function toolVersion(pkg: string): string {
  return (require(pkg) as { version: string }).version;
}

/**
 * The environment of every tool run: telemetry and update notices off (Redocly), CI mode (no
 * prompts, no update checks), no colours, and no proxy settings that would let a tool reach out.
 */
export function offlineEnv(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    REDOCLY_TELEMETRY: 'off',
    REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
    CI: 'true',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
  };
}

/** Runs a tool's Node entry point with arguments; never throws for a failing exit code. */
export function runTool(
  tool: keyof typeof TOOLS,
  args: readonly string[],
  options: { cwd?: string; timeoutMs?: number } = {},
): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [TOOLS[tool].entry, ...args], {
    cwd: options.cwd ?? PACKAGE_DIR,
    env: offlineEnv(),
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
}
