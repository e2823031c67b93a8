/**
 * The size of a `recommend --ndjson --detail` record over the benchmark's generated tables: each
 * finding, question and text of the table written once per record, what is the same for every
 * table once per stream (its legend), and nothing of `recommend --json` lost: a reader rebuilds
 * every candidate, finding and cited text from the legend and the record alone, as docs/cli.md
 * says (`rebuild` below, written from the docs, not from core's `expandCandidates`). Bytes, not
 * time: no timing here.
 */
import {
  detailWriter,
  expandCandidates,
  fullQuestions,
  fullWithinReach,
  type NdjsonDetailRecord,
  recommend,
  recommendRecord,
  recordReasons,
} from '@querymode/core';
import { describe, expect, it } from 'vitest';
import { traitsLines } from '../bench/lib/traits-gen.js';

/** What this build's `--detail` records are written with, built once for every record here, and its legend. */
const WRITER = detailWriter();
const LEGEND = WRITER.legend;

/** Tables measured: the first 300 of the benchmark's seed 42. */
const TABLES = 300;
/** The bound on bytes per table, the legend's share included (history: docs/benchmarks.md). */
const MAX_BYTES_PER_TABLE = 6010;

const KINDS = ['inserts', 'updates', 'deletes'] as const;

// biome-ignore lint/suspicious/noExplicitAny: a reader of the JSON lines, typed as JSON.
type Json = any;

/**
 * The candidates of a `--detail` record as `recommend --json` gives them, rebuilt from the legend
 * line and the record line as parsed JSON, by the rules of docs/cli.md ("Where in a `--detail`
 * record"): a number cites the record's `texts`, a string the legend's; what a finding or a
 * capture leaves out is its check's (`checks`) or its mode's (`plainCaptures`).
 */
