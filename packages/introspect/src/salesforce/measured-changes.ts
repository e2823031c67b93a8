/**
 * Change rates measured in the org (`inspect salesforce:// --look-back N`): for each object whose
 * describe has a `CreatedDate` SOQL can filter on, `SELECT COUNT()` of the records created in the
 * last N days, and, where it has a filterable `SystemModstamp`, of the records created before them
 * and changed in them (https://developer.salesforce.com/docs/atlas.en-us.soql_sosl.meta/soql_sosl/sforce_api_calls_soql_select_count.htm).
 * The window is two UTC dateTime values, not `LAST_N_DAYS:n`, whose range starts at midnight in
 * the querying user's locale (sforce_api_calls_soql_select_dateformats.htm): so it is N days
 * exactly, and `observed_days` says so.
 *
 * What the counts are: a query finds the records that still exist (not those in the Recycle Bin),
 * so the created count is not every insert: it leaves out the records created and deleted in the
 * window. It errs low for the events estimate, and high for the net growth the row-limit check
 * reads (deletes of older records lower the growth, not the count; deletes, not measured, count as
 * none), the safe side of that check. The changed count takes each record once however often it
 * changed, and none created in the window: it errs low. Deletes are not measured (no documented
 * field gives when a record went to the Recycle Bin). A count not measured stays unknown, never 0.
 *
 * Pure: the queries of a describe, and the traits of the counts; `rest/count-changes.ts` sends them.
 *
 * @module
 */
import { type ChangeTraits, countOf, DOCUMENTED_ADDRESSES as DOC, shownName } from '@querymode/core';
import { observedChanges } from '../read/assemble.js';
import { asObject, type JsonObject, own, SOQL_NAME } from './shapes.js';

/** The longest look-back: a year (querymode's choice; the Recycle Bin keeps 15 days, counts err more the longer the window). */
export const MAX_LOOK_BACK_DAYS = 365;

/** The window the counts cover: N whole days up to the run's start, as SOQL dateTime values (UTC). */
export interface ChangeWindow {
  readonly days: number;
  /** `2026-11-21T15:07:04Z`: the window's start, excluded. */
  readonly since: string;
  /** `2026-11-28T15:07:04Z`: its end, included. */
  readonly until: string;
}

/** What a count counts: records created in the window, or created before it and changed in it. */
export type CountKind = 'created' | 'changedEarlier';

/** One count query of one object. */
export interface CountQuery {
  readonly object: string;
  readonly kind: CountKind;
  /** The SOQL, names checked against `SOQL_NAME` (SOQL has no quoting of names). */
  readonly soql: string;
}

/** What was measured of one object: the counts read, and why each other is not. */
export interface ObjectCounts {
  created?: number;
  changedEarlier?: number;
  /** Why a count is not measured, one sentence each. */
  readonly unmeasured: string[];
}

/** The counts of a run: the window, and each object's counts by API name. */
export interface MeasuredChanges {
  readonly window: ChangeWindow;
  readonly objects: ReadonlyMap<string, ObjectCounts>;
}

/** A SOQL dateTime value in UTC, to the second (`YYYY-MM-DDThh:mm:ssZ`). */
const soqlDateTime = (ms: number): string => `${new Date(ms).toISOString().slice(0, 19)}Z`;

/** The window of `days` whole days ending at `nowMs`. */
export function changeWindow(days: number, nowMs: number): ChangeWindow {
  return { days, since: soqlDateTime(nowMs - days * 86_400_000), until: soqlDateTime(nowMs) };
}

/** The field of a describe by name, when it is a datetime SOQL may filter on; else why not. */
function filterableDate(fields: readonly unknown[], name: string): true | string {
  const field = fields.map(asObject).find((f) => f !== undefined && own(f, 'name') === name);
  if (field === undefined) return `it has no ${name}`;
  if (own(field, 'filterable') === false) return `its ${name} is not filterable`;
  if (own(field, 'type') !== 'datetime') return `its ${name} is not a datetime`;
  return true;
}

/**
 * The count queries of one object's describe, and why a count is not measured: an object that is
 * not queryable, a name SOQL cannot write, or no filterable `CreatedDate` (then nothing is
 * measured) or `SystemModstamp` (then only the created records are).
 */
