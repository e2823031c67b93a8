/**
 * `querymode mock` and `querymode apply` as a user runs them: spawned processes, real sockets,
 * signals. The mock of the apply tests runs in this process (started with `startMockServer`), so
 * that its state can be read directly.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exampleConfig, MODES } from '@querymode/core';
import { generateFixture, type RunningMockServer, startMockServer } from '@querymode/mock';
import { afterEach, describe, expect, it } from 'vitest';
import { gateClock } from '../support/gate-clock.js';
import { lines, startBin, tempDir, untilOutput } from './run-cli.js';

const run = (args: readonly string[], env: Record<string, string> = {}, input?: string) =>
  startBin(args, env, input).done;
const start = startBin;

const BODIES = MODES.map((m) => ({ config: exampleConfig(m) }));

let server: RunningMockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A mock on loopback and the environment that points the CLI at it. */
async function mock(options: Parameters<typeof startMockServer>[0] = {}) {
  server = await startMockServer({ rateLimit: false, ...options });
  const env = {
    QUERYMODE_BASE_URL: server.url,
    QUERYMODE_API_KEY: server.api.credentials.key,
    QUERYMODE_API_SECRET: server.api.credentials.secret,
  };
  return { api: server.api, env };
}

/** A plan setting every object of the mock, one record per line. */
function planOf(api: RunningMockServer['api']): { text: string; expected: Map<string, unknown> } {
  const expected = new Map<string, unknown>();
  const records = api.state.pipelineIds.flatMap((id, p) =>
    api.state.objectNames(id).map((name, o) => {
      const body = BODIES[(p + o) % BODIES.length] as { config: unknown };
      expected.set(`${id}/${name}`, body.config);
      return JSON.stringify({
        pipeline_id: id,
        object_name: name,
        config: body.config,
        note: 'kept and ignored',
      });
    }),
  );
  return { text: `${records.join('\n')}\n`, expected };
}

/** Waits until the mock running as `child` has printed its credentials; resolves with its stdout. */
const credentialsOf = (child: ReturnType<typeof start>['child']): Promise<string> =>
  untilOutput(child.stdout, (out) => out.includes('QUERYMODE_MOCK_READONLY_SECRET'));

