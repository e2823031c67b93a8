/**
 * `querymode estimate` says the answer first: the fewest billed events among the modes that miss
 * no insert or update, then one line per mode with what it misses, then the assumptions.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const RATES = [
  '--rows',
  '2000000',
  '--inserts-per-day',
  '50000',
  '--updates-per-day',
  '10000',
  '--horizon',
  '30d',
];
const COLUMNS = [
  '--source',
  'postgresql',
  '--column',
  'id:bigint:primary-key:auto-increment',
  '--column',
  'updated_at:timestamp:not-null:auto-update',
];

/** A table of 4,000,000 rows (an exact count) that 50,000 inserts a day take to 5,000,000 on day 20. */
const GROWING = ['estimate', '--rows', '4000000', '--rows-estimate', 'off', '--inserts-per-day', '50000'];

describe('querymode estimate, answer first', () => {
  it('starts with the answer, then a line per mode naming what it misses, then the assumptions', () => {
    const r = runCli(['estimate', ...RATES, ...COLUMNS]);
    expect(r.status).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe(
      'Fewest billed events without missing an insert or update: timestamp+incrementing, 1,800,000 billed events over 30d.',
    );
    expect(lines.slice(2, 8)).toEqual([
      'full_load: 330,750,000 billed events; misses no insert or update',
      'timestamp: 300,000 billed events; misses inserts (50,000 a day)',
      'incrementing: 1,500,000 billed events; misses updates (10,000 a day)',
      'timestamp+incrementing: 1,800,000 billed events; misses no insert or update',
      'unique_incrementing: 1,500,000 billed events; misses updates (10,000 a day)',
      'change_tracking: unknown; may miss inserts and updates (whether this mode captures them is not described); not usable: PostgreSQL has no change-tracking feature (inference: its change feed is logical replication, which the service reads in log-based pipelines, not through a query mode), so `change_tracking` cannot be used for the table.',
    ]);
    expect(lines[9]).toBe('Assumptions, for every mode, over 30d (720 hours):');
    expect(r.stdout.indexOf('How full_load is counted:')).toBeGreaterThan(r.stdout.indexOf('Assumptions'));
  });

  it('says "may miss" for a kind the table may have, and picks no mode that may miss one', () => {
    const r = runCli([
      'estimate',
      '--rows',
      '2000000',
      '--inserts',
      'yes',
      '--mode',
      'incrementing',
      '--mode',
      'full_load',
    ]);
    expect(r.status).toBe(0);
    const [answer, , ...rest] = r.stdout.split('\n');
    expect(answer).toMatch(
      /^Fewest billed events without missing an insert or update: full_load, 240,000,000 billed events over 30d\.$/,
    );
    expect(rest[0]).toBe(
      'incrementing: unknown; may miss updates (whether the table has them is not known); its columns are not known (give them with --column)',
    );
    expect(rest[1]).toBe('full_load: 240,000,000 billed events; misses no insert or update');
  });

  it('says so when no mode is known to miss nothing', () => {
    const r = runCli(['estimate', '--rows', '2000000', '--mode', 'timestamp']);
    expect(r.stdout.split('\n')[0]).toMatch(
      /^No usable mode is known to miss no insert or update of this table: say which kinds it has \(--inserts, --updates\) and its columns \(--column\)/,
    );
  });

  it('applies the row limit to every mode it lists, now and over the horizon, and headlines no mode whose columns it does not know', () => {
    const now = runCli([
      'estimate',
      '--rows',
      '6000000',
      '--inserts-per-day',
      '50000',
      '--updates-per-day',
      '10000',
    ]);
    const lines = now.stdout.split('\n');
    expect(lines[0]).toMatch(/^No usable mode is known to miss no insert or update/);
    expect(lines[2]).toBe(
      'full_load: 810,750,000 billed events; misses no insert or update; not usable: the table has 6,000,000 rows; `full_load` is usable only when the table has fewer than 5,000,000 rows.',
    );
    expect(lines[5]).toMatch(
      /^timestamp\+incrementing: 1,800,000 billed events; .*its columns are not known/,
    );
    const zero = runCli([
      'estimate',
      '--rows',
      '6000000',
      '--inserts-per-day',
      '0',
      '--updates-per-day',
      '0',
    ]);
    expect(zero.stdout.split('\n')[0]).not.toMatch(/timestamp, 0/);
    expect(zero.stdout.split('\n')[0]).toMatch(/^No usable mode/);
    const growing = runCli([...GROWING, '--updates-per-day', '10000', ...COLUMNS]);
    const g = growing.stdout.split('\n');
    expect(g[0]).toBe(
      'Fewest billed events without missing an insert or update: timestamp+incrementing, 1,800,000 billed events over 30d.',
    );
    expect(g[2]).toMatch(
      /^full_load: .*not usable: the table has 4,000,000 rows and reaches 5,000,000 on day 20 of the 30-day horizon/,
    );
  });

  it('--json says which modes it lists are ruled out and why, and the cheaper modes within reach', () => {
    const r = runCli([...GROWING, '--json']);
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as {
      ruled_out: { mode: string; fails: string[]; columns_unknown: boolean }[];
      withinReach: { modes: unknown[] };
    };
    const full = out.ruled_out.find((x) => x.mode === 'full_load');
    expect(full?.fails.join(' ')).toContain('reaches 5,000,000 on day 20 of the 30-day horizon');
    // No column given: no other mode can be the answer either, and each says so.
    expect(out.ruled_out.filter((x) => x.columns_unknown).map((x) => x.mode)).toHaveLength(5);
    expect(Array.isArray(out.withinReach.modes)).toBe(true);
    const human = runCli(['estimate', '--rows', '1000', '--inserts-per-day', '0', '--updates-per-day', '0']);
    expect(human.stdout).toContain(
      'Cheaper within reach: incrementing would save about 120,000 events over 30d; it needs: what are the columns of the table?',
    );
  });
});
