import { shownName } from '@querymode/core';
/**
 * The MySQL/MariaDB catalog reader: reads tables, columns, keys, triggers and the user's privileges
 * from `information_schema` (and change counters from `performance_schema` where it is on), in a
 * constant number of queries inside a read-only transaction.
 *
 * @module
 */
import { bool, type CatalogClient, eachRow, num, type Row, str } from '../../client.js';
import { quoteMysql } from '../../names/quote.js';
import { assembleTraits, combineEffects, MIN_WINDOW_DAYS } from '../../read/assemble.js';
import { type CatalogRead, type CatalogReader, groupBy, recordSink } from '../../read/catalog-read.js';
import { interning } from '../../read/interned.js';
import type { CatalogColumn, ChangeCounters, TriggerOutcome } from '../../read/model.js';
import type { CounterLog } from '../../read/observe.js';
import { type InspectOptions, includes } from '../../read/options.js';
import { keptReason, mysqlAlwaysSignals, readMysqlBefore } from '../../read/trigger-code.js';
import { walkRelations } from '../../read/walk.js';
import {
  MARIADB_STATEMENT_TIMEOUT,
  MY_BEGIN,
  MY_COLUMNS,
  MY_COUNTERS,
  MY_END,
  MY_KEYS,
  MY_PRIVILEGES,
  MY_SCHEMAS,
  MY_SETTINGS,
  MY_TABLES,
  MY_TRIGGERS,
  MY_UPTIME,
  MYSQL_FRESH_STATISTICS,
  MYSQL_STATEMENT_TIMEOUT,
} from './queries.js';

/** The system schemas, skipped unless asked for. */
export const MYSQL_SYSTEM_SCHEMAS = ['mysql', 'information_schema', 'performance_schema', 'sys'];

/** Defaults that give each row a fresh value (MariaDB writes `current_timestamp()`, MySQL `CURRENT_TIMESTAMP`). */
const FRESH_DEFAULT =
  /^(current_timestamp|now|localtimestamp|localtime|sysdate|utc_timestamp|uuid|uuid_short|unix_timestamp)(\(\d*\))?$/i;

/** A computed column (not MySQL 8's DEFAULT_GENERATED, which marks an expression default). */
const GENERATED = /\b(VIRTUAL|STORED|PERSISTENT) GENERATED\b/i;

const tableKey = (r: Row): string => `${str(r.schema_name)}\u0000${str(r.table_name)}`;

/** The bits of {@link MyColumn.facts}. */
const FACT = { nullable: 1, autoIncrement: 2, insertDefault: 4, updateDefault: 8, generated: 16 } as const;

/**
 * One column as read from its MY_COLUMNS row, its yes/no facts as the bits of one number (kept for
 * every column until the tables are assembled: 48 bytes, not the 96 of a `CatalogColumn`, 7 MB at
 * 30,000 tables).
 */
interface MyColumn {
  readonly name: string;
  readonly type: string;
  /** {@link FACT}'s bits. */
  readonly facts: number;
}

function column(r: Row, type: (text: string) => string): MyColumn {
  const extra = str(r.extra);
  const generated = GENERATED.test(extra);
  return {
    name: str(r.column_name),
    type: type(str(r.column_type)),
    facts:
      (str(r.is_nullable).toUpperCase() === 'YES' ? FACT.nullable : 0) |
      (/auto_increment/i.test(extra) ? FACT.autoIncrement : 0) |
      (!generated && FRESH_DEFAULT.test(str(r.column_default).trim()) ? FACT.insertDefault : 0) |
      // The server sets it before the BEFORE UPDATE triggers run, which may assign it another value.
      (/on update (current_timestamp|now|localtimestamp|localtime)/i.test(extra) ? FACT.updateDefault : 0) |
      (generated ? FACT.generated : 0),
  };
}

/** A column as the record is assembled from it. */
const catalogColumn = (c: MyColumn): CatalogColumn => ({
  name: c.name,
  type: c.type,
  nullable: (c.facts & FACT.nullable) !== 0,
  autoIncrement: (c.facts & FACT.autoIncrement) !== 0,
  insertDefault: (c.facts & FACT.insertDefault) !== 0,
  updateDefinition: false,
  updateDefault: (c.facts & FACT.updateDefault) !== 0,
  generated: (c.facts & FACT.generated) !== 0,
});