export function countQueries(
  name: string,
  describe: JsonObject,
  window: ChangeWindow,
): { queries: CountQuery[]; unmeasured: string[] } {
  const fields = own(describe, 'fields');
  if (!Array.isArray(fields)) return { queries: [], unmeasured: ['its describe has no fields'] };
  if (own(describe, 'queryable') === false) return { queries: [], unmeasured: ['it is not queryable'] };
  if (!SOQL_NAME.test(name))
    return { queries: [], unmeasured: ['its name is not an API name SOQL can name'] };
  const created = filterableDate(fields, 'CreatedDate');
  if (created !== true) return { queries: [], unmeasured: [created] };
  const inWindow = (field: string) => `${field} > ${window.since} AND ${field} <= ${window.until}`;
  const queries: CountQuery[] = [
    { object: name, kind: 'created', soql: `SELECT COUNT() FROM ${name} WHERE ${inWindow('CreatedDate')}` },
  ];
  const modstamp = filterableDate(fields, 'SystemModstamp');
  if (modstamp !== true) return { queries, unmeasured: [`changed records: ${modstamp}`] };
  queries.push({
    object: name,
    kind: 'changedEarlier',
    soql: `SELECT COUNT() FROM ${name} WHERE ${inWindow('SystemModstamp')} AND CreatedDate <= ${window.since}`,
  });
  return { queries, unmeasured: [] };
}

const ANSWERS = ['inserts', 'updates', 'deletes'] as const;

/**
 * The changes of an object once its counts are read: the measured rates and `observed_days`
 * beside what the describe says (History: inserts only; IsDeleted: deletes), and the notes that
 * say what the figures are. A documented answer stands where the count says only "none seen".
 */
export function measuredTraits(
  name: string,
  documented: ChangeTraits | undefined,
  measured: MeasuredChanges,
): { changes: ChangeTraits | undefined; notes: string[] } {
  const { window } = measured;
  const counts = measured.objects.get(name);
  const shown = shownName(name);
  const over = `the ${countOf(window.days, 'day')} to ${window.until} (--look-back)`;
  if (counts === undefined || (counts.created === undefined && counts.changedEarlier === undefined))
    return {
      changes: documented,
      notes: [
        `changes: not measured over ${over}: ${counts?.unmeasured.join('; ') ?? `${shown} was not counted`}; inserts_per_day stays unknown, never 0.`,
      ],
    };
  const rates = observedChanges({
    inserts: counts.created,
    updates: counts.changedEarlier,
    deletes: undefined,
    windowDays: window.days,
    measured: true,
    source: '',
  });
  const changes: ChangeTraits = { ...documented, ...rates };
  for (const kind of ANSWERS) {
    const said = documented?.[kind];
    if (said !== undefined && said !== 'unknown' && (rates?.[kind] ?? 'unknown') === 'unknown')
      changes[kind] = said;
  }
  const read = [
    ...(counts.created === undefined ? [] : [`${countOf(counts.created, 'record')} created in them`]),
    ...(counts.changedEarlier === undefined
      ? []
      : [`${countOf(counts.changedEarlier, 'record')} created before them and changed in them`]),
  ];
  return {
    changes,
    notes: [
      `changes: measured in the org over ${over}, SOQL COUNT() (${DOC.salesforceSoqlCount}) on UTC dateTime bounds (${DOC.salesforceSoqlDates}): ${read.join(', ')}, among the records that still exist${counts.unmeasured.length > 0 ? `; not measured: ${counts.unmeasured.join('; ')}` : ''}.`,
      ...(counts.created === undefined
        ? []
        : [
            'inserts_per_day: records created and deleted in the window are not counted, so it errs low as a count of inserts (the events estimate) and high as net growth (deletes, not measured, count as none): the safe side of the row limit.',
          ]),
      ...(counts.changedEarlier === undefined
        ? []
        : [
            'updates_per_day: each record once however often it changed (SystemModstamp), and none created in the window: it errs low.',
          ]),
      `deletes_per_day: not measured; no documented field says when a record went to the Recycle Bin, which queryAll reads (${DOC.salesforceQueryAll}).`,
    ],
  };
}
