/**
 * Advice safe on partial facts, as properties over generated traits:
 * - removing any one fact (a column's `set_on_update`, `unique`, `nullable`, `auto_increment`,
 *   `primary_key`, `type`; the row count, `rows_estimate`, `source`, `pipeline_mode`, a change
 *   kind with its rate) never turns an answer that is not `recommended` into `recommended`, and a
 *   recommended mode is never kept on a column whose removed type or uniqueness it needs;
 * - permuting the columns never changes the status or the mode;
 * - no recommended mode or eligible candidate names a non-temporal column as its timestamp, or a
 *   column that is no ID as its incrementing column.
 *
 * A moderate number of examples here; many with `pnpm fuzz` (see test/support/property-runs.ts).
 * Shrunk failures are pinned in `safety-fixtures.json` and replayed on every run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  chooseMode,
  type DialectName,
  type RecommendOptions,
  recommend,
  SOURCE_PROFILES,
  type SourceKind,
  type TableTraits,
} from '@querymode/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../test/support/property-runs.js';
import { DIALECTS } from '../../src/dialects/index.js';
import { DATABASE_WORDS } from '../../src/dialects/words.js';
import { typeFamily } from '../type-family.js';
import { largeTraitsArb, optionsArb, traitsArb } from './traits-arbitrary.js';

const RUNS = propertyRuns(3000, 27);

/** Failures found by `pnpm fuzz`, shrunk, each replayed here. */
const PINNED = JSON.parse(readFileSync(join(import.meta.dirname, 'safety-fixtures.json'), 'utf8')) as {
  readonly note: string;
  readonly traits: TableTraits;
  readonly options?: RecommendOptions;
}[];

const anyTraitsArb = fc.oneof(traitsArb, largeTraitsArb);
const casesArb = fc.tuple(anyTraitsArb, fc.oneof(fc.constant(undefined), optionsArb));

type Verdict = { status: string; chosen: string | null; body: Record<string, unknown> | null };

function verdict(traits: TableTraits, options?: RecommendOptions): Verdict {
  const r = chooseMode(traits, options);
  if (!r.ok) return { status: 'error', chosen: null, body: null };
  const body = r.value.body as { config: Record<string, unknown> } | null;
  return { status: r.value.status, chosen: r.value.chosen, body: body?.config ?? null };
}

const COLUMN_FACTS = [
  'set_on_update',
  'unique',
  'nullable',
  'auto_increment',
  'primary_key',
  'type',
] as const;
const TABLE_FACTS = ['rows', 'rows_estimate', 'source', 'pipeline_mode'] as const;
const KINDS = ['inserts', 'updates', 'deletes'] as const;

/** Every variant of the traits with one fact removed, with what was removed. */
function removals(t: TableTraits): { what: string; column?: string; fact: string; traits: TableTraits }[] {
  const out: { what: string; column?: string; fact: string; traits: TableTraits }[] = [];
  for (const fact of TABLE_FACTS) {
    if (!(fact in t)) continue;
    const copy = { ...t } as Record<string, unknown>;
    delete copy[fact];
    out.push({ what: fact, fact, traits: copy as TableTraits });
  }
  const changes = t.changes as Record<string, unknown> | undefined;
  if (changes !== undefined)
    for (const kind of KINDS) {
      if (!(kind in changes) && !(`${kind}_per_day` in changes)) continue;
      const c = { ...changes };
      delete c[kind];
      delete c[`${kind}_per_day`];
      out.push({ what: `changes.${kind}`, fact: kind, traits: { ...t, changes: c } as TableTraits });
      // The answer alone, its rate kept: less knowledge only where the rate reads as the answer does
      // (a rate above 0 as yes, 0 as no); an answer its rate contradicts gives way to another fact, the rate's.
      if (!(kind in changes) || !(`${kind}_per_day` in changes)) continue;
      const rate = changes[`${kind}_per_day`];
      if (
        typeof rate === 'number' &&
        changes[kind] !== 'unknown' &&
        changes[kind] !== (rate > 0 ? 'yes' : 'no')
      )
        continue;
      const answerless = { ...changes };
      delete answerless[kind];
      out.push({
        what: `changes.${kind} (answer)`,
        fact: kind,
        traits: { ...t, changes: answerless } as TableTraits,
      });
    }
  const columns = Array.isArray(t.columns) ? (t.columns as Record<string, unknown>[]) : [];
  columns.forEach((col, i) => {
    for (const fact of COLUMN_FACTS) {
      if (!(fact in col)) continue;
      const c = { ...col };
      delete c[fact];
      const cols = columns.slice();
      cols[i] = c;
      out.push({
        what: `columns[${i}].${fact}`,
        column: String(col.name),
        fact,
        traits: { ...t, columns: cols } as TableTraits,
      });
    }
  });
  return out;
}

