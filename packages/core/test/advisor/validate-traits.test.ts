import {
  COLUMN_TRAIT_FIELDS,
  ISSUE_CODES,
  type Issue,
  TABLE_TRAIT_FIELDS,
  validateTableTraits,
} from '@querymode/core';
import { tableTraitsJsonSchema, tableTraitsSchema } from '@querymode/core/schemas';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../../test/support/property-runs.js';
import { nearTraitsArb, traitsArb } from './traits-arbitrary.js';

const issuesOf = (input: unknown): readonly Issue[] => {
  const r = validateTableTraits(input);
  if (r.ok) throw new Error('expected issues');
  return r.issues;
};
const codes = (input: unknown) => issuesOf(input).map((i) => [i.code, i.path.join('.')]);

describe('validateTableTraits', () => {
  it('accepts empty traits (everything unknown) and returns the input itself', () => {
    const input = {};
    expect(validateTableTraits(input)).toEqual({ ok: true, value: input });
    const full = {
      table: 'dbo.orders',
      source: 'sqlserver',
      pipeline_mode: 'table',
      rows: 0,
      columns: [
        {
          name: 'id',
          type: 'int',
          nullable: false,
          unique: true,
          primary_key: true,
          auto_increment: true,
          set_on_insert: true,
          set_on_update: false,
        },
      ],
      changes: {
        inserts: 'yes',
        updates: 'unknown',
        deletes: 'no',
        inserts_per_day: 0.5,
        updates_per_day: 0,
        deletes_per_day: 3,
      },
      change_tracking: { database_enabled: true, table_enabled: false, retention_minutes: 2880 },
      replication_frequency_minutes: 15,
    };
    const r = validateTableTraits(full);
    expect(r.ok && r.value).toBe(full);
  });

  it('accepts what an inspector reports: schema, an estimated row count, observed rates, notes', () => {
    const input = {
      table: 'shop.public."Order Items"',
      schema: 'public',
      rows: 1200,
      rows_estimate: true,
      changes: { inserts: 'yes', inserts_per_day: 40, observed_days: 3.5 },
      change_tracking: { database_enabled: true, auto_cleanup: false },
      notes: ['a BEFORE UPDATE trigger exists, but its effect on `updated_at` could not be read'],
    };
    expect(validateTableTraits(input)).toEqual({ ok: true, value: input });
    expect(tableTraitsSchema.safeParse(input).success).toBe(true);
    expect(codes({ notes: 'x' })).toEqual([['invalid_type', 'notes']]);
    expect(codes({ notes: ['a', 1] })).toEqual([['invalid_type', 'notes.1']]);
    expect(codes({ rows_estimate: 'yes', schema: 1 })).toEqual([
      ['invalid_type', 'rows_estimate'],
      ['invalid_type', 'schema'],
    ]);
    expect(codes({ changes: { observed_days: 0 } })).toEqual([['invalid_number', 'changes.observed_days']]);
  });

  it('rejects non-objects at the root and at every nested object', () => {
    expect(codes(null)).toEqual([['invalid_type', '']]);
    expect(codes([])).toEqual([['invalid_type', '']]);
    expect(codes({ columns: {} })).toEqual([['invalid_type', 'columns']]);
    expect(codes({ columns: ['id'] })).toEqual([['invalid_type', 'columns.0']]);
    expect(codes({ changes: [] })).toEqual([['invalid_type', 'changes']]);
    expect(codes({ change_tracking: 'on' })).toEqual([['invalid_type', 'change_tracking']]);
  });

  it('names the field, what was expected and what was received', () => {
    const [issue] = issuesOf({ rows: -1 });
    expect(issue).toMatchObject({ code: 'invalid_number', path: ['rows'], received: 'number -1' });
    expect(issue?.message).toBe(
      '`rows`: expected an integer from 0 to 9007199254740991, received number -1.',
    );
    const [t] = issuesOf({ rows: '12' });
    expect(t?.message).toBe('`rows`: expected a number, received string "12".');
  });

  it('checks counts, rates and minutes', () => {
    expect(codes({ rows: 1.5 })).toEqual([['invalid_number', 'rows']]);
    expect(codes({ rows: 2 ** 53 })).toEqual([['invalid_number', 'rows']]);
    expect(validateTableTraits({ rows: Number.MAX_SAFE_INTEGER }).ok).toBe(true);
    expect(codes({ changes: { inserts_per_day: -0.1 } })).toEqual([
      ['invalid_number', 'changes.inserts_per_day'],
    ]);
    expect(validateTableTraits({ changes: { inserts_per_day: 0 } }).ok).toBe(true);
    expect(codes({ replication_frequency_minutes: 0 })).toEqual([
      ['invalid_number', 'replication_frequency_minutes'],
    ]);
    expect(codes({ change_tracking: { retention_minutes: 0 } })).toEqual([
      ['invalid_number', 'change_tracking.retention_minutes'],
    ]);
    expect(codes({ rows: Number.POSITIVE_INFINITY })).toEqual([['invalid_number', 'rows']]);
    expect(codes({ rows: Number.NaN })).toEqual([['invalid_number', 'rows']]);
  });

  it('suggests the option a misspelling meant', () => {
    const [issue] = issuesOf({ source: 'postgres' });
    expect(issue).toMatchObject({ code: 'invalid_option', suggestion: 'postgresql' });
    expect(issue?.message).toContain('did you mean `postgresql`?');
    expect(issuesOf({ changes: { updates: 'Yes' } })[0]).toMatchObject({
      code: 'invalid_option',
      path: ['changes', 'updates'],
      suggestion: 'yes',
    });
  });

  it('rejects unknown keys at every level, with a suggestion', () => {
    expect(issuesOf({ row: 5 })[0]).toMatchObject({
      code: 'unknown_field',
      path: ['row'],
      suggestion: 'rows',
    });
    expect(issuesOf({ columns: [{ name: 'a', nulable: true }] })[0]).toMatchObject({
      code: 'unknown_field',
      path: ['columns', 0, 'nulable'],
      suggestion: 'columns.nullable',
    });
    expect(issuesOf({ changes: { insert: 'yes' } })[0]).toMatchObject({ path: ['changes', 'insert'] });
    // Traits are querymode's own input, not a query-mode body: no profile is named.
    const [row] = issuesOf({ row: 5 });
    expect(row).not.toHaveProperty('profile');
    expect(row?.message).toContain('unknown key; expected only');
    expect(row?.message).not.toMatch(/profile/);
    expect(codes(JSON.parse('{"__proto__": {"rows": 1}}'))).toEqual([['unknown_field', '__proto__']]);
  });

  it('requires a column name without surrounding white space, and each name once', () => {
    expect(codes({ columns: [{ type: 'int' }] })).toEqual([['missing_field', 'columns.0.name']]);
    expect(codes({ columns: [{ name: '' }] })).toEqual([['invalid_column_name', 'columns.0.name']]);
    expect(codes({ columns: [{ name: ' id' }] })).toEqual([['invalid_column_name', 'columns.0.name']]);
    expect(codes({ columns: [{ name: 'id\u00a0' }] })).toEqual([['invalid_column_name', 'columns.0.name']]);
    expect(validateTableTraits({ columns: [{ name: 'created at' }] }).ok).toBe(true);
    const [dup] = issuesOf({ columns: [{ name: 'id' }, { name: 'x' }, { name: 'id' }] });
    expect(dup).toMatchObject({
      code: 'duplicate_column',
      path: ['columns', 2, 'name'],
      name: 'id',
      first: 0,
    });
    expect(validateTableTraits({ columns: [{ name: 'id' }, { name: 'ID' }] }).ok).toBe(true);
  });

  it('finds duplicates in long column lists too', () => {
    const columns = Array.from({ length: 40 }, (_, i) => ({ name: `c${i}` }));
    expect(validateTableTraits({ columns }).ok).toBe(true);
    expect(codes({ columns: [...columns, { name: 'c7' }] })).toEqual([
      ['duplicate_column', 'columns.40.name'],
    ]);
  });

  it('treats a key whose value is undefined as absent', () => {
    expect(validateTableTraits({ rows: undefined, columns: [{ name: 'a', type: undefined }] }).ok).toBe(true);
  });

  it('never throws, even on hostile input', () => {
    const hostile = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('trap');
        },
      },
    );
    expect(codes(hostile)).toEqual([['unreadable_input', '']]);
    const getter = {
      get rows() {
        throw new Error('boom');
      },
    };
    expect(codes(getter)).toEqual([['unreadable_input', '']]);
  });

  it('only uses known issue codes, with messages', () => {
    fc.assert(
      fc.property(nearTraitsArb, (input) => {
        const r = validateTableTraits(input);
        if (!r.ok) {
          for (const issue of r.issues) {
            expect(ISSUE_CODES).toContain(issue.code);
            expect(issue.message.length).toBeGreaterThan(0);
          }
        }
      }),
      propertyRuns(500, 42),
    );
  });
});