/** A MySQL schema pattern of a grant (`qm\_%`) as a test. */
function schemaPattern(pattern: string): (schema: string) => boolean {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '\\' && i + 1 < pattern.length)
      re += (pattern[++i] as string).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (c === '%') re += '.*';
    else if (c === '_') re += '.';
    else re += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  const r = new RegExp(`^${re}$`, 'su');
  return (schema) => r.test(schema);
}

/** What the current user may do on each table, from the privilege rows. */
function privilegeTest(rows: readonly Row[]): (schema: string, table: string, privilege: string) => boolean {
  const global = new Set(rows.filter((r) => str(r.level) === 'global').map((r) => str(r.privilege)));
  const schema = rows
    .filter((r) => str(r.level) === 'schema')
    .map((r) => ({ test: schemaPattern(str(r.schema_name)), privilege: str(r.privilege) }));
  const table = new Set(
    rows.filter((r) => str(r.level) === 'table').map((r) => `${tableKey(r)}\u0000${str(r.privilege)}`),
  );
  return (s, t, p) =>
    global.has(p) ||
    schema.some((x) => x.privilege === p && x.test(s)) ||
    table.has(`${s}\u0000${t}\u0000${p}`);
}

/** `'user'@'host'` from CURRENT_USER()'s `user@host`. */
function grantee(currentUser: string): string {
  const at = currentUser.lastIndexOf('@');
  const user = at < 0 ? currentUser : currentUser.slice(0, at);
  const host = at < 0 ? '%' : currentUser.slice(at + 1);
  return `'${user}'@'${host}'`;
}

/** The MySQL/MariaDB catalog reader. */
export const mysqlReader: CatalogReader = {
  visibility:
    'MySQL and MariaDB show a table only to a user with some privilege on it: grant the reader SELECT on the tables (or on the database)',
  async read(client: CatalogClient, options: InspectOptions, counters: CounterLog): Promise<CatalogRead> {
    const [settings] = await client.query(MY_SETTINGS);
    if (settings === undefined) throw new Error('SELECT VERSION() returned no row');
    const version = str(settings.version);
    const mariadb = /mariadb/i.test(version);
    // Session settings: not catalog queries.
    if (mariadb) await client.query(MARIADB_STATEMENT_TIMEOUT, [STATEMENT_SECONDS]);
    else {
      await client.query(MYSQL_STATEMENT_TIMEOUT, [STATEMENT_SECONDS * 1000]);
      if (/^8\./.test(version) || /^9\./.test(version)) await client.query(MYSQL_FRESH_STATISTICS);
    }
    await client.query(MY_BEGIN);
    try {
      return await readCatalog(client, options, settings, mariadb, counters);
    } finally {
      await client.query(MY_END).catch(() => undefined);
    }
  },
};

/** The statement timeout the session sets (the driver also times each query out). */
export const STATEMENT_SECONDS = 60;

