/**
 * fast-check arbitraries of query-mode bodies, derived only from the catalogue (`MODES`, each
 * field's `kind` and `presence`): a new mode, field or conditional field gets coverage here with
 * no edit. Used by the property, differential and OpenAPI tests.
 *
 * @module
 */
import {
  FIELD_KINDS,
  FIELD_MODES,
  type FieldKind,
  type FieldSpec,
  getMode,
  MODES,
  type ModeSpec,
  type QueryModeBody,
} from '@querymode/core';
import fc from 'fast-check';

/** A key path, as issues carry it. */
export type Path = (string | number)[];

/** Every kind of single mutation {@link mutatedBodyArb} makes to a valid body. */
export const MUTATIONS = [
  'drop_required',
  'wrong_type',
  'unknown_key',
  'misspelled_key',
  'foreign_field',
  'historical_without_unique',
  'bad_delay',
  'bad_column_name',
  'bad_mode',
] as const;

/** One kind of single mutation of a valid body. */
export type Mutation = (typeof MUTATIONS)[number];

/** A valid body changed by one mutation, with the path the resulting issue must point at. */
export interface MutatedBody {
  /** The mutated body (not valid). */
  body: unknown;
  /** What was changed. */
  mutation: Mutation;
  /** Where an issue must point. */
  path: Path;
  /** For `misspelled_key`: the key that was misspelled (the suggestion an issue should carry). */
  replaced?: string;
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const MAX_SAFE_BIG = BigInt(MAX_SAFE);
const MODE_SPECS: readonly ModeSpec[] = MODES;

/** Every config key any mode knows: `mode` and every field name. */
const KNOWN_CONFIG_KEYS: ReadonlySet<string> = new Set(['mode', ...FIELD_MODES.keys()]);

/** JavaScript's `\s` (the set the column-name rule and `String.prototype.trim` use), in samples. */
export const WHITESPACE: readonly string[] = [
  ' ',
  '\t',
  '\n',
  '\r',
  '\v',
  '\f',
  '\u00a0',
  '\u1680',
  '\u2000',
  '\u200a',
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000',
  '\ufeff',
];

const isSpace = (c: string): boolean => /\s/.test(c);

// ---------------------------------------------------------------------------------------------
// Field values

/** One character that is not white space: mostly ASCII, sometimes any Unicode code point. */
const nonSpaceCharArb: fc.Arbitrary<string> = fc
  .oneof(
    { arbitrary: fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 }), weight: 3 },
    { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 1 },
    { arbitrary: fc.constantFrom('é', 'ß', '列', '😀', '\u200b', '"', '`', '.', '\u0000'), weight: 1 },
  )
  .filter((c) => !isSpace(c));

/** Any character, white space included, for the inside of a column name. */
const innerCharArb: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: nonSpaceCharArb, weight: 4 },
  { arbitrary: fc.constantFrom(...WHITESPACE), weight: 1 },
);

/**
 * A valid column name: non-empty, no white space at its start or end; inner spaces, Unicode,
 * quotes and control characters included.
 */
export function columnNameArb(): fc.Arbitrary<string> {
  return fc.oneof(
    {
      arbitrary: fc.constantFrom('id', 'updated_at', 'created at', 'Id', 'x', '"Quoted Name"', 'ümlaut_列'),
      weight: 2,
    },
    { arbitrary: nonSpaceCharArb, weight: 1 },
    {
      arbitrary: fc
        .tuple(nonSpaceCharArb, fc.array(innerCharArb, { maxLength: 12 }), nonSpaceCharArb)
        .map(([a, inner, b]) => a + inner.join('') + b),
      weight: 4,
    },
  );
}

/**
 * A valid `milliseconds_string`: decimal digits from "0" to "9007199254740991", leading zeros
 * included, and the bound itself often.
 */
export function millisecondsArb(): fc.Arbitrary<string> {
  const digits = fc.oneof(
    fc.constantFrom(String(MAX_SAFE), '0', '60000', '1'),
    fc.bigInt({ min: 0n, max: MAX_SAFE_BIG }).map(String),
    fc.bigInt({ min: MAX_SAFE_BIG - 1000n, max: MAX_SAFE_BIG }).map(String),
    fc.nat({ max: 86_400_000 }).map(String),
  );
  return fc
    .tuple(fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, fc.nat({ max: 5 })), digits)
    .map(([zeros, d]) => '0'.repeat(zeros) + d);
}

