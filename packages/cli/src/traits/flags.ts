/**
 * Table traits from command-line flags, for `recommend`, `estimate` and `plan`.
 *
 * @module
 */
import { closest, PIPELINE_MODES, SOURCE_KINDS, type TableTraits } from '@querymode/core';
import { usageError } from '../errors.js';
import { parseDurationMinutes } from './duration.js';

/** The flags that describe a table. Every one is optional: what is not given stays unknown. */
export interface TraitFlags {
  readonly table?: string;
  readonly source?: string;
  readonly pipelineMode?: string;
  readonly rows?: string;
  readonly column?: readonly string[];
  readonly inserts?: string;
  readonly updates?: string;
  readonly deletes?: string;
  readonly insertsPerDay?: string;
  readonly updatesPerDay?: string;
  readonly deletesPerDay?: string;
  readonly ctDatabase?: string;
  readonly ctTable?: string;
  readonly retention?: string;
  readonly frequency?: string;
}

/** The column attributes `--column name:type[:attr...]` accepts, and the trait each sets. */
export const COLUMN_ATTRIBUTES = {
  'not-null': { nullable: false },
  nullable: { nullable: true },
  unique: { unique: true },
  'primary-key': { primary_key: true, unique: true, nullable: false },
  'auto-increment': { auto_increment: true, set_on_insert: true },
  'set-on-insert': { set_on_insert: true },
  'auto-update': { set_on_update: true },
} as const;

type ColumnTraits = NonNullable<TableTraits['columns']>[number];

/** Parses one `--column name:type[:attr...]` value. */
export function parseColumn(spec: string): ColumnTraits {
  const [name = '', type = '', ...attrs] = spec.split(':');
  if (name.trim() === '')
    throw usageError(`--column expects name:type[:attr...]; received ${JSON.stringify(spec)}`);
  const column: Record<string, unknown> = { name: name.trim() };
  if (type.trim() !== '') column.type = type.trim();
  const known = Object.keys(COLUMN_ATTRIBUTES);
  for (const attr of attrs) {
    const key = attr.trim().toLowerCase();
    const set = COLUMN_ATTRIBUTES[key as keyof typeof COLUMN_ATTRIBUTES];
    if (set === undefined) {
      const guess = closest(key, known);
      throw usageError(
        `--column ${JSON.stringify(spec)}: unknown attribute ${JSON.stringify(attr)}${guess ? `; did you mean ${guess}?` : ''} (attributes: ${known.join(', ')})`,
      );
    }
    Object.assign(column, set);
  }
  return column as unknown as ColumnTraits;
}

const YES_NO = ['yes', 'no', 'unknown'] as const;

function yesNo(value: string | undefined, flag: string): 'yes' | 'no' | 'unknown' | undefined {
  if (value === undefined) return undefined;
  const v = value.toLowerCase();
  if ((YES_NO as readonly string[]).includes(v)) return v as 'yes' | 'no' | 'unknown';
  throw usageError(`${flag} expects yes, no or unknown; received ${JSON.stringify(value)}`);
}

function onOff(value: string | undefined, flag: string): boolean | undefined {
  if (value === undefined) return undefined;
  const v = value.toLowerCase();
  if (['on', 'yes', 'true'].includes(v)) return true;
  if (['off', 'no', 'false'].includes(v)) return false;
  throw usageError(`${flag} expects on or off; received ${JSON.stringify(value)}`);
}

function count(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const cleaned = value.replace(/[_,]/g, '');
  const n = /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
  if (!Number.isFinite(n))
    throw usageError(`${flag} expects a non-negative number; received ${JSON.stringify(value)}`);
  return n;
}

function oneOf<T extends string>(
  value: string | undefined,
  flag: string,
  allowed: readonly T[],
): T | undefined {
  if (value === undefined) return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  const guess = closest(value, allowed);
  throw usageError(
    `${flag}: unknown value ${JSON.stringify(value)}${guess ? `; did you mean ${guess}?` : ''} (one of: ${allowed.join(', ')})`,
  );
}

/** Whether any table-describing flag was given. */
export function hasTraitFlags(flags: TraitFlags): boolean {
  return Object.entries(flags).some(
    ([k, v]) => k in EMPTY_FLAGS && v !== undefined && !(Array.isArray(v) && v.length === 0),
  );
}

const EMPTY_FLAGS: Record<keyof TraitFlags, true> = {
  table: true,
  source: true,
  pipelineMode: true,
  rows: true,
  column: true,
  inserts: true,
  updates: true,
  deletes: true,
  insertsPerDay: true,
  updatesPerDay: true,
  deletesPerDay: true,
  ctDatabase: true,
  ctTable: true,
  retention: true,
  frequency: true,
};

/** Builds traits from flags, layered over `base` (a traits file): a flag overrides the file. */
export function traitsFromFlags(flags: TraitFlags, base: TableTraits = {}): TableTraits {
  const out: Record<string, unknown> = { ...base };
  const set = (key: string, value: unknown) => {
    if (value !== undefined) out[key] = value;
  };
  set('table', flags.table);
  set('source', oneOf(flags.source, '--source', SOURCES));
  set('pipeline_mode', oneOf(flags.pipelineMode, '--pipeline-mode', PIPELINE_MODES));
  set('rows', count(flags.rows, '--rows'));
  if (flags.column && flags.column.length > 0) out.columns = flags.column.map(parseColumn);
  const changes: Record<string, unknown> = { ...(base.changes ?? {}) };
  const setChange = (key: string, value: unknown) => {
    if (value !== undefined) changes[key] = value;
  };
  setChange('inserts', yesNo(flags.inserts, '--inserts'));
  setChange('updates', yesNo(flags.updates, '--updates'));
  setChange('deletes', yesNo(flags.deletes, '--deletes'));
  setChange('inserts_per_day', count(flags.insertsPerDay, '--inserts-per-day'));
  setChange('updates_per_day', count(flags.updatesPerDay, '--updates-per-day'));
  setChange('deletes_per_day', count(flags.deletesPerDay, '--deletes-per-day'));
  if (Object.keys(changes).length > 0) out.changes = changes;
  const ct: Record<string, unknown> = { ...(base.change_tracking ?? {}) };
  const db = onOff(flags.ctDatabase, '--ct-database');
  const tb = onOff(flags.ctTable, '--ct-table');
  if (db !== undefined) ct.database_enabled = db;
  if (tb !== undefined) ct.table_enabled = tb;
  if (flags.retention !== undefined)
    ct.retention_minutes = parseDurationMinutes(flags.retention, '--retention');
  if (Object.keys(ct).length > 0) out.change_tracking = ct;
  if (flags.frequency !== undefined)
    out.replication_frequency_minutes = parseDurationMinutes(flags.frequency, '--frequency');
  return out as TableTraits;
}

/** Source kinds `--source` accepts: the traits model's. */
export const SOURCES = SOURCE_KINDS;
export { PIPELINE_MODES };
