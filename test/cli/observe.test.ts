/**
 * `querymode inspect --observe` end to end on the PostgreSQL test server: rows are inserted and
 * updated while it waits between its two readings, its records carry the measured rates, and the
 * report made from them shows a saving (without rates, every estimate is unknown).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshName, PG_READER_URL, withPostgres } from '../../packages/introspect/test/support/servers.js';
import { BIN, type CliRun, ndjsonRecords, runCli, tempDir } from './run-cli.js';

const schema = freshName('qm_t');

/**
 * Runs `inspect --observe`, calling `during` once it says its first reading is done, with a
 * function that says whether the run has ended.
 */
function inspectObserving(
  args: readonly string[],
  during: (ended: () => boolean) => Promise<void>,
): Promise<CliRun> {
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
    if (activity === undefined && stderr.includes('first reading')) activity = during(() => closed);
  });
  let closed = false;
  const killer = setTimeout(() => child.kill(), 60_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => {
      closed = true;
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
        GRANT USAGE ON SCHEMA "${schema}" TO qm_reader;
        GRANT SELECT ON ALL TABLES IN SCHEMA "${schema}" TO qm_reader;`);
    });
  });
  afterAll(async () => {
    await withPostgres((c) => c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
  });

  it('records the rates measured over the window, and the report made from them shows a saving', async () => {
    // The CLI's window is real time, so the test keeps inserting and updating from the first
    // reading until the run ends: whenever the second reading comes, changes fell in between
    // (a server process reports its counts about once a second while it works).
    const r = await inspectObserving([PG_READER_URL, '--schema', schema, '--observe', '3s'], (ended) =>
      withPostgres(async (c) => {
        while (!ended()) {
          await c.query(`INSERT INTO "${schema}".orders (total) VALUES (1)`);
          await c.query(`UPDATE "${schema}".orders SET total = total + 1 WHERE id = 1`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
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
      /Changes measured: .* read twice by inspect --observe, 3 s apart; none observed in the window: deletes/,
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
