/**
 * The set-up the Salesforce CLI tests share: stand-in orgs on 127.0.0.1 that accept one token and
 * close after each test, the bin run without blocking this process (the stand-in answers from
 * it), and the check that the token is in no output, in no form (the stand-in echoes it in its
 * errors).
 *
 * @module
 */
import { afterEach, expect } from 'vitest';
import type { OrgObject } from '../../packages/introspect/test/support/salesforce-org.js';
import { type StandIn, standInOrg } from '../../packages/introspect/test/support/salesforce-stand-in.js';
import { type BinRun, startBin } from './run-cli.js';

/** The org's daily API requests, where a test sets them. */
export interface DailyRequests {
  readonly max?: number;
  readonly used?: number;
}

/** Starts stand-in orgs that accept `token`, each closed after the test that started it. Call it at a file's top level. */
export function standInOrgs(
  token: string,
): (objects: readonly OrgObject[], daily?: DailyRequests) => Promise<StandIn> {
  const running: StandIn[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.close()));
  });
  return async (objects, daily = {}) => {
    const s = await standInOrg(objects, { token, ...daily });
    running.push(s);
    return s;
  };
}

/** Fails when `token` is in any of `texts`, as it is or percent-encoded. */
export function expectTokenNowhere(token: string, texts: readonly string[]): void {
  for (const text of texts) {
    expect(text).not.toContain(token);
    expect(text).not.toContain(encodeURIComponent(token));
  }
}

/**
 * Runs the bin with `args` without blocking this process, the token in SF_ACCESS_TOKEN unless
 * `env` says otherwise; the token is in no output.
 */
export async function runWithToken(
  token: string,
  args: readonly string[],
  env: Record<string, string> = { SF_ACCESS_TOKEN: token },
  input?: string,
): Promise<BinRun> {
  const run = await startBin(args, env, input).done;
  expectTokenNowhere(token, [run.stdout, run.stderr]);
  return run;
}