const VALID_VALUE: { readonly [K in FieldKind]: () => fc.Arbitrary<string | boolean> } = {
  column_name: columnNameArb,
  boolean: () => fc.boolean(),
  milliseconds_string: millisecondsArb,
};

/** A valid value of a field kind. */
export function kindValueArb(kind: FieldKind): fc.Arbitrary<string | boolean> {
  return VALID_VALUE[kind]();
}

/** A JSON value of a type other than `expected`. */
export function wrongTypeArb(expected: 'object' | 'string' | 'boolean'): fc.Arbitrary<unknown> {
  const all: Record<string, fc.Arbitrary<unknown>> = {
    string: fc.oneof(fc.constantFrom('', 'true', '{}', 'null'), fc.string({ maxLength: 8 })),
    boolean: fc.boolean(),
    number: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(0)),
    null: fc.constant(null),
    array: fc.oneof(fc.constant([]), fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 })),
    object: fc.oneof(fc.constant({}), fc.constant({ mode: 'full_load' })),
  };
  return fc.oneof(...Object.entries(all).flatMap(([type, arb]) => (type === expected ? [] : [arb])));
}

// ---------------------------------------------------------------------------------------------
// Valid bodies

function fieldsOf(mode: ModeSpec): readonly FieldSpec[] {
  return mode.fields;
}

/** Builds a plain object with exactly these own keys, in this order (`__proto__` stays an own key). */
function objectFrom(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) {
    Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function withKey(obj: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const entries = Object.entries(obj).filter(([k]) => k !== key);
  return objectFrom([...entries, [key, value]]);
}

function withoutKey(obj: Record<string, unknown>, key: string): Record<string, unknown> {
  return objectFrom(Object.entries(obj).filter(([k]) => k !== key));
}

/**
 * Every valid `config` of one mode: each optional field present or absent, each conditional
 * field present whenever its condition holds and present or absent otherwise, and the keys in
 * any order.
 */
export function configArb(mode: ModeSpec): fc.Arbitrary<Record<string, unknown>> {
  const fields = fieldsOf(mode);
  const parts = fields.map((f) => fc.tuple(fc.boolean(), kindValueArb(f.kind)));
  return fc.tuple(fc.tuple(...parts), fc.nat()).map(([values, order]) => {
    const config: Record<string, unknown> = {};
    const chosen = new Map<string, unknown>();
    fields.forEach((f, i) => {
      const [present, value] = values[i] as [boolean, unknown];
      if (f.presence.type === 'required' || present) chosen.set(f.name, value);
    });
    // Conditional fields are needed when their condition holds.
    fields.forEach((f, i) => {
      const p = f.presence;
      if (p.type === 'required_when' && chosen.get(p.field) === p.equals) {
        chosen.set(f.name, (values[i] as [boolean, unknown])[1]);
      }
    });
    const keys = ['mode', ...fields.filter((f) => chosen.has(f.name)).map((f) => f.name)];
    // Rotate the keys by a random amount, so that `mode` is not always first.
    const shift = order % keys.length;
    for (const key of [...keys.slice(shift), ...keys.slice(0, shift)]) {
      config[key] = key === 'mode' ? mode.id : chosen.get(key);
    }
    return config;
  });
}

/** Every valid body of one mode. */
export function modeBodyArb(mode: ModeSpec): fc.Arbitrary<QueryModeBody> {
  return configArb(mode).map((config) => ({ config }) as unknown as QueryModeBody);
}

/** Every valid body: each mode of the catalogue, each combination of its fields. */
export function validBodyArb(): fc.Arbitrary<QueryModeBody> {
  return fc.oneof(...MODE_SPECS.map(modeBodyArb));
}

// ---------------------------------------------------------------------------------------------
// Mutations

type Config = Record<string, unknown>;

/** Makes the mutated body and its record from a new config (or a new body). */
function mutated(mutation: Mutation, path: Path, config: Config | undefined, body?: unknown): MutatedBody {
  return { body: body === undefined ? { config } : body, mutation, path };
}

/** A single-edit misspelling of a name (deletion, transposition, substitution or insertion). */
export function misspellingArb(name: string): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom('delete', 'transpose', 'substitute', 'insert'),
      fc.nat(),
      fc.constantFrom(...'aeiorstxz'),
    )
    .map(([edit, at, letter]) => {
      const i = at % name.length;
      switch (edit) {
        case 'delete':
          return name.slice(0, i) + name.slice(i + 1);
        case 'transpose':
          return i + 1 < name.length ? name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2) : name;
        case 'substitute':
          return name.slice(0, i) + letter + name.slice(i + 1);
        default:
          return name.slice(0, i) + letter + name.slice(i);
      }
    })
    .filter((s) => s !== name && s.length > 0 && !KNOWN_CONFIG_KEYS.has(s) && s !== 'config');
}