function rebuild(legend: Json, record: Json): Json {
  /** A record's text: written out, or `[key, ...values]`: the legend's template, each parameter in order of first appearance replaced by a value. */
  const own = (entry: Json): string => {
    if (typeof entry === 'string') return entry;
    const [key, ...values] = entry;
    const names: string[] = [];
    return legend.templates[key].replace(/\{(\w+)\}/g, (_: string, name: string) => {
      if (!names.includes(name)) names.push(name);
      const value = values[names.indexOf(name)];
      return typeof value === 'number' ? own(record.texts[value]) : value;
    });
  };
  const text = (ref: string | number): string =>
    typeof ref === 'number' ? own(record.texts[ref]) : legend.texts[ref];
  const capture = (c: Json, kind: string): Json => c.captures?.[kind] ?? legend.plainCaptures[c.mode][kind];
  // A question's query: written out, null where it has `noQuery`, or the legend's statement of what it `asks`.
  const sql = record.sql ?? {};
  const shape = sql.database !== undefined ? 'database' : sql.schema !== undefined ? 'schema' : 'table';
  // A question's words cited as any text is; its query as below.
  const questionsFull = record.questions.map(({ asks, column, ...cited }: Json) => {
    const q = {
      ...cited,
      question: text(cited.question),
      ...(cited.noQuery === undefined ? {} : { noQuery: text(cited.noQuery) }),
    };
    if (asks === undefined) return { query: null, ...q };
    const names: Json = { ...sql, column };
    const statements = legend.queries[sql.dialect][shape][column === undefined ? 'table' : 'column'];
    const query = statements[asks].replace(/\{(\w+)\}/g, (_: string, name: string) => names[name]);
    return { path: q.path, question: q.question, query, ...q };
  });
  const listers: Json[] = [];
  for (const c of record.candidates) for (const i of c.findings ?? []) listers[i] ??= c;
  const findings = record.findings.map((f: Json, i: number) => {
    const { cites, questions, says, fixes, with: params, ...own } = f;
    // A statement another finding writes first is cited by that finding's index.
    if (typeof own.sql === 'number') own.sql = record.findings[own.sql].sql;
    const check = f.check ?? 'capture.change_kinds';
    const { words, ...shared } = legend.checks[check];
    const basis = text(cites ?? (check in legend.texts ? check : capture(listers[i], f.captures).cites));
    const given: Json = {
      table: record.table === null ? 'the table' : `\`${record.table}\``,
      basis,
      mode: listers[i].mode,
      ...(f.captures === undefined ? {} : { kind: f.captures }),
      ...(f.path?.[0] === 'config' && f.path.length === 2 && f.path[1] !== 'mode'
        ? { field: f.path[1] }
        : {}),
      ...params,
    };
    const fill = (key: string): string =>
      words[key].replace(/\{(\w+)\}/g, (place: string, name: string) => given[name] ?? place);
    const strength = f.strength ?? shared.strength;
    const severity = legend.severities[strength][f.verdict];
    const full: Json = { ...shared, check, severity, path: ['config', 'mode'], ...own, basis };
    if (says !== undefined) full.message = fill(says);
    if (fixes !== undefined) full.remedy = fill(fixes);
    if (questions !== undefined) {
      full.questions = questions.map((q: number) => questionsFull[q]);
      full.fact ??= full.questions[0]?.path;
    }
    if (check === 'capture.change_kinds') full.fact ??= ['changes', f.captures];
    return full;
  });
  const unlocks = (indexes: number[]): Json[] =>
    indexes.map((i: number) => {
      const f = findings[i];
      return { rule: f.rule, action: f.remedy, ...(f.sql === undefined ? {} : { sql: f.sql }) };
    });
  const asked: number[] = [];
  const withinReach = {
    modes: record.withinReach.modes.map((m: Json) => ({
      ...m,
      asks: m.asks.map((q: number) => {
        if (!asked.includes(q)) asked.push(q);
        return asked.indexOf(q);
      }),
      toUnlock: unlocks(m.toUnlock),
    })),
    questions: [] as Json[],
  };
  withinReach.questions = asked.map((q) => questionsFull[q]);
  // What a candidate leaves out when it is the default (docs/cli.md).
  const defaults = {
    misses: [],
    notDescribed: [],
    billedBelow: null,
    findings: [],
    toEstablish: [],
    toUnlock: [],
  };
  // The kinds the record leaves out are the legend's.
  const kinds = { ...legend.kinds, ...record.kinds };
  // A config the candidate leaves out: of the record's fields (the body's, then `fields`), those its mode takes, in the legend's order.
  const { mode: _, ...bodyFields } = record.body?.config ?? {};
  const fields = { ...bodyFields, ...record.fields };
  const configOf = (mode: string): Json =>
    Object.fromEntries(
      legend.fields[mode]
        .filter((name: string) => name in fields)
        .map((name: string) => [name, fields[name]]),
    );
  const candidates = record.candidates.map(({ config, ...own }: Json, at: number) => ({
    rank: at + 1,
    recommendable:
      own.status === 'eligible' && (own.misses ?? []).every((kind: string) => !kinds[kind].required),
    body: { config: { mode: own.mode, ...(config ?? configOf(own.mode)) } },
    ...defaults,
    ...own,
    captures: Object.fromEntries(
      KINDS.map((kind) => {
        const cited = capture(own, kind);
        return [
          kind,
          {
            ...kinds[kind],
            mode: legend.captures[own.mode][kind],
            verdict: cited.verdict,
            basis: text(cited.cites),
          },
        ];
      }),
    ),
    events: {
      ...legend.plainEstimate,
      ...record.estimate,
      perRun: null,
      ...own.events,
      mode: own.mode,
      formula: text(own.events.formula),
      unknown: (
        own.events.unknown ??
        (own.notDescribed ?? []).map((kind: string) => `events.not_described.${own.mode}.${kind}`)
      ).map(text),
      notes: record.estimate.notes.map(text),
      assumptions: (
        own.events.assumptions ??
        legend.plainAssumptions[`${own.mode}.${record.traits.source}`] ??
        legend.plainAssumptions[own.mode]
      ).map(text),
    },
    findings: (own.findings ?? []).map((i: number) => findings[i]),
    toEstablish: (own.toEstablish ?? []).map((i: number) => questionsFull[i]),
    toUnlock: unlocks(own.toUnlock ?? []),
  }));
  return { reasons: record.reasons.map(text), candidates, withinReach };
}

const records = (): { traits: unknown; record: NdjsonDetailRecord }[] =>
  [...traitsLines(TABLES, 42)].map((text, i) => {
    const traits = JSON.parse(text);
    const record = recommendRecord({
      line: i + 1,
      value: traits,
      options: {},
      detail: 'detail',
      writer: WRITER,
    });
    if (!record.ok) throw new Error(record.error.message);
    return { traits, record: record as NdjsonDetailRecord };
  });

