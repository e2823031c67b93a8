/**
 * The SQL Server catalog reader: reads tables, columns, keys, triggers and change tracking from the
 * catalog views in six queries.
 *
 * @module
 */
import { bool, type CatalogClient, num, type Row, str } from '../../client.js';
import { quoteTsql } from '../../names/quote.js';
import { assembleTraits, combineEffects } from '../../read/assemble.js';
import { type CatalogRead, type CatalogReader, groupBy, recordSink } from '../../read/catalog-read.js';
import { type CatalogColumn, NO_TRIGGERS } from '../../read/model.js';
import { type InspectOptions, schemasToRead } from '../../read/options.js';
import { readTsqlAfterUpdate } from '../../read/trigger-code.js';
import { walkRelations } from '../../read/walk.js';
import {
  MS_COLUMNS,
  MS_KEYS,
  MS_LOCK_TIMEOUT,
  MS_SCHEMAS,
  MS_SETTINGS,
  MS_TABLES,
  MS_TRIGGERS,
} from './queries.js';

/** Defaults that give each row a fresh value (`(getdate())`, `(newid())`, `(NEXT VALUE FOR s)`, ...). */
const FRESH_DEFAULT =
  /^\(*\s*(getdate|getutcdate|sysdatetime|sysutcdatetime|sysdatetimeoffset|current_timestamp|newid|newsequentialid|next\s+value\s+for)\b/i;

/** The type as SQL Server writes it in DDL: `datetime2(3)`, `nvarchar(50)`, `decimal(12,2)`, `rowversion`. */
export function tsqlType(r: Row): string {
  const name = str(r.base_type_name) || str(r.type_name);
  const shown = str(r.type_name);
  const len = num(r.max_length) ?? 0;
  switch (name) {
    case 'timestamp':
      return 'rowversion';
    case 'varchar':
    case 'char':
    case 'varbinary':
    case 'binary':
      return `${shown}(${len < 0 ? 'max' : len})`;
    case 'nvarchar':
    case 'nchar':
      return `${shown}(${len < 0 ? 'max' : len / 2})`;
    case 'decimal':
    case 'numeric':
      return `${shown}(${num(r.precision)},${num(r.scale)})`;
    case 'datetime2':
    case 'datetimeoffset':
    case 'time':
      return `${shown}(${num(r.scale)})`;
    default:
      return shown;
  }
}

function column(r: Row): CatalogColumn {
  const rowversion = str(r.type_name) === 'timestamp' || str(r.base_type_name) === 'timestamp';
  const generated = bool(r.is_computed);
  return {
    name: str(r.column_name),
    type: tsqlType(r),
    nullable: bool(r.is_nullable),
    autoIncrement: bool(r.is_identity),
    insertDefault: rowversion || (!generated && FRESH_DEFAULT.test(str(r.default_definition))),
    updateDefinition: rowversion,
    generated,
  };
}

const MINUTES: Record<string, number> = { MINUTES: 1, HOURS: 60, DAYS: 1440 };

/** The SQL Server catalog reader. */
export const sqlServerReader: CatalogReader = {
  visibility:
    "SQL Server shows a table's metadata only to a user with a permission on it: grant the reader SELECT (or VIEW DEFINITION) on the tables",
  async read(client: CatalogClient, options: InspectOptions): Promise<CatalogRead> {
    await client.query(MS_LOCK_TIMEOUT);
    const [settings] = await client.query(MS_SETTINGS);
    if (settings === undefined) throw new Error('SERVERPROPERTY returned no row');
    const schemas = await client.query(MS_SCHEMAS);
    const all = schemas.map((s) => ({ name: str(s.schema_name), system: bool(s.is_system) }));
    const { wanted, missing: missingSchemas } = schemasToRead(options, all);
    const params = [JSON.stringify(wanted)];
    const tableRows = await client.query(MS_TABLES, params);
    const columnRows = await client.query(MS_COLUMNS, params);
    const keyRows = await client.query(MS_KEYS, params);
    const triggerRows = await client.query(MS_TRIGGERS, params);

    const columnsOf = groupBy(columnRows, (r) => str(r.object_id));
    const keysOf = groupBy(keyRows, (r) => str(r.object_id));
    const triggersOf = groupBy(triggerRows, (r) => str(r.object_id));
    const ctDatabase = bool(settings.ct_enabled);
    const retention = num(settings.retention_period);
    const unit = MINUTES[str(settings.retention_period_units_desc).toUpperCase()];
    const retentionMinutes = retention !== undefined && unit !== undefined ? retention * unit : undefined;
    const autoCleanup =
      settings.is_auto_cleanup_on === null || settings.is_auto_cleanup_on === undefined
        ? undefined
        : bool(settings.is_auto_cleanup_on);
    const user = str(settings.user_name);
    const database = str(settings.database_name);
    const { relations, skipped, unmatched } = walkRelations(tableRows, options, (r) => ({
      schema: str(r.schema_name),
      name: str(r.table_name),
      kind: str(r.object_type).trim() === 'V' ? 'view' : 'table',
    }));
    const records = recordSink(options);
    for (const { row: r, schema, name, kind } of relations) {
      const view = kind === 'view';
      const id = str(r.object_id);
      const notes: string[] = [];
      if (!bool(r.readable) && !view)
        notes.push(
          `The connected login ${user} may not SELECT from this table: a pipeline reading it as this login would fail.`,
        );
      const byIndex = groupBy(keysOf.get(id) ?? [], (k) => str(k.index_id));
      let primaryKey: string[] = [];
      const unique = new Set<string>();
      for (const parts of byIndex.values()) {
        const cols = parts.map((p) => str(p.column_name));
        if (bool(parts[0]?.is_primary_key)) primaryKey = cols;
        if (cols.length === 1) unique.add(cols[0] as string);
      }
      const triggers = (triggersOf.get(id) ?? []).filter((t) => !bool(t.is_disabled));
      const forEvent = (event: string) =>
        combineEffects(
          triggers
            .filter((t) => str(t.event).toUpperCase() === event)
            .map((t) => {
              const label = `trigger \`${str(t.trigger_name)}\``;
              if (t.definition === null || t.definition === undefined)
                return {
                  reason: `${label}: its code is not visible (WITH ENCRYPTION, or no VIEW DEFINITION permission)`,
                };
              if (bool(t.is_instead_of_trigger))
                return { reason: `${label} is INSTEAD OF ${event}, which replaces the statement` };
              // An AFTER INSERT trigger that updates the new rows reads the same as an AFTER UPDATE one.
              const reading = readTsqlAfterUpdate(str(t.definition), name);
              return reading.readable ? { sets: reading.sets } : { reason: `${label} ${reading.reason}` };
            }),
          true,
        );
      const columns = (columnsOf.get(id) ?? []).map(column);
      for (const c of columns)
        if (c.generated)
          notes.push(
            `Column ${c.name} is computed from other columns: not counted as set on insert or update.`,
          );
      const rows = view ? undefined : num(r.row_count);
      if (!view) {
        notes.push(
          'Changes unknown: SQL Server keeps no per-table counters of inserted, updated and deleted rows in its catalog.',
        );
        if ((num(r.partitions) ?? 1) > 1)
          notes.push(`rows: the sum over its ${num(r.partitions)} partitions.`);
      }
      await records.add(
        assembleTraits({
          source: 'sqlserver',
          schema,
          name,
          qualified: `${quoteTsql(schema)}.${quoteTsql(name)}`,
          kind: view ? 'view' : 'table',
          rows,
          ...(view
            ? {
                rowsNote:
                  'A view: no row estimate, keys, defaults, triggers or change tracking in the catalog; only its columns and types are read.',
              }
            : rows === undefined
              ? {
                  rowsNote:
                    'rows unknown: sys.partitions has no row for this table (no metadata permission?).',
                }
              : {}),
          columns: view ? columns.map((c) => ({ ...c, nullable: undefined })) : columns,
          keys: view ? undefined : { primaryKey, unique },
          insertTriggers: view ? NO_TRIGGERS : forEvent('INSERT'),
          updateTriggers: view ? NO_TRIGGERS : forEvent('UPDATE'),
          namesIgnoreCase: true,
          counters: undefined,
          ...(view
            ? {}
            : {
                changeTracking: {
                  databaseEnabled: ctDatabase,
                  tableEnabled: bool(r.ct_table_enabled),
                  retentionMinutes: ctDatabase ? retentionMinutes : undefined,
                  autoCleanup: ctDatabase ? autoCleanup : undefined,
                },
              }),
          notes,
          database,
          // SUSER_SNAME() is the login, not the database user a grant names: no reader is given.
          ...(view ? {} : { readable: bool(r.readable) }),
        }),
      );
    }
    const version = str(settings.version);
    return {
      server: `SQL Server ${version}${settings.edition ? ` (${str(settings.edition)})` : ''}`,
      tables: records.tables,
      queries: 6,
      schemas: wanted,
      missingSchemas,
      skipped,
      unmatched,
    };
  },
};
