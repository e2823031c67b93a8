/**
 * Table traits from command-line flags, for `recommend`, `estimate` and `plan`: the flags, their
 * help and how each value is read all come from core's traits field table (`TABLE_TRAIT_FIELDS`
 * and the nested ones), as the mode catalogue drives the rest of the help.
 *
 * @module
 */
import {
  CHANGE_TRACKING_TRAIT_FIELDS,
  CHANGE_TRAIT_FIELDS,
  COLUMN_TRAIT_FIELDS,
  closest,
  TABLE_TRAIT_FIELDS,
  type TableTraits,
  TRAIT_OPTIONS,
  type TraitField,
  type TraitFlag,
} from '@querymode/core';
import { usageError } from '../errors.js';
import { durationUnitHelp, parseDurationMinutes } from './duration.js';
import { parseCount, parseRate } from './numbers.js';

/** A flag of the table, with the traits field it sets and where. */
export interface TableFlag {
  readonly flag: TraitFlag;
  readonly field: TraitField;
  /** The object of the traits it sets a key of: the root, `changes` or `change_tracking`. */
  readonly within: 'changes' | 'change_tracking' | undefined;
  /** Commander's name of its value: the flag in camelCase (`inserts-per-day` gives `insertsPerDay`). */
  readonly key: string;
}

const camel = (name: string): string => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function flagsOf(fields: readonly TraitField[], within: TableFlag['within']): TableFlag[] {
  return fields.flatMap((field) =>
    field.flag === undefined ? [] : [{ flag: field.flag, field, within, key: camel(field.flag.name) }],
  );
}

/** Every table flag, in the order of the field table. */
export const TABLE_FLAGS: readonly TableFlag[] = [
  ...flagsOf(TABLE_TRAIT_FIELDS, undefined),
  ...flagsOf(CHANGE_TRAIT_FIELDS, 'changes'),
  ...flagsOf(CHANGE_TRACKING_TRAIT_FIELDS, 'change_tracking'),
];

/** The values of the table flags, by Commander's key. */
export type TraitFlags = { readonly [key: string]: unknown };

/**
 * The key of the options under which a run's settings (`config/apply.ts`) say where each value
 * that no flag gave came from: `{ source: "querymode.yaml:3" }`, by Commander's key.
 */
export const SETTINGS_FROM = 'settingsFrom';

/** Whether the value of `key` came from the project file or the environment, not a flag. */
export const isSetting = (flags: TraitFlags, key: string): boolean =>
  (flags[SETTINGS_FROM] as Record<string, string> | undefined)?.[key] !== undefined;

/** The words `--column name:type[:attr...]` accepts, each with the traits it sets. */
export const COLUMN_ATTRIBUTES: { readonly [word: string]: Readonly<Record<string, boolean>> } =
  Object.fromEntries(
    (COLUMN_TRAIT_FIELDS as readonly TraitField[]).flatMap((f) => {
      const a = f.attribute;
      if (a === undefined) return [];
      const out: [string, Record<string, boolean>][] = [];
      if (a.whenTrue !== undefined) out.push([a.whenTrue, { [f.name]: true, ...(a.implies ?? {}) }]);
      if (a.whenFalse !== undefined) out.push([a.whenFalse, { [f.name]: false }]);
      return out;
    }),
  );

/** The help of a flag: its help line, with the choices or attributes it takes. */
export function flagHelp(f: TableFlag): string {
  switch (f.flag.reads) {
    case 'choice': {
      const kind = f.field.kind as keyof typeof TRAIT_OPTIONS;
      return `${f.flag.help}: ${TRAIT_OPTIONS[kind].join(', ')}`;
    }
    case 'column':
      return `${f.flag.help}, attr one of ${Object.keys(COLUMN_ATTRIBUTES).join(', ')}`;
    case 'duration':
      return `${f.flag.help}: ${durationUnitHelp('minutes')}`;
    default:
      return f.flag.help;
  }
}

