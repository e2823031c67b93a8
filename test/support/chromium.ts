/**
 * Headless Chromium for the browser tests: Debian's /usr/bin/chromium (installed by
 * `scripts/setup.sh --browser`) or CHROMIUM_PATH, with the flags that keep it off the network.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';

/**
 * Whether the browser gates are skipped: `QUERYMODE_SKIP_BROWSER=1`, which `pnpm run test:node24`
 * sets (they ran under `pnpm test`, and the browser does not depend on the Node version).
 */
export const SKIP_BROWSER = process.env.QUERYMODE_SKIP_BROWSER === '1';

/** The Chromium executable. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a headless, offline, quiet Chromium run as root. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A launched Chromium context and how to dispose of it. */
export interface LaunchedChromium {
  readonly context: BrowserContext;
  /** Closes the browser, then removes its profile directory. */
  readonly dispose: () => Promise<void>;
}

/** Launches an offline persistent context with a fresh profile directory. */
export async function launchChromium(
  options: { viewport?: { width: number; height: number } } = {},
): Promise<LaunchedChromium> {
  const profile = mkdtempSync(join(tmpdir(), 'querymode-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_FLAGS,
    offline: true,
    ...(options.viewport ? { viewport: options.viewport } : {}),
  });
  return {
    context,
    dispose: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}
