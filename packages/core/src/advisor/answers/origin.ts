/**
 * Where each fact of a table's record came from, for `recommend --json` and `--detail`: its key
 * (`rows`, `changes.updates`, `columns["id"].set_on_update`) and its origin (`catalog`,
 * `observed`, the input it was read from, a flag, or an answers file and line).
 *
 * @module
 */
import { isArraySafe } from '../../issues/describe.js';
import { isRecord } from '../../issues/is-record.js';
import { neverThrows } from '../../issues/unreadable.js';

/** The origin of a fact read from the database's catalog by `inspect`. */
export const CATALOG = 'catalog';
/** The origin of a change fact observed from the database's counters by `inspect`. */
export const OBSERVED = 'observed';

/** The nested objects whose keys are facts one by one. */
const NESTED_KEYS = ['changes', 'change_tracking'] as const;

/** The key of a column's fact: `columns["id"].set_on_update`, or `columns["id"]` for the column. */
export const columnKey = (name: string, key?: string): string =>
  `columns[${JSON.stringify(name)}]${key === undefined ? '' : `.${key}`}`;

/**
 * Every fact a traits record states, by key, with its key path (for a file's line): the root
 * fields, the fields of `changes` and `change_tracking`, and each column's fields by its name.
 * Never throws: traits that cannot be read (a throwing getter, a revoked proxy) state none.
 */
export function factPaths(traits: unknown): FactPath[] {
  return neverThrows(pathsOf, [traits], () => []);
}

/** A fact's key and its key path. */
export interface FactPath {
  readonly key: string;
  readonly path: readonly (string | number)[];
}

function pathsOf(traits: unknown): FactPath[] {
  const out: { key: string; path: (string | number)[] }[] = [];
  if (!isRecord(traits)) return out;
  for (const key of Object.keys(traits)) {
    const v = traits[key];
    if ((NESTED_KEYS as readonly string[]).includes(key) && isRecord(v)) {
      for (const k of Object.keys(v)) out.push({ key: `${key}.${k}`, path: [key, k] });
    } else if (key === 'columns' && isArraySafe(v)) {
      (v as unknown[]).forEach((c, i) => {
        if (!isRecord(c) || typeof c.name !== 'string') return;
        out.push({ key: columnKey(c.name), path: ['columns', i] });
        for (const k of Object.keys(c))
          if (k !== 'name') out.push({ key: columnKey(c.name, k), path: ['columns', i, k] });
      });
    } else out.push({ key, path: [key] });
  }
  return out;
}

/** Whether a record was written by `inspect` from a database's catalog (it names the catalog's reader). */
export const fromCatalog = (record: unknown): boolean =>
  isRecord(record) && typeof record.reader === 'string';

/**
 * The origin of a fact the record states itself: for a record `inspect` wrote, `observed` for a
 * change the database's counters showed (a rate, its window, a `yes`) and `catalog` for the rest;
 * else `input`, the name of what the record was read from.
 */
export function ownOrigin(record: unknown, key: string, input: string): string {
  if (!fromCatalog(record)) return input;
  if (!key.startsWith('changes.')) return CATALOG;
  const changes = isRecord(record) ? record.changes : undefined;
  const value = isRecord(changes) ? changes[key.slice('changes.'.length)] : undefined;
  return value === 'no' ? CATALOG : OBSERVED;
}

/**
 * Where every fact of `traits` came from: `filled` for the facts an answers file, a flag or a
 * default filled in, `own` for the ones given with the record (a flag over a traits file), and
 * {@link ownOrigin} for the rest. Never throws: arguments that cannot be read (a throwing getter,
 * a revoked proxy) give no origins.
 */
export function factsFrom(
  traits: unknown,
  input: string,
  filled: Readonly<Record<string, string>> = {},
  own: Readonly<Record<string, string>> = {},
): Record<string, string> {
  return neverThrows(originsOf, [traits, input, filled, own], () => ({}));
}

function originsOf(
  traits: unknown,
  input: string,
  filled: Readonly<Record<string, string>>,
  own: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { key } of factPaths(traits)) {
    // A column's fact falls back on the column's origin, then on the list's.
    const column = key.startsWith('columns[') ? key.replace(/\.[a-z_]+$/, '') : undefined;
    out[key] =
      filled[key] ??
      own[key] ??
      (column === undefined ? undefined : (filled[column] ?? filled.columns ?? own[column] ?? own.columns)) ??
      ownOrigin(traits, key, input);
  }
  return out;
}

/** The key above `key` whose origin `key` takes when no entry names it: its column's, then its list's. */
function parentKey(key: string): string | undefined {
  if (key.startsWith('columns[')) {
    const end = key.lastIndexOf('"].');
    return end > 0 && !key.endsWith('"]') ? key.slice(0, end + 2) : 'columns';
  }
  const dot = key.indexOf('.');
  return dot > 0 ? key.slice(0, dot) : undefined;
}

/**
 * `factsFrom`'s origins grouped by origin, each origin with the keys of its facts, in order: a key
 * stands for every fact under it (`columns["id"]` for the column's facts, `columns`, `changes` and
 * `change_tracking` for theirs) that no other key names, so that a table whose facts all came from
 * one place lists its top-level keys alone.
 */
export function factsByOrigin(origins: Readonly<Record<string, string>>): Record<string, string[]> {
  // Each key's parents, and the origins of the facts under each key (its own included).
  const under = new Map<string, Set<string>>();
  const children = new Map<string | undefined, string[]>();
  const add = (key: string, origin: string) => {
    const parent = parentKey(key);
    if (!under.has(key)) {
      under.set(key, new Set());
      const siblings = children.get(parent) ?? [];
      siblings.push(key);
      children.set(parent, siblings);
    }
    under.get(key)?.add(origin);
    if (parent !== undefined) add(parent, origin);
  };
  for (const key of Object.keys(origins)) add(key, origins[key] as string);
  const out: Record<string, string[]> = {};
  const emit = (key: string, origin: string) => {
    const keys = out[origin] ?? [];
    keys.push(key);
    out[origin] = keys;
  };
  const walk = (key: string, inherited: string | undefined) => {
    const all = under.get(key) as Set<string>;
    const own = origins[key];
    if (all.size === 1) {
      const [origin] = all as unknown as [string];
      if (origin !== inherited) emit(key, origin);
      return;
    }
    if (own !== undefined && own !== inherited) emit(key, own);
    for (const child of children.get(key) ?? []) walk(child, own ?? inherited);
  };
  for (const key of children.get(undefined) ?? []) walk(key, undefined);
  return out;
}
