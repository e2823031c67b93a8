/**
 * `recommend FILE` (issue 36, item 15): the input as an argument, as `report`, `apply` and
 * `verify` take theirs: NDJSON lines with `--ndjson` (as `--input`), one table's traits otherwise
 * (as `--traits`); given twice, a usage error.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './run-cli.js';

const TRAITS = {
  table: 'shop.orders',
  rows: 1000,
  columns: [{ name: 'id', type: 'bigint', primary_key: true, auto_increment: true }],
  changes: { inserts: 'yes', updates: 'no', deletes: 'no' },
};

describe('recommend FILE', () => {
  it('reads NDJSON lines from FILE with --ndjson, as --input and stdin do', () => {
    const file = join(tempDir(), 'tables.ndjson');
    const text = `${JSON.stringify(TRAITS)}\n${JSON.stringify({ ...TRAITS, table: 'shop.items' })}\n`;
    writeFileSync(file, text);
    const byInput = runCli(['recommend', '--ndjson', '--input', file]);
    expect(byInput.status).toBe(0);
    expect(byInput.stdout.split('\n').filter(Boolean)).toHaveLength(2);
    for (const args of [
      ['recommend', '--ndjson', file],
      ['recommend', file, '--ndjson'],
    ]) {
      const r = runCli(args);
      expect(r.status, args.join(' ')).toBe(0);
      expect(r.stdout, args.join(' ')).toBe(byInput.stdout);
    }
    const stdin = runCli(['recommend', '--ndjson', '-'], { input: text });
    expect(stdin.stdout).toBe(byInput.stdout);
  });

  it("reads one table's traits from FILE without --ndjson, as --traits does", () => {
    const file = join(tempDir(), 'orders.json');
    writeFileSync(file, JSON.stringify(TRAITS));
    const byTraits = runCli(['recommend', '--traits', file, '--json']);
    expect(byTraits.status).toBe(0);
    const r = runCli(['recommend', file, '--json']);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(byTraits.stdout);
  });

  it('refuses the input given twice, naming both', () => {
    const file = join(tempDir(), 'orders.json');
    writeFileSync(file, JSON.stringify(TRAITS));
    for (const [args, option] of [
      [['recommend', file, '--traits', file], '--traits'],
      [['recommend', '--ndjson', file, '--input', file], '--input'],
    ] as const) {
      const r = runCli(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain(`give the input once: as the argument`);
      expect(r.stderr, args.join(' ')).toContain(`or with ${option}, not both`);
    }
  });
});
