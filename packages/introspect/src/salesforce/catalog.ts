/**
 * Salesforce objects to traits records: each object's describe (and its entry in the global list,
 * and its approximate record count) becomes one `TableTraits` record, `source: "salesforce"`, with
 * the facts the platform documents and nothing more (docs/salesforce.md lists each fact with its
 * address). Never throws: a describe that cannot be read is an issue of its own, and the other
 * objects are still read.
 *
 * @module
 */
import { type ColumnTraits, DOCUMENTED_ADDRESSES as DOC, shownName, type TableTraits } from '@querymode/core';
import type { InspectIssue } from '../result.js';
import type { SalesforceCatalogInput } from './input.js';
import { type MeasuredChanges, measuredTraits } from './measured-changes.js';
import {
  asObject,
  countsIn,
  type FoundObject,
  type JsonObject,
  objectsIn,
  own,
  type Place,
  placeText,
  SOQL_NAME,
} from './shapes.js';

export type { SalesforceCatalogInput } from './input.js';

/** Options of {@link salesforceTraits}. */
export interface SalesforceTraitsOptions {
  /** Only these objects, by exact API name (all when absent). */
  readonly objects?: readonly string[];
}

/** The traits records of an org's objects, and what could not be read. */
export interface SalesforceCatalog {
  /** One traits record per object, sorted by API name. */
  readonly tables: readonly TableTraits[];
  /** One issue per describe, field list or count entry that could not be read; the others are in `tables`. */
  readonly issues: readonly InspectIssue[];
  /** Names given in `objects` that no describe or global entry has. */
  readonly unmatched: readonly string[];
}

export { SOQL_NAME } from './shapes.js';

/** The audit fields the platform sets, by name (system_fields.htm). */
const AUDIT = {
  id: 'Id',
  created: 'CreatedDate',
  modified: 'LastModifiedDate',
  modstamp: 'SystemModstamp',
  deleted: 'IsDeleted',
} as const;

/** A boolean flag of a describe, or undefined when absent or not a boolean. */
function flag(o: JsonObject, key: string): boolean | undefined {
  const v = own(o, key);
  return typeof v === 'boolean' ? v : undefined;
}

/** One field's describe as a column, or why it cannot be read. */
function columnOf(field: unknown): ColumnTraits | string {
  const f = asObject(field);
  if (f === undefined) return 'a field is not a JSON object';
  const name = own(f, 'name');
  if (typeof name !== 'string' || name === '') return 'a field has no "name"';
  const out: ColumnTraits = { name };
  const type = own(f, 'type');
  if (typeof type === 'string') out.type = type;
  // "For fields of type double, number of digits to the right of the decimal point" (describesobjects_describesobjectresult.htm).
  const scale = own(f, 'scale');
  if (type === 'double' && typeof scale === 'number' && Number.isSafeInteger(scale) && scale >= 0)
    out.scale = scale;
  const nillable = flag(f, 'nillable');
  if (nillable !== undefined) out.nullable = nillable;
  const unique = flag(f, 'unique');
  if (unique !== undefined) out.unique = unique;
  // Formula and roll-up fields; whether the source can filter and sort on it (access-for-fields).
  for (const [key, trait] of [
    ['calculated', 'calculated'],
    ['filterable', 'filterable'],
    ['sortable', 'sortable'],
  ] as const) {
    const v = flag(f, key);
    if (v !== undefined) out[trait] = v;
  }
  switch (name) {
    case AUDIT.id:
      // "a unique string identifying the record, set on create" (system_fields.htm).
      Object.assign(out, { unique: true, nullable: false, set_on_insert: true });
      break;
    case AUDIT.modstamp:
      // Set on create and on every change by a user or an automated process (system_fields.htm).
      Object.assign(out, { nullable: false, set_on_insert: true, set_on_update: true });
      break;
    case AUDIT.modified:
      // Changed by users only, settable on import; platform changes leave it (system_fields.htm).
      out.set_on_update = false;
      break;
    case AUDIT.created:
      Object.assign(out, { set_on_insert: true, set_on_update: false });
      break;
  }
  return out;
}

/** The merged knowledge of one object: its describe (with fields) and its global entry. */
interface ObjectReading {
  readonly name: string;
  describe?: FoundObject;
  entry?: FoundObject;
}

/** Whether the describe says the object is a History object: `associateEntityType`, or a `...History` name with `CreatedDate` only. */
function isHistory(o: ObjectReading, names: ReadonlySet<string> | undefined): boolean {
  for (const f of [o.describe, o.entry])
    if (f !== undefined && own(f.value, 'associateEntityType') === 'History') return true;
  return (
    names !== undefined &&
    o.name.endsWith('History') &&
    names.has(AUDIT.created) &&
    !names.has(AUDIT.modstamp) &&
    !names.has(AUDIT.modified)
  );
}

