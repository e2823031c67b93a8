/**
 * Builds the `TableTraits` record of one table from what its catalog reader read: each column's
 * keys and set-on-insert/update facts (definition, then triggers, unknown where a trigger cannot
 * be read), the row estimate, the observed changes and the notes.
 *
 * @module
 */

import type { ChangeTraits, ColumnTraits, TableTraits } from '@querymode/core';
import { shownName } from '@querymode/core';
import type { CatalogColumn, CatalogTable, ChangeCounters, TriggerEffect, TriggerOutcome } from './model.js';

/** The fact "set by triggers": true when set, undefined when a trigger cannot be read, else false. */
function setBy(effect: TriggerEffect, key: string): boolean | undefined {
  if (effect.sets.has(key)) return true;
  return effect.open.has(key) || effect.unreadable.length > 0 ? undefined : false;
}

/** One column's traits. */
function columnTraits(c: CatalogColumn, t: CatalogTable): ColumnTraits {
  const key = t.namesIgnoreCase ? c.name.toLowerCase() : c.name;
  const out: ColumnTraits = { name: c.name, type: c.type };
  if (c.nullable !== undefined) out.nullable = c.nullable;
  if (t.keys !== undefined) {
    const inKey = t.keys.primaryKey.includes(c.name);
    out.primary_key = inKey;
    out.unique = t.keys.unique.has(c.name) || (inKey && t.keys.primaryKey.length === 1);
  }
  if (t.kind === 'view') return out;
  out.auto_increment = c.autoIncrement;
  const onInsert =
    c.autoIncrement || c.insertDefault ? true : c.generated ? false : setBy(t.insertTriggers, key);
  const onUpdate = c.updateDefinition ? true : c.generated ? false : setBy(t.updateTriggers, key);
  if (onInsert !== undefined) out.set_on_insert = onInsert;
  if (onUpdate !== undefined) out.set_on_update = onUpdate;
  return out;
}

