/**
 * The words users read cite what users have: the human output of every command, run on the sample
 * data (recommend, recommend with facts to establish, explain of each mode, estimate, plan,
 * validate with errors, apply --dry-run, the report page, and --help of every command) names no
 * "spec", no section number, no option key of the library and no JSON path; every citation of the
 * service's rules names an entry of docs/service.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MODES, SERVICE_RULES } from '@querymode/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from './run-cli.js';

const ROOT = join(import.meta.dirname, '..', '..');
const example = (name: string) => join(ROOT, 'examples', name);

/** What users must not read, each with what it is. */
const FORBIDDEN: readonly [RegExp, string][] = [
  [/\bspec\b/i, '"spec"'],
  [/\bsections? \d/i, 'a section number'],
  [/\(\d+(?:\.\d+)+\)/, 'a section number like (2.3)'],
  [
    /\b(?:mustCapture|supportedModes|baseUrl|apiKey|apiSecret|unknownEvents|rowsEstimateMargin)\b/,
    'an option key of the library',
  ],
  [/\b(?:inserts|updates|deletes)_per_day\b/, 'a traits key'],
  [/\b[a-z_]+\.\d+\.[a-z_]+\b/, 'a JSON path'],
];

/** The keys of the page's data that hold machine values, not words (the script renders them). */
const MACHINE_KEYS = new Set([
  'source',
  'rule',
  'sql',
  'query',
  'path',
  'code',
  'status',
  'mode',
  'best',
  'title',
]);

/** The words in a value of the page's data: every string but those under a machine key. */
function wordsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(wordsOf);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => (MACHINE_KEYS.has(k) ? [] : wordsOf(v)));
}

/** The page and the command lines whose output is read, by name. */
const outputs = new Map<string, string>();

/** The human output of the CLI for `args`, recorded under their words. */
function read(args: readonly string[], input?: string): void {
  const r = runCli(args, input === undefined ? {} : { input });
  outputs.set(args.join(' '), `${r.stdout}\n${r.stderr}`);
}

describe('the words of every command', () => {
  beforeAll(() => {
    const dir = tempDir();
    const commands = ['modes', 'explain', 'validate', 'recommend', 'estimate', 'plan', 'inspect', 'demo'];
    for (const c of [...commands, 'report', 'apply', 'openapi', 'mock', 'schema']) read([c, '--help']);
    read(['--help']);
    for (const mode of MODES) {
      read(['explain', mode.id]);
      read(['explain', mode.id, '--source', 'mysql']);
      read(['plan', '--traits', example('orders.traits.json'), '--from', 'full_load', '--to', mode.id]);
    }
    read(['modes']);
    read(['recommend', '--traits', example('orders.traits.json')]);
    read(['recommend', '--rows', '12000000', '--column', 'id:bigint', '--column', 'updated_at:timestamp']);
    read(['estimate', '--traits', example('orders.traits.json')]);
    read(['estimate', '--rows', '1000']);
    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({ config: { mode: 'timestamp', timestamp_colum_name: 'x', extra: 1 } }),
    );
    read(['validate', bad]);
    read(['validate', example('hand-written.body.json'), '--fix']);
    read(['validate', example('body.json'), '--traits', example('orders.traits.json')]);
    read(['apply', example('apply/recommended.ndjson'), '--pipeline', '1', '--object-name-from-table']);
    read(['apply', example('apply/plan.ndjson'), '--pipeline', '1', '--yes']);
    read(['demo']);
    const records = join(dir, 'r.ndjson');
    writeFileSync(
      records,
      runCli(['recommend', '--ndjson', '--detail'], {
        input: readFileSync(example('report/tables.ndjson'), 'utf8'),
      }).stdout,
    );
    const page = join(dir, 'plan.html');
    runCli(['report', records, '-o', page]);
    // The page's own words, and the records it shows (its script renders their sentences).
    const html = readFileSync(page, 'utf8');
    outputs.set(
      'report page',
      html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<details[\s\S]*?<\/details>/g, ''),
    );
    const data = /<script type="application\/json" id="qm-data">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null';
    outputs.set('report page data', wordsOf(JSON.parse(data)).join('\n'));
    // A guard against a hang, not a measure: these 30 CLI runs passed 120 s at a load of 20 (stop 46).
  }, 600_000);

  it('name no "spec", section number, option key or JSON path', () => {
    const found: string[] = [];
    for (const [what, text] of outputs)
      for (const line of text.split('\n'))
        for (const [re, name] of FORBIDDEN)
          if (re.test(line)) found.push(`${what}: ${name}: ${line.trim().slice(0, 160)}`);
    expect(found).toEqual([]);
  });

  it("cite only entries of the page of the service's rules", () => {
    const titles = new Set<string>(SERVICE_RULES.map((r) => r.title));
    const cited = new Set<string>();
    for (const text of outputs.values())
      for (const m of text.matchAll(/service rules: ([^()\n;,.]+?)(?=[);,.\n]| \()/g))
        cited.add((m[1] ?? '').trim());
    expect(cited.size).toBeGreaterThan(3);
    expect([...cited].filter((t) => !titles.has(t))).toEqual([]);
  });

  it('a line that says "spec" or names an option key is found (the scan is live)', () => {
    const lines = [
      'capture of updates (spec 2.3)',
      'leave updates out of mustCapture',
      'columns.1.set_on_update',
    ];
    for (const line of lines)
      expect(
        FORBIDDEN.some(([re]) => re.test(line)),
        line,
      ).toBe(true);
  });
});
