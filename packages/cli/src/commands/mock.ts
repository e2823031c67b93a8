/**
 * `querymode mock`: the stateful mock of the API (`@querymode/mock`) on a loopback port. On start
 * it prints, on stdout, the base URL and the mock's generated credentials as `NAME=value` lines
 * (a file a shell can source; `--save-env` writes them to a file of mode 0600 instead); a credential the user gave (`QUERYMODE_MOCK_API_KEY` and
 * `QUERYMODE_MOCK_API_SECRET`) is never printed. It stops cleanly on SIGINT and SIGTERM: it closes
 * the open connections and exits 0.
 *
 * @module
 */
import { API_KEY_ENV, API_SECRET_ENV, BASE_URL_ENV } from '@querymode/client';
import { BODY_PROFILES, type BodyProfile, countOf, DEFAULT_BODY_PROFILE } from '@querymode/core';
import {
  checkFixture,
  type Fixture,
  generateFixture,
  type MockCredentials,
  parseFaultSpec,
  STATE_PATH,
  startMockServer,
} from '@querymode/mock';
import { EXIT, inputError, usageError } from '../errors.js';
import { readJson } from '../io/read.js';
import { summaryHead } from '../io/style.js';
import { checkOutputTarget, outputFile, printErr, writeFileAtomic } from '../io/write.js';

/** Whether a listening address is reachable from this machine only (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || /^::ffff:127\./.test(h)
  );
}

/** Options of `mock`. */
export interface MockCommandOptions {
  readonly port?: string;
  readonly host?: string;
  readonly seed?: string;
  readonly fixtures?: string;
  readonly pipelines?: string;
  readonly objects?: string;
  readonly faults?: string;
  readonly rateLimit?: string;
  readonly profile?: BodyProfile;
  /** Writes the base URL and credentials to this file (mode 0600), not stdout. */
  readonly saveEnv?: string;
}

/** The environment variables of a credential the user gives the mock (never printed). */
export const MOCK_KEY_ENV = 'QUERYMODE_MOCK_API_KEY';
export const MOCK_SECRET_ENV = 'QUERYMODE_MOCK_API_SECRET';

function integer(
  value: string | undefined,
  name: string,
  min: number,
  max: number,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw usageError(`--${name} must be an integer from ${min} to ${max}, received ${JSON.stringify(value)}`);
  }
  return Number(value);
}

function loadFixture(options: MockCommandOptions, seed: number): Fixture {
  if (options.fixtures !== undefined) {
    if (options.pipelines !== undefined || options.objects !== undefined) {
      throw usageError(
        '--fixtures and --pipelines/--objects exclude each other: the fixture lists the pipelines',
      );
    }
    const checked = checkFixture(readJson(options.fixtures, 'fixture'), {
      profile: options.profile ?? DEFAULT_BODY_PROFILE,
    });
    if (!checked.ok)
      throw inputError(
        `fixture ${options.fixtures} is invalid:\n${checked.problems.map((p) => `  ${p}`).join('\n')}`,
      );
    return checked.value;
  }
  return generateFixture({
    pipelines: integer(options.pipelines, 'pipelines', 0, 100_000, 3),
    objects: integer(options.objects, 'objects', 0, 100_000, 5),
    seed,
  });
}

function givenCredentials(): MockCredentials | undefined {
  const key = process.env[MOCK_KEY_ENV];
  const secret = process.env[MOCK_SECRET_ENV];
  if (key === undefined && secret === undefined) return undefined;
  if (!key || !secret || key.includes(':')) {
    throw usageError(`set both ${MOCK_KEY_ENV} (without ":") and ${MOCK_SECRET_ENV}, or neither`);
  }
  return { key, secret };
}

/** Runs the mock until SIGINT or SIGTERM; resolves with the exit code. */
export async function runMock(options: MockCommandOptions): Promise<number> {
  const seed = integer(options.seed, 'seed', 0, 2 ** 31 - 1, 1);
  const saveEnv = outputFile(options.saveEnv);
  // A file that cannot be written fails before the mock listens.
  if (saveEnv !== undefined) checkOutputTarget(saveEnv, '--save-env');
  const port = integer(options.port, 'port', 0, 65_535, 4010);
  const rate = integer(options.rateLimit, 'rate-limit', 0, 1_000_000, 100);
  const faults = parseFaultSpec(options.faults ?? '');
  if (!faults.ok) throw usageError(`--faults: ${faults.problem}`);
  const fixture = loadFixture(options, seed);
  const given = givenCredentials();
  // Watched from before the server starts, so that a signal during start-up also ends the mock
  // cleanly (exit 0) instead of killing it.
  const stopped = new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  const host = options.host ?? '127.0.0.1';
  // Said before listening, so that it shows even when the address cannot be used.
  if (!isLoopback(host)) {
    printErr(
      `querymode mock: warning: --host ${host} is not a loopback address: other machines may reach the mock, read its data and set modes with the credentials it prints; use --host 127.0.0.1 unless that is what you want`,
    );
  }
  let server: Awaited<ReturnType<typeof startMockServer>>;
  try {
    server = await startMockServer({
      port,
      host,
      seed,
      fixture,
      faults: faults.value,
      rateLimit: rate === 0 ? false : { requests: rate, windowMs: 60_000 },
      profile: options.profile ?? DEFAULT_BODY_PROFILE,
      ...(given === undefined ? {} : { credentials: given }),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw usageError(`port ${port} is in use: pass another --port, or --port 0 for a free one`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
      throw usageError(`cannot listen on ${options.host}: not an address of this machine`);
    throw error;
  }
  const { api, url } = server;
  const lines = [
    `${BASE_URL_ENV}=${url}`,
    ...(given === undefined
      ? [`${API_KEY_ENV}=${api.credentials.key}`, `${API_SECRET_ENV}=${api.credentials.secret}`]
      : [
          `# ${API_KEY_ENV} and ${API_SECRET_ENV}: the credential given in ${MOCK_KEY_ENV} and ${MOCK_SECRET_ENV} (not shown)`,
        ]),
    `QUERYMODE_MOCK_READONLY_KEY=${api.readOnlyCredentials.key}`,
    `QUERYMODE_MOCK_READONLY_SECRET=${api.readOnlyCredentials.secret}`,
  ];
  // One write, so that a reader of a redirected stdout never sees half of it; the file, whole or absent.
  if (saveEnv === undefined) process.stdout.write(`${lines.join('\n')}\n`);
  else writeFileAtomic(saveEnv, `${lines.join('\n')}\n`, '--save-env', { secret: true });
  const objects = fixture.pipelines.reduce((n, p) => n + p.objects.length, 0);
  printErr(
    `${summaryHead('querymode mock')} ${countOf(fixture.pipelines.length, 'pipeline')}, ${countOf(objects, 'object')} on ${url} ` +
      `(rate limit ${rate === 0 ? 'off' : `${rate}/min`}, faults ${options.faults?.trim() ? options.faults : 'none'}, ` +
      `bodies checked in ${BODY_PROFILES[api.profile].title}); ` +
      `state at ${url}${STATE_PATH}; stop with Ctrl-C`,
  );
  await stopped;
  await server.close();
  printErr(`querymode mock: stopped after ${countOf(api.counters().requests, 'request')}`);
  return EXIT.ok;
}
