/**
 * The PostgreSQL catalog reader: reads tables, columns, keys, triggers and their functions, and the
 * change counters, in six catalog queries inside one read-only snapshot.
 *
 * @module
 */

import { countOf, shownName } from '@querymode/core';
import { bool, type CatalogClient, eachRow, num, type Row, str } from '../../client.js';
import { assembleTraits, combineEffects, MIN_WINDOW_DAYS } from '../../read/assemble.js';
import { type CatalogRead, type CatalogReader, groupBy, recordSink } from '../../read/catalog-read.js';
import { inheritanceNote, intersectEffects } from '../../read/inheritance.js';
import { interning } from '../../read/interned.js';
import {
  type CatalogColumn,
  type ChangeCounters,
  NO_TRIGGERS,
  type RelationKind,
  type TriggerOutcome,
} from '../../read/model.js';
import type { CounterLog } from '../../read/observe.js';
import { type InspectOptions, schemasToRead } from '../../read/options.js';
import {
  keptReason,
  onSomeUpdates,
  plpgsqlAlwaysRaises,
  plpgsqlMayUpdate,
  readPlpgsqlBeforeRow,
  type TriggerReading,
  underWhen,
} from '../../read/trigger-code.js';
import { walkRelations } from '../../read/walk.js';
import {
  PG_BEGIN,
  PG_COLUMNS,
  PG_END,
  PG_EXPORT_SNAPSHOT,
  PG_KEYS,
  PG_SETTINGS,
  PG_TABLES,
  PG_TRIGGER_FUNCTIONS,
  PG_TRIGGERS,
  pgImportSnapshot,
} from './queries.js';

const RELATION_KINDS: Record<string, RelationKind> = {
  r: 'table',
  p: 'partitioned_table',
  v: 'view',
  m: 'materialized_view',
  f: 'foreign_table',
};

/** Trigger type bits (`pg_trigger.tgtype`, from PostgreSQL's `pg_trigger.h`). */
const TG = { row: 1, before: 2, insert: 4, delete: 8, update: 16, instead: 64 } as const;

/**
 * The firing states (`pg_trigger.tgenabled`) in which a trigger does not fire in the sessions of
 * the service's reader and of an ordinary application, whose `session_replication_role` is
 * `origin` (the default), each with why: `O` (ENABLE) and `A` (ENABLE ALWAYS) fire there, `R`
 * (ENABLE REPLICA) only in replica sessions, `D` never. PostgreSQL documentation, ALTER TABLE
 * (https://www.postgresql.org/docs/15/sql-altertable.html, DISABLE/ENABLE [ REPLICA | ALWAYS ] TRIGGER).
 */
const NOT_FIRING: Readonly<Record<string, string>> = {
  R: "is enabled for replica sessions only (ENABLE REPLICA): it fires only where session_replication_role is replica, not in the sessions of the service's reader nor an application's ordinary ones",
  D: 'is disabled (DISABLE TRIGGER): it never fires',
};

/** Whether a trigger fires in an ordinary session (`tgenabled` `O` or `A`). */
const fires = (t: Row): boolean => NOT_FIRING[str(t.enabled)] === undefined;

/** The kinds of change a trigger can reject, with their trigger-type bit and statement. */
const REJECTABLE = [
  ['updates', TG.update, 'UPDATE'],
  ['deletes', TG.delete, 'DELETE'],
] as const;

