/**
 * The quick check of table traits: valid, or not sure. It says yes or no with plain reads and no
 * allocation beyond the column names, driven by the field table (`model.ts`): each key is looked
 * up in its object's fields and checked by its kind. `validateTableTraits` runs it first and lists
 * issues only when it fails; the facts reader (`advisor/facts/table-facts.ts`) runs the same
 * checks, value by value, as it reads: each field's own check (`fieldChecks`) for the keys it
 * reads, `quickField` for any other key.
 *
 * @module
 */

import { FIELD_KINDS } from '../../catalogue/field-kinds.js';
import { isRecord } from '../../issues/is-record.js';
import {
  CHANGE_TRACKING_TRAIT_FIELDS,
  CHANGE_TRAIT_FIELDS,
  COLUMN_TRAIT_FIELDS,
  TABLE_TRAIT_FIELDS,
  TRAIT_NUMBERS,
  TRAIT_OPTIONS,
  type TraitField,
  type TraitValueKind,
} from './model.js';

/** The fields of one object of the model, by key, with the list of keys for messages. */
export interface FieldIndex {
  readonly byName: { readonly [name: string]: TraitField | undefined };
  readonly names: readonly string[];
  readonly required: readonly TraitField[];
}

function indexOf(fields: readonly TraitField[]): FieldIndex {
  const byName: { [name: string]: TraitField } = Object.create(null);
  for (const f of fields) byName[f.name] = f;
  return { byName, names: fields.map((f) => f.name), required: fields.filter((f) => f.required) };
}

/** The fields of a traits record. */
export const ROOT = indexOf(TABLE_TRAIT_FIELDS);
/** The fields of a column. */
export const COLUMN = indexOf(COLUMN_TRAIT_FIELDS);
/** The fields of the nested objects, by their kind. */
/** The fields of `changes`. */
export const CHANGES = indexOf(CHANGE_TRAIT_FIELDS);
/** The fields of `change_tracking`. */
export const CHANGE_TRACKING = indexOf(CHANGE_TRACKING_TRAIT_FIELDS);
/** The fields of the nested objects, by their kind. */
export const NESTED: { readonly [K in TraitValueKind]?: FieldIndex } = {
  changes: CHANGES,
  change_tracking: CHANGE_TRACKING,
};

/** Above this many columns, duplicates are found with a set instead of pairwise comparison. */
export const PAIRWISE_MAX = 32;

/** Whether a number is in a range of the numeric kinds. */
function inRange(range: (typeof TRAIT_NUMBERS)[keyof typeof TRAIT_NUMBERS], v: number): boolean {
  return (
    Number.isFinite(v) &&
    (range.exclusive ? v > range.min : v >= range.min) &&
    (!range.integer || Number.isSafeInteger(v))
  );
}

/** Whether a number is in the range of its kind. */
export function numberOk(kind: keyof typeof TRAIT_NUMBERS, v: number): boolean {
  return inRange(TRAIT_NUMBERS[kind], v);
}

/** A valid column's name, or undefined when the column is not valid (or the first pass is not sure). */
function quickColumn(column: unknown): string | undefined {
  if (!quickObject(column, COLUMN)) return undefined;
  const name = (column as { name?: unknown }).name;
  return typeof name === 'string' ? name : undefined;
}

function quickColumns(columns: unknown): boolean {
  if (!Array.isArray(columns) || columns.length > PAIRWISE_MAX) return false;
  const names: string[] = [];
  for (const column of columns) {
    const name = quickColumn(column);
    if (name === undefined || names.includes(name)) return false;
    names.push(name);
  }
  return true;
}

/**
 * The quick check of a value of each kind, each a small function of its own (inlined where a reader
 * calls it for a field it knows). The words and ranges are each kind's own (`TRAIT_OPTIONS.source`,
 * `TRAIT_NUMBERS.count`), not looked up by the kind's name in a shared function (`isOption(kind, v)`,
 * `numberOk(kind, v)`), which the readers called and did not inline: part of the group measured
 * beside `nameBit` (table-facts.ts); this part alone: `readFactsIfValid` on parsed advisor bench
 * tables ~1,100 fewer instructions per table of ~16,800 (-6.5%, counted under valgrind).
 */
const KIND_CHECKS: { readonly [K in TraitValueKind]: (v: unknown) => boolean } = {
  string: (v) => typeof v === 'string',
  column_name: (v) => FIELD_KINDS.column_name.check(v) === undefined,
  boolean: (v) => typeof v === 'boolean',
  source: (v) => (TRAIT_OPTIONS.source as readonly unknown[]).includes(v),
  pipeline_mode: (v) => (TRAIT_OPTIONS.pipeline_mode as readonly unknown[]).includes(v),
  change_answer: (v) => (TRAIT_OPTIONS.change_answer as readonly unknown[]).includes(v),
  count: (v) => typeof v === 'number' && inRange(TRAIT_NUMBERS.count, v),
  rate: (v) => typeof v === 'number' && inRange(TRAIT_NUMBERS.rate, v),
  positive: (v) => typeof v === 'number' && inRange(TRAIT_NUMBERS.positive, v),
  columns: quickColumns,
  changes: (v) => quickObject(v, CHANGES),
  change_tracking: (v) => quickObject(v, CHANGE_TRACKING),
  notes: (v) => Array.isArray(v) && v.every((n) => typeof n === 'string'),
};

