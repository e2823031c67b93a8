/**
 * `-o -` and `-o /dev/stdout` (issue 36, item 10): standard output, for every command that has
 * `-o`, as `-` names standard input for `apply -` and `--traits -`; never a file named `-`. The
 * flags that write a file beside the command's own output (`verify --junit`, `demo --report`)
 * refuse standard output rather than mix the two.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './run-cli.js';

const EXAMPLE = join(import.meta.dirname, '..', '..', 'examples', 'report', 'tables.ndjson');

describe('-o - and -o /dev/stdout', () => {
  it('report: writes the page to stdout and no file', () => {
    const dir = tempDir();
    const input = join(dir, 'results.ndjson');
    const records = runCli(['recommend', '--ndjson'], { input: readFileSync(EXAMPLE, 'utf8') });
    writeFileSync(input, records.stdout);
    const file = join(dir, 'plan.html');
    expect(runCli(['report', input, '-o', file]).status).toBe(0);
    for (const target of ['-', '/dev/stdout']) {
      const r = runCli(['report', input, '-o', target], { cwd: dir });
      expect(r.status, target).toBe(0);
      expect(r.stdout, target).toBe(readFileSync(file, 'utf8'));
      expect(r.stderr, target).toContain('wrote stdout');
    }
    expect(readdirSync(dir).sort()).toEqual(['plan.html', 'results.ndjson']);
  });

  it('openapi: writes the document to stdout and no file', () => {
    const dir = tempDir();
    const plain = runCli(['openapi']).stdout;
    expect(plain.length).toBeGreaterThan(1000);
    for (const target of ['-', '/dev/stdout']) {
      const r = runCli(['openapi', '-o', target], { cwd: dir });
      expect(r.status, target).toBe(0);
      expect(r.stdout, target).toBe(plain);
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it('verify --junit and demo --report refuse stdout, which carries their own output', () => {
    const dir = tempDir();
    const plan = join(dir, 'plan.ndjson');
    writeFileSync(plan, '');
    for (const args of [
      ['verify', plan, '--sample-shop', '--junit', '-'],
      ['demo', '--report', '/dev/stdout'],
    ]) {
      const r = runCli(args, { cwd: dir });
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(/cannot write --(junit|report) to standard output/);
    }
    expect(existsSync(join(dir, '-'))).toBe(false);
  });
});