const round = (n: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

const CHANGE_KINDS = ['inserts', 'updates', 'deletes'] as const;

/**
 * The shortest window of counters that rates per day are computed from: rates extrapolated from
 * minutes or hours of counters would be noise (inference).
 */
export const MIN_WINDOW_DAYS = 1;

/**
 * Observed changes: a kind with a count above zero is `yes`, with a rate per day when the window
 * is known and at least {@link MIN_WINDOW_DAYS} long, or was measured (`inspect --observe`). A
 * count of zero says nothing of whether the kind happens (the counters may have been reset, or
 * the window may be short): the kind stays unknown, never `no`. Over a measured window it is
 * "none observed in the window": the answer `unknown` with a rate of 0 per day.
 */
export function observedChanges(c: ChangeCounters): ChangeTraits | undefined {
  const out: ChangeTraits = {};
  const days =
    c.windowDays !== undefined && (c.measured === true || c.windowDays >= MIN_WINDOW_DAYS)
      ? c.windowDays
      : undefined;
  let rated = false;
  for (const kind of CHANGE_KINDS) {
    const count = c[kind];
    if (count === undefined || count < 0) continue;
    if (count === 0 && c.measured !== true) continue;
    out[kind] = count > 0 ? 'yes' : 'unknown';
    if (days !== undefined) {
      out[`${kind}_per_day`] = round(count / days, 3);
      rated = true;
    }
  }
  // A measured window of seconds is a tiny fraction of a day: six significant digits keep the
  // rates and the window in step (a rate times observed_days gives back the count).
  if (rated && days !== undefined)
    out.observed_days = c.measured === true ? Number(days.toPrecision(6)) : round(days, 4);
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The note on what the counters said: the kinds seen, and over a measured window the ones not seen. */
function countersNote(c: ChangeCounters, changes: ChangeTraits | undefined): string {
  if (c.measured === true) {
    const none = CHANGE_KINDS.filter((k) => c[k] === 0);
    return `Changes measured: ${c.source}${none.length > 0 ? `; none observed in the window: ${none.join(', ')} (still unknown, not no)` : ''}.`;
  }
  return changes === undefined
    ? `No change observed: ${c.source}; inserts, updates and deletes stay unknown.`
    : `Changes observed: ${c.source}.`;
}

/**
 * The counters note given last: the tables of one catalog share a few notes, and a record that
 * holds the one already made leaves its own copy to die young (30,000 tables: 6 MB of heap).
 */
let lastCountersNote = '';

/** Notes on the trigger effects that could not be read. */
function triggerNotes(t: CatalogTable): string[] {
  const out: string[] = [];
  for (const [event, effect] of [
    ['insert', t.insertTriggers],
    ['update', t.updateTriggers],
  ] as const) {
    for (const reason of effect.unreadable)
      out.push(`set_on_${event} is unknown for the columns not set by their definition: ${reason}.`);
    for (const [column, reason] of effect.open)
      out.push(`set_on_${event} is unknown for ${shownName(column)}: ${reason}.`);
    for (const [column, reason] of effect.kept ?? [])
      out.push(`set_on_${event} is false for ${shownName(column)}: ${reason}.`);
  }
  return out;
}

/** The traits record of one table. */
export function assembleTraits(t: CatalogTable): TableTraits {
  const out: TableTraits = {
    table: t.qualified,
    schema: t.schema,
    ...(t.database !== undefined && t.database !== '' ? { database: t.database } : {}),
    ...(t.reader !== undefined && t.reader !== '' ? { reader: t.reader } : {}),
    ...(t.readable !== undefined ? { readable: t.readable } : {}),
    source: t.source,
  };
  if (t.rows !== undefined) {
    out.rows = t.rows;
    out.rows_estimate = true;
  }
  // Pushed, not mapped: V8's `map` returns a packed or a holey array depending on whether this
  // function is optimised yet (4,925 holey of 10,000 tables), and core's readers then meet two
  // array maps in every verify or advice loop (docs/benchmarks.md, `verify`).
  const columns: ColumnTraits[] = [];
  for (const c of t.columns) columns.push(columnTraits(c, t));
  // A copy of its own length (packed too): pushing from empty gives 16 places.
  out.columns = columns.slice();
  let changes = t.counters === undefined ? undefined : observedChanges(t.counters);
  for (const kind of ['updates', 'deletes'] as const) {
    if (t.rejected?.[kind] === undefined) continue;
    changes = { ...changes, [kind]: 'no' };
    delete changes[`${kind}_per_day`];
    if (
      changes.inserts_per_day === undefined &&
      changes.updates_per_day === undefined &&
      changes.deletes_per_day === undefined
    )
      delete changes.observed_days;
  }
  if (changes !== undefined) out.changes = changes;
  if (t.changeTracking !== undefined) {
    const ct = t.changeTracking;
    out.change_tracking = {
      database_enabled: ct.databaseEnabled,
      table_enabled: ct.tableEnabled,
      ...(ct.retentionMinutes !== undefined && ct.retentionMinutes > 0
        ? { retention_minutes: ct.retentionMinutes }
        : {}),
      ...(ct.autoCleanup !== undefined ? { auto_cleanup: ct.autoCleanup } : {}),
    };
  }
  const notes: string[] = [];
  if (t.rowsNote !== undefined) notes.push(t.rowsNote);
  notes.push(...triggerNotes(t));
  for (const why of Object.values(t.rejected ?? {})) notes.push(why);
  if (t.counters !== undefined) {
    const note = countersNote(t.counters, changes);
    if (note !== lastCountersNote) lastCountersNote = note;
    notes.push(lastCountersNote);
  }
  notes.push(...t.notes);
  // A copy of its own length: pushing from empty gives 16 places, kept with the record (30,000 tables: 3.5 MB).
  if (notes.length > 0) out.notes = notes.slice();
  return out;
}

/**
 * Combines the readings of the row triggers of one event and timing into one effect, in the
 * order the database fires them (PostgreSQL: by name; MySQL/MariaDB: `ACTION_ORDER`): the last
 * trigger that may assign a column decides it. `preset` are the columns the row's definition sets
 * before the triggers run (MySQL's ON UPDATE). A column set to a fresh value on every path is set,
 * unless a later trigger may assign it a value computed from the row (then it is open, with that
 * trigger's reason), cannot be read (then it may be overwritten: open too), or restores its old
 * value: on every path, it is not set (kept); on some only, open.
 */
export function combineEffects(
  readings: readonly TriggerOutcome[],
  ignoreCase: boolean,
  preset: readonly string[] = [],
): TriggerEffect {
  const key = (c: string) => (ignoreCase ? c.toLowerCase() : c);
  const sets = new Set(preset.map(key));
  /** Set by its definition, and no trigger has assigned it yet. */
  const byDefinition = new Set(sets);
  const open = new Map<string, string>();
  const kept = new Map<string, string>();
  const unreadable: string[] = [];
  const assigned = (c: string) => {
    sets.delete(c);
    byDefinition.delete(c);
    open.delete(c);
    kept.delete(c);
  };
  for (const r of readings) {
    if ('reason' in r) {
      // It may assign any column: what earlier triggers or the definition set may be overwritten.
      for (const c of sets)
        open.set(
          c,
          `${byDefinition.has(c) ? 'a trigger may assign it another value' : 'a later trigger may overwrite it'}: ${r.reason}`,
        );
      sets.clear();
      byDefinition.clear();
      kept.clear();
      unreadable.push(r.reason);
      continue;
    }
    for (const o of r.open ?? []) {
      assigned(key(o.column));
      open.set(key(o.column), o.reason);
    }
    for (const k of r.keeps ?? []) {
      const c = key(k.column);
      if (k.always) {
        assigned(c);
        kept.set(c, k.reason);
      } else if (sets.has(c)) {
        // Fresh on some updates, its old value on others.
        assigned(c);
        open.set(c, k.reason);
      }
    }
    for (const s of r.sets) {
      assigned(key(s));
      sets.add(key(s));
    }
  }
  return { sets, open, unreadable, ...(kept.size > 0 ? { kept } : {}) };
}