const dialectOf = (t: TableTraits): DialectName | null | undefined =>
  typeof t.source === 'string' && t.source in SOURCE_PROFILES
    ? SOURCE_PROFILES[t.source as SourceKind].dialect
    : undefined;

const columnNamed = (t: TableTraits, name: unknown) =>
  (Array.isArray(t.columns) ? (t.columns as Record<string, unknown>[]) : []).find((c) => c.name === name);

/** The families whose whole, growing numbers an answered `auto_increment: true` settles. */
const ANSWERED_FAMILIES: readonly string[] = ['decimal', 'record_id'];

/** Why a config names a column that cannot be its timestamp or incrementing ID, or undefined. */
function misnamed(t: TableTraits, config: Record<string, unknown>): string | undefined {
  const ts = config.timestamp_column_name;
  if (ts !== undefined) {
    const c = columnNamed(t, ts);
    const family = typeFamily(typeof c?.type === 'string' ? c.type : undefined, dialectOf(t));
    if (family !== 'temporal') return `timestamp column ${String(ts)} of family ${family}`;
  }
  const inc = config.incrementing_column_name;
  if (inc !== undefined) {
    const c = columnNamed(t, inc);
    const family = typeFamily(typeof c?.type === 'string' ? c.type : undefined, dialectOf(t));
    // A decimal or a record identifier increments when the traits say it does (an answer).
    const answered = ANSWERED_FAMILIES.includes(family) && c?.auto_increment === true;
    if (family !== 'integer' && !answered) return `incrementing column ${String(inc)} of family ${family}`;
  }
  return undefined;
}

/** The violations of the removal property for one record. */
function removalViolations(traits: TableTraits, options?: RecommendOptions): string[] {
  const before = verdict(traits, options);
  const out: string[] = [];
  for (const r of removals(traits)) {
    const after = verdict(r.traits, options);
    if (after.status !== 'recommended') continue;
    if (before.status !== 'recommended') {
      out.push(`removing ${r.what} turned ${before.status} into recommended ${after.chosen}`);
      continue;
    }
    // A recommended mode is not kept on the column whose type or uniqueness was removed.
    if (r.column !== undefined && (r.fact === 'type' || r.fact === 'unique') && after.body !== null) {
      // The fields whose column the removed fact decides: a type for a timestamp or an incrementing
      // ID, uniqueness for an incrementing ID or a unique ID.
      const fields =
        r.fact === 'type'
          ? ['timestamp_column_name', 'incrementing_column_name']
          : ['incrementing_column_name', 'unique_column_name'];
      const named = Object.entries(after.body).find(([k, v]) => v === r.column && fields.includes(k));
      const changes = r.traits.changes as Record<string, unknown> | undefined;
      const noInserts =
        changes?.inserts === 'no' || (changes?.inserts !== 'yes' && changes?.inserts_per_day === 0);
      const insertsBind =
        (options?.mustCapture === undefined || options.mustCapture.includes('inserts')) &&
        !noInserts &&
        r.traits.pipeline_mode !== 'log_based';
      const notBinding = r.fact === 'unique' && !insertsBind;
      const pkAlone =
        r.fact === 'unique' &&
        // A one-column primary key, with every column's key membership known, is unique without the flag.
        columnNamed(r.traits, r.column)?.primary_key === true &&
        (r.traits.columns as Record<string, unknown>[]).filter((c) => c.primary_key === true).length === 1 &&
        (r.traits.columns as Record<string, unknown>[]).every((c) => typeof c.primary_key === 'boolean');
      if (named !== undefined && (r.fact === 'type' || !notBinding))
        if (!pkAlone) out.push(`removing ${r.what} kept ${after.chosen} on ${named[0]} = ${r.column}`);
    }
  }
  return out;
}