describe('recommend --ndjson --detail: bytes per table', () => {
  it(`writes at most ${MAX_BYTES_PER_TABLE} bytes a table over the benchmark's tables`, () => {
    let bytes = Buffer.byteLength(`${JSON.stringify(LEGEND)}\n`);
    for (const { record } of records()) bytes += Buffer.byteLength(`${JSON.stringify(record)}\n`);
    expect(bytes / TABLES).toBeLessThanOrEqual(MAX_BYTES_PER_TABLE);
  });

  it("keeps every text and fact of recommend --json: legend and record rebuild --json's candidates", () => {
    const legend = JSON.parse(JSON.stringify(LEGEND));
    for (const { traits, record } of records().slice(0, 100)) {
      const full = recommend(traits as never, {});
      if (!full.ok) throw new Error('recommend refused a benchmark table');
      const line = JSON.parse(JSON.stringify(record));
      const { reasons, candidates, withinReach } = JSON.parse(JSON.stringify(full.value));
      expect(rebuild(legend, line)).toEqual({ reasons, candidates, withinReach });
      expect(recordReasons(LEGEND, record)).toEqual(full.value.reasons);
      expect(expandCandidates(LEGEND, record)).toEqual(full.value.candidates);
      expect(fullWithinReach(LEGEND, record)).toEqual(full.value.withinReach);
    }
  });

  it("writes a question's query once per stream: the dialect's own statement, the guard of a PostgreSQL database included, rebuilt byte for byte", () => {
    // The fourth table asks whether the database sets its `id` on insert.
    const base = JSON.parse([...traitsLines(4, 42)][3] as string);
    const names = ['shop.public.orders', 'public.orders', 'shop.public."o""d$$\\x"', 'orders'];
    for (const table of names) {
      const traits = { ...base, source: 'postgresql', table };
      const full = recommend(traits, {});
      if (!full.ok) throw new Error('recommend refused the table');
      const made = recommendRecord({ line: 1, value: traits, options: {}, detail: 'detail', writer: WRITER });
      const record = JSON.parse(JSON.stringify(made));
      const json = JSON.parse(JSON.stringify(full.value));
      expect(expandCandidates(LEGEND, record)).toEqual(json.candidates);
      expect(fullWithinReach(LEGEND, record)).toEqual(json.withinReach);
      const queries = fullQuestions(LEGEND, record).map((q) => q.query ?? '');
      if (table === 'shop.public.orders') {
        expect(record.sql).toEqual({
          dialect: 'postgresql',
          database: 'shop',
          schema: 'public',
          table: 'orders',
        });
        expect(record.questions.some((q: Json) => q.asks !== undefined && q.query === undefined)).toBe(true);
        expect(queries.some((q) => q.includes("WHEN current_database() = 'shop' THEN true"))).toBe(true);
      }
    }
  });

  it('rebuilds the config fields, kinds and estimate it leaves out, with hostile column names and options other than the defaults', () => {
    const hostile = ['i"d\\$$\n\u202ex', "up'dated` at\u2066"];
    const base = JSON.parse([...traitsLines(4, 42)][3] as string);
    base.columns[0].name = hostile[0];
    base.columns[1].name = hostile[1];
    for (const options of [
      {},
      { mustCapture: ['inserts', 'updates', 'deletes'] as const, horizonHours: 24 },
    ]) {
      const full = recommend(base, options as never);
      if (!full.ok) throw new Error('recommend refused the table');
      const made = recommendRecord({ line: 1, value: base, options, detail: 'detail', writer: WRITER });
      const record = JSON.parse(JSON.stringify(made));
      const json = JSON.parse(JSON.stringify(full.value));
      expect(expandCandidates(LEGEND, record)).toEqual(json.candidates);
      expect(rebuild(JSON.parse(JSON.stringify(LEGEND)), record).candidates).toEqual(json.candidates);
      const configs = json.candidates.map((c: Json) => JSON.stringify(c.body?.config));
      expect(configs.some((c: string) => c.includes(JSON.stringify(hostile[0]).slice(1, -1)))).toBe(true);
      if ('mustCapture' in options) {
        expect(record.kinds.deletes).toEqual({ table: 'yes', required: true });
        expect(record.estimate.horizonHours).toBe(24);
      }
    }
  });

  it('leaves out the plain assumptions of a Salesforce object too: its rates bounded in its own words', () => {
    const base = JSON.parse([...traitsLines(4, 42)][3] as string);
    const traits = { ...base, source: 'salesforce', table: 'Account' };
    const full = recommend(traits, {});
    if (!full.ok) throw new Error('recommend refused the object');
    const record = JSON.parse(
      JSON.stringify(
        recommendRecord({ line: 1, value: traits, options: {}, detail: 'detail', writer: WRITER }),
      ),
    );
    expect(expandCandidates(LEGEND, record)).toEqual(JSON.parse(JSON.stringify(full.value.candidates)));
    const reading = full.value.candidates.filter((c) =>
      c.events.assumptions.some((a) => a.includes('updates of one record between two runs')),
    );
    expect(reading.length).toBeGreaterThan(0);
    for (const c of reading)
      expect(record.candidates.find((d: Json) => d.mode === c.mode).events.assumptions).toBeUndefined();
  });
});
