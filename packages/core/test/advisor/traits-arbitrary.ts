/**
 * fast-check arbitraries of table traits, built from the traits model (`TABLE_TRAIT_FIELDS` and
 * friends: each field's kind) and the catalogue (column roles: a column shaped for each role the
 * modes' fields name), plus invalid variants for the differential test.
 *
 * @module
 */
import {
  CHANGE_TRACKING_TRAIT_FIELDS,
  CHANGE_TRAIT_FIELDS,
  type ChangeKind,
  COLUMN_TRAIT_FIELDS,
  type ColumnTraits,
  FULL_LOAD_MAX_ROWS_EXCLUSIVE,
  MODES,
  QUERY_MODES,
  type QueryMode,
  type RecommendOptions,
  TABLE_TRAIT_FIELDS,
  type TableTraits,
  TRAIT_KINDS,
  type TraitField,
  type TraitKindSpec,
  type TraitValueKind,
} from '@querymode/core';
import fc from 'fast-check';

/** Type names: date-and-time, other, `date`, unrecognised, and odd spellings. */
export const TYPE_NAMES = [
  'timestamp',
  'TIMESTAMP(6)',
  'timestamptz',
  'timestamp with time zone',
  'datetime',
  'datetime2(3)',
  'DateTimeOffset',
  'date',
  'bigint',
  'int',
  'integer',
  'varchar(255)',
  'text',
  'uuid',
  'uniqueidentifier',
  'numeric(10,2)',
  'boolean',
  'jsonb',
  'geometry',
  'my_domain_type',
  '  timestamp',
  'inet',
  'cidr',
  'tstzrange',
  'tsvector',
  'datetime(6)',
  'year',
  'int[]',
  'number(10)',
  // Salesforce's Number field (a double whose scale decides) and record identifier.
  'double',
  'id',
] as const;

/** The column roles the catalogue's fields name. */
export const ROLES = [
  ...new Set(
    MODES.flatMap((m) => m.fields.flatMap((f) => ('column' in f && f.column ? [f.column.role] : []))),
  ),
];

const rowsArb: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    1,
    FULL_LOAD_MAX_ROWS_EXCLUSIVE - 1,
    FULL_LOAD_MAX_ROWS_EXCLUSIVE,
    FULL_LOAD_MAX_ROWS_EXCLUSIVE + 1,
  ),
  fc.integer({ min: 0, max: 20_000_000 }),
  fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
);
const rateArb: fc.Arbitrary<number> = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 0, max: 10_000_000 }),
  fc.double({ min: 0, max: 1e9, noNaN: true, noDefaultInfinity: true }),
);
const positiveArb: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(1, 5, 15, 60, 360, 1440, 2880, 10080),
  fc.double({ min: 0.001, max: 1e6, noNaN: true, noDefaultInfinity: true }),
);

/** A column name: plain identifiers mostly, sometimes mixed case or with spaces inside. */
export const columnNameArb: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: fc.constantFrom(
      'id',
      'updated_at',
      'created_at',
      'modified',
      'uuid',
      'seq',
      'name',
      'Updated_At',
    ),
    weight: 4,
  },
  { arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,12}$/), weight: 4 },
  { arbitrary: fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,8}[A-Za-z0-9]$/), weight: 1 },
);

function leaf(kind: TraitValueKind): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'string':
      return fc.oneof(fc.constantFrom('dbo.orders', 'sales.public.orders', 'db.schema.t', 'x'), fc.string());
    case 'column_name':
      return columnNameArb;
    case 'boolean':
      return fc.boolean();
    case 'count':
      return rowsArb;
    case 'rate':
      return rateArb;
    case 'positive':
      return positiveArb;
    case 'columns':
      return columnsArb;
    case 'changes':
      return objectOf(CHANGE_TRAIT_FIELDS);
    case 'change_tracking':
      return objectOf(CHANGE_TRACKING_TRAIT_FIELDS);
    case 'notes':
      return fc.array(fc.string(), { maxLength: 3 });
    default:
      return fromSpec(TRAIT_KINDS[kind]);
  }
}

