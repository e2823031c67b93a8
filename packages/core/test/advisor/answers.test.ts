/**
 * The answers document (`--answers`): its records are read by the traits field table (unknown
 * keys and wrong values are issues with their path; `unknown` leaves a field unanswered), and
 * applied to a table's record so that an answer fills only what the record leaves unknown: a fact
 * the record states (read from the catalog, observed from the counters, or given) stands, and a
 * sentence says so. Globs and names match quoted and hostile table names.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOSTILE_RUNS, hostileName } from '../../../../test/support/hostile-names.js';
import { type AnswerLayer, applyAnswers } from '../../src/advisor/answers/apply.js';
import { ANSWER_FIELDS, readAnswers } from '../../src/advisor/answers/document.js';
import { answerer } from '../../src/advisor/answers/layers.js';
import { tableMatcher } from '../../src/advisor/answers/match.js';
import { factsFrom } from '../../src/advisor/answers/origin.js';
import { chooseModeValue } from '../../src/advisor/recommend/recommend.js';
import { TABLE_TRAIT_FIELDS } from '../../src/advisor/traits/model.js';

const layer = (traits: object, label = 'a.yaml:1'): AnswerLayer => ({
  traits,
  at: {},
  label,
  answers: true,
});

/** An append-only table as `inspect` reads it, whose updates the counters could not tell. */
const appendOnly = {
  table: '"shop"."events"',
  schema: 'shop',
  reader: 'querymode',
  source: 'postgresql',
  pipeline_mode: 'table',
  rows: 2_000_000,
  rows_estimate: true,
  columns: [
    { name: 'id', type: 'bigint', nullable: false, primary_key: true, unique: true, auto_increment: true },
  ],
  changes: { inserts: 'yes', inserts_per_day: 40_000, observed_days: 2 },
};

