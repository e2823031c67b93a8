/**
 * `querymode inspect --observe` end to end on the PostgreSQL test server: rows are inserted and
 * updated while it waits between its two readings, its records carry the measured rates, and the
 * report made from them shows a saving (without rates, every estimate is unknown).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changesCounted,
  freshName,
  PG_READER_URL,
  withPostgres,
} from '../../packages/introspect/test/support/servers.js';
import { BIN, type CliRun, ndjsonRecords, runCli, tempDir } from './run-cli.js';

const schema = freshName('qm_t');

/**
 * Runs `inspect --observe`, stopped (SIGSTOP) as soon as it says its first reading is done, while
 * `during` runs; it continues (SIGCONT) when `during` has settled. Its window is real time, so a
 * stopped run is what keeps the second reading after `during`, however slow the machine: a run
 * continued after its window reads again at once.
 */
function inspectObserving(args: readonly string[], during: () => Promise<void>): Promise<CliRun> {
  const child = spawn(process.execPath, [BIN, 'inspect', ...args], {
    env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' },
  });
  let stdout = '';
  let stderr = '';
  let activity: Promise<void> | undefined;
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    stdout += d;
  });
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    stderr += d;
    if (activity === undefined && stderr.includes('first reading')) {
      child.kill('SIGSTOP');
      activity = during().finally(() => child.kill('SIGCONT'));
    }
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(killer);
      (activity ?? Promise.resolve()).then(() => resolve({ status, stdout, stderr }), reject);
    });
  });
}

describe('querymode inspect --observe', () => {
  beforeAll(async () => {
    await withPostgres(async (c) => {
      await c.query(`CREATE SCHEMA "${schema}";
        CREATE TABLE "${schema}".orders (
          id bigserial PRIMARY KEY,
          total int NOT NULL,
          updated_at timestamptz NOT NULL DEFAULT now());
        CREATE FUNCTION "${schema}".touch() RETURNS trigger LANGUAGE plpgsql AS
          $$ BEGIN NEW.updated_at := now(); RETURN NEW; END $$;
        CREATE TRIGGER touch BEFORE UPDATE ON "${schema}".orders
          FOR EACH ROW EXECUTE FUNCTION "${schema}".touch();
        INSERT INTO "${schema}".orders (total) SELECT g FROM generate_series(1, 500) g;
        ANALYZE "${schema}".orders;
        SELECT pg_stat_force_next_flush(); -- counted before the test's first reading, not in its window
        GRANT USAGE ON SCHEMA "${schema}" TO qm_reader;
        GRANT SELECT ON ALL TABLES IN SCHEMA "${schema}" TO qm_reader;`);
    });
  });
  afterAll(async () => {
    await withPostgres((c) => c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
  });

  it('records the rates measured over the window, and the report made from them shows a saving', async () => {
    // The run is stopped between its readings until the counters show the changes, so they fall
    // in its window whatever its length.
    const r = await inspectObserving([PG_READER_URL, '--schema', schema, '--observe', '3s'], () =>
      changesCounted(async (c) => {
        await c.query(`INSERT INTO "${schema}".orders (total) VALUES (1)`);
        await c.query(`UPDATE "${schema}".orders SET total = total + 1 WHERE id = 1`);
      }),
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /^inspect: first reading of the change counters done; reading them again in 3s \(at \d\d:\d\d:\d\d UTC\)$/m,
    );
    expect(r.stderr).toContain('12 catalog queries');
    const [orders] = ndjsonRecords(r.stdout);
    expect(orders.changes).toMatchObject({
      inserts: 'yes',
      updates: 'yes',
      deletes: 'unknown',
      deletes_per_day: 0,
    });
    expect(orders.changes.inserts_per_day).toBeGreaterThan(0);
    expect(orders.notes.join(' ')).toMatch(
      /Changes measured: .* read twice by inspect --observe, \d+ s apart; none observed in the window: deletes/,
    );

    const dir = tempDir();
    const recommended = runCli(['recommend', '--ndjson', '--detail'], { input: r.stdout });
    expect(recommended.status, recommended.stderr).toBe(0);
    const page = join(dir, 'plan.html');
    const report = runCli(['report', '-', '-o', page], { input: recommended.stdout });
    expect(report.status, report.stderr).toBe(0);
    const text = readFileSync(page, 'utf8').replace(/<[^>]+>/g, '');
    const saving = /Saving: ([\d,]+)/.exec(text);
    expect(saving, 'the report headline names a saving').not.toBeNull();
    expect(Number(saving?.[1]?.replaceAll(',', ''))).toBeGreaterThan(0);
  });

  it('refuses a window out of range with a usage error that names the flag', () => {
    for (const bad of ['0.5s', '2d', 'soon']) {
      const r = runCli(['inspect', PG_READER_URL, '--schema', schema, '--observe', bad]);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/--observe expects/);
      expect(r.stdout).toBe('');
    }
  });
});