describe('querymode mock', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`prints its base URL and credentials, serves them, and stops cleanly on ${signal} (exit 0)`, async () => {
      const { child, done } = start([
        'mock',
        '--port',
        '0',
        '--pipelines',
        '2',
        '--objects',
        '4',
        '--seed',
        '5',
      ]);
      const out = await credentialsOf(child);
      const env = Object.fromEntries(
        out
          .trim()
          .split('\n')
          .map((l) => l.split('=') as [string, string]),
      );
      expect(Object.keys(env)).toEqual([
        'QUERYMODE_BASE_URL',
        'QUERYMODE_API_KEY',
        'QUERYMODE_API_SECRET',
        'QUERYMODE_MOCK_READONLY_KEY',
        'QUERYMODE_MOCK_READONLY_SECRET',
      ]);
      expect(env.QUERYMODE_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const auth = `Basic ${Buffer.from(`${env.QUERYMODE_API_KEY}:${env.QUERYMODE_API_SECRET}`).toString('base64')}`;
      const page = (await (
        await fetch(`${env.QUERYMODE_BASE_URL}/api/public/v2.0/pipelines`, {
          headers: { authorization: auth },
        })
      ).json()) as {
        data: unknown[];
      };
      expect(page.data).toHaveLength(2);
      // A keep-alive connection is open: the mock must close it to exit.
      child.kill(signal);
      const r = await done;
      expect(r.status).toBe(0);
      expect(r.stderr).toContain('querymode mock: stopped after 1 request\n');
    });
  }

  it('never prints a credential the user gave', async () => {
    const { child, done } = start(['mock', '--port', '0'], {
      QUERYMODE_MOCK_API_KEY: 'given-key',
      QUERYMODE_MOCK_API_SECRET: 'given-secret-xyz',
    });
    await credentialsOf(child);
    child.kill('SIGTERM');
    const r = await done;
    expect(r.status).toBe(0);
    expect(`${r.stdout}${r.stderr}`).not.toContain('given-secret-xyz');
    expect(r.stdout).toContain('(not shown)');
  });

  it('warns on stderr, before listening, when --host is not a loopback address', async () => {
    // 192.0.2.1 is a documentation address (RFC 5737), never this machine's: nothing is bound.
    const r = await run(['mock', '--host', '192.0.2.1', '--port', '0']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--host 192.0.2.1 is not a loopback address');
    expect(r.stderr).toContain('cannot listen on 192.0.2.1');
    const local = start(['mock', '--port', '0', '--host', '127.0.0.1']);
    await credentialsOf(local.child);
    local.child.kill('SIGTERM');
    expect((await local.done).stderr).not.toContain('warning');
  });

  it("checks a fixture file's configs in the mock's profile, and names each problem's path", async () => {
    const file = join(tempDir(), 'fixture.json');
    const objects = [{ name: 'orders', config: { mode: 'timestamp' } }];
    writeFileSync(
      file,
      JSON.stringify({
        pipelines: [
          { id: 'p1', objects },
          { id: 'p1', objects: [] },
        ],
      }),
    );
    const strict = await run(['mock', '--port', '0', '--fixtures', file]);
    expect(strict.status).toBe(1);
    expect(strict.stderr).toContain('`pipelines[0].objects[0].config.timestamp_column_name`: required');
    expect(strict.stderr).toContain('`pipelines[1].id`: "p1" is given twice (first at `pipelines[0].id`)');
    writeFileSync(file, JSON.stringify({ pipelines: [{ id: 'p1', objects }] }));
    const documented = start(['mock', '--port', '0', '--fixtures', file, '--profile', 'documented']);
    await credentialsOf(documented.child);
    documented.child.kill('SIGTERM');
    expect((await documented.done).status).toBe(0);
  });

  it('refuses bad options in one line (exit 2)', async () => {
    for (const args of [
      ['--faults', '5xx=2'],
      ['--port', '70000'],
      ['--fixtures', 'missing.json'],
    ]) {
      const r = await run(['mock', ...args]);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
  });
});