/** Whether a value is one of the words of its kind. */
export const isOption = (kind: 'source' | 'pipeline_mode' | 'change_answer', v: unknown): boolean =>
  KIND_CHECKS[kind](v);

/** The quick check of one kind's values (its function in `KIND_CHECKS`), for a reader that checks a field of that kind in place. */
export function kindCheck(kind: TraitValueKind): (v: unknown) => boolean {
  return KIND_CHECKS[kind];
}

/**
 * The names of the optional fields of kind `K` in a field list: a reader that checks such a field
 * by its kind in place labels its case `'x' satisfies OptionalFieldOf<typeof FIELDS, K>`, so the
 * case stops compiling when the field table changes the field's kind or makes it required.
 */
export type OptionalFieldOf<F extends readonly TraitField[], K extends TraitValueKind> = Extract<
  F[number],
  { readonly kind: K; readonly required: false }
>['name'];

/**
 * The quick check of a value of a kind. A switch, not `KIND_CHECKS[kind](v)`: a call through the
 * record is one call site for every kind, which made `validateTableTraits` 1.5x slower per table.
 */
function quickValue(kind: TraitValueKind, v: unknown): boolean {
  switch (kind) {
    case 'string':
      return KIND_CHECKS.string(v);
    case 'column_name':
      return KIND_CHECKS.column_name(v);
    case 'boolean':
      return KIND_CHECKS.boolean(v);
    case 'source':
      return KIND_CHECKS.source(v);
    case 'pipeline_mode':
      return KIND_CHECKS.pipeline_mode(v);
    case 'change_answer':
      return KIND_CHECKS.change_answer(v);
    case 'count':
      return KIND_CHECKS.count(v);
    case 'rate':
      return KIND_CHECKS.rate(v);
    case 'positive':
      return KIND_CHECKS.positive(v);
    case 'columns':
      return KIND_CHECKS.columns(v);
    case 'changes':
      return KIND_CHECKS.changes(v);
    case 'change_tracking':
      return KIND_CHECKS.change_tracking(v);
    case 'notes':
      return KIND_CHECKS.notes(v);
  }
}

/**
 * Whether an object is valid, by one `for...in` pass over its keys: it visits only the keys
 * present and finds an unknown key on the way. A key whose value is `undefined`, and an inherited
 * enumerable key that is not a field, make it fail; the detailed pass then decides (it reads own
 * keys only and skips `undefined`). An inherited field with a valid value passes, and the facts
 * reader reads it the same way (`for...in`).
 */
export function quickObject(value: unknown, index: FieldIndex): boolean {
  if (!isRecord(value)) return false;
  let required = 0;
  for (const key in value) {
    const field = index.byName[key];
    if (field === undefined || !quickValue(field.kind, value[key])) return false;
    if (field.required) required++;
  }
  // Every key visited holds a valid value, never undefined: the required fields are all present
  // when each was visited (counted here rather than read again: validateTableTraits ~6% faster).
  return required === index.required.length;
}

/** A nested object or list of columns: its reader checks it, so the check of its field passes any value. */
const checkedByItsReader = (): boolean => true;

/** The check of a field's values as a reader makes it (`quickField`, `fieldChecks`): its kind's, but not for nested values. */
function readerCheck(field: TraitField): (v: unknown) => boolean {
  switch (field.kind) {
    case 'columns':
    case 'changes':
    case 'change_tracking':
      return checkedByItsReader;
    default:
      return KIND_CHECKS[field.kind];
  }
}

/**
 * The field of `key` in an object of the model when `v` is a valid value of it, else undefined.
 * The value of a nested object or list of columns is not checked here: its reader checks it.
 * The readers call it for the keys they do not read (`fieldChecks` checks the others).
 */
export function quickField(index: FieldIndex, key: string, v: unknown): TraitField | undefined {
  const field = index.byName[key];
  return field !== undefined && readerCheck(field)(v) ? field : undefined;
}

/** The quick check of one field's values, for a reader that knows the field by its key. */
export interface FieldCheck {
  /** Whether a value is valid for the field (any value of a nested object or list of columns: its reader checks it). */
  readonly ok: (v: unknown) => boolean;
  /** 1 for a required field, else 0: summed over the keys read, the count of required fields present. */
  readonly required: 0 | 1;
}

/**
 * The check of each field of an object of the model, by name, for a reader that switches on
 * each key anyway (`readTraits`, `readColumn`): what `quickField` does, without looking the key
 * up or switching on its kind. Measured against `quickField` for every key, side by side (advisor
 * bench tables, CPU time): `readFactsIfValid` 0.88-0.89x per table (2.33 -> 2.07 µs), parse +
 * `readFactsIfValid` 0.96-0.97x, parse + `chooseMode` 0.98x; `validateTableTraits` unchanged.
 */
export function fieldChecks<const F extends readonly TraitField[]>(
  fields: F,
): { readonly [K in F[number]['name']]: FieldCheck } {
  const out: Record<string, FieldCheck> = {};
  for (const f of fields) out[f.name] = Object.freeze({ ok: readerCheck(f), required: f.required ? 1 : 0 });
  return Object.freeze(out) as { readonly [K in F[number]['name']]: FieldCheck };
}