describe('tableTraitsSchema (zod) and validateTableTraits agree', () => {
  it('on valid traits', () => {
    fc.assert(
      fc.property(traitsArb, (traits) => {
        expect(validateTableTraits(traits).ok).toBe(true);
        expect(tableTraitsSchema.safeParse(traits).success).toBe(true);
      }),
      propertyRuns(500, 42),
    );
  });

  it('on near-valid and junk input (differential)', () => {
    fc.assert(
      fc.property(nearTraitsArb, (input) => {
        const fast = validateTableTraits(input);
        const zod = tableTraitsSchema.safeParse(input);
        expect(fast.ok).toBe(zod.success);
        if (fast.ok && zod.success) expect(fast.value).toEqual(zod.data);
      }),
      propertyRuns(3000, 42),
    );
  });

  it('on fixed corner cases', () => {
    const cases: unknown[] = [
      { rows: -0 },
      { replication_frequency_minutes: -0 },
      { columns: [] },
      { columns: [{ name: 'a\u2028' }] },
      { columns: [{ name: '\ufeffa' }] },
      { columns: [{ name: 'a' }, { name: 'a' }] },
      { changes: {} },
      { changes: { inserts: 'unknown', inserts_per_day: 1e308 } },
      { change_tracking: { retention_minutes: Number.MIN_VALUE } },
      JSON.parse('{"columns":[{"name":"x","__proto__":{}}]}'),
    ];
    for (const input of cases) {
      expect(validateTableTraits(input).ok, JSON.stringify(input)).toBe(
        tableTraitsSchema.safeParse(input).success,
      );
    }
  });
});

describe('tableTraitsJsonSchema', () => {
  it('describes every field of the model, strictly', () => {
    const schema = tableTraitsJsonSchema() as {
      $ref: string;
      $defs: Record<
        string,
        { properties: Record<string, unknown>; additionalProperties: boolean; required?: string[] }
      >;
    };
    expect(schema.$ref).toBe('#/$defs/TableTraits');
    const root = schema.$defs.TableTraits;
    expect(Object.keys(root?.properties ?? {})).toEqual(TABLE_TRAIT_FIELDS.map((f) => f.name));
    expect(root?.additionalProperties).toBe(false);
    const column = schema.$defs.ColumnTraits;
    expect(Object.keys(column?.properties ?? {})).toEqual(COLUMN_TRAIT_FIELDS.map((f) => f.name));
    expect(column?.required).toEqual(['name']);
    for (const def of Object.values(schema.$defs)) {
      expect(def).not.toHaveProperty('$id');
      expect(def).not.toHaveProperty('$schema');
    }
  });
});