function permutationViolations(
  traits: TableTraits,
  order: readonly number[],
  options?: RecommendOptions,
): string[] {
  if (!Array.isArray(traits.columns) || traits.columns.length < 2) return [];
  const cols = traits.columns as unknown[];
  const permuted = {
    ...traits,
    columns: order.map((i) => cols[i % cols.length]).filter((c, i, a) => a.indexOf(c) === i),
  };
  if ((permuted.columns as unknown[]).length !== cols.length) return [];
  const a = verdict(traits, options);
  const b = verdict(permuted as TableTraits, options);
  return a.status === b.status && a.chosen === b.chosen
    ? []
    : [`reordering the columns turned ${a.status} ${a.chosen} into ${b.status} ${b.chosen}`];
}

function typeViolations(traits: TableTraits, options?: RecommendOptions): string[] {
  const r = recommend(traits, options);
  if (!r.ok) return [];
  const out: string[] = [];
  for (const c of r.value.candidates) {
    if (c.status !== 'eligible' || c.body === null) continue;
    const why = misnamed(traits, (c.body as unknown as { config: Record<string, unknown> }).config);
    if (why !== undefined) out.push(`${c.mode} eligible with a ${why}`);
  }
  return out;
}

describe('advice is safe on partial facts', () => {
  it('removing any one fact never makes an answer bolder', () => {
    fc.assert(
      fc.property(casesArb, ([traits, options]) => {
        expect(removalViolations(traits, options)).toEqual([]);
      }),
      RUNS,
    );
  });

  it('permuting the columns never changes the status or the mode', () => {
    fc.assert(
      fc.property(
        casesArb,
        fc.array(fc.nat({ max: 11 }), { minLength: 12, maxLength: 12 }),
        ([traits, options], order) => {
          const perm = [...new Set([...order, ...Array.from({ length: 12 }, (_, i) => i)])];
          expect(permutationViolations(traits, perm, options)).toEqual([]);
          expect(permutationViolations(traits, [...perm].reverse(), options)).toEqual([]);
        },
      ),
      RUNS,
    );
  });

  it('no eligible candidate names a non-temporal timestamp or a non-ID incrementing column', () => {
    fc.assert(
      fc.property(casesArb, ([traits, options]) => {
        expect(typeViolations(traits, options)).toEqual([]);
      }),
      RUNS,
    );
  });

  it('the pinned failures hold', () => {
    for (const p of PINNED) {
      expect(removalViolations(p.traits, p.options), p.note).toEqual([]);
      expect(typeViolations(p.traits, p.options), p.note).toEqual([]);
      const n = Array.isArray(p.traits.columns) ? p.traits.columns.length : 0;
      const reversed = Array.from({ length: n }, (_, i) => n - 1 - i);
      expect(permutationViolations(p.traits, reversed, p.options), p.note).toEqual([]);
    }
  });
});

/**
 * The traits of a source whose `auto_increment` is the answer that a column grows with each new
 * record (`autoIncrementIsGrowth`: Salesforce), with one column (by `pick`) answered not to grow.
 */
function answeredNotGrowing(t: TableTraits, pick: number): { traits: TableTraits; column?: string } {
  const columns = Array.isArray(t.columns) ? (t.columns as Record<string, unknown>[]) : [];
  const source = 'salesforce';
  if (columns.length === 0) return { traits: { ...t, source } as TableTraits };
  const i = pick % columns.length;
  const cols = columns.map((c, j) => (j === i ? { ...c, auto_increment: false } : c));
  return { traits: { ...t, source, columns: cols } as TableTraits, column: String(columns[i]?.name) };
}

/** Whether inserts bind the choice of the incrementing column: required, possible, and read by the mode. */
function insertsBind(t: TableTraits, options?: RecommendOptions): boolean {
  const changes = t.changes as Record<string, unknown> | undefined;
  const none = changes?.inserts === 'no' || (changes?.inserts !== 'yes' && changes?.inserts_per_day === 0);
  const required = options?.mustCapture === undefined || options.mustCapture.includes('inserts');
  return required && !none && t.pipeline_mode !== 'log_based';
}

/** The candidates (any status) whose body names `column` as its incrementing column, as `mode status`. */
function candidatesIncrementingOn(traits: TableTraits, column: string, options?: RecommendOptions): string[] {
  const r = recommend(traits, options);
  if (!r.ok) return [];
  return r.value.candidates
    .filter(
      (c) =>
        (c.body as unknown as { config: Record<string, unknown> } | null)?.config.incrementing_column_name ===
        column,
    )
    .map((c) => `${c.mode} ${c.status}`);
}