async function readCatalog(
  client: CatalogClient,
  options: InspectOptions,
  settings: Row,
  mariadb: boolean,
  counterLog: CounterLog,
): Promise<CatalogRead> {
  let queries = 1;
  const visible = (await client.query(MY_SCHEMAS)).map((r) => str(r.schema_name));
  queries++;
  const defaultDb = str(settings.database_name);
  const wanted =
    options.schemas && options.schemas.length > 0
      ? [...options.schemas]
      : defaultDb !== ''
        ? [defaultDb]
        : visible.filter((s) => includes(options, 'system-schemas') || !MYSQL_SYSTEM_SCHEMAS.includes(s));
  const missingSchemas = wanted.filter((s) => !visible.includes(s));
  const server = `${mariadb ? 'MariaDB' : 'MySQL'} ${str(settings.version)}`;
  if (wanted.length === 0)
    return { server, tables: [], queries, schemas: wanted, missingSchemas, skipped: {}, unmatched: [] };
  const params = [wanted];
  const tableRows = await client.query(MY_TABLES, params);
  // Each row is read into its column as it arrives, and dies young (`CatalogClient.each`).
  const columnsOf = new Map<string, MyColumn[]>();
  const type = interning();
  await eachRow(client, MY_COLUMNS, params, (r) => {
    const key = tableKey(r);
    const list = columnsOf.get(key);
    if (list === undefined) columnsOf.set(key, [column(r, type)]);
    else list.push(column(r, type));
  });
  const keyRows = await client.query(MY_KEYS, params);
  const triggerRows = await client.query(MY_TRIGGERS, params);
  const who = grantee(str(settings.user_name));
  const privilegeRows = await client.query(MY_PRIVILEGES, [who, who, who]);
  queries += 5;
  let counterRows: readonly Row[] | undefined;
  let uptimeDays: number | undefined;
  const performanceSchema = bool(settings.performance_schema);
  if (performanceSchema) {
    const [uptime] = await client.query(MY_UPTIME);
    uptimeDays = (num(uptime?.Value ?? uptime?.VALUE) ?? 0) / 86_400;
    counterRows = await client.query(MY_COUNTERS, params);
    counterLog.mark();
    queries += 2;
  }

  const keysOf = groupBy(keyRows, tableKey);
  const triggersOf = groupBy(triggerRows, tableKey);
  const countersOf = new Map((counterRows ?? []).map((r) => [tableKey(r), r]));
  const may = privilegeTest(privilegeRows);
  const { relations, skipped, unmatched } = walkRelations(tableRows, options, (r) => {
    const type = str(r.table_type).toUpperCase();
    return {
      schema: str(r.schema_name),
      name: str(r.table_name),
      kind: type === 'SEQUENCE' ? 'sequence' : type === 'VIEW' || type === 'SYSTEM VIEW' ? 'view' : 'table',
    };
  });
  const user = str(settings.user_name);
  const countersSource = `performance_schema.table_io_waits_summary_by_table since the server started (${(uptimeDays ?? 0).toFixed(2)} days${(uptimeDays ?? 0) < MIN_WINDOW_DAYS ? ', less than a day: no rates per day' : ''}; a TRUNCATE of that table since then shortens the real window)`;
  const records = recordSink(options);
  for (const { row: r, schema, name, kind } of relations) {
    const view = kind === 'view';
    const key = tableKey(r);
    const notes: string[] = [];
    const canSelect = may(schema, name, 'SELECT');
    const canSeeTriggers = may(schema, name, 'TRIGGER');
    if (!canSelect && !view) {
      notes.push(
        `No SELECT privilege of the connected user ${user} on this table was found (roles are not read): a pipeline reading it as this user would fail.`,
      );
    }
    const columns = (columnsOf.get(key) ?? []).map(catalogColumn);
    const keys = keysOf.get(key) ?? [];
    const byIndex = groupBy(keys, (k) => str(k.index_name));
    const unique = new Set<string>();
    let primaryKey: string[] = [];
    for (const [index, parts] of byIndex) {
      if (parts.some((p) => p.column_name === null || p.column_name === undefined)) continue; // on an expression
      const cols = parts.map((p) => str(p.column_name));
      if (index === 'PRIMARY') primaryKey = cols;
      if (cols.length === 1) unique.add(cols[0] as string);
    }
    // Only BEFORE triggers can change the row; an AFTER trigger cannot update its own table.
    const triggers = triggersOf.get(key) ?? [];
    const forEvent = (event: string, preset: readonly string[]) => {
      const readings: TriggerOutcome[] = triggers
        .filter((t) => str(t.event).toUpperCase() === event && str(t.timing).toUpperCase() === 'BEFORE')
        .map((t) => {
          // A trigger that always signals an error lets no row through: it sets nothing.
          if (mysqlAlwaysSignals(str(t.statement))) return { sets: [] };
          const reading = readMysqlBefore(str(t.statement));
          const who = `trigger ${shownName(str(t.trigger_name))}`;
          return reading.readable
            ? {
                sets: reading.sets,
                open: (reading.open ?? []).map((o) => ({ column: o.column, reason: `${who} ${o.reason}` })),
                keeps: (reading.keeps ?? []).map((k) => ({ ...k, reason: keptReason(k, who) })),
              }
            : { reason: `${who} ${reading.reason}` };
        });
      if (!canSeeTriggers && !view)
        readings.push({
          reason: `the connected user ${user} has no TRIGGER privilege on this table, so its triggers cannot be seen (GRANT TRIGGER on it lets inspect read them; TRIGGER also allows creating and dropping its triggers)`,
        });
      return combineEffects(readings, true, preset);
    };
    const rejected: Partial<Record<'updates' | 'deletes', string>> = {};
    for (const [kind, event] of [
      ['updates', 'UPDATE'],
      ['deletes', 'DELETE'],
    ] as const) {
      const rejecting = triggers.find(
        (t) => str(t.event).toUpperCase() === event && mysqlAlwaysSignals(str(t.statement)),
      );
      if (rejecting !== undefined)
        rejected[kind] =
          `${kind}: no, because trigger \`${str(rejecting.trigger_name)}\` signals an error on every ${event}.`;
    }
    let rows: number | undefined;
    let rowsNote: string | undefined;
    if (view)
      rowsNote =
        'A view: no row estimate, keys, defaults, triggers or change counters in the catalog; only its columns and types are read.';
    else {
      rows = num(r.table_rows);
      if (rows === undefined)
        rowsNote = `rows unknown: information_schema.TABLES gives no TABLE_ROWS for this ${str(r.engine) || 'table'}.`;
      if (/partitioned/i.test(str(r.create_options)))
        notes.push('rows: the estimate over all its partitions.');
    }
    for (const c of columns)
      if (c.generated)
        notes.push(
          `Column ${c.name} is generated from other columns: not counted as set on insert or update.`,
        );
    // MyISAM and Aria number an AUTO_INCREMENT column that is not first in a multi-column key per
    // group of the columns before it (MySQL and MariaDB manuals, "Using AUTO_INCREMENT").
    const engine = str(r.engine).toLowerCase();
    if (engine === 'myisam' || engine === 'aria')
      for (const c of columns)
        if (c.autoIncrement && primaryKey.indexOf(c.name) > 0)
          notes.push(
            `Column ${c.name} is AUTO_INCREMENT but not first in the primary key (${primaryKey.join(', ')}) of this ${str(r.engine)} table: the database numbers it per group of ${primaryKey.slice(0, primaryKey.indexOf(c.name)).join(', ')}, so its values repeat.`,
          );
    let counters: ChangeCounters | undefined;
    if (!view) {
      const c = countersOf.get(key);
      counters = performanceSchema
        ? counterLog.take(
            schema,
            name,
            {
              inserts: num(c?.n_ins),
              updates: num(c?.n_upd),
              deletes: num(c?.n_del),
              windowDays: uptimeDays,
              source: countersSource,
            },
            'performance_schema.table_io_waits_summary_by_table counters',
          )
        : undefined;
      if (!performanceSchema)
        notes.push(
          'Changes unknown: performance_schema is off on this server, so no per-table change counters can be read (start the server with performance_schema=ON to observe them).',
        );
    }
    await records.add(
      assembleTraits({
        source: 'mysql',
        schema,
        name,
        qualified: `${quoteMysql(schema)}.${quoteMysql(name)}`,
        kind: view ? 'view' : 'table',
        rows,
        ...(rowsNote !== undefined ? { rowsNote } : {}),
        columns: view ? columns.map((c) => ({ ...c, nullable: undefined })) : columns,
        keys: view ? undefined : { primaryKey, unique },
        insertTriggers: forEvent('INSERT', []),
        updateTriggers: forEvent(
          'UPDATE',
          columns.filter((c) => c.updateDefault === true).map((c) => c.name),
        ),
        namesIgnoreCase: true,
        counters,
        rejected,
        notes,
        reader: user,
        ...(view ? {} : { readable: canSelect }),
      }),
    );
  }
  return { server, tables: records.tables, queries, schemas: wanted, missingSchemas, skipped, unmatched };
}
