import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type DetailFinding,
  expandCandidates,
  fullFinding,
  MODES,
  recordReasons,
  SOURCE_KINDS,
  validateQueryModeBody,
} from '@querymode/core';
import { describe, expect, it } from 'vitest';
import { detailRecords, ndjsonRecords, runCli, runCliStreaming, tempDir } from './run-cli.js';

/** `recommend` of a PostgreSQL table whose `updated_at` may be NULL: remedies and questions to print. */
const nullableUpdatedAt = (table: string): string[] => [
  'recommend',
  '--table',
  table,
  '--source',
  'postgresql',
  '--rows',
  '1200000',
  '--column',
  'id:bigint:primary-key:auto-increment',
  '--column',
  'updated_at:timestamp:nullable',
  '--inserts',
  'yes',
  '--updates',
  'yes',
];

const TABLE = [
  '--table',
  'shop.orders',
  '--source',
  'postgresql',
  '--rows',
  '1200000',
  '--column',
  'id:bigint:primary-key:auto-increment',
  '--column',
  'updated_at:timestamp:not-null:auto-update',
  '--inserts',
  'yes',
  '--updates',
  'yes',
  '--inserts-per-day',
  '20000',
  '--updates-per-day',
  '5000',
];

const traits = (i: number) => ({
  table: `s.t${i}`,
  rows: 1000 + i,
  columns: [
    { name: 'id', type: 'bigint', nullable: false, unique: true, primary_key: true, auto_increment: true },
    { name: 'updated_at', type: 'timestamp', nullable: false, set_on_update: true },
  ],
  changes: { inserts: 'yes', updates: i % 2 ? 'yes' : 'no', inserts_per_day: 100, updates_per_day: 10 },
});