/** A key that no mode knows, hostile names included. */
function unknownKeyArb(taken: ReadonlySet<string>): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'extra', 'Mode'),
      fc.constantFrom('', ' ', 'mode ', 'CONFIG', 'k'.repeat(200)),
      fc.string({ maxLength: 12 }),
    )
    .filter((k) => !taken.has(k));
}

/** Not digits only, or over `Number.MAX_SAFE_INTEGER`. */
function badDelayArb(): fc.Arbitrary<string> {
  const notDigits = fc.oneof(
    fc.constantFrom(
      '',
      '-1',
      '+1',
      '1.5',
      '1e3',
      ' 1',
      '1 ',
      '0x10',
      '１２',
      '1_000',
      'Infinity',
      'NaN',
      '٣',
    ),
    fc
      .tuple(millisecondsArb(), fc.nat(), fc.string({ minLength: 1, maxLength: 1 }))
      .filter(([, , c]) => !/^[0-9]$/.test(c))
      .map(([d, at, c]) => d.slice(0, at % (d.length + 1)) + c + d.slice(at % (d.length + 1))),
  );
  const tooLarge = fc
    .tuple(
      fc.nat({ max: 3 }),
      fc.oneof(
        fc.bigInt({ min: MAX_SAFE_BIG + 1n, max: MAX_SAFE_BIG + 1000n }),
        fc.bigInt({ min: MAX_SAFE_BIG + 1n, max: 10n ** 40n }),
      ),
    )
    .map(([zeros, n]) => '0'.repeat(zeros) + String(n));
  return fc.oneof(notDigits, tooLarge);
}

/** Empty, or white space at the start or end. */
function badColumnNameArb(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constant(''),
    fc.constantFrom(...WHITESPACE),
    fc
      .tuple(
        fc.constantFrom(...WHITESPACE),
        columnNameArb(),
        fc.constantFrom(...WHITESPACE),
        fc.constantFrom('start', 'end', 'both'),
      )
      .map(([a, name, b, where]) => (where === 'end' ? '' : a) + name + (where === 'start' ? '' : b)),
  );
}

/** A string that is not a mode: a misspelling, another case or spelling, or anything else. */
function badModeArb(mode: ModeSpec): fc.Arbitrary<string> {
  return fc
    .oneof(
      misspellingArb(mode.id),
      fc.constant(mode.id.toUpperCase()),
      fc.constant(` ${mode.id}`),
      fc.constant(mode.id.replace(/[_+]/g, '-')),
      fc.constantFrom('', 'banana', 'x'.repeat(100)),
      fc.string({ maxLength: 10 }),
    )
    .filter((s) => getMode(s) === undefined);
}

type Mutator = (mode: ModeSpec, config: Config) => fc.Arbitrary<MutatedBody>;

const present = (config: Config, name: string): boolean => Object.hasOwn(config, name);

/** Whether a field must be present in this config, by the catalogue's presence rules. */
function isRequired(field: FieldSpec, config: Config): boolean {
  const p = field.presence;
  if (p.type === 'required') return true;
  if (p.type === 'required_when') return present(config, p.field) && config[p.field] === p.equals;
  return false;
}

/** Fields of other modes that this mode does not have. */
function foreignFields(mode: ModeSpec): FieldSpec[] {
  const own = new Set(fieldsOf(mode).map((f) => f.name));
  return [...FIELD_MODES.keys()]
    .filter((name) => !own.has(name))
    .map((name) => {
      const owner = getMode(FIELD_MODES.get(name)?.[0] as string) as ModeSpec;
      return fieldsOf(owner).find((f) => f.name === name) as FieldSpec;
    });
}