/** Parses one `--column name:type[:attr...]` value. */
export function parseColumn(spec: string): Record<string, unknown> {
  const [name = '', type = '', ...attrs] = spec.split(':');
  if (name.trim() === '')
    throw usageError(`--column expects name:type[:attr...]; received ${JSON.stringify(spec)}`);
  const column: Record<string, unknown> = { name: name.trim() };
  if (type.trim() !== '') column.type = type.trim();
  const known = Object.keys(COLUMN_ATTRIBUTES);
  for (const attr of attrs) {
    const key = attr.trim().toLowerCase();
    const set = COLUMN_ATTRIBUTES[key];
    if (set === undefined) {
      const guess = closest(key, known);
      throw usageError(
        `--column ${JSON.stringify(spec)}: unknown attribute ${JSON.stringify(attr)}${guess ? `; did you mean ${guess}?` : ''} (attributes: ${known.join(', ')})`,
      );
    }
    Object.assign(column, set);
  }
  return column;
}

function answer(value: string, flag: string): 'yes' | 'no' | 'unknown' {
  const v = value.toLowerCase();
  if (v === 'yes' || v === 'no' || v === 'unknown') return v;
  throw usageError(`${flag} expects yes, no or unknown; received ${JSON.stringify(value)}`);
}

function onOff(value: string, flag: string): boolean {
  const v = value.toLowerCase();
  if (['on', 'yes', 'true'].includes(v)) return true;
  if (['off', 'no', 'false'].includes(v)) return false;
  throw usageError(`${flag} expects on or off; received ${JSON.stringify(value)}`);
}

function choice(value: string, flag: string, allowed: readonly string[]): string {
  if (allowed.includes(value)) return value;
  const guess = closest(value, allowed);
  throw usageError(
    `${flag}: unknown value ${JSON.stringify(value)}${guess ? `; did you mean ${guess}?` : ''} (one of: ${allowed.join(', ')})`,
  );
}

/** The value of one flag, read as its field table entry says; `flag` names it in errors. */
export function readFlag(f: TableFlag, raw: unknown, flag = `--${f.flag.name}`): unknown {
  switch (f.flag.reads) {
    case 'column':
      return (raw as readonly string[]).map(parseColumn);
    case 'text':
      return raw;
    case 'count':
      return parseCount(String(raw), flag);
    case 'number':
      return parseRate(String(raw), flag);
    case 'duration':
      return parseDurationMinutes(String(raw), flag);
    case 'on_off':
      return onOff(String(raw), flag);
    case 'answer':
      return answer(String(raw), flag);
    case 'choice':
      return choice(String(raw), flag, TRAIT_OPTIONS[f.field.kind as keyof typeof TRAIT_OPTIONS]);
  }
}

const given = (raw: unknown): boolean => raw !== undefined && !(Array.isArray(raw) && raw.length === 0);

/** Whether any table-describing flag was given. */
export function hasTraitFlags(flags: TraitFlags): boolean {
  return TABLE_FLAGS.some((f) => given(flags[f.key]));
}

/** The flags of facts of the whole pipeline or database (`batch` in the field table). */
export const BATCH_FLAGS: readonly TableFlag[] = TABLE_FLAGS.filter((f) => f.flag.batch === true);

/** The table flags given that describe one table only (so do not apply to `--ndjson`), as typed. */
export function tableOnlyFlagsGiven(flags: TraitFlags): string[] {
  return TABLE_FLAGS.filter((f) => f.flag.batch !== true && given(flags[f.key])).map(
    (f) => `--${f.flag.name}`,
  );
}

/**
 * Builds traits from flags, layered over `base` (a traits file): a flag overrides the file. A value
 * the project file or the environment set (`settingsFrom`) is a default: the file's own fact stands.
 */
export function traitsFromFlags(
  flags: TraitFlags,
  base: TableTraits = {},
  only: readonly TableFlag[] = TABLE_FLAGS,
): TableTraits {
  const out: Record<string, unknown> = { ...base };
  const nested: Record<'changes' | 'change_tracking', Record<string, unknown>> = {
    changes: { ...(base.changes ?? {}) },
    change_tracking: { ...(base.change_tracking ?? {}) },
  };
  for (const f of only) {
    const raw = flags[f.key];
    if (!given(raw)) continue;
    const target = f.within === undefined ? out : nested[f.within];
    if (isSetting(flags, f.key) && target[f.field.name] !== undefined) continue;
    target[f.field.name] = readFlag(f, raw);
  }
  for (const key of ['changes', 'change_tracking'] as const)
    if (Object.keys(nested[key]).length > 0) out[key] = nested[key];
  return out as TableTraits;
}