/** Default expressions that give each row a fresh value (time, sequence, random UUID). */
const FRESH_DEFAULT =
  /^(now\(\)|current_timestamp|localtimestamp|clock_timestamp\(\)|statement_timestamp\(\)|transaction_timestamp\(\)|timeofday\(\)|gen_random_uuid\(\)|uuid_generate_v[14]\w*\(\)|nextval\()/i;

/** The bits of {@link PgColumn.facts}. */
const FACT = { notNull: 1, autoIncrement: 2, insertDefault: 4, generated: 8 } as const;

/**
 * One column as read from its PG_COLUMNS row, with its number and its domain ('' when none); its
 * yes/no facts as the bits of one number (kept for every column until its table is assembled: 64
 * bytes, not the 96 of a `CatalogColumn` with these two, 4.8 MB at 30,000 tables).
 */
interface PgColumn {
  readonly name: string;
  readonly type: string;
  readonly attnum: number;
  readonly domain: string;
  /** {@link FACT}'s bits. */
  readonly facts: number;
}

function column(r: Row, type: (text: string) => string): PgColumn {
  const def = str(r.default_expr).trim();
  const identity = str(r.identity);
  const serial = /^nextval\(/i.test(def);
  const generated = str(r.generated) !== '';
  return {
    name: str(r.column_name),
    type: type(str(r.data_type)),
    attnum: num(r.attnum) ?? 0,
    domain: str(r.domain_name),
    facts:
      (bool(r.not_null) ? FACT.notNull : 0) |
      (identity === 'a' || identity === 'd' || serial ? FACT.autoIncrement : 0) |
      (!generated && FRESH_DEFAULT.test(def) ? FACT.insertDefault : 0) |
      (generated ? FACT.generated : 0),
  };
}

/** A column as the record is assembled from it (a view's columns say nothing of NULL). */
const catalogColumn = (c: PgColumn, view: boolean): CatalogColumn => ({
  name: c.name,
  type: c.type,
  nullable: view ? undefined : (c.facts & FACT.notNull) === 0,
  autoIncrement: (c.facts & FACT.autoIncrement) !== 0,
  insertDefault: (c.facts & FACT.insertDefault) !== 0,
  updateDefinition: false,
  generated: (c.facts & FACT.generated) !== 0,
});

/**
 * What the code of one trigger function does, read once however many tables share it (read per
 * trigger, tokenizing took 52 ms of CPU on 10,000 tables with 1,000 triggers of one function).
 */
interface FunctionCode {
  /** `function schema.name`. */
  readonly label: string;
  readonly language: string;
  /** Always raises an error (`plpgsqlAlwaysRaises`). */
  readonly raises: boolean;
  /** Has UPDATE or EXECUTE statements (`plpgsqlMayUpdate`). */
  readonly mayUpdate: boolean;
  /** Its reading as the function of a BEFORE ROW trigger. */
  readonly beforeRow: TriggerReading;
  /**
   * The C function \`moddatetime\` of the contrib extension of that name: as a BEFORE UPDATE row
   * trigger it sets the column its trigger names (its argument) to the current time on every
   * update (and raises an error fired any other way).
   */
  readonly moddatetime: boolean;
}

function readFunction(fn: Row): FunctionCode {
  const language = str(fn.language);
  const source = str(fn.source);
  const plpgsql = language === 'plpgsql';
  return {
    label: `function ${shownName(str(fn.function_name))}`,
    language,
    raises: plpgsql && plpgsqlAlwaysRaises(source),
    mayUpdate: plpgsql && plpgsqlMayUpdate(source),
    beforeRow: plpgsql ? readPlpgsqlBeforeRow(source) : { readable: false, reason: `is in ${language}` },
    moddatetime: language === 'c' && source === 'moddatetime',
  };
}

/** A trigger's arguments (\`tgargs\`: each ends with a NUL byte), as the driver gives the bytea. */
function triggerArgs(v: unknown): string[] {
  if (!(v instanceof Uint8Array)) return [];
  const text = Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('utf8');
  return text.split('\u0000').slice(0, -1);
}

/** moddatetime(col) in a BEFORE UPDATE row trigger sets \`col\`; fired otherwise it raises. */
function moddatetimeReading(t: Row, name: string): TriggerReading {
  const [column] = triggerArgs(t.args);
  if (column === undefined) return { readable: false, reason: `${name} runs moddatetime without a column` };
  return { readable: true, sets: [column] };
}

/**
 * What one trigger does to the row's columns, from its timing and its function's code; `columns`
 * are its table's (a WHEN condition over every other column reads as a change of the row).
 */
function readTrigger(t: Row, code: FunctionCode | undefined, columns: readonly string[]): TriggerOutcome {
  const name = `trigger ${shownName(str(t.trigger_name))}`;
  if (code === undefined) return { reason: `${name}: its function cannot be read` };
  if (code.language !== 'plpgsql' && !code.moddatetime)
    return { reason: `${name} runs ${code.label} in ${code.language}, whose code is not read` };
  // A function that always raises lets no row through: it sets nothing.
  if (code.raises) return { sets: [] };
  const type = num(t.trigger_type) ?? 0;
  const beforeRow = (type & TG.row) !== 0 && (type & TG.before) !== 0 && (type & TG.instead) === 0;
  if (!beforeRow) {
    return code.mayUpdate
      ? {
          reason: `${name} (AFTER or per statement) runs ${code.label}, which has UPDATE or EXECUTE statements`,
        }
      : { sets: [] };
  }
  // moddatetime raises unless fired BEFORE UPDATE FOR EACH ROW, so an insert trigger sets nothing.
  if (code.moddatetime && (type & TG.update) === 0) return { sets: [] };
  let reading = code.moddatetime ? moddatetimeReading(t, name) : code.beforeRow;
  if (bool(t.has_when)) reading = underWhen(reading, str(t.definition), columns);
  // `UPDATE OF col, ...`: it fires only when those columns are in the UPDATE, so it sets nothing on every update.
  if (bool(t.has_columns) && reading.readable) reading = onSomeUpdates(reading);
  if (!reading.readable) return { reason: `${name}: ${code.label} ${reading.reason}` };
  const who = `${name} (${code.label})`;
  return {
    sets: reading.sets,
    open: (reading.open ?? []).map((o) => ({ column: o.column, reason: `${who} ${o.reason}` })),
    keeps: (reading.keeps ?? []).map((k) => ({ ...k, reason: keptReason(k, who) })),
  };
}

/** The counters' window and source sentence. */
function windowOf(settings: Row): { days: number | undefined; source: string } {
  if (str(settings.track_counts) === 'off')
    return { days: undefined, source: 'track_counts is off, so pg_stat_all_tables counts nothing' };
  const days = num(settings.stats_days);
  const reset = str(settings.stats_reset);
  return days === undefined
    ? {
        days: undefined,
        source:
          'pg_stat_all_tables counters; the statistics of this database were never reset, so their window (and rates per day) is unknown',
      }
    : {
        days,
        source: `pg_stat_all_tables counters since the statistics reset of ${reset.slice(0, 19)} (${days.toFixed(2)} days${days < MIN_WINDOW_DAYS ? ', less than a day: no rates per day' : ''})`,
      };
}

/** The PostgreSQL catalog reader. */
export const postgresqlReader: CatalogReader = {
  visibility:
    "PostgreSQL lists a schema's tables to a reader with CONNECT on the database and USAGE on the schema: check the schema's name (case included) and grant USAGE",
  async read(client: CatalogClient, options: InspectOptions, counters: CounterLog): Promise<CatalogRead> {
    await client.query(PG_BEGIN);
    try {
      const read = await readCatalog(client, options, counters, true);
      if (read !== NOT_EXPORTED) return read;
      // The failed export ended the transaction: read again, in a new one, on this connection alone.
      await client.query(PG_END);
      await client.query(PG_BEGIN);
      return (await readCatalog(client, options, counters, false)) as CatalogRead;
    } finally {
      await client.query(PG_END).catch(() => undefined);
    }
  },
};

/**
 * From how many relations the keys, triggers and functions are read on a second connection while
 * the first reads the columns: at 10,000 tables they took 80-115 ms after the columns' 320 ms;
 * at 1,000, 6 ms, less than opening a connection.
 */
const BESIDE_FROM = 2_000;

/** The rows of PG_KEYS, PG_TRIGGERS and PG_TRIGGER_FUNCTIONS. */
type KeysAndTriggers = readonly [keys: readonly Row[], triggers: readonly Row[], functions: readonly Row[]];

/** PG_KEYS, PG_TRIGGERS and PG_TRIGGER_FUNCTIONS of the relations `found`, one after the other. */
async function readKeysAndTriggers(
  client: CatalogClient,
  found: readonly unknown[],
): Promise<KeysAndTriggers> {
  const keys = await client.query(PG_KEYS, found);
  const triggers = await client.query(PG_TRIGGERS, found);
  const functions = await client.query(PG_TRIGGER_FUNCTIONS, found);
  return [keys, triggers, functions];
}

/** What `readCatalog` answers when the server did not export the snapshot. */
const NOT_EXPORTED = Symbol('snapshot not exported');

/** PG_KEYS, PG_TRIGGERS and PG_TRIGGER_FUNCTIONS being read on a second connection. */
interface Beside {
  /** Whether the first exported its snapshot (known before its next statement's answer). */
  readonly exported: Promise<boolean>;
  /** Their rows, or undefined when the second connection cannot be opened or fails. */
  readonly rows: Promise<KeysAndTriggers | undefined>;
  /** Closes the second connection, whatever it is doing (opening, or a statement). */
  close(): void;
}

/**
 * Starts PG_KEYS, PG_TRIGGERS and PG_TRIGGER_FUNCTIONS on a second connection, in a read-only
 * transaction on the snapshot of the first (exported here, before the first's next statement is
 * sent), so that they read the catalog state the first reads. The export's failure (a server
 * that exports none) ends the first's transaction.
 */
function readBeside(
  client: CatalogClient,
  another: () => Promise<CatalogClient>,
  found: readonly unknown[],
): Beside {
  const exported = client.query(PG_EXPORT_SNAPSHOT).then(
    ([row]) => str(row?.snapshot),
    (): typeof NOT_EXPORTED => NOT_EXPORTED,
  );
  const opening = another();
  // Awaited below, after the export: a refusal meanwhile is not an unhandled rejection.
  opening.catch(() => undefined);
  let closed = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    void opening.then(
      (second) => second.close(),
      () => undefined,
    );
  };
  const rows = (async (): Promise<KeysAndTriggers | undefined> => {
    try {
      const snapshot = await exported;
      if (snapshot === NOT_EXPORTED) return undefined;
      const second = await opening;
      await second.query(PG_BEGIN);
      await second.query(pgImportSnapshot(snapshot));
      return await readKeysAndTriggers(second, found);
    } catch {
      return undefined;
    } finally {
      close();
    }
  })();
  return { exported: exported.then((snapshot) => snapshot !== NOT_EXPORTED), rows, close };
}

/** The catalog, read in the transaction `client` has open; `beside`: the second connection may be used. */
async function readCatalog(
  client: CatalogClient,
  options: InspectOptions,
  counterLog: CounterLog,
  beside: boolean,
): Promise<CatalogRead | typeof NOT_EXPORTED> {
  const [settings] = await client.query(PG_SETTINGS);
  if (settings === undefined) throw new Error('pg_stat_database has no row for the current database');
  const allSchemas = (
    (typeof settings.schemas === 'string' ? JSON.parse(settings.schemas) : settings.schemas) as [
      string,
      boolean,
    ][]
  ).map(([name, system]) => ({ name, system }));
  const { wanted, missing: missingSchemas } = schemasToRead(options, allSchemas);
  const tableRows = await client.query(PG_TABLES, [wanted]);
  counterLog.mark();
  // The relations found, by oid: the statements after PG_TABLES probe the catalogs' indexes with
  // them. One array literal, which the driver sends as it is (it quoted a 10,000-oid array anew
  // for each statement, 15 ms).
  const found = [`{${tableRows.map((r) => str(r.oid)).join(',')}}`];
  const versionNum = num(settings.version_num) ?? 0;
  const besideRead =
    beside && client.another !== undefined && tableRows.length >= BESIDE_FROM && versionNum >= 100000
      ? readBeside(client, client.another, found)
      : undefined;
  // Each row is read into its column as it arrives, and dies young (`CatalogClient.each`).
  const columnsOf = new Map<string, PgColumn[]>();
  const type = interning();
  const columnsRead = eachRow(client, PG_COLUMNS, found, (r) => {
    const oid = str(r.oid);
    const list = columnsOf.get(oid);
    if (list === undefined) columnsOf.set(oid, [column(r, type)]);
    else list.push(column(r, type));
  });
  // Awaited below: a failure waiting here is the columns' own, reported as theirs.
  const columnsIn = columnsRead.then(
    () => undefined,
    () => undefined,
  );
  if (besideRead !== undefined && !(await besideRead.exported)) return NOT_EXPORTED;
  // A second connection that has not delivered when the columns are in (one that hangs) is closed
  // and its statements read on the first: no wait for its connect timeout.
  const besideRows = besideRead && (await Promise.race([besideRead.rows, columnsIn]));
  besideRead?.close();
  // On one connection the columns come first, so that their failure is reported, not the next statement's.
  if (besideRows === undefined) await columnsRead;
  const [keyRows, triggerRows, functionRows] = besideRows ?? (await readKeysAndTriggers(client, found));

  const keysOf = groupBy(keyRows, (r) => str(r.oid));
  const triggersOf = groupBy(triggerRows, (r) => str(r.oid));
  const functions = new Map(functionRows.map((f) => [str(f.oid), readFunction(f)]));
  const window = windowOf(settings);
  const user = str(settings.user_name);
  const database = str(settings.database);
  const { relations, skipped, unmatched } = walkRelations(tableRows, options, (r) => ({
    schema: str(r.schema_name),
    name: str(r.table_name),
    kind: RELATION_KINDS[str(r.relkind)] ?? 'table',
    partition: bool(r.is_partition),
    inheritanceChild: bool(r.is_inheritance_child),
  }));

  // What needs no column is read first: with a second connection, while the columns still come in.
  const started = relations.map(({ row: r, schema, name, kind }) => {
    const children = textArray(r.children);
    // Most tables have no note yet: no array kept for them until the end.
    let notes: string[] | undefined;
    const note = (text: string): void => {
      notes ??= [];
      notes.push(text);
    };
    // Rows: reltuples is -1 when the table was never vacuumed or analysed (PostgreSQL 14 and
    // later); before 14 it is 0 then, the same as an empty table that was analysed.
    const tuples = num(r.tuples);
    let rows: number | undefined;
    let rowsNote: string | undefined;
    if (kind === 'view') {
      rowsNote =
        'A view: no row estimate, keys, defaults, triggers or change counters in the catalog; only its columns and types are read.';
    } else if (
      tuples === undefined ||
      tuples < 0 ||
      (versionNum < 140000 && tuples === 0 && num(r.pages) === 0)
    ) {
      rowsNote =
        kind === 'partitioned_table'
          ? 'rows unknown: some partitions were never analysed (reltuples = -1); run ANALYZE on the table.'
          : kind === 'foreign_table'
            ? 'rows unknown: this foreign table has no statistics (ANALYZE reads the remote table).'
            : 'rows unknown: the table was never analysed or vacuumed (reltuples = -1); run ANALYZE on it for an estimate.';
    } else {
      rows = Math.round(tuples);
      if (kind === 'partitioned_table')
        note(`rows: the sum of the estimates of its ${countOf(num(r.partitions) ?? 0, 'partition')}.`);
    }
    if (children.length > 0) note(inheritanceNote(children));
    if (!bool(r.readable)) {
      note(
        `The connected user ${user} may not read this table (no SELECT on it, or no USAGE on its schema): a pipeline reading it as this user would fail.`,
      );
    }
    // The keys of a parent do not span its INHERITS children: no uniqueness from them.
    // Read into keys once the columns are in: made here, they were kept for every table until the end (6 MB at 30,000 tables).
    const keyRows = children.length > 0 ? undefined : (keysOf.get(str(r.oid)) ?? []);
    const triggers = triggersOf.get(str(r.oid)) ?? [];
    const enabled = triggers.filter(fires);
    for (const t of triggers)
      if (!fires(t))
        note(`Trigger ${shownName(str(t.trigger_name))} ${NOT_FIRING[str(t.enabled)]}, so it is not read.`);
    let rejected: Partial<Record<'updates' | 'deletes', string>> | undefined;
    for (const [kind, bit, statement] of enabled.length > 0 ? REJECTABLE : []) {
      const rejecting = enabled.find(
        (t) =>
          ((num(t.trigger_type) ?? 0) & bit) !== 0 &&
          !bool(t.has_when) &&
          !bool(t.has_columns) &&
          functions.get(str(t.function_oid))?.raises === true,
      );
      if (rejecting !== undefined) {
        rejected ??= {};
        rejected[kind] =
          `${kind}: no, because trigger ${shownName(str(rejecting.trigger_name))} raises an error on every ${statement} (while it is enabled and session_replication_role is not replica).`;
      }
    }
    return {
      r,
      schema,
      name,
      kind,
      children,
      notes,
      rows,
      rowsNote,
      keyRows,
      anyTriggers: enabled.length > 0 || children.length > 0,
      rejected,
    };
  });

  await columnsRead;
  for (const columns of columnsOf.values()) columns.sort(byAttnum);
  // Made for the first table with INHERITS children, if any: a set of every relation kept otherwise.
  let readOids: Set<string> | undefined;
  const isRead = (oid: string): boolean => {
    readOids ??= new Set(tableRows.map((t) => str(t.oid)));
    return readOids.has(oid);
  };
  const records = recordSink(options);
  for (const s of started) {
    const { r, kind, children } = s;
    const notes = s.notes ?? [];
    const columns = columnsOf.get(str(r.oid)) ?? [];
    const keys = s.keyRows === undefined ? undefined : keyNames(keyRowsToAttnums(s.keyRows), columns);
    /** What the enabled row triggers of one table do for one event (`bit`). */
    const effectOf = (oid: string, bit: number) =>
      combineEffects(
        (triggersOf.get(oid) ?? [])
          .filter((t) => fires(t) && ((num(t.trigger_type) ?? 0) & bit) !== 0)
          .map((t) =>
            readTrigger(
              t,
              functions.get(str(t.function_oid)),
              (columnsOf.get(oid) ?? []).map((c) => c.name),
            ),
          ),
        false,
      );
    /** For a parent, what every row gets: the effect common to it and each child (`read/inheritance.ts`). */
    const forEvent = (bit: number) =>
      children.length === 0
        ? effectOf(str(r.oid), bit)
        : intersectEffects([
            effectOf(str(r.oid), bit),
            ...textArray(r.child_oids).map((oid, i) =>
              isRead(oid)
                ? effectOf(oid, bit)
                : {
                    sets: new Set<string>(),
                    open: new Map<string, string>(),
                    unreadable: [
                      `the triggers of child ${shownName(children[i] ?? oid)} are not read (its schema is not inspected)`,
                    ],
                  },
            ),
          ]);
    for (const c of columns)
      if (c.domain !== '')
        notes.push(
          `Column ${shownName(c.name)} is of the domain ${shownName(c.domain)}: read as its base type, ${shownName(c.type)}.`,
        );
    for (const c of columns)
      if ((c.facts & FACT.generated) !== 0)
        notes.push(
          `Column ${shownName(c.name)} is generated from other columns: not counted as set on insert or update.`,
        );
    await records.add(
      assembleTraits({
        source: 'postgresql',
        schema: s.schema,
        name: s.name,
        qualified: str(r.qualified),
        kind,
        rows: s.rows,
        ...(s.rowsNote !== undefined ? { rowsNote: s.rowsNote } : {}),
        columns: columns.map((c) => catalogColumn(c, kind === 'view')),
        keys: kind === 'view' ? undefined : keys,
        insertTriggers: kind === 'view' || !s.anyTriggers ? NO_TRIGGERS : forEvent(TG.insert),
        updateTriggers: kind === 'view' || !s.anyTriggers ? NO_TRIGGERS : forEvent(TG.update),
        namesIgnoreCase: false,
        counters: countersOf(r, kind, counterLog, window, s),
        ...(s.rejected !== undefined ? { rejected: s.rejected } : {}),
        notes,
        reader: user,
        database,
        ...(kind === 'view' ? {} : { readable: bool(r.readable) }),
      }),
    );
  }
  return {
    server: `PostgreSQL ${str(settings.version)}`,
    tables: records.tables,
    queries: 6,
    schemas: wanted,
    missingSchemas,
    skipped,
    unmatched,
  };
}

/**
 * One table's change counters, taken when its record is assembled (taken with the other facts of
 * the table before the columns are in, they were kept for every table until the end: 2 MB at 30,000).
 */
function countersOf(
  r: Row,
  kind: RelationKind,
  counterLog: CounterLog,
  window: { readonly days: number | undefined; readonly source: string },
  table: { readonly schema: string; readonly name: string },
): ChangeCounters | undefined {
  if (kind === 'view' || kind === 'foreign_table') return undefined;
  return counterLog.take(
    table.schema,
    table.name,
    {
      inserts: num(r.n_ins),
      updates: num(r.n_upd),
      deletes: num(r.n_del),
      windowDays: window.days,
      source: window.source,
    },
    'pg_stat_all_tables counters',
  );
}

/** Columns in `attnum` order: PG_COLUMNS has no ORDER BY, so each table's columns are sorted here. */
const byAttnum = (a: PgColumn, b: PgColumn): number => a.attnum - b.attnum;

/** An empty array of texts, shared: most tables have no children (kept per table until the read ends). */
const NO_TEXTS: readonly string[] = [];

/**
 * A one-dimensional PostgreSQL array as a driver gives it: an array, or its text form
 * (`{a,"b,c","d\\"e"}`: elements quoted where they hold a comma, brace, quote, backslash or space,
 * with `\\` escapes), as strings.
 */
function textArray(v: unknown): readonly string[] {
  if (Array.isArray(v)) return v.map(String);
  const text = str(v);
  if (text.length < 2 || text === '{}') return NO_TEXTS;
  const out: string[] = [];
  let i = 1;
  while (i < text.length - 1) {
    let element = '';
    if (text[i] === '"') {
      i++;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\') i++;
        element += text[i] ?? '';
        i++;
      }
      i++;
    } else {
      while (i < text.length - 1 && text[i] !== ',') element += text[i++];
    }
    out.push(element);
    i++;
  }
  return out;
}