const ofKind = (mode: ModeSpec, kind: FieldKind): FieldSpec[] =>
  fieldsOf(mode).filter((f) => f.kind === kind);
const conditionalFields = (mode: ModeSpec): FieldSpec[] =>
  fieldsOf(mode).filter((f) => f.presence.type === 'required_when');

/** Whether a mutation kind applies to a mode, from the mode's catalogue entry. */
export const APPLIES: { readonly [M in Mutation]: (mode: ModeSpec) => boolean } = {
  // `config` and `config.mode` are always required.
  drop_required: () => true,
  // The root, `config` and `config.mode` always have a type.
  wrong_type: () => true,
  unknown_key: () => true,
  // `config` can always be misspelled.
  misspelled_key: () => true,
  foreign_field: (mode) => foreignFields(mode).length > 0,
  historical_without_unique: (mode) => conditionalFields(mode).length > 0,
  bad_delay: (mode) => ofKind(mode, 'milliseconds_string').length > 0,
  bad_column_name: (mode) => ofKind(mode, 'column_name').length > 0,
  bad_mode: () => true,
};

/** Each mutation kind, for a mode it applies to. */
const MUTATORS: { readonly [M in Mutation]: Mutator } = {
  drop_required: (mode, config) => {
    const names = [
      'config',
      'mode',
      ...fieldsOf(mode)
        .filter((f) => isRequired(f, config))
        .map((f) => f.name),
    ];
    return fc
      .constantFrom(...names)
      .map((name) =>
        name === 'config'
          ? mutated('drop_required', ['config'], undefined, {})
          : mutated('drop_required', ['config', name], withoutKey(config, name)),
      );
  },
  wrong_type: (mode, config) => {
    const targets: [Path, 'object' | 'string' | 'boolean'][] = [
      [[], 'object'],
      [['config'], 'object'],
      [['config', 'mode'], 'string'],
      ...fieldsOf(mode).map((f): [Path, 'string' | 'boolean'] => [
        ['config', f.name],
        FIELD_KINDS[f.kind].jsonType,
      ]),
    ];
    return fc.constantFrom(...targets).chain(([path, expected]) =>
      wrongTypeArb(expected).map((value) => {
        if (path.length === 0) return mutated('wrong_type', path, undefined, value);
        if (path.length === 1) return mutated('wrong_type', path, undefined, { config: value });
        return mutated('wrong_type', path, withKey(config, path[1] as string, value));
      }),
    );
  },
  unknown_key: (_mode, config) =>
    fc.oneof(
      fc.tuple(unknownKeyArb(new Set(['config'])), fc.jsonValue({ maxDepth: 1 })).map(([key, value]) =>
        mutated(
          'unknown_key',
          [key],
          undefined,
          objectFrom([
            ['config', config],
            [key, value],
          ]),
        ),
      ),
      fc
        .tuple(unknownKeyArb(KNOWN_CONFIG_KEYS), fc.jsonValue({ maxDepth: 1 }))
        .map(([key, value]) => mutated('unknown_key', ['config', key], withKey(config, key, value))),
    ),
  misspelled_key: (_mode, config) =>
    fc.constantFrom('config', ...Object.keys(config)).chain((name) =>
      misspellingArb(name)
        .filter((wrong) => !present(config, wrong))
        .map((wrong): MutatedBody => {
          if (name === 'config') {
            return {
              body: objectFrom([[wrong, config]]),
              mutation: 'misspelled_key',
              path: [wrong],
              replaced: name,
            };
          }
          const entries = Object.entries(config).map(([k, v]): [string, unknown] => [
            k === name ? wrong : k,
            v,
          ]);
          return {
            body: { config: objectFrom(entries) },
            mutation: 'misspelled_key',
            path: ['config', wrong],
            replaced: name,
          };
        }),
    ),
  foreign_field: (mode, config) =>
    fc
      .constantFrom(...foreignFields(mode))
      .chain((f) =>
        kindValueArb(f.kind).map((value) =>
          mutated('foreign_field', ['config', f.name], withKey(config, f.name, value)),
        ),
      ),
  historical_without_unique: (mode, config) =>
    fc.constantFrom(...conditionalFields(mode)).map((f) => {
      const p = f.presence as Extract<FieldSpec['presence'], { type: 'required_when' }>;
      const next = withoutKey(withKey(config, p.field, p.equals), f.name);
      return mutated('historical_without_unique', ['config', f.name], next);
    }),
  bad_delay: (mode, config) =>
    fc
      .constantFrom(...ofKind(mode, 'milliseconds_string'))
      .chain((f) =>
        badDelayArb().map((value) =>
          mutated('bad_delay', ['config', f.name], withKey(config, f.name, value)),
        ),
      ),
  bad_column_name: (mode, config) =>
    fc
      .constantFrom(...ofKind(mode, 'column_name'))
      .chain((f) =>
        badColumnNameArb().map((value) =>
          mutated('bad_column_name', ['config', f.name], withKey(config, f.name, value)),
        ),
      ),
  bad_mode: (mode, config) =>
    badModeArb(mode).map((value) => mutated('bad_mode', ['config', 'mode'], withKey(config, 'mode', value))),
};