describe('querymode apply', () => {
  it('dry run by default: prints what would be sent, sends nothing', async () => {
    const { api, env } = await mock({ fixture: generateFixture({ pipelines: 2, objects: 3 }) });
    const { text } = planOf(api);
    const r = await run(['apply', '-'], env, text);
    expect(r.status).toBe(0);
    const out = lines(r.stdout);
    expect(out).toHaveLength(6);
    expect(out[0]).toMatchObject({ line: 1, ok: true, status: 'would_apply', request: { method: 'PUT' } });
    expect(r.stderr).toContain('nothing was sent');
    expect(api.counters().requests).toBe(0);
  });

  it('validates every record before sending anything: a null body (nothing recommended) stops the whole plan', async () => {
    const { api, env } = await mock({ fixture: generateFixture({ pipelines: 1, objects: 3 }) });
    const id = api.state.pipelineIds[0] as string;
    const plan = [
      { pipeline_id: id, object_name: 'public.table_1', config: { mode: 'full_load' } },
      {
        pipeline_id: id,
        object_name: 'public.table_2',
        line: 2,
        ok: true,
        table: 't',
        mode: null,
        body: null,
        status: 'x',
      },
      { pipeline_id: id, object_name: 'public.table_3', body: { config: { mode: 'timestamp' } } },
      { pipeline_id: id, object_name: 'public.table_1', config: { mode: 'full_load' } },
    ]
      .map((r) => JSON.stringify(r))
      .concat(
        // JSON would keep the last `mode`: the record is refused rather than sent as `full_load`.
        `{"pipeline_id":"${id}","object_name":"public.table_3","config":{"mode":"timestamp","mode":"full_load"}}`,
      )
      .join('\n');
    const r = await run(['apply', '-', '--yes'], env, plan);
    expect(r.status).toBe(1);
    expect(lines(r.stdout).map((l) => [l.line, l.status, l.error?.code])).toEqual([
      [1, 'not_sent', undefined],
      [2, 'invalid', 'no_recommendation'],
      [3, 'invalid', 'invalid_body'],
      [4, 'invalid', 'duplicate_object'],
      [5, 'invalid', 'duplicate_key'],
    ]);
    expect(api.counters().requests).toBe(0);
  });

  it('applies a recommend --ndjson record with pipeline_id and object_name added, and journals it', async () => {
    const { api, env } = await mock({ fixture: generateFixture({ pipelines: 1, objects: 2 }) });
    const id = api.state.pipelineIds[0] as string;
    const dir = tempDir();
    const record = {
      line: 1,
      ok: true,
      table: 'public.table_1',
      mode: 'timestamp+incrementing',
      body: {
        config: {
          mode: 'timestamp+incrementing',
          incrementing_column_name: 'id',
          timestamp_column_name: 'updated_at',
        },
      },
      events: 12,
      misses: [],
      warnings: 0,
      pipeline_id: id,
      object_name: 'public.table_1',
    };
    const journal = join(dir, 'j.ndjson');
    const first = await run(['apply', '-', '--yes', '--journal', journal], env, JSON.stringify(record));
    expect(first.status).toBe(0);
    expect(lines(first.stdout)).toEqual([
      {
        line: 1,
        pipeline_id: id,
        object_name: 'public.table_1',
        ok: true,
        status: 'applied',
        http_status: 200,
        attempts: 1,
      },
    ]);
    const again = await run(['apply', '-', '--yes', '--journal', journal], env, JSON.stringify(record));
    expect(lines(again.stdout)[0]).toMatchObject({ status: 'skipped' });
    expect(api.snapshot().pipelines[0]?.objects[0]).toMatchObject({
      mode: 'timestamp+incrementing',
      puts: 1,
    });
  });

  it('--pipeline and --object-name-from-table fill what recommend records lack; a record keeps its own; without them nothing is guessed', async () => {
    const { api, env } = await mock({ fixture: generateFixture({ pipelines: 2, objects: 2 }) });
    const [first, second] = api.state.pipelineIds as [string, string];
    const body = { config: { mode: 'incrementing', incrementing_column_name: 'id' } };
    const plan = [
      { line: 1, ok: true, status: 'recommended', table: 'public.table_1', body },
      { line: 2, ok: true, status: 'recommended', table: 'public.table_2', body, pipeline_id: second },
      { line: 3, ok: true, status: 'recommended', table: 'x', body, object_name: 'public.table_2' },
    ]
      .map((r) => JSON.stringify(r))
      .join('\n');

    const bare = await run(['apply', '-', '--yes'], env, plan);
    expect(bare.status).toBe(1);
    expect(lines(bare.stdout).map((l) => l.error?.code)).toEqual([
      'missing_field',
      'missing_field',
      'missing_field',
    ]);
    expect(bare.stderr).toContain('give --pipeline ID');
    const noNames = await run(['apply', '-', '--pipeline', first], env, plan);
    expect(noNames.status).toBe(1);
    expect(noNames.stderr).toContain('--object-name-from-table');
    expect(api.counters().requests).toBe(0);

    const r = await run(['apply', '-', '--yes', '--pipeline', first, '--object-name-from-table'], env, plan);
    expect(r.status).toBe(0);
    expect(lines(r.stdout).map((l) => [l.line, l.pipeline_id, l.object_name, l.status])).toEqual([
      [1, first, 'public.table_1', 'applied'],
      [2, second, 'public.table_2', 'applied'],
      [3, first, 'public.table_2', 'applied'],
    ]);
    const modes = api.snapshot().pipelines.map((p) => p.objects.map((o) => o.mode));
    expect(modes).toEqual([
      ['incrementing', 'incrementing'],
      ['full_load', 'incrementing'],
    ]);

    const empty = await run(['apply', '-', '--pipeline', ' '], env, plan);
    expect(empty.status).toBe(2);
    expect(empty.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('reports each failure in the NDJSON output and exits 1; never shows the secret', async () => {
    const { api, env } = await mock({ fixture: generateFixture({ pipelines: 1, objects: 2 }) });
    const id = api.state.pipelineIds[0] as string;
    const plan = [
      { pipeline_id: id, object_name: 'public.table_1', config: { mode: 'full_load' } },
      { pipeline_id: id, object_name: 'no.such.table', config: { mode: 'full_load' } },
    ]
      .map((x) => JSON.stringify(x))
      .join('\n');
    const r = await run(['apply', '-', '--yes'], env, plan);
    expect(r.status).toBe(1);
    expect(lines(r.stdout).map((l) => [l.status, l.error?.kind, l.error?.http_status])).toEqual([
      ['applied', undefined, undefined],
      ['failed', 'not_found', 404],
    ]);
    const secret = 'wrong-secret-never-shown';
    const bad = await run(['apply', '-', '--yes', '--api-secret', secret, '--debug'], env, plan);
    expect(bad.status).toBe(1);
    expect(lines(bad.stdout).every((l) => l.error?.kind === 'unauthorized')).toBe(true);
    expect(`${bad.stdout}${bad.stderr}`).not.toContain(secret);
    expect(`${r.stdout}${r.stderr}`).not.toContain(env.QUERYMODE_API_SECRET);
    const none = await run(['apply', '-', '--yes'], { QUERYMODE_BASE_URL: env.QUERYMODE_BASE_URL }, plan);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('QUERYMODE_API_KEY');
  });

  it('killed with SIGKILL midway and run again, ends equal to the plan; no object set twice except by a retry of the same PUT', async () => {
    // The mock answers the first 60 requests at once and holds the rest until the gate opens: the
    // run is killed with 60 answered and journaled and 4 in flight, however busy the machine.
    const gate = gateClock(60);
    const { api, env } = await mock({
      fixture: generateFixture({ pipelines: 3, objects: 100, seed: 4 }),
      faults: { latencyMs: { min: 1, max: 1 } },
      clock: gate.clock,
    });
    const { text, expected } = planOf(api);
    const dir = tempDir();
    const planFile = join(dir, 'plan.ndjson');
    const journal = join(dir, 'plan.journal');
    writeFileSync(planFile, text);
    const args = [
      'apply',
      planFile,
      '--yes',
      '--journal',
      journal,
      '--rate-limit',
      '0',
      '--concurrency',
      '4',
    ];
    const first = start(args, env);
    // Each of the 4 workers journals an answer before it sends its next request.
    await gate.held(4);
    first.child.kill('SIGKILL');
    const killed = await first.done;
    expect(killed.signal).toBe('SIGKILL');
    const before = readFileSync(journal, 'utf8').split('\n').filter(Boolean).length;
    expect(before).toBe(60);
    // The server acts on the 4 requests of the killed run that it held.
    gate.open();

    const second = await run(args, env);
    expect(second.status).toBe(0);
    const out = lines(second.stdout);
    expect(out.filter((l) => l.status === 'skipped')).toHaveLength(before);
    expect(out.filter((l) => l.status === 'applied')).toHaveLength(300 - before);

    const objects = api
      .snapshot()
      .pipelines.flatMap((p) => p.objects.map((o) => ({ key: `${p.id}/${o.name}`, ...o })));
    for (const o of objects) expect(o.config, o.key).toEqual(expected.get(o.key));
    // Every object was only ever sent one body; a second PUT is a resend of a request that was in
    // flight (or answered but not yet journaled) when the process was killed.
    expect(objects.every((o) => o.distinct_configs === 1)).toBe(true);
    const twice = objects.filter((o) => o.puts > 1);
    expect(objects.every((o) => o.puts <= 2)).toBe(true);
    expect(twice).toHaveLength(4);
  });
});