describe('querymode recommend (one table)', () => {
  // The README's example: TABLE without its name, source and rates.
  const README_TABLE = TABLE.slice(4, 14);

  it('says in its first lines what giving --source unlocks', () => {
    const r = runCli(['recommend', ...README_TABLE]);
    const head = r.stdout.split('\n').slice(0, 3).join('\n');
    expect(head).toContain('give --source');
    expect(head).toContain('timestamp+incrementing');
  });

  it("prints a remedy's statements under it, every line at one indent, as they are to be pasted", () => {
    const args = nullableUpdatedAt('shop.public.orders');
    const r = runCli(args);
    const json = JSON.parse(runCli([...args, '--json']).stdout);
    const lines = r.stdout.split('\n');
    const fill = lines.findIndex((l) => l.startsWith('    - Fill the NULLs of `updated_at`'));
    expect(fill, r.stdout).toBeGreaterThan(0);
    const sql = lines.slice(
      fill + 1,
      lines.findIndex((l, i) => i > fill && l.startsWith('    - ')),
    );
    const timestamp = json.candidates.find((c: { mode: string }) => c.mode === 'timestamp');
    // Each line of the text at the same indent, its own indentation (a block's, a function's) kept.
    expect(sql).toEqual(timestamp.toUnlock[0].sql.split('\n').map((l: string) => `      ${l}`));
  });

  it('leads statements whose names the terminal shows escaped with a comment saying to copy them from --json', () => {
    const args = nullableUpdatedAt;
    const note =
      /^( *)-- A name below holds control or bidi characters, shown as \\uXXXX: copy the exact statements from --json, not these lines\.$/;
    const hostile = runCli(args('shop.public."or\u202eders\u001b[31m"'));
    const lines = hostile.stdout.split('\n');
    // Each printed text (a question's query, a remedy's statements) starts with its database's line
    // (a three-part name): each is led by the comment, at its indent.
    const heads = lines.flatMap((l, i) => (/^ *-- Run in database/.test(l) ? [i] : []));
    expect(heads.length, hostile.stdout).toBeGreaterThan(1);
    for (const i of heads) {
      const m = note.exec(lines[i - 1] as string);
      expect(m, lines[i - 1]).not.toBeNull();
      expect((lines[i] as string).startsWith(`${m?.[1]}-- Run`), lines[i]).toBe(true);
    }
    expect(lines.filter((l) => note.test(l)).length).toBe(heads.length);
    // A name the terminal shows as it is: no comment.
    expect(runCli(args('shop.public.orders')).stdout).not.toMatch(/A name below holds/);
  });

  it('names a cheaper mode within reach with its saving and the fact it needs', () => {
    const args = [...README_TABLE, '--inserts-per-day', '1000', '--updates-per-day', '500'];
    const text = runCli(['recommend', ...args]).stdout.split('\n');
    const reach = text.filter((l) => l.startsWith('Cheaper within reach:'));
    expect(reach.length).toBeGreaterThan(0);
    expect(reach.length).toBeLessThanOrEqual(3);
    expect(reach[0]).toMatch(
      /timestamp\+incrementing would save about [\d,]+ events over .*which kind of database is the source\?/,
    );
    const json = JSON.parse(runCli(['recommend', ...args, '--json']).stdout);
    const first = json.withinReach.modes[0];
    expect(first.mode).toBe('timestamp+incrementing');
    expect(first.saves).toBeGreaterThan(0);
    expect(first.asks.map((i: number) => json.withinReach.questions[i].path.join('.'))).toContain('source');
  });

  it('recommends a mode with the body to send, why, and the other modes', () => {
    const r = runCli(['recommend', ...TABLE]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('recommended: timestamp+incrementing');
    expect(r.stdout).toContain('"incrementing_column_name": "id"');
    expect(r.stdout).toContain('"timestamp_column_name": "updated_at"');
    expect(r.stdout).toContain('Why:');
    for (const m of MODES) expect(r.stdout).toContain(m.id);
  });

  it('gives the full structure as JSON, with a body that validates', () => {
    const r = runCli(['recommend', ...TABLE, '--json']);
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.chosen).toBe('timestamp+incrementing');
    expect(validateQueryModeBody(j.body).ok).toBe(true);
    expect(j.candidates).toHaveLength(MODES.length);
    expect(j.traits.table).toBe('shop.orders');
  });

  it('reads traits from a file or stdin, with flags layered over them', () => {
    const dir = tempDir();
    const file = join(dir, 't.json');
    writeFileSync(file, JSON.stringify(traits(1)));
    const a = JSON.parse(runCli(['recommend', '--traits', file, '--json']).stdout);
    const b = JSON.parse(
      runCli(['recommend', '--traits', '-', '--json'], { input: JSON.stringify(traits(1)) }).stdout,
    );
    expect(a.chosen).toBe(b.chosen);
    const c = JSON.parse(runCli(['recommend', '--traits', file, '--rows', '42', '--json']).stdout);
    expect(c.traits.rows).toBe(42);
  });

  it('never recommends full_load at 5,000,000 rows or more', () => {
    const j = JSON.parse(
      runCli([
        'recommend',
        '--rows',
        '5000000',
        '--rows-estimate',
        'off',
        '--column',
        'id:bigint:primary-key',
        '--inserts',
        'yes',
        '--updates',
        'yes',
        '--json',
      ]).stdout,
    );
    expect(j.chosen).not.toBe('full_load');
    expect(j.candidates.find((c: { mode: string }) => c.mode === 'full_load').status).toBe('ineligible');
  });

  it('respects --supported-modes and --must-capture, and exits 1 when no mode fits', () => {
    const r = runCli([
      'recommend',
      ...TABLE,
      '--supported-modes',
      'incrementing',
      '--must-capture',
      'updates',
      '--json',
    ]);
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout).chosen).toBeNull();
    const h = runCli([
      'recommend',
      ...TABLE,
      '--supported-modes',
      'incrementing',
      '--must-capture',
      'updates',
    ]);
    expect(h.stdout).toContain('no mode can be recommended');
  });

  it('rejects bad flag values in one line with a suggestion (exit 2)', () => {
    for (const [args, text] of [
      [['--column', 'id:bigint:uniqe'], 'did you mean unique?'],
      [['--rows', 'many'], '--rows expects an integer from 0 to 9,007,199,254,740,991'],
      [['--rows', '1e308'], '--rows expects an integer from 0 to 9,007,199,254,740,991; received "1e308"'],
      [['--inserts-per-day', '-5'], '--inserts-per-day expects a finite number of at least 0'],
      [['--run', 'inserts=5', '--horizon', '1d'], '--horizon and --run cannot be given together'],
      [['--run', 'insert=5'], 'did you mean inserts?'],
      [['--updates', 'maybe'], '--updates expects yes, no or unknown'],
      [['--frequency', 'soon'], '--frequency expects a duration'],
      [['--supported-modes', 'timestmp,incrementing'], 'did you mean timestamp?'],
      [['--must-capture', 'update'], 'did you mean updates?'],
    ] as const) {
      const r = runCli(['recommend', '--rows', '10', ...args]);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toContain(text);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
    expect(runCli(['recommend']).status).toBe(2);
  });

  it('ranks by the break-even when change rates are unknown, or last with --unknown-events last', () => {
    // The insert rate known (full_load's row limit over the horizon needs it), the update rate not.
    const noRates = [...TABLE.slice(0, TABLE.indexOf('--inserts-per-day')), '--inserts-per-day', '20000'];
    const a = JSON.parse(runCli(['recommend', ...noRates, '--json']).stdout);
    expect(a.chosen).toBe('timestamp+incrementing');
    expect(a.reasons.join(' ')).toContain('fewer than 4,800,000 rows a day');
    const b = JSON.parse(runCli(['recommend', ...noRates, '--unknown-events', 'last', '--json']).stdout);
    expect(b.chosen).toBe('full_load');
    expect(runCli(['recommend', ...noRates, '--unknown-events', 'never']).status).toBe(2);
  });

  it('reports invalid traits with every issue (exit 1)', () => {
    const r = runCli(['recommend', '--traits', '-'], { input: '{"rows":-5,"columns":"id"}' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('traits from stdin are invalid');
  });
});

describe('querymode recommend --ndjson', () => {
  it('writes one result per input line, in order, and a summary on stderr', () => {
    const lines = Array.from({ length: 50 }, (_, i) => JSON.stringify(traits(i)));
    const r = runCli(['recommend', '--ndjson'], { input: `${lines.join('\n')}\n` });
    expect(r.status).toBe(0);
    const out = ndjsonRecords(r.stdout);
    expect(out).toHaveLength(50);
    out.forEach((o, i) => {
      expect(o).toMatchObject({ line: i + 1, ok: true, table: `s.t${i}` });
      expect(validateQueryModeBody(o.body).ok).toBe(true);
    });
    expect(r.stderr).toMatch(/^recommend: 50 lines, 50 ok, 0 failed/);
  });

  it('gives compact records by default, and the reasons with --reasons', () => {
    const input = `${JSON.stringify(traits(1))}\n`;
    const compact = JSON.parse(runCli(['recommend', '--ndjson'], { input }).stdout);
    expect(Object.keys(compact)).toEqual([
      'line',
      'ok',
      'status',
      'table',
      'mode',
      'best',
      'body',
      'events',
      'misses',
      'warnings',
    ]);
    const full = JSON.parse(runCli(['recommend', '--ndjson', '--reasons'], { input }).stdout);
    expect(full.mode).toBe(compact.mode);
    expect(full.body).toEqual(compact.body);
    expect(full.events).toBe(compact.events);
    expect(full.reasons.length).toBeGreaterThan(0);
    expect(runCli(['recommend', '--reasons', '--rows', '5']).status).toBe(2);
  });

  it('adds the traits, reasons, findings and candidates of recommend --json with --detail', () => {
    const lines = [traits(1), { ...traits(2), rows: 9_000_000 }, { table: 'bare', rows: 10 }];
    const input = `${lines.map((t) => JSON.stringify(t)).join('\n')}\n`;
    const compact = ndjsonRecords(runCli(['recommend', '--ndjson'], { input }).stdout);
    const r = runCli(['recommend', '--ndjson', '--detail', '--horizon', '7d'], { input });
    expect(r.status).toBe(0);
    const { legend, records: detailed } = detailRecords(r.stdout);
    expect(detailed).toHaveLength(3);
    detailed.forEach((d, i) => {
      // The compact record's keys up to `events`, then the detail instead of `misses` and `warnings`,
      // and where each fact came from (here, every one from the input line).
      expect(Object.keys(d)).toEqual([
        ...Object.keys(compact[i]).slice(0, -2),
        'reasons',
        'traits',
        'findings',
        'questions',
        'texts',
        // Only where they hold something: the kinds that differ from the legend's, the config fields.
        ...['kinds', 'fields'].filter((key) => key in d),
        'estimate',
        'candidates',
        'withinReach',
        'facts_from',
      ]);
      expect(Object.keys(d.facts_from)).toEqual(['input']);
      // The verdict is the compact record's; the rest is recommend --json's for the same traits.
      for (const key of ['line', 'status', 'table', 'mode', 'best', 'body'])
        expect(d[key], key).toEqual(compact[i][key]);
      expect(d.traits).toEqual(lines[i]);
      const one = JSON.parse(
        runCli(['recommend', '--traits', '-', '--json', '--horizon', '7d'], {
          input: JSON.stringify(lines[i]),
        }).stdout,
      );
      expect(recordReasons(legend, d)).toEqual(one.reasons);
      // Each finding (as rebuilt: two may differ only by the mode of the candidate that lists them),
      // question and text once; the candidates expand to --json's, nothing lost.
      const findings = d.findings.map((f: DetailFinding) => fullFinding(legend, d, f));
      for (const list of [findings, d.questions, d.texts]) {
        const texts = list.map((f: unknown) => JSON.stringify(f));
        expect(new Set(texts).size).toBe(texts.length);
      }
      expect(expandCandidates(legend, d)).toEqual(one.candidates);
      // Where each fact came from, grouped: every key of the traits, from the line.
      expect(d.facts_from.input).toEqual(Object.keys(lines[i] ?? {}));
      expect(d.events).toBe(d.mode === null ? null : one.candidates[0].events.billed);
    });
    expect(detailed.map((d) => d.status)).toContain('recommended');
    expect(runCli(['recommend', '--detail', '--rows', '5']).status).toBe(2);
  });

  it("cites the deletes reason of the source's own words, never another kind's key, for every kind of source", () => {
    const lines = SOURCE_KINDS.flatMap((source) =>
      (['yes', 'unknown'] as const).map((deletes) => ({
        table: `s.${source}`,
        source,
        rows: 100,
        changes: { deletes },
      })),
    );
    const input = `${lines.map((t) => JSON.stringify(t)).join('\n')}\n`;
    for (const must of [[], ['--must-capture', 'inserts,updates,deletes']]) {
      const r = runCli(['recommend', '--ndjson', '--detail', ...must], { input });
      const { legend, records } = detailRecords(r.stdout);
      const cited = records.map((d) => ({
        source: d.traits.source,
        keys: (d.reasons as unknown[]).filter(
          (k): k is string => typeof k === 'string' && k.startsWith('reasons.deletes.'),
        ),
      }));
      for (const { source, keys } of cited) {
        expect(keys, source).toHaveLength(1);
        // A key names a kind only where that kind has words of its own (Salesforce: objects).
        const kind = (keys[0] ?? '').split('.')[3];
        expect([undefined, 'required', source], `${source}: ${keys[0]}`).toContain(kind);
      }
      expect(cited.find((c) => c.source === 'salesforce')?.keys[0]).toMatch(
        /^reasons\.deletes\.yes\.salesforce/,
      );
      expect(cited.find((c) => c.source === 'oracle')?.keys[0]).toMatch(
        /^reasons\.deletes\.yes(\.required)?$/,
      );
      for (const d of records) expect(recordReasons(legend, d).join(' ')).toContain('deletes');
    }
  });

  it('turns a bad line into an error record with its line number and goes on (exit 1)', () => {
    const input = [
      JSON.stringify(traits(0)),
      '{"rows": 12,',
      '',
      JSON.stringify({ rows: 'many' }),
      '[1,2]',
      JSON.stringify(traits(5)),
    ].join('\r\n');
    const r = runCli(['recommend', '--ndjson'], { input });
    expect(r.status).toBe(1);
    const out = ndjsonRecords(r.stdout);
    expect(out.map((o) => o.line)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(out.map((o) => o.ok)).toEqual([true, false, false, false, false, true]);
    expect(out[1].error.code).toBe('invalid_json');
    expect(out[1].error.message).toContain('line 2');
    expect(out[2].error.code).toBe('empty_line');
    expect(out[3].error.code).toBe('invalid_traits');
    expect(out[4].error.code).toBe('invalid_traits');
    expect(r.stderr).toContain('6 lines, 2 ok, 4 failed');
    expect(r.stderr).toContain('line 2');
  });

  it('keeps output lines equal to input lines for a large streamed input', async () => {
    const n = 30_000;
    const r = await runCliStreaming(['recommend', '--ndjson'], async (stdin) => {
      for (let i = 0; i < n; i += 1000) {
        const chunk = Array.from({ length: 1000 }, (_, k) =>
          i + k === 777 ? 'oops' : JSON.stringify(traits(i + k)),
        ).join('\n');
        if (!stdin.write(`${chunk}\n`)) await new Promise((res) => stdin.once('drain', res));
      }
    });
    expect(r.status).toBe(1);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(n);
    lines.forEach((l, i) => {
      const o = JSON.parse(l);
      expect(o.line).toBe(i + 1);
      expect(o.ok).toBe(i !== 777);
    });
  });

  it('skips a byte-order mark, and turns a line over 16 MiB into an error record without holding it', () => {
    const bom = runCli(['recommend', '--ndjson'], { input: `\ufeff${JSON.stringify(traits(1))}\n` });
    expect(bom.status).toBe(0);
    const dir = tempDir();
    const file = join(dir, 'long.ndjson');
    const long = `{"table":"${'x'.repeat(17 * 1024 * 1024)}"}`;
    writeFileSync(file, `${JSON.stringify(traits(1))}\n${long}\n${JSON.stringify(traits(3))}\n`);
    const r = runCli(['recommend', '--ndjson', '--input', file]);
    expect(r.status).toBe(1);
    const out = ndjsonRecords(r.stdout);
    expect(out.map((o) => [o.line, o.ok])).toEqual([
      [1, true],
      [2, false],
      [3, true],
    ]);
    expect(out[1].error.code).toBe('line_too_long');
  });

  it('reads --input files, fails clearly on a missing one or an empty stdin (exit 2)', () => {
    const dir = tempDir();
    const file = join(dir, 'in.ndjson');
    writeFileSync(file, `${JSON.stringify(traits(1))}`); // no final newline
    const r = runCli(['recommend', '--ndjson', '--input', file]);
    expect(r.status).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(1);
    const m = runCli(['recommend', '--ndjson', '--input', join(dir, 'nope.ndjson')]);
    expect(m.status).toBe(2);
    expect(m.stderr).toContain('input file not found');
    const e = runCli(['recommend', '--ndjson'], { input: '' });
    expect(e.status).toBe(2);
    expect(e.stderr).toContain('no input lines');
    expect(runCli(['recommend', '--ndjson', '--rows', '5']).status).toBe(2);
  });
});

describe('querymode estimate', () => {
  it('estimates events per mode with the formula', () => {
    const r = runCli([
      'estimate',
      '--rows',
      '2000000',
      '--inserts-per-day',
      '50000',
      '--updates-per-day',
      '10000',
      '--horizon',
      '30d',
      '--json',
    ]);
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.horizon_hours).toBe(720);
    const full = j.estimates.find((e: { mode: string }) => e.mode === 'full_load');
    // Loads every 6 hours (the default frequency): 120 loads of a table growing by 50,000 rows a day.
    expect(full.billed).toBe(120 * 2_000_000 + (50_000 * 0.25 * 120 * 121) / 2);
    expect(full.formula).toContain('120 loads');
    const h = runCli(['estimate', '--rows', '2000000', '--inserts', 'no', '--mode', 'full_load']);
    expect(h.stdout).toContain('full_load: 240,000,000 billed events');
    expect(h.stdout).not.toContain('timestamp:');
  });
});

describe('querymode plan', () => {
  it('says what a mode change does, including the restart', () => {
    const r = runCli([
      'plan',
      '--from',
      'full_load',
      '--to',
      'incrementing',
      '--column',
      'id:bigint:primary-key:auto-increment',
      '--rows',
      '1000',
      '--updates',
      'yes',
      '--json',
    ]);
    // incrementing is eligible, but misses the updates the table has: not recommendable, exit 1.
    expect(r.status).toBe(1);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({
      from: 'full_load',
      to: 'incrementing',
      lost: ['updates'],
      status: 'eligible',
      recommendable: false,
      restartsIngestion: true,
    });
    expect(j.body.config.incrementing_column_name).toBe('id');
  });
  it('accepts a body inline or from a file, and rejects an unknown mode', () => {
    const body = '{"config":{"mode":"timestamp","timestamp_column_name":"updated_at"}}';
    // Nothing is known of the table: the next mode needs facts, so the exit is 1.
    const inline = runCli(['plan', '--from', 'incrementing', '--to', body, '--json']);
    expect(inline.status).toBe(1);
    expect(JSON.parse(inline.stdout)).toMatchObject({
      to: 'timestamp',
      status: 'needs_facts',
      allowed: 'not_shown',
    });
    const dir = tempDir();
    writeFileSync(join(dir, 'b.json'), body);
    expect(
      JSON.parse(runCli(['plan', '--from', join(dir, 'b.json'), '--to', 'full_load', '--json']).stdout).from,
    ).toBe('timestamp');
    const bad = runCli(['plan', '--from', 'ful_load', '--to', 'timestamp']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('did you mean full_load?');
  });
});

describe('querymode openapi', () => {
  it('prints YAML or JSON, 3.1 or 3.0', () => {
    expect(runCli(['openapi']).stdout).toMatch(/^openapi: 3\.1\.0/);
    expect(JSON.parse(runCli(['openapi', '--format', 'json', '--oas', '3.0']).stdout).openapi).toBe('3.0.3');
  });
  it('writes a file atomically, and leaves no file behind on a bad option', () => {
    const dir = tempDir();
    const out = join(dir, 'o.json');
    const r = runCli(['openapi', '--format', 'json', '--server', 'eu=https://eu.example.invalid', '-o', out]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
    const doc = JSON.parse(readFileSync(out, 'utf8'));
    expect(doc.servers[0].url).toContain('https://eu.example.invalid');
    const bad = runCli(['openapi', '--server', 'not a url', '-o', join(dir, 'x.yaml')]);
    expect(bad.status).toBe(2);
    expect(readdirSync(dir)).toEqual(['o.json']);
    const nodir = runCli(['openapi', '-o', join(dir, 'missing', 'x.yaml')]);
    expect(nodir.status).toBe(2);
    expect(nodir.stderr).toMatch(/its directory .* does not exist/);
  });
});
