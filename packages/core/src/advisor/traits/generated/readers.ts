/**
 * The trait checks, generated from the field table (`model.ts`) by scripts/docs/trait-readers.ts:
 * do not edit; change the table and run `pnpm run docs`. Each object's fields are checked in one
 * `for...in` pass; nesting is the model's (a record, its columns, `changes`, `change_tracking`),
 * never the input's, so no check recurses deeper than that. The fact readers are
 * `facts/generated/read-facts.ts`.
 *
 * @module
 */
import { isColumnName, isRecord, isStringList, PAIRWISE_MAX } from '../read-support.js';

/** Whether a traits record is valid, by one `for...in` pass over its keys without allocating (false: not sure, the validator decides). */
export function isTableValid(value: unknown): boolean {
  if (!isRecord(value)) return false;
  let required = 0;
  for (const key in value) {
    const v = value[key];
    switch (key) {
      case 'table':
        if (!(typeof v === 'string')) return false;
        break;
      case 'schema':
        if (!(typeof v === 'string')) return false;
        break;
      case 'database':
        if (!(typeof v === 'string')) return false;
        break;
      case 'reader':
        if (!(typeof v === 'string')) return false;
        break;
      case 'readable':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'queryable':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'replicateable':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'source':
        if (!((v === 'postgresql' || v === 'mysql' || v === 'sqlserver' || v === 'oracle' || v === 'salesforce' || v === 'crm' || v === 'other'))) return false;
        break;
      case 'pipeline_mode':
        if (!((v === 'log_based' || v === 'table' || v === 'custom_sql'))) return false;
        break;
      case 'rows':
        if (!(typeof v === 'number' && Number.isSafeInteger(v) && v >= 0)) return false;
        break;
      case 'rows_estimate':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'columns':
        if (!(columnsValid(v))) return false;
        break;
      case 'changes':
        if (!(isChangesValid(v))) return false;
        break;
      case 'change_tracking':
        if (!(isChangeTrackingValid(v))) return false;
        break;
      case 'replication_frequency_minutes':
        if (!(typeof v === 'number' && Number.isFinite(v) && v > 0)) return false;
        break;
      case 'notes':
        if (!(isStringList(v))) return false;
        break;
      default:
        return false;
    }
  }
  return required === 0;
}

/** Whether a column is valid, by one `for...in` pass over its keys without allocating (false: not sure, the validator decides). */
export function isColumnValid(value: unknown): boolean {
  if (!isRecord(value)) return false;
  let required = 0;
  for (const key in value) {
    const v = value[key];
    switch (key) {
      case 'name':
        if (!(isColumnName(v))) return false;
        required++;
        break;
      case 'type':
        if (!(typeof v === 'string')) return false;
        break;
      case 'scale':
        if (!(typeof v === 'number' && Number.isSafeInteger(v) && v >= 0)) return false;
        break;
      case 'nullable':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'unique':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'primary_key':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'auto_increment':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'set_on_insert':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'set_on_update':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'calculated':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'filterable':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'sortable':
        if (!(typeof v === 'boolean')) return false;
        break;
      default:
        return false;
    }
  }
  return required === 1;
}

/** Whether `changes` is valid, by one `for...in` pass over its keys without allocating (false: not sure, the validator decides). */
export function isChangesValid(value: unknown): boolean {
  if (!isRecord(value)) return false;
  let required = 0;
  for (const key in value) {
    const v = value[key];
    switch (key) {
      case 'inserts':
        if (!((v === 'yes' || v === 'no' || v === 'unknown'))) return false;
        break;
      case 'updates':
        if (!((v === 'yes' || v === 'no' || v === 'unknown'))) return false;
        break;
      case 'deletes':
        if (!((v === 'yes' || v === 'no' || v === 'unknown'))) return false;
        break;
      case 'inserts_per_day':
        if (!(typeof v === 'number' && Number.isFinite(v) && v >= 0)) return false;
        break;
      case 'updates_per_day':
        if (!(typeof v === 'number' && Number.isFinite(v) && v >= 0)) return false;
        break;
      case 'deletes_per_day':
        if (!(typeof v === 'number' && Number.isFinite(v) && v >= 0)) return false;
        break;
      case 'observed_days':
        if (!(typeof v === 'number' && Number.isFinite(v) && v > 0)) return false;
        break;
      default:
        return false;
    }
  }
  return required === 0;
}

/** Whether `change_tracking` is valid, by one `for...in` pass over its keys without allocating (false: not sure, the validator decides). */
export function isChangeTrackingValid(value: unknown): boolean {
  if (!isRecord(value)) return false;
  let required = 0;
  for (const key in value) {
    const v = value[key];
    switch (key) {
      case 'database_enabled':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'table_enabled':
        if (!(typeof v === 'boolean')) return false;
        break;
      case 'retention_minutes':
        if (!(typeof v === 'number' && Number.isFinite(v) && v > 0)) return false;
        break;
      case 'auto_cleanup':
        if (!(typeof v === 'boolean')) return false;
        break;
      default:
        return false;
    }
  }
  return required === 0;
}

/** Whether a list of columns is valid: at most `PAIRWISE_MAX` columns, each valid, no name twice (false: not sure). */
export function columnsValid(list: unknown): boolean {
  if (!Array.isArray(list) || list.length > PAIRWISE_MAX) return false;
  const names: string[] = [];
  for (const column of list) {
    if (!isColumnValid(column)) return false;
    const name = (column as { name: string }).name;
    if (names.includes(name)) return false;
    names.push(name);
  }
  return true;
}

/** The test of a value of each kind of the field table (a nested object or list: its quick check). */
export const KIND_TESTS: { readonly [kind: string]: (v: unknown) => boolean } = {
  string: (v) => typeof v === 'string',
  boolean: (v) => typeof v === 'boolean',
  source: (v) => (v === 'postgresql' || v === 'mysql' || v === 'sqlserver' || v === 'oracle' || v === 'salesforce' || v === 'crm' || v === 'other'),
  pipeline_mode: (v) => (v === 'log_based' || v === 'table' || v === 'custom_sql'),
  count: (v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0,
  columns: (v) => columnsValid(v),
  changes: (v) => isChangesValid(v),
  change_tracking: (v) => isChangeTrackingValid(v),
  positive: (v) => typeof v === 'number' && Number.isFinite(v) && v > 0,
  notes: (v) => isStringList(v),
  column_name: (v) => isColumnName(v),
  change_answer: (v) => (v === 'yes' || v === 'no' || v === 'unknown'),
  rate: (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0,
};