describe('an answered fact about a column never leaves a column the answer rules out', () => {
  it("a field answered not to grow (auto_increment false on Salesforce) is never a mode's incrementing column where inserts count", () => {
    expect(SOURCE_PROFILES.salesforce.autoIncrementIsGrowth).toBe(true);
    fc.assert(
      fc.property(casesArb, fc.nat(), ([t, options], pick) => {
        const { traits, column } = answeredNotGrowing(t, pick);
        if (column === undefined || !insertsBind(traits, options)) return;
        expect(candidatesIncrementingOn(traits, column, options)).toEqual([]);
      }),
      RUNS,
    );
  });

  it('a record identifier answered not to grow is never one, whatever the captures', () => {
    fc.assert(
      fc.property(casesArb, fc.nat(), ([t, options], pick) => {
        const { traits, column } = answeredNotGrowing(t, pick);
        if (column === undefined) return;
        const cols = (traits.columns as Record<string, unknown>[]).map((c) =>
          c.name === column ? { ...c, type: 'id' } : c,
        );
        expect(
          candidatesIncrementingOn({ ...traits, columns: cols } as TableTraits, column, options),
        ).toEqual([]);
      }),
      RUNS,
    );
  });

  it('Id answered not to grow and a Number field answered to grow: timestamp+incrementing on the Number field', () => {
    const field = { nullable: false, unique: true, filterable: true, sortable: true, calculated: false };
    const traits = {
      table: 'Account',
      source: 'salesforce',
      rows: 12_000_000,
      rows_estimate: true,
      columns: [
        { name: 'Id', type: 'id', ...field, set_on_insert: true, auto_increment: false },
        {
          name: 'SystemModstamp',
          type: 'datetime',
          ...field,
          unique: false,
          set_on_insert: true,
          set_on_update: true,
        },
        { name: 'Seq__c', type: 'double', ...field, auto_increment: true },
      ],
      changes: { inserts: 'yes', updates: 'yes' },
    } as TableTraits;
    const r = chooseMode(traits);
    expect(r.ok && r.value).toMatchObject({
      status: 'recommended',
      chosen: 'timestamp+incrementing',
      body: { config: { incrementing_column_name: 'Seq__c', timestamp_column_name: 'SystemModstamp' } },
    });
    // Only Id, answered not to grow: no column fits, and the reason names Id.
    const idOnly = { ...traits, columns: (traits.columns as unknown[]).slice(0, 2) } as TableTraits;
    const none = recommend(idOnly);
    expect(none.ok && none.value.status).not.toBe('recommended');
    const ti = none.ok ? none.value.candidates.find((c) => c.mode === 'timestamp+incrementing') : undefined;
    expect(JSON.stringify(ti)).toContain('`Id` does not grow with each new record');
  });
});

/** The traits with `changes.deletes` (answer and rate) replaced by `deletes`. */
function withDeletes(t: TableTraits, deletes: Record<string, unknown>): TableTraits {
  const changes = { ...((t.changes as Record<string, unknown> | undefined) ?? {}) };
  delete changes.deletes;
  delete changes.deletes_per_day;
  return { ...t, changes: { ...changes, ...deletes } } as TableTraits;
}

/**
 * Every position of the deletes, grouped by the rows they remove a day: what is known of them
 * changes nothing within a group; a rate, the table's size over the span, and so the events of
 * a whole-table read (a table of 1 row that loses 250 a day bills nothing to read again).
 */
const DELETES_POSITIONS: readonly (readonly Record<string, unknown>[])[] = [
  [{}, { deletes: 'yes' }, { deletes: 'no' }, { deletes: 'unknown' }, { deletes_per_day: 0 }],
  [
    { deletes_per_day: 250 },
    { deletes: 'yes', deletes_per_day: 250 },
    { deletes: 'unknown', deletes_per_day: 250 },
  ],
  [{ deletes_per_day: 40 }, { deletes: 'unknown', deletes_per_day: 40 }],
];

