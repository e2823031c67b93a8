/**
 * Benchmarks of the network packages: the mock's framework (node:http against Hono), the mock's throughput
 * on loopback with a second process as load generator (autocannon), the client's cost per request
 * against a bare `fetch`, and `apply` of 1,000 objects under the rate limit on a virtual clock.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createClient, createVirtualClock, type QueryModeBody } from '@querymode/client';
import { exampleConfig, MODES } from '@querymode/core';
import { generateFixture, MockApi, mockFetch } from '@querymode/mock';
import autocannon from 'autocannon';
import { checkPlan } from '../packages/cli/src/apply/records.js';
import { runApply } from '../packages/cli/src/apply/run.js';
import { formatMs, formatRatio } from './lib/format.js';
import { stats } from './lib/measure.js';
import { CLI_BIN, ROOT } from './lib/paths.js';
import type { Suite } from './lib/types.js';

const PROBES = join(ROOT, 'bench', 'mock-framework');

function ensureBuilt(log: (l: string) => void): void {
  if (existsSync(CLI_BIN) && existsSync(join(ROOT, 'packages', 'mock', 'dist', 'index.js'))) return;
  log('building the packages');
  const r = spawnSync('pnpm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('build failed');
}

const fmtInt = (n: number): string => Math.round(n).toLocaleString('en-US');

/** Wall time of a node process until it exits, in ms. */
async function timeNode(args: readonly string[]): Promise<number> {
  const start = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const [code] = (await once(child, 'close')) as [number];
  if (code !== 0) throw new Error(`node ${args.join(' ')} exited ${code}`);
  return performance.now() - start;
}

/** Installed bytes and files of a package directory (its own files, not its dependencies). */
function weight(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.isFile()) {
        bytes += statSync(p).size;
        files += 1;
      }
    }
  };
  walk(dir);
  return { bytes, files };
}

/** The directory of package `name` as Node finds it from `from` (walking up the node_modules). */
function findPackage(name: string, from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) throw new Error(`package ${name} not found from ${from}`);
  }
}

/** The directories of an installed package and of its runtime dependencies, transitively, by name. */
function packageTree(name: string, from = ROOT, seen = new Map<string, string>()): Map<string, string> {
  if (seen.has(name)) return seen;
  const dir = findPackage(name, from);
  seen.set(name, dir);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  for (const dep of Object.keys(pkg.dependencies ?? {})) packageTree(dep, dir, seen);
  return seen;
}