/** Values of a kind from its spec (`TRAIT_KINDS`): its words, or numbers in its range. */
function fromSpec(spec: TraitKindSpec): fc.Arbitrary<unknown> {
  switch (spec.base) {
    case 'string':
      return spec.options === undefined ? fc.string() : fc.constantFrom(...spec.options);
    case 'boolean':
      return fc.boolean();
    case 'number': {
      const max = spec.max ?? Number.MAX_SAFE_INTEGER;
      if (spec.integer)
        return fc.integer({ min: spec.exclusive ? spec.min + 1 : spec.min, max: Math.min(max, 2 ** 31 - 1) });
      return fc.double({ min: spec.min, max, minExcluded: spec.exclusive, noNaN: true });
    }
    case 'list':
      return fc.array(fc.string(), { maxLength: 3 });
    default:
      throw new Error(`traits-arbitrary: no values for a kind of base ${spec.base}`);
  }
}

function objectOf(fields: readonly TraitField[]): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const f of fields) model[f.name] = leaf(f.kind);
  return fc.record(model, { requiredKeys: fields.filter((f) => f.required).map((f) => f.name) });
}

/** A column with any subset of traits. */
const anyColumnArb: fc.Arbitrary<Record<string, unknown>> = (() => {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const f of COLUMN_TRAIT_FIELDS)
    model[f.name] = f.name === 'type' ? fc.constantFrom(...TYPE_NAMES) : leaf(f.kind);
  return fc.record(model, { requiredKeys: ['name'] });
})();

/** A column shaped for a catalogue role, with each trait sometimes left unknown or flipped. */
function roleColumnArb(role: string): fc.Arbitrary<Record<string, unknown>> {
  const ideal: Partial<ColumnTraits> =
    role === 'timestamp'
      ? { type: 'timestamp', nullable: false, set_on_insert: true, set_on_update: true }
      : role === 'incrementing'
        ? {
            type: 'bigint',
            nullable: false,
            unique: true,
            primary_key: true,
            auto_increment: true,
            set_on_insert: true,
          }
        : { type: 'uuid', nullable: false, unique: true };
  return fc
    .tuple(columnNameArb, fc.array(fc.constantFrom(...Object.keys(ideal)), { maxLength: 3 }), fc.boolean())
    .map(([name, touched, drop]) => {
      const column: Record<string, unknown> = { name, ...ideal };
      for (const key of touched) {
        if (drop) delete column[key];
        else if (typeof column[key] === 'boolean') column[key] = !column[key];
      }
      return column;
    });
}

/** Columns with unique names: role-shaped and arbitrary ones. */
export const columnsArb: fc.Arbitrary<Record<string, unknown>[]> = fc.uniqueArray(
  fc.oneof(...ROLES.map((r) => roleColumnArb(r)), anyColumnArb),
  { maxLength: 12, selector: (c) => c.name as string },
);

/** Valid table traits: every field of the model optional, each value from its kind. */
export const traitsArb: fc.Arbitrary<TableTraits> = (() => {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const f of TABLE_TRAIT_FIELDS) model[f.name] = leaf(f.kind);
  return fc.record(model, { requiredKeys: [] }) as fc.Arbitrary<TableTraits>;
})();

/** Traits with a known row count at or above the `full_load` limit. */
export const largeTraitsArb: fc.Arbitrary<TableTraits> = fc
  .tuple(traitsArb, fc.integer({ min: FULL_LOAD_MAX_ROWS_EXCLUSIVE, max: Number.MAX_SAFE_INTEGER }))
  .map(([t, rows]) => ({ ...t, rows }));

const KINDS: readonly ChangeKind[] = ['inserts', 'updates', 'deletes'];