describe('deletes decide nothing a query mode can change', () => {
  it('a table gets the same verdict whatever its deletes, unless the caller requires them', () => {
    fc.assert(
      fc.property(casesArb, ([traits, options]) => {
        if (options?.mustCapture?.includes('deletes')) return;
        for (const group of DELETES_POSITIONS) {
          const verdicts = group.map((d) => verdict(withDeletes(traits, d), options));
          for (const v of verdicts) expect(v).toEqual(verdicts[0]);
        }
      }),
      RUNS,
    );
  });

  it('a table with deletes says what happens to deleted rows and what to do, whatever the status', () => {
    fc.assert(
      fc.property(casesArb, ([traits, options]) => {
        const t = withDeletes({ ...traits, pipeline_mode: 'table' } as TableTraits, { deletes: 'yes' });
        const r = recommend(t, options);
        if (!r.ok) return;
        const text = r.value.reasons.join(' ');
        // What happens and what to do are in the source's own words: a platform such as Salesforce has no log to read.
        const dialect = dialectOf(t);
        const words = dialect ? DIALECTS[dialect].words : DATABASE_WORDS;
        expect(text).toContain(`${words.deletedStay}, whatever the mode`);
        expect(text).toContain(words.deletesRemedy);
      }),
      RUNS,
    );
  });

  it('deletes required by the caller: no query mode can meet it, and less knowledge is never bolder', () => {
    const traits = {
      table: 'shop.t',
      source: 'postgresql',
      pipeline_mode: 'table',
      rows: 1000,
      rows_estimate: false,
      columns: [{ name: 'id', type: 'bigint', primary_key: true, unique: true, nullable: false }],
      changes: { inserts: 'yes', updates: 'no', deletes: 'yes' },
    } as TableTraits;
    const options = { mustCapture: ['inserts', 'updates', 'deletes'] } as RecommendOptions;
    const r = recommend(traits, options);
    expect(r.ok && r.value.status).toBe('none');
    expect(r.ok && r.value.reasons.join(' ')).toContain('no query mode can meet that');
    // Deletes not known, or the pipeline mode not known: not recommended either.
    expect(verdict(withDeletes(traits, { deletes: 'unknown' }), options).status).not.toBe('recommended');
    expect(verdict(withDeletes(traits, {}), options).status).not.toBe('recommended');
    const { pipeline_mode: _, ...noPipeline } = traits;
    expect(verdict(noPipeline as TableTraits, options).status).not.toBe('recommended');
    // Without the requirement, the same table is recommended a mode, with the warning.
    const plain = recommend(traits);
    expect(plain.ok && plain.value.status).toBe('recommended');
    expect(plain.ok && plain.value.reasons.join(' ')).toContain(
      'rows deleted at the source stay in the destination',
    );
  });
});

describe('"unknown" beside a rate reads as the key absent', () => {
  it('each kind: `unknown` with its rate gives what the rate alone gives', () => {
    fc.assert(
      fc.property(casesArb, fc.constantFrom(...KINDS), ([traits, options], kind) => {
        const changes = { ...((traits.changes as Record<string, unknown> | undefined) ?? {}) };
        if (!(`${kind}_per_day` in changes)) return;
        delete changes[kind];
        const absent = { ...traits, changes } as TableTraits;
        const unknown = { ...traits, changes: { ...changes, [kind]: 'unknown' } } as TableTraits;
        expect(verdict(unknown, options)).toEqual(verdict(absent, options));
        const a = recommend(absent, options);
        const u = recommend(unknown, options);
        expect(u.ok && u.value.reasons).toEqual(a.ok && a.value.reasons);
      }),
      RUNS,
    );
  });

  it('`"updates": "unknown", "updates_per_day": 0` equals the record without the `updates` key', () => {
    const base = {
      table: 'shop.events',
      source: 'postgresql',
      pipeline_mode: 'table',
      rows: 40_000_000,
      columns: [
        {
          name: 'id',
          type: 'bigint',
          primary_key: true,
          unique: true,
          nullable: false,
          auto_increment: true,
        },
      ],
    } as TableTraits;
    const absent = { ...base, changes: { inserts: 'yes', updates_per_day: 0 } } as TableTraits;
    const unknown = {
      ...base,
      changes: { inserts: 'yes', updates: 'unknown', updates_per_day: 0 },
    } as TableTraits;
    expect(verdict(unknown)).toEqual(verdict(absent));
    expect(verdict(absent)).toMatchObject({ status: 'recommended', chosen: 'incrementing' });
  });
});