const versionOf = (dir: string): string =>
  (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;

/** Starts `querymode mock` in a child process; resolves with its base URL and credentials. */
async function startMockProcess(
  args: readonly string[],
): Promise<{ child: ChildProcess; env: Record<string, string> }> {
  const child = spawn(process.execPath, [CLI_BIN, 'mock', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  child.stdout?.setEncoding('utf8');
  for await (const chunk of child.stdout as AsyncIterable<string>) {
    out += chunk;
    if (out.includes('QUERYMODE_MOCK_READONLY_SECRET')) break;
  }
  const env = Object.fromEntries(
    out
      .trim()
      .split('\n')
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
  return { child, env };
}

async function stopMockProcess(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await once(child, 'close');
}

/** One load test's figures. */
interface Load {
  readonly rps: number;
  readonly worstSecond: number | undefined;
  readonly p50: string;
  readonly p99: string;
  readonly total: number;
}

/** A request to load-test. */
interface Target {
  readonly url: string;
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => existsSync(p));

/** The load generator in use: Debian's `wrk` (C, one thread) when installed, else autocannon (Node). */
const GENERATOR = WRK !== undefined ? 'wrk' : 'autocannon';

const toMs = (text: string): string => {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text);
  if (m === null) return text;
  const n = Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
  return `${n < 10 ? n.toFixed(2) : n.toFixed(0)} ms`;
};

/** Loads `target` from a second process for `seconds` with `connections`; throws on any non-2xx answer. */
async function load(target: Target, seconds: number, connections: number): Promise<Load> {
  if (WRK === undefined) {
    const r = await autocannon({ ...target, connections, pipelining: 1, duration: seconds });
    if (r.non2xx > 0 || r.errors > 0)
      throw new Error(`${target.url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return {
      rps: r.requests.average,
      worstSecond: r.requests.min,
      p50: `${r.latency.p50} ms`,
      p99: `${r.latency.p99} ms`,
      total: r.requests.total,
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'querymode-wrk-'));
  const script = join(dir, 'request.lua');
  const headers = Object.entries(target.headers ?? {}).map(
    ([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`,
  );
  writeFileSync(
    script,
    [
      `wrk.method = ${JSON.stringify(target.method ?? 'GET')}`,
      ...headers,
      target.body === undefined ? '' : `wrk.body = ${JSON.stringify(target.body)}`,
    ].join('\n'),
  );
  const child = spawn(
    WRK,
    ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, target.url],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => {
    out += d;
  });
  await once(child, 'close');
  rmSync(dir, { recursive: true, force: true });
  if (/Non-2xx/.test(out) || /Socket errors/.test(out)) throw new Error(`${target.url}: ${out}`);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const total = Number(/(\d+) requests in/.exec(out)?.[1]);
  const p50 = /\s50%\s+(\S+)/.exec(out)?.[1] ?? '?';
  const p99 = /\s99%\s+(\S+)/.exec(out)?.[1] ?? '?';
  return { rps, worstSecond: undefined, p50: toMs(p50), p99: toMs(p99), total };
}

const BODY: QueryModeBody = { config: { mode: 'timestamp', timestamp_column_name: 'updated_at' } };

export const suites: Suite[] = [
  {
    id: 'mock-framework',
    title: 'The mock: node:http or Hono',
    description:
      'How the mock server was chosen: start time, as the wall time of a process that starts a server with one JSON route on loopback, answers one `fetch` and exits (`bench/mock-framework/*.mjs`, interleaved, against `node -e 0`), and dependency weight, as the installed files of the packages each needs at run time.',
    async run({ quick, log }) {
      ensureBuilt(log);
      const probes: Record<string, string[]> = {
        'node -e 0': ['-e', '0'],
        'node:http': [join(PROBES, 'node-http.mjs')],
        'Hono + @hono/node-server': [join(PROBES, 'hono.mjs')],
        '@querymode/mock (node:http)': [join(PROBES, 'querymode-mock.mjs')],
      };
      const samples = quick ? 3 : 30;
      const times: Record<string, number[]> = Object.fromEntries(Object.keys(probes).map((k) => [k, []]));
      for (const args of Object.values(probes)) await timeNode(args);
      for (let i = 0; i < samples; i++)
        for (const [k, args] of Object.entries(probes)) times[k]?.push(await timeNode(args));
      const base = stats(times['node -e 0'] as number[]).median;
      const http = stats(times['node:http'] as number[]).median;
      const rows = Object.entries(times).map(([k, xs]) => {
        const s = stats(xs);
        return [
          k,
          formatMs(s.median),
          formatMs(s.min),
          formatRatio(s.median / base),
          formatRatio(s.median / http),
        ];
      });
      const hono = packageTree('hono');
      for (const [name, dir] of packageTree('@hono/node-server')) hono.set(name, dir);
      const honoWeight = [...hono.values()]
        .map(weight)
        .reduce((a, w) => ({ bytes: a.bytes + w.bytes, files: a.files + w.files }), {
          bytes: 0,
          files: 0,
        });
      const versions = [...hono].map(([n, dir]) => `${n} ${versionOf(dir)}`).join(', ');
      return {
        tables: [
          { title: 'Start time', columns: ['server', 'median', 'min', 'vs node -e 0', 'vs node:http'], rows },
          {
            title: 'Dependency weight (run time)',
            columns: ['server', 'packages', 'files', 'installed size'],
            rows: [
              ['node:http', '0 (built in)', '0', '0 MB'],
              [
                'Hono + @hono/node-server',
                String(hono.size),
                fmtInt(honoWeight.files),
                `${(honoWeight.bytes / 1e6).toFixed(1)} MB`,
              ],
            ],
          },
        ],
        notes: [
          `${samples} samples each, interleaved. Hono: ${versions}. Every probe loads undici for its one \`fetch\`, which is most of the time above \`node -e 0\`.`,
        ],
      };
    },
  },
  {
    id: 'mock-serve',
    title: 'The mock on loopback: requests per second',
    description:
      'Throughput of `querymode mock --rate-limit 0` (100 pipelines of 10 objects, no faults) in its own process, loaded from a second process (wrk, or autocannon where wrk is not installed), beside a bare node:http server that answers a fixed page of the same size. Target: at least 10,000 requests/s with the limiter off.',
    async run({ quick, log }) {
      ensureBuilt(log);
      const { child, env } = await startMockProcess([
        '--rate-limit',
        '0',
        '--pipelines',
        '100',
        '--objects',
        '10',
      ]);
      const authorization = `Basic ${Buffer.from(`${env.QUERYMODE_API_KEY}:${env.QUERYMODE_API_SECRET}`).toString('base64')}`;
      const base = `${env.QUERYMODE_BASE_URL}/api/public/v2.0`;
      const page = (await (
        await fetch(`${base}/pipelines?limit=1`, { headers: { authorization } })
      ).json()) as {
        data: { id: string }[];
      };
      const pipeline = page.data[0]?.id as string;
      const objects = (await (
        await fetch(`${base}/pipelines/${pipeline}/objects?limit=1`, { headers: { authorization } })
      ).json()) as {
        data: { name: string }[];
      };
      const object = objects.data[0]?.name as string;
      const scenarios = {
        'GET /pipelines?limit=10': {
          method: 'GET',
          url: `${base}/pipelines?limit=10`,
          headers: { authorization },
        },
        'PUT .../query-mode': {
          method: 'PUT',
          url: `${base}/pipelines/${pipeline}/objects/${object}/query-mode`,
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify(BODY),
        },
      } as const;
      const rows: string[][] = [];
      const rates: number[] = [];
      let bareRate = 1;
      const duration = quick ? 2 : 10;
      const bare = spawn(process.execPath, [join(PROBES, 'node-http-serve.mjs')], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      const [portChunk] = (await once(bare.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
      const bareUrl = `http://127.0.0.1:${String(portChunk).trim()}/api/public/v2.0/pipelines?limit=10`;
      const connections = 20;
      try {
        await load({ url: bareUrl }, 1, connections);
        const b = await load({ url: bareUrl }, duration, connections);
        log(`bare node:http: ${fmtInt(b.rps)} req/s`);
        bareRate = b.rps;
        rows.push([
          'baseline: bare node:http, a fixed page (`bench/mock-framework/node-http-serve.mjs`)',
          fmtInt(b.rps),
          b.p50,
          b.p99,
          fmtInt(b.total),
          '1.00x',
        ]);
      } finally {
        bare.kill('SIGTERM');
        await once(bare, 'close');
      }
      try {
        for (const [name, target] of Object.entries(scenarios)) {
          await load(target, 1, connections); // warm-up
          const r = await load(target, duration, connections);
          log(`${name}: ${fmtInt(r.rps)} req/s`);
          rates.push(r.rps);
          rows.push([name, fmtInt(r.rps), r.p50, r.p99, fmtInt(r.total), formatRatio(r.rps / bareRate)]);
        }
      } finally {
        await stopMockProcess(child);
      }
      return {
        tables: [
          {
            columns: ['request', 'requests/s', 'p50', 'p99', 'requests', 'vs bare node:http'],
            rows,
          },
        ],
        targets: [
          {
            name: 'requests/s, slower scenario, limiter off',
            value: Math.min(...rates),
            limit: 10_000,
            atLeast: true,
            unit: '',
          },
        ],
        notes: [
          `Load generator: ${GENERATOR === 'wrk' ? "Debian's `wrk` (one thread, 20 connections; `apt-get install wrk`)" : `autocannon ${versionOf(findPackage('autocannon', ROOT))} (20 connections; install Debian's \`wrk\` to use it instead)`}, in its own process; the mock in another (\`node packages/cli/dist/querymode.cjs mock\`). On this two-core machine the two share the cores, and other work on the machine lowers both rows alike: compare the mock with the bare server of the same run.`,
        ],
      };
    },
  },
  {
    id: 'client-overhead',
    title: 'The client against a bare fetch',
    description:
      'Time per request of `@querymode/client` against a bare `fetch` of the same request (the same headers, the body parsed), sequentially, against `querymode mock --rate-limit 0` in another process on loopback. The client validates the body with core, builds the request, runs its retry loop with an attempt timeout and a deadline, and checks the list envelope (through `paginate`); its rate limiter is off (`rateLimit: false`), since 100 requests a minute would measure the limit. Target: at most 1.15x a bare fetch.',
    async run({ quick, log }) {
      ensureBuilt(log);
      const { child, env } = await startMockProcess([
        '--rate-limit',
        '0',
        '--pipelines',
        '20',
        '--objects',
        '10',
      ]);
      try {
        const made = createClient({
          baseUrl: env.QUERYMODE_BASE_URL as string,
          apiKey: env.QUERYMODE_API_KEY as string,
          apiSecret: env.QUERYMODE_API_SECRET as string,
          rateLimit: false,
        });
        if (!made.ok) throw new Error('client options');
        const client = made.value;
        const authorization = `Basic ${Buffer.from(`${env.QUERYMODE_API_KEY}:${env.QUERYMODE_API_SECRET}`).toString('base64')}`;
        const base = `${env.QUERYMODE_BASE_URL}/api/public/v2.0`;
        const pipeline = ((await client.listPipelines({ limit: 1 })).data[0] as { id: string }).id;
        const putUrl = `${base}/pipelines/${pipeline}/objects/public.table_01/query-mode`;
        const candidates: Record<string, () => Promise<unknown>> = {
          'bare fetch GET': async () =>
            (
              await fetch(`${base}/pipelines?limit=10`, {
                headers: { accept: 'application/json', authorization },
              })
            ).json(),
          'client listPipelines (first page)': async () => client.listPipelines({ limit: 10 }).firstPage(),
          'bare fetch PUT': async () =>
            (
              await fetch(putUrl, {
                method: 'PUT',
                headers: { accept: 'application/json', authorization, 'content-type': 'application/json' },
                body: JSON.stringify(BODY),
              })
            ).json(),
          'client setQueryMode': async () => {
            const r = await client.setQueryMode(pipeline, 'public.table_01', BODY);
            if (!r.ok) throw new Error(r.error.message);
          },
        };
        const perRound = quick ? 50 : 400;
        const rounds = quick ? 3 : 11;
        const samples: Record<string, number[]> = Object.fromEntries(
          Object.keys(candidates).map((k) => [k, []]),
        );
        for (const op of Object.values(candidates)) for (let i = 0; i < perRound; i++) await op();
        for (let round = 0; round < rounds; round++) {
          const names = Object.keys(candidates);
          for (let j = 0; j < names.length; j++) {
            const name = names[(j + round) % names.length] as string;
            const op = candidates[name] as () => Promise<unknown>;
            const start = performance.now();
            for (let i = 0; i < perRound; i++) await op();
            samples[name]?.push(((performance.now() - start) * 1000) / perRound);
          }
        }
        const med = (k: string) => stats(samples[k] as number[]).median;
        const getRatio = med('client listPipelines (first page)') / med('bare fetch GET');
        const putRatio = med('client setQueryMode') / med('bare fetch PUT');
        log(`GET ${formatRatio(getRatio)}, PUT ${formatRatio(putRatio)}`);
        const us = (k: string) => `${med(k).toFixed(0)} µs`;
        return {
          tables: [
            {
              columns: ['request', 'bare fetch', 'client', 'client vs bare fetch'],
              rows: [
                [
                  'GET /pipelines?limit=10 (a page of 10)',
                  us('bare fetch GET'),
                  us('client listPipelines (first page)'),
                  formatRatio(getRatio),
                ],
                [
                  'PUT .../query-mode',
                  us('bare fetch PUT'),
                  us('client setQueryMode'),
                  formatRatio(putRatio),
                ],
              ],
            },
          ],
          targets: [
            { name: 'client vs bare fetch, GET', value: getRatio, limit: 1.15, unit: 'x' },
            { name: 'client vs bare fetch, PUT', value: putRatio, limit: 1.15, unit: 'x' },
          ],
          notes: [
            `${rounds} interleaved rounds of ${perRound} sequential requests per candidate after a warm-up round; median time per request.`,
          ],
        };
      } finally {
        await stopMockProcess(child);
      }
    },
  },
  {
    id: 'apply-fake-clock',
    title: '`apply` of 1,000 objects under the rate limit, on a virtual clock',
    description:
      "`runApply` (what `querymode apply --yes` runs) sets 1,000 objects through `@querymode/client` (its limiter at the service's 100 requests a minute, documented at https://api-docs.hevodata.com/reference/rate-limits, see [service.md](service.md#rate-limit); concurrency 4) against the mock in-process (`mockFetch`), whose own limit of 100 a minute answers any excess with 429. Client and mock share one virtual clock, so ten minutes take well under a second. Target: the run takes the limit's minimum and never exceeds the window.",
    async run({ log }) {
      const rows: string[][] = [];
      const targets = [];
      for (const latency of [0, 50]) {
        const clock = createVirtualClock();
        const api = new MockApi({
          fixture: generateFixture({ pipelines: 10, objects: 100, seed: 2 }),
          clock,
          ...(latency > 0 ? { faults: { latencyMs: { min: latency, max: latency } } } : {}),
        });
        const made = createClient({
          baseUrl: 'http://mock.invalid',
          apiKey: api.credentials.key,
          apiSecret: api.credentials.secret,
          fetch: mockFetch(api, clock),
          clock,
          env: {},
        });
        if (!made.ok) throw new Error('client options');
        const client = made.value;
        const plan = api.state.pipelineIds
          .flatMap((id, p) =>
            api.state.objectNames(id).map((name, o) =>
              JSON.stringify({
                pipeline_id: id,
                object_name: name,
                config: exampleConfig(MODES[(p + o) % MODES.length] as (typeof MODES)[number]),
              }),
            ),
          )
          .join('\n');
        const checked = checkPlan(plan);
        const wall = performance.now();
        const { summary } = await clock.run(
          runApply(checked.items, {
            send: (item, signal) =>
              client.setQueryMode(item.pipelineId, item.objectName, item.body, { signal }),
            concurrency: 4,
          }),
        );
        const wallMs = performance.now() - wall;
        const virtualMs = clock.now();
        const state = api.snapshot();
        const minimum = 9 * 60_000;
        log(
          `latency ${latency} ms: ${virtualMs} ms virtual, ${summary.applied} applied, max ${state.rate_limit?.max_in_window} in a window`,
        );
        rows.push([
          `${latency} ms`,
          fmtInt(summary.applied),
          `${(virtualMs / 60_000).toFixed(3)} min (${fmtInt(virtualMs)} ms)`,
          `${fmtInt(minimum)} ms`,
          String(state.rate_limit?.max_in_window),
          String(state.rate_limit?.limited),
          formatMs(wallMs),
        ]);
        targets.push(
          {
            name: `latency ${latency} ms: virtual time vs the minimum`,
            value: virtualMs / minimum,
            limit: 1.01,
            unit: 'x',
          },
          {
            name: `latency ${latency} ms: most requests in any 60 s window`,
            value: state.rate_limit?.max_in_window ?? 0,
            limit: 100,
            unit: '',
          },
        );
      }
      return {
        tables: [
          {
            columns: [
              'mock latency',
              'objects applied',
              'virtual time to the last answer',
              'minimum',
              'most requests in a 60 s window',
              '429s',
              'wall time',
            ],
            rows,
          },
        ],
        targets,
        notes: [
          "The minimum: 1,000 requests at 100 per window of 60 s make ten windows of 100; the last hundred cannot start before nine windows (9 min, 540,000 ms) after the first, and the tenth window ends at 10 min. With latency the run takes a little longer: the client holds each slot until a whole window after its answer (so that no window at the server can see more than 100 arrivals, whatever the latency), and four requests in flight send a window's hundred over 25 round trips.",
        ],
      };
    },
  },
];
