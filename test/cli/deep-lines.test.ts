/**
 * One line nested thousands deep never costs the others: every JSON input of the CLI refuses a
 * value deeper than core's MAX_JSON_DEPTH (128) before anything walks it. In NDJSON input such a
 * line is its own error record (`too_deep`), every other line gets its result and the summary
 * counts it; a JSON document that deep is an error of its own (exit 1). No input reaches an
 * internal error (a stack overflow, before).
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { traitsLines } from '../../bench/lib/traits-gen.js';
import { lines, runCli, tempDir } from './run-cli.js';

/** `{"table":"deep","x":[[[...]]]}` or the same with objects, `depth` levels inside `x`. */
function deep(depth: number, shape: 'array' | 'object'): string {
  const inner =
    shape === 'array'
      ? `${'['.repeat(depth)}${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  return `{"table":"deep","rows":5,"x":${inner}}`;
}

/** The deep lines every test mixes in: 5,000 and 100,000 levels, of arrays and of objects. */
const DEEP = [deep(5_000, 'array'), deep(5_000, 'object'), deep(100_000, 'array'), deep(100_000, 'object')];

/** `count` good traits lines with the deep lines spread among them; the deep lines' numbers. */
function mixed(count: number): { text: string; deepAt: number[] } {
  const out: string[] = [];
  const deepAt: number[] = [];
  const every = Math.floor(count / DEEP.length);
  let d = 0;
  for (const line of traitsLines(count, 3)) {
    out.push(line);
    if (out.length % every === every - 1 && d < DEEP.length) {
      out.push(DEEP[d++] as string);
      deepAt.push(out.length);
    }
  }
  return { text: `${out.join('\n')}\n`, deepAt };
}

const noInternalError = (stderr: string) => expect(stderr).not.toMatch(/internal error|call stack/i);

describe('a line nested thousands deep among good ones', () => {
  for (const [threads, count, env] of [
    ['1', 40, {}],
    ['2', 2_000, { QUERYMODE_THREADS_AFTER_LINES: '100' }],
  ] as const) {
    it(`recommend --ndjson --threads ${threads}: its own too_deep record, every other line its result, counted`, () => {
      const { text, deepAt } = mixed(count);
      const file = join(tempDir(), 'in.ndjson');
      writeFileSync(file, text);
      // `--debug` says when the worker starts: a decision on counts, where which threads did lines is timing.
      const debug = threads === '2' ? ['--debug'] : [];
      const r = runCli(['recommend', '--ndjson', '--threads', threads, ...debug, '--input', file], { env });
      noInternalError(r.stderr);
      const records = lines(r.stdout);
      expect(records).toHaveLength(count + DEEP.length);
      expect(records.map((x) => x.line)).toEqual(records.map((_, i) => i + 1));
      for (const record of records) {
        if (deepAt.includes(record.line)) {
          expect(record).toMatchObject({ ok: false, status: 'error', error: { code: 'too_deep' } });
          expect(record.error.message).toContain(`line ${record.line}: nested more than 128 levels deep`);
        } else expect(record.ok).toBe(true);
      }
      expect(r.stderr).toContain(
        `${(count + DEEP.length).toLocaleString('en-US')} lines, ${count.toLocaleString('en-US')} ok, ${DEEP.length} failed`,
      );
      expect(r.status).toBe(1);
      if (threads === '2') expect(r.stderr).toContain('recommend: 1 worker thread starts after ');
    });
  }

  it('report: the too_deep records of recommend are rows of the page; a deep line in its input is refused by number', () => {
    const dir = tempDir();
    const { text, deepAt } = mixed(20);
    const records = runCli(['recommend', '--ndjson', '--detail'], { input: text });
    const page = join(dir, 'plan.html');
    const r = runCli(['report', '-', '-o', page], { input: records.stdout });
    noInternalError(r.stderr);
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(page, 'utf8')).toContain('too_deep');
    const withDeep = `${records.stdout}${DEEP[2]}\n`;
    const refused = runCli(['report', '-', '-o', join(dir, 'other.html')], { input: withDeep });
    noInternalError(refused.stderr);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      `line ${lines(records.stdout).length + 1}: nested more than 128 levels deep`,
    );
    expect(deepAt).toHaveLength(DEEP.length);
  });

  it('apply -: the deep line is an invalid record (too_deep), every other line its own record, nothing sent', () => {
    const good = (n: number) =>
      JSON.stringify({ pipeline_id: 'p', object_name: `o${n}`, config: { mode: 'full_load' } });
    const deepRecord = `{"pipeline_id":"p","object_name":"d","config":{"mode":"full_load","x":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
    const r = runCli(['apply', '-'], { input: [good(1), deepRecord, good(2)].join('\n') });
    noInternalError(r.stderr);
    expect(r.status).toBe(1);
    expect(lines(r.stdout).map((x) => [x.line, x.status, x.error?.code])).toEqual([
      [1, 'not_sent', undefined],
      [2, 'invalid', 'too_deep'],
      [3, 'not_sent', undefined],
    ]);
  });
});

describe('a JSON document nested thousands deep', () => {
  for (const depth of [5_000, 100_000]) {
    for (const shape of ['array', 'object'] as const) {
      it(`${depth} levels of ${shape}s: --traits - and validate - exit 1 with the reason, no internal error`, () => {
        const traits = runCli(['recommend', '--traits', '-'], { input: deep(depth, shape) });
        noInternalError(traits.stderr);
        expect(traits.status).toBe(1);
        expect(traits.stderr).toContain('traits (stdin) is nested more than 128 levels deep');
        const validate = runCli(['validate', '-'], {
          input: deep(depth, shape).replace('{"table":"deep","rows":5,', '{"config":{"mode":"full_load"},'),
        });
        noInternalError(validate.stderr);
        expect(validate.status).toBe(1);
        expect(validate.stderr).toContain('body (stdin) is nested more than 128 levels deep');
      });
    }
  }
});