/**
 * One single mutation of a valid body, with the path an issue must point at. Each kind is
 * generated only for the modes it applies to ({@link APPLIES}); pass `kinds` to restrict the
 * kinds (by default all of {@link MUTATIONS}, equally likely).
 */
export function mutatedBodyArb(kinds: readonly Mutation[] = MUTATIONS): fc.Arbitrary<MutatedBody> {
  const perKind = kinds.flatMap((kind) => {
    const modes = MODE_SPECS.filter((m) => APPLIES[kind](m));
    if (modes.length === 0) return [];
    return [
      fc
        .constantFrom(...modes)
        .chain((mode) => configArb(mode).chain((config) => MUTATORS[kind](mode, config))),
    ];
  });
  return fc.oneof(...perKind);
}

// ---------------------------------------------------------------------------------------------
// Junk

/** A string of 1,000 to 1,000,000 repeated characters. */
function bigStringArb(): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom('x', ' ', '0', '9', 'é', '😀'), fc.integer({ min: 1_000, max: 1_000_000 }))
    .map(([c, n]) => c.repeat(n));
}

/** Keys for junk objects: random, hostile (`__proto__`, `constructor`, `prototype`) and known names. */
function junkKeyArb(): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.string({ maxLength: 10 }), weight: 3 },
    { arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf'), weight: 1 },
    { arbitrary: fc.constantFrom('config', ...KNOWN_CONFIG_KEYS), weight: 2 },
  );
}

function junkLeafArb(): fc.Arbitrary<unknown> {
  return fc.oneof(
    {
      arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, '', ' ', ...MODE_SPECS.map((m) => m.id)),
      weight: 3,
    },
    { arbitrary: fc.string({ maxLength: 20 }), weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 10 }), weight: 1 },
    { arbitrary: fc.integer(), weight: 1 },
    { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
    { arbitrary: millisecondsArb(), weight: 1 },
  );
}

/**
 * Any JSON value, biased towards junk that looks like a body: nested objects and arrays with
 * random, hostile (`__proto__`, `constructor`, `prototype`, as own keys) and known keys, big
 * strings (up to 1,000,000 characters) as modes, values and keys, deep nesting (up to 2,000
 * levels), and `{ config: <junk> }`.
 */