/** The traits record of one object, or the issue that stops it. */
function traitsOf(
  o: ObjectReading,
  count: number | undefined,
  measured: MeasuredChanges | undefined,
): TableTraits | InspectIssue {
  const out: TableTraits = { table: o.name, source: 'salesforce' };
  // The describe's flags, else the global list's (the same flags: describesobjectresult).
  for (const key of ['queryable', 'replicateable'] as const) {
    const v = [o.describe, o.entry]
      .map((f) => (f === undefined ? undefined : flag(f.value, key)))
      .find((x) => x !== undefined);
    if (v !== undefined) out[key] = v;
  }
  const notes: string[] = [];
  const name = shownName(o.name);
  if (count !== undefined) {
    out.rows = count;
    out.rows_estimate = true;
    notes.push(
      `rows: the cached, approximate record count of /limits/recordCount (${DOC.salesforceRecordCount}), without the Recycle Bin.`,
    );
  } else {
    notes.push(
      `rows: unknown, no record count for ${name} (History, Share, Feed and ChangeEvent objects get none: ${DOC.salesforceRecordCount}); ${SOQL_NAME.test(o.name) ? `\`SELECT COUNT() FROM ${o.name}\` (SOQL) counts them` : 'its name is not an API name SOQL can name'}.`,
    );
  }
  const fields = o.describe === undefined ? undefined : own(o.describe.value, 'fields');
  if (o.describe !== undefined && !Array.isArray(fields))
    return {
      code: 'invalid_describe',
      path: o.describe.at,
      message: `${placeText(o.describe.at)}: the describe of ${name} has no "fields" list`,
    };
  let names: Set<string> | undefined;
  if (Array.isArray(fields) && o.describe !== undefined) {
    const columns: ColumnTraits[] = [];
    names = new Set();
    for (const [i, field] of fields.entries()) {
      const column = columnOf(field);
      const at: Place = [...o.describe.at, 'fields', i];
      if (typeof column === 'string' || names.has(column.name))
        return {
          code: 'invalid_describe',
          path: at,
          message: `${placeText(at)}: ${typeof column === 'string' ? column : `field ${shownName(column.name)} appears twice`}; the describe of ${name} is not read (its field list would be incomplete)`,
        };
      names.add(column.name);
      columns.push(column);
    }
    out.columns = columns;
    notes.push(
      `columns: the fields of the describe (${DOC.salesforceFieldAccess}); Id, CreatedDate, LastModifiedDate and SystemModstamp as the platform documents them (${DOC.salesforceSystemFields}).`,
    );
  } else {
    notes.push(
      `columns: unknown, the global list gives no fields; save the describe with \`sf sobject describe --sobject ${SOQL_NAME.test(o.name) ? o.name : 'NAME'} --json\` (${DOC.salesforceCliDescribe}).`,
    );
  }
  if (isHistory(o, names)) {
    out.changes = { inserts: 'yes', updates: 'no' };
    notes.push(`changes: a History object, its rows only inserted (${DOC.salesforceHistoryObjects}).`);
  }
  if (names?.has(AUDIT.deleted) === true) {
    out.changes = { ...out.changes, deletes: 'yes' };
    notes.push(
      `deletes: IsDeleted is present, so records are deleted (soft, to the Recycle Bin, read with queryAll; hard deletes leave no trace: ${DOC.salesforceSystemFields}).`,
    );
  }
  if (measured !== undefined) {
    const m = measuredTraits(o.name, out.changes, measured);
    if (m.changes !== undefined) out.changes = m.changes;
    notes.push(...m.notes);
  }
  out.notes = notes;
  return out;
}

/** Whether two describes are the same (a REST describe and the sf CLI's output of the same object). */
function sameJson(a: JsonObject, b: JsonObject): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The traits records of a Salesforce org's objects from its describes, its global list and its
 * record counts (raw JSON in any saved shape): one record per object, and an issue for each
 * entry that cannot be read. An object the global list names without a describe gets a record
 * whose columns are unknown.
 */
export function salesforceTraits(
  input: SalesforceCatalogInput,
  options: SalesforceTraitsOptions = {},
): SalesforceCatalog {
  const issues: InspectIssue[] = [];
  const objects = new Map<string, ObjectReading>();
  const reading = (name: string): ObjectReading => {
    let o = objects.get(name);
    if (o === undefined) {
      o = { name };
      objects.set(name, o);
    }
    return o;
  };
  const describes = Array.isArray(input?.describes) ? input.describes : [];
  const all = objectsIn(describes, ['describes']);
  if (input?.global !== undefined) {
    const global = objectsIn(input.global, ['global']);
    issues.push(...global.issues);
    for (const f of global.found) reading(own(f.value, 'name') as string).entry ??= f;
  }
  issues.push(...all.issues);
  for (const f of all.found) {
    const o = reading(own(f.value, 'name') as string);
    if (!Object.hasOwn(f.value, 'fields')) o.entry ??= f;
    else if (o.describe === undefined) o.describe = f;
    else if (!sameJson(o.describe.value, f.value))
      issues.push({
        code: 'invalid_describe',
        path: f.at,
        message: `${placeText(f.at)}: a second, different describe of ${shownName(o.name)}; the first (${placeText(o.describe.at)}) is read: keep one describe per object`,
      });
  }
  const counts = new Map<string, number>();
  if (input?.recordCounts !== undefined) {
    const read = countsIn(input.recordCounts, ['recordCounts']);
    issues.push(...read.issues);
    for (const c of read.counts) counts.set(c.name, c.count);
  }
  const wanted = options.objects === undefined ? undefined : new Set(options.objects);
  const tables: TableTraits[] = [];
  for (const name of [...objects.keys()].sort()) {
    if (wanted !== undefined && !wanted.has(name)) continue;
    const t = traitsOf(objects.get(name) as ObjectReading, counts.get(name), input?.measured);
    if ('code' in t) issues.push(t);
    else tables.push(t);
  }
  const unmatched = wanted === undefined ? [] : [...wanted].filter((n) => !objects.has(n));
  return { tables, issues, unmatched };
}