/** Options of `recommend`: any subset of modes and change kinds, a frequency and a horizon. */
export const optionsArb: fc.Arbitrary<RecommendOptions> = fc.record(
  {
    supportedModes: fc.subarray([...QUERY_MODES] as QueryMode[]),
    mustCapture: fc.subarray([...KINDS]),
    replicationFrequencyMinutes: positiveArb,
    horizonHours: fc.oneof(fc.constantFrom(0, 1, 24, 720), fc.double({ min: 0, max: 1e5, noNaN: true })),
    fieldValues: fc.record(
      {
        historical_enabled: fc.boolean(),
        stop_on_gap: fc.boolean(),
        timestamp_delay_interval_ms: fc.constantFrom('0', '60000', '007'),
      },
      { requiredKeys: [] },
    ),
    unknownEvents: fc.constantFrom('break_even' as const, 'last' as const),
    rowsEstimateMargin: fc.double({ min: 0, max: 1, noNaN: true }),
  },
  { requiredKeys: [] },
);

/** Invalid or unusual inputs for the differential test: a valid traits object changed in one place, or junk. */
export const nearTraitsArb: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: traitsArb, weight: 3 },
  {
    arbitrary: fc
      .tuple(traitsArb, fc.constantFrom(...TABLE_TRAIT_FIELDS.map((f) => f.name)), fc.jsonValue())
      .map(([t, key, value]) => ({ ...t, [key]: value })),
    weight: 3,
  },
  {
    arbitrary: fc
      .tuple(traitsArb, fc.constantFrom('row', 'colums', 'extra', '__proto__', 'Rows'), fc.jsonValue())
      .map(([t, key, value]) => {
        // Through JSON text, so that `__proto__` becomes an own key as JSON.parse makes it.
        const inner = JSON.stringify(t).slice(1, -1);
        return JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(value)}${inner ? `,${inner}` : ''}}`);
      }),
    weight: 1,
  },
  {
    arbitrary: fc
      .tuple(
        traitsArb,
        columnsArb,
        fc.nat(),
        fc.constantFrom(...COLUMN_TRAIT_FIELDS.map((f) => f.name), 'nulable'),
        fc.jsonValue(),
      )
      .map(([t, columns, i, key, value]) => {
        const cols = columns.map((c) => ({ ...c }));
        if (cols.length > 0) (cols[i % cols.length] as Record<string, unknown>)[key] = value;
        return { ...t, columns: cols };
      }),
    weight: 3,
  },
  {
    arbitrary: fc.tuple(traitsArb, columnsArb, fc.nat()).map(([t, columns, i]) => {
      const c = columns[i % Math.max(1, columns.length)];
      return { ...t, columns: c === undefined ? [{ name: 'a' }, { name: 'a' }] : [...columns, { ...c }] };
    }),
    weight: 1,
  },
  {
    arbitrary: fc
      .tuple(
        traitsArb,
        fc.constantFrom('changes', 'change_tracking'),
        fc.constantFrom(
          ...CHANGE_TRAIT_FIELDS.map((f) => f.name),
          ...CHANGE_TRACKING_TRAIT_FIELDS.map((f) => f.name),
          'other',
        ),
        fc.oneof(fc.jsonValue(), fc.constantFrom(-1, 0, -0, Number.POSITIVE_INFINITY, 0.5, 'yes', 'maybe')),
      )
      .map(([t, object, key, value]) => ({
        ...t,
        [object]: { ...((t as Record<string, unknown>)[object] as object), [key]: value },
      })),
    weight: 3,
  },
  {
    arbitrary: fc
      .tuple(
        traitsArb,
        fc.constantFrom('', ' id', 'id ', '\tx', 'a\u3000', '\u00a0', 'a b', 'é', 'sources', 'postgres'),
      )
      .map(([t, text]) => ({ ...t, columns: [{ name: text }], source: text })),
    weight: 1,
  },
  {
    arbitrary: fc
      .tuple(traitsArb, fc.constantFrom(-1, 0.5, -0, Number.POSITIVE_INFINITY, 2 ** 53, '5', null))
      .map(([t, rows]) => ({ ...t, rows })),
    weight: 1,
  },
  { arbitrary: fc.jsonValue(), weight: 1 },
);