export function anyJsonArb(): fc.Arbitrary<unknown> {
  const { value } = fc.letrec<{ value: unknown; array: unknown[]; object: Record<string, unknown> }>(
    (tie) => ({
      value: fc.oneof({ depthSize: 'small', maxDepth: 5 }, junkLeafArb(), tie('array'), tie('object')),
      array: fc.array(tie('value'), { maxLength: 4 }),
      object: fc.array(fc.tuple(junkKeyArb(), tie('value')), { maxLength: 5 }).map(objectFrom),
    }),
  );
  const deep = fc
    .tuple(
      fc.integer({ min: 10, max: 2_000 }),
      fc.constantFrom('config', 'mode', '__proto__', 0),
      junkLeafArb(),
    )
    .map(([depth, key, leaf]) => {
      let v: unknown = leaf;
      for (let i = 0; i < depth; i++) v = key === 0 ? [v] : objectFrom([[String(key), v]]);
      return v;
    });
  const wrapped = fc.oneof(
    value.map((config) => ({ config })),
    fc
      .tuple(
        fc.constantFrom(...MODE_SPECS.map((m) => m.id)),
        fc.array(fc.tuple(junkKeyArb(), value), { maxLength: 4 }),
      )
      .map(([mode, entries]) => ({ config: objectFrom([['mode', mode], ...entries]) })),
  );
  // Big strings where a body has strings: the mode, a field, a key.
  const big = fc
    .tuple(
      bigStringArb(),
      fc.constantFrom('mode', 'key', ...FIELD_MODES.keys()),
      fc.constantFrom(...MODE_SPECS.map((m) => m.id)),
    )
    .map(([text, where, mode]) =>
      where === 'key'
        ? {
            config: objectFrom([
              ['mode', mode],
              [text, 1],
            ]),
          }
        : {
            config: objectFrom([
              ['mode', mode],
              [where, text],
            ]),
          },
    );
  return fc.oneof(
    { arbitrary: value, weight: 8 },
    { arbitrary: wrapped, weight: 6 },
    { arbitrary: deep, weight: 1 },
    { arbitrary: big, weight: 1 },
  );
}

// ---------------------------------------------------------------------------------------------
// Lenient variants, for the normaliser

/** What the normaliser must accept, what it must return, and the warnings it must give. */
export interface LenientCase {
  /** The hand-written input. */
  input: unknown;
  /** The canonical body it means. */
  expected: QueryModeBody;
  /** The code of each warning, in any order. */
  warnings: string[];
}

/** A spelling of a mode a person might write: another case, spaces or hyphens, padding. */
export function modeSpellingArb(id: string): fc.Arbitrary<string> {
  const words = id.split(/[\s_+-]+/);
  const sep = fc.constantFrom(' ', '-', '_', '+', ' + ', ' - ', '  ', '--', '\t');
  return fc
    .tuple(
      fc.array(sep, { minLength: words.length - 1, maxLength: words.length - 1 }),
      fc.constantFrom('', ' ', '\t'),
      fc.constantFrom('', ' ', '\n'),
    )
    .chain(([seps, before, after]) =>
      fc
        .mixedCase(fc.constant(words.map((w, i) => (i === 0 ? w : (seps[i - 1] as string) + w)).join('')))
        .map((s) => before + s + after),
    );
}

/**
 * A valid body written leniently: the config without its wrapper, the mode in another case or
 * with spaces or hyphens, delays as numbers, column names padded with white space. Each in any
 * combination, with the canonical body and the warning codes the normaliser must report.
 */