describe('readAnswers', () => {
  it('takes every key of the field table but the identity fields, and refuses the rest with its path', () => {
    expect(ANSWER_FIELDS).toEqual(
      TABLE_TRAIT_FIELDS.map((f) => f.name).filter((n) => n !== 'table' && n !== 'schema'),
    );
    const r = readAnswers({
      defaults: { source: 'postgress' },
      tables: { 'sales.*': { changes: { updats: 'no' } }, 'x.y': { table: 'x.y', rows: -1 } },
      extra: 1,
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const byPath = Object.fromEntries(r.issues.map((i) => [i.path.join('/'), i]));
    expect(byPath.extra?.code).toBe('unknown_field');
    expect(byPath['defaults/source']?.message).toContain('postgresql');
    expect(byPath['tables/sales.*/changes/updats']?.message).toContain('did you mean `changes.updates`');
    expect(byPath['tables/x.y/table']?.code).toBe('unknown_field');
    expect(byPath['tables/x.y/rows']?.code).toBe('invalid_number');
  });

  it('reads `unknown` and null as unanswered in every position', () => {
    const r = readAnswers({
      defaults: { source: 'unknown', pipeline_mode: null },
      tables: {
        't.a': {
          rows: 'unknown',
          changes: { updates: 'unknown', updates_per_day: 'unknown' },
          columns: [{ name: 'id', set_on_update: 'unknown' }],
        },
      },
    });
    expect(r).toEqual({
      ok: true,
      value: { defaults: {}, tables: [{ pattern: 't.a', traits: { columns: [{ name: 'id' }] } }] },
    });
  });

  it('refuses what is not an answers document', () => {
    for (const value of [null, [], 'x', { tables: [] }, { tables: { '': {} } }, { defaults: 3 }])
      expect(readAnswers(value).ok, JSON.stringify(value)).toBe(false);
  });
});

describe('applyAnswers', () => {
  it('fills what the record leaves unknown, and the answer turns full_load into incrementing', () => {
    const before = chooseModeValue(appendOnly, {});
    const a = applyAnswers(
      appendOnly,
      [layer({ changes: { updates: 'no', deletes: 'no' } }, 'a.yaml:7')],
      'input',
    );
    expect(a.filled).toEqual({ 'changes.updates': 'a.yaml:7', 'changes.deletes': 'a.yaml:7' });
    expect(a.overruled).toEqual([]);
    const after = chooseModeValue(a.traits, {});
    expect(before.ok && before.value.chosen).not.toBe('incrementing');
    expect(after.ok && after.value.chosen).toBe('incrementing');
    // The input is not changed.
    expect(appendOnly.changes).toEqual({ inserts: 'yes', inserts_per_day: 40_000, observed_days: 2 });
  });

  it("keeps the record's fact over an answer that contradicts it, and says so with the counters' figure", () => {
    const observed = {
      ...appendOnly,
      changes: { ...appendOnly.changes, updates: 'yes', updates_per_day: 1_600 },
    };
    const a = applyAnswers(
      observed,
      [
        layer(
          { source: 'mysql', changes: { updates: 'no' }, columns: [{ name: 'gone', unique: true }] },
          'a.yaml:12',
        ),
      ],
      'input',
    );
    expect(a.traits).toEqual(observed);
    expect(a.overruled).toEqual([
      'a.yaml:12 says source: "mysql"; the catalog says source: "postgresql", which stands',
      'a.yaml:12 says changes.updates: "no"; the database\'s counters show 3,200 updates over 2 days, which stands',
      'a.yaml:12 names the column "gone"; the catalog lists no such column (the list is complete), which stands',
    ]);
  });

  it('settles a fact the catalog leaves asked both ways: a column that is no identity may still grow (auto_increment)', () => {
    const plain = {
      ...appendOnly,
      changes: { ...appendOnly.changes, updates: 'no', deletes: 'no' },
      columns: [{ name: 'seq', type: 'bigint', nullable: false, unique: true, auto_increment: false }],
    };
    const before = chooseModeValue(plain, {});
    for (const [answer, grows] of [
      [true, true],
      [false, false],
    ] as const) {
      const a = applyAnswers(
        plain,
        [layer({ columns: [{ name: 'seq', auto_increment: answer }] }, 'a.yaml:4')],
        'input',
      );
      expect(a.overruled).toEqual([]);
      expect((a.traits as typeof plain).columns[0]?.auto_increment).toBe(answer);
      expect(a.filled).toEqual({ 'columns["seq"].auto_increment': 'a.yaml:4' });
      const after = chooseModeValue(a.traits, {});
      expect(after.ok && after.value.chosen === 'incrementing').toBe(grows);
    }
    expect(before.ok && before.value.chosen).not.toBe('incrementing');
    // Another fact of the catalog still stands over its answer.
    const typed = applyAnswers(
      plain,
      [layer({ columns: [{ name: 'seq', unique: false }] }, 'a.yaml:5')],
      'input',
    );
    expect(typed.overruled).toHaveLength(1);
  });

  it('merges columns by name, key by key, and an earlier layer beats a later one without a word', () => {
    const record = { table: 't', columns: [{ name: 'id', type: 'int' }] };
    const a = applyAnswers(
      record,
      [
        layer({ columns: [{ name: 'id', auto_increment: true }] }, 'a.yaml:3'),
        layer({ columns: [{ name: 'id', auto_increment: false, unique: true }] }, 'a.yaml:9'),
      ],
      'input',
    );
    expect(a.traits).toEqual({
      table: 't',
      columns: [{ name: 'id', type: 'int', auto_increment: true, unique: true }],
    });
    expect(a.overruled).toEqual([]);
    expect(factsFrom(a.traits, 'input', a.filled)).toEqual({
      table: 'input',
      'columns["id"]': 'input',
      'columns["id"].type': 'input',
      'columns["id"].auto_increment': 'a.yaml:3',
      'columns["id"].unique': 'a.yaml:9',
    });
  });

  it('keeps `__proto__` a plain key and never throws on what it cannot read', () => {
    const record = JSON.parse('{"table":"t","__proto__":{"rows":1}}');
    const a = applyAnswers(record, [layer({ rows: 5 })], 'input');
    expect(Object.getPrototypeOf(a.traits)).toBe(Object.prototype);
    expect((a.traits as { rows?: number }).rows).toBe(5);
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    expect(() => applyAnswers(revoked.proxy, [layer({ rows: 5 })], 'input')).not.toThrow();
  });
});

describe('tableMatcher', () => {
  it('matches a name quoted or not, globs, and puts a table’s own name before globs, later globs first', () => {
    const match = tableMatcher(['sales.*', 'sales.orders', '*.orders', 'other.x']);
    expect(match({ table: '"sales"."orders"' })).toEqual([1, 2, 0]);
    expect(match({ table: '`sales`.`orders`' })).toEqual([1, 2, 0]);
    expect(match({ table: 'sales.lines' })).toEqual([0]);
    expect(match({ table: 7 })).toEqual([]);
    expect(match('x')).toEqual([]);
  });

  it('reads a.b as schema a, table b: the table "a.b" is named by its quoted key alone', () => {
    const match = tableMatcher(['a.b', 'a.*', '"a.b"']);
    expect(match({ table: '"a"."b"' })).toEqual([0, 1]);
    expect(match({ table: '"a.b"' })).toEqual([2]);
    expect(match({ table: '"x"."a.b"' })).toEqual([]);
  });

  it('matches hostile names exactly, and globs never read their characters as anything but themselves', () => {
    fc.assert(
      fc.property(hostileName(63), hostileName(63), (schema, name) => {
        const plain = `${schema}.${name}`;
        const quoted = `"${schema.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`;
        const patterns = [plain, `${schema}.*`, quoted];
        const match = tableMatcher(patterns);
        // A part that holds a dot has no unquoted form: only the key as written names it.
        const dotted = schema.includes('.') || name.includes('.');
        expect(match({ table: quoted })[0]).toBe(2);
        if (!dotted) expect(match({ table: quoted })).toContain(1);
        if (!dotted && !/[*?]/.test(plain)) expect(match({ table: quoted })).toContain(0);
        if (dotted) expect(match({ table: quoted })).not.toContain(0);
      }),
      { numRuns: HOSTILE_RUNS },
    );
  });

  it('answers every table of a run by its entries, then the flags, then the defaults', () => {
    const apply = answerer({
      tables: [
        { pattern: 'shop.*', ...layer({ pipeline_mode: 'custom_sql', rows: 5 }, 'a.yaml:4') },
        { pattern: 'shop.events', ...layer({ rows: 7 }, 'a.yaml:8') },
      ],
      flags: { traits: { pipeline_mode: 'table', source: 'mysql' }, at: {}, label: '--x', answers: false },
      defaults: layer({ source: 'postgresql', replication_frequency_minutes: 60 }, 'a.yaml:2'),
    });
    const a = apply({ table: '"shop"."events"' }, 'input');
    expect(a.matched).toEqual([1, 0]);
    expect(a.traits).toEqual({
      table: '"shop"."events"',
      rows: 7,
      pipeline_mode: 'custom_sql',
      source: 'mysql',
      replication_frequency_minutes: 60,
    });
    expect(a.fromFlags).toEqual(['source']);
  });
});
