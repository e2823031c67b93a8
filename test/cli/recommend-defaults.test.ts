/**
 * `recommend --ndjson` with pipeline-wide flags: `--source`, `--pipeline-mode`, `--frequency`,
 * `--inserts`, `--updates` and `--deletes` are the default of every line that does not know the
 * fact; a line's own facts win; `from_flags` says which fields came from the flags; the worker
 * threads apply them the same way; the flags of one table are refused.
 */

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detailRecords, ndjsonRecords, runCli, tempDir } from './run-cli.js';

const columns = [
  { name: 'id', type: 'bigint', nullable: false, primary_key: true, unique: true, auto_increment: true },
  { name: 'updated_at', type: 'timestamp', nullable: false, set_on_update: true },
];
const line = (extra: Record<string, unknown>) =>
  JSON.stringify({ table: 'shop.t', source: 'postgresql', rows: 9_000_000, columns, ...extra });

describe('recommend --ndjson with pipeline-wide flags', () => {
  it('fills what a line does not know, keeps what it does, and says which fields came from the flags', () => {
    const input = [
      line({}),
      line({ pipeline_mode: 'log_based', replication_frequency_minutes: 15 }),
      line({ changes: { inserts: 'yes', updates: 'unknown', updates_per_day: 0, observed_days: 0.000174 } }),
      line({ changes: { inserts_per_day: 10, updates: 'yes' } }),
    ].join('\n');
    const r = runCli(
      [
        'recommend',
        '--ndjson',
        '--detail',
        '--pipeline-mode',
        'table',
        '--frequency',
        '1h',
        '--inserts',
        'yes',
        '--updates',
        'no',
      ],
      { input },
    );
    expect(r.status, r.stderr).toBe(0);
    const [a, b, c, d] = detailRecords(r.stdout).records;
    expect(a.from_flags).toEqual([
      'pipeline_mode',
      'replication_frequency_minutes',
      'changes.inserts',
      'changes.updates',
    ]);
    expect(a.traits).toMatchObject({
      pipeline_mode: 'table',
      replication_frequency_minutes: 60,
      changes: { inserts: 'yes', updates: 'no' },
    });
    expect(b.from_flags).toEqual(['changes.inserts', 'changes.updates']);
    expect(b.traits).toMatchObject({ pipeline_mode: 'log_based', replication_frequency_minutes: 15 });
    // None observed in a measured window stays unknown in the line, so the default applies.
    expect(c.from_flags).toEqual(['pipeline_mode', 'replication_frequency_minutes', 'changes.updates']);
    expect(c.traits.changes).toEqual({
      inserts: 'yes',
      updates: 'no',
      updates_per_day: 0,
      observed_days: 0.000174,
    });
    // A rate of inserts and an answer for updates are the line's own facts.
    expect(d.from_flags).toEqual(['pipeline_mode', 'replication_frequency_minutes']);
    expect(d.traits.changes).toEqual({ inserts_per_day: 10, updates: 'yes' });
  });

  it('gives the verdict the line would get with the same facts written in it', () => {
    const facts = {
      pipeline_mode: 'table',
      replication_frequency_minutes: 60,
      changes: { inserts: 'yes', updates: 'no' },
    };
    for (const detail of [[], ['--reasons']]) {
      const own = ndjsonRecords(
        runCli(['recommend', '--ndjson', ...detail], { input: line(facts) }).stdout,
      )[0];
      const flagged = ndjsonRecords(
        runCli(
          [
            'recommend',
            '--ndjson',
            ...detail,
            '--pipeline-mode',
            'table',
            '--frequency',
            '60',
            '--inserts',
            'yes',
            '--updates',
            'no',
          ],
          { input: line({}) },
        ).stdout,
      )[0];
      const { from_flags, ...rest } = flagged;
      expect(from_flags).toHaveLength(4);
      expect(rest).toEqual(own);
    }
  });

  it('writes lines without from_flags when no such flag is given, as before', () => {
    const r = runCli(['recommend', '--ndjson'], { input: line({}) });
    expect(r.status).toBe(0);
    expect(r.stdout).not.toContain('from_flags');
  });

  it('applies the defaults the same way in worker threads', () => {
    const file = join(tempDir(), 'in.ndjson');
    const input = Array.from({ length: 6000 }, (_, i) =>
      i % 2 === 0 ? line({}) : line({ pipeline_mode: 'log_based' }),
    ).join('\n');
    writeFileSync(file, input);
    const args = ['recommend', '--ndjson', '--pipeline-mode', 'table', '--deletes', 'yes', '--input', file];
    const one = runCli([...args, '--threads', '1']);
    const two = runCli([...args, '--threads', '2', '--debug'], {
      env: { QUERYMODE_THREADS_AFTER_LINES: '500' },
    });
    expect(one.status, one.stderr).toBe(0);
    // Whether the worker takes a line before the main thread ends depends on the machine's load: the start note does not.
    expect(two.stderr).toMatch(/recommend: 1 worker thread starts after \d/);
    expect(two.stdout).toBe(one.stdout);
    const records = ndjsonRecords(one.stdout);
    expect(records[0].from_flags).toEqual(['pipeline_mode', 'changes.deletes']);
    expect(records[1].from_flags).toEqual(['changes.deletes']);
  });

  it('refuses the flags of one table, naming them and the flags that apply', () => {
    const r = runCli(['recommend', '--ndjson', '--rows', '5', '--column', 'id:int', '--frequency', '1h'], {
      input: line({}),
    });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/what describes one table does not apply to it: --rows, --column\./);
    expect(r.stderr).toMatch(/--source, --pipeline-mode, --frequency, --inserts, --updates, --deletes/);
  });
});