export function lenientBodyArb(): fc.Arbitrary<LenientCase> {
  return fc.oneof(
    ...MODE_SPECS.map((mode) =>
      fc
        .tuple(
          configArb(mode),
          fc.boolean(),
          fc.oneof(fc.constant(mode.id), modeSpellingArb(mode.id)),
          fc.boolean(),
          fc.constantFrom('', ' ', '\t', '\u00a0', '\n'),
          fc.constantFrom('', ' ', '\u3000'),
        )
        .map(([config, bare, spelling, numbers, padBefore, padAfter]): LenientCase => {
          const warnings: string[] = [];
          const input: Record<string, unknown> = {};
          const expected: Record<string, unknown> = {};
          if (bare) warnings.push('wrapped_config');
          for (const [key, value] of Object.entries(config)) {
            const field = fieldsOf(mode).find((f) => f.name === key);
            expected[key] = value;
            input[key] = value;
            if (key === 'mode') {
              input[key] = spelling;
              if (spelling !== mode.id) warnings.push('renamed_mode');
            } else if (field?.kind === 'milliseconds_string' && numbers) {
              input[key] = Number(value);
              expected[key] = String(Number(value));
              warnings.push('converted_number');
            } else if (field?.kind === 'column_name' && padBefore + padAfter !== '') {
              input[key] = padBefore + String(value) + padAfter;
              warnings.push('trimmed_column_name');
            }
          }
          return {
            input: bare ? input : { config: input },
            expected: { config: expected } as unknown as QueryModeBody,
            warnings,
          };
        }),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Hostile inputs

/** Ways an input can be hostile to a reader. */
export const HOSTILE_KINDS = [
  'throwing_proxy',
  'revoked_proxy',
  'lying_proxy',
  'throwing_getter',
  'unstable_getter',
  'frozen',
  'null_prototype',
] as const;

/** One way an input can be hostile to a reader. */
export type HostileKind = (typeof HOSTILE_KINDS)[number];

/** The proxy traps a `throwing_proxy` may throw from. */
export const PROXY_TRAPS = ['get', 'ownKeys', 'getOwnPropertyDescriptor', 'has', 'getPrototypeOf'] as const;

/**
 * A plain description of a hostile input (so that fast-check can print it); build the input
 * with {@link buildHostile}.
 */
export interface HostileCase {
  /** A valid or mutated body. */
  base: unknown;
  /** What to make hostile. */
  kind: HostileKind;
  /** Where: the root (`[]`) or `['config']`; for getters, the key of the root or of config to turn into a getter. */
  at: Path;
  /** For `throwing_proxy`: the trap that throws. */
  trap: (typeof PROXY_TRAPS)[number];
}

/** Hostile inputs built from valid and mutated bodies. */
export function hostileCaseArb(): fc.Arbitrary<HostileCase> {
  return fc.record({
    base: fc.oneof(
      validBodyArb(),
      mutatedBodyArb().map((m) => m.body),
    ),
    kind: fc.constantFrom(...HOSTILE_KINDS),
    at: fc.constantFrom<Path>([], ['config']),
    trap: fc.constantFrom(...PROXY_TRAPS),
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function deepFreeze(v: unknown): unknown {
  if (isObject(v)) {
    for (const key of Object.keys(v)) deepFreeze(v[key]);
    Object.freeze(v);
  }
  return v;
}

function copyDeep(v: unknown, proto: object | null): unknown {
  if (Array.isArray(v)) return v.map((x) => copyDeep(x, proto));
  if (!isObject(v)) return v;
  const out = Object.create(proto) as Record<string, unknown>;
  for (const key of Object.keys(v)) {
    Object.defineProperty(out, key, {
      value: copyDeep(v[key], proto),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

function hostileNode(c: HostileCase, node: Record<string, unknown>): unknown {
  switch (c.kind) {
    case 'throwing_proxy':
      return new Proxy(node, {
        [c.trap]: () => {
          throw new Error(`trap ${c.trap}`);
        },
      });
    case 'revoked_proxy': {
      const { proxy, revoke } = Proxy.revocable(node, {});
      revoke();
      return proxy;
    }
    case 'lying_proxy':
      // Lists a key that it then says does not exist, and another that it then gives a value for.
      return new Proxy(node, {
        ownKeys: (t) => [...Reflect.ownKeys(t), 'ghost'],
        getOwnPropertyDescriptor: (t, k) =>
          k === 'ghost' ? undefined : Reflect.getOwnPropertyDescriptor(t, k),
        get: (t, k) => (k === 'mode' ? 'full_load' : Reflect.get(t, k)),
      });
    case 'throwing_getter':
    case 'unstable_getter': {
      const keys = Object.keys(node);
      const key = keys[keys.length - 1];
      if (key === undefined) return node;
      const value = node[key];
      let reads = 0;
      const out = copyDeep(node, Object.prototype) as Record<string, unknown>;
      Object.defineProperty(out, key, {
        enumerable: true,
        configurable: true,
        get: () => {
          if (c.kind === 'throwing_getter') throw new Error('getter');
          reads += 1;
          return reads === 1 ? value : 42;
        },
      });
      return out;
    }
    default:
      return node;
  }
}

/** The hostile input a {@link HostileCase} describes; a fresh one on every call. */
export function buildHostile(c: HostileCase): unknown {
  if (c.kind === 'frozen') return deepFreeze(copyDeep(c.base, Object.prototype));
  if (c.kind === 'null_prototype') return copyDeep(c.base, null);
  const base = copyDeep(c.base, Object.prototype);
  if (!isObject(base)) return base;
  if (c.at.length === 0) return hostileNode(c, base);
  const config = base.config;
  if (!isObject(config)) return hostileNode(c, base);
  base.config = hostileNode(c, config as Record<string, unknown>);
  return base;
}