/** One key of a table: primary or unique, and its key columns' numbers (\`attnum\`). */
interface KeyAttnums {
  readonly primary: boolean;
  readonly attnums: readonly number[];
}

/** The keys of a table's PG_KEYS rows, by column number (named once the columns are read). */
function keyRowsToAttnums(rows: readonly Row[]): KeyAttnums[] {
  const attnums = (v: unknown): number[] =>
    Array.isArray(v)
      ? v.map(Number)
      : String(v ?? '')
          .replace(/[{}]/g, '')
          .split(/[ ,]/)
          .filter(Boolean)
          .map(Number);
  return rows.map((k) => ({
    primary: bool(k.is_primary),
    attnums: attnums(k.key_attnums).slice(0, num(k.key_count) ?? 0),
  }));
}

/** The primary key's columns and the single-column unique columns, by name. */
function keyNames(
  keys: readonly KeyAttnums[],
  columns: readonly PgColumn[],
): { primaryKey: string[]; unique: Set<string> } {
  const nameOf = (attnum: number): string =>
    (columns.find((c) => c.attnum === attnum)?.name ?? '') || `#${attnum}`;
  let primaryKey: string[] = [];
  const unique = new Set<string>();
  for (const k of keys) {
    const cols = k.attnums.map(nameOf);
    if (k.primary) primaryKey = cols;
    if (cols.length === 1) unique.add(cols[0] as string);
  }
  return { primaryKey, unique };
}
