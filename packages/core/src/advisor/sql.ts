/**
 * SQL for remedies, per source kind where the dialects differ. Change-tracking statements are
 * SQL Server's, documented outside the spec (`domain-facts.md`). Where the source is unknown, a
 * remedy says what to do in words and gives the PostgreSQL form as an example.
 *
 * @module
 */
import type { TableFacts } from './facts.js';

const PLAIN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A column name as an identifier of the source's dialect, quoted only when it needs to be. */
export function ident(facts: TableFacts, name: string): string {
  if (PLAIN.test(name)) return name;
  if (facts.source === 'mysql') return `\`${name.replace(/`/g, '``')}\``;
  if (facts.source === 'sqlserver') return `[${name.replace(/]/g, ']]')}]`;
  return `"${name.replace(/"/g, '""')}"`;
}

/** The database part of a three-part table name (`db.schema.table`), for SQL Server statements. */
function database(facts: TableFacts): string {
  const t = facts.table;
  const first = t.indexOf('.');
  return first > 0 && t.indexOf('.', first + 1) > first ? t.slice(0, first) : '<database>';
}

const NOT_WORD = /[^A-Za-z0-9_]/g;

/** A name for a trigger or constraint derived from the table and column. */
function objectName(prefix: string, facts: TableFacts, column: string): string {
  const t = facts.table;
  return `${prefix}_${t.slice(t.lastIndexOf('.') + 1)}_${column}`.replace(NOT_WORD, '_');
}

/** Makes a column NOT NULL, after filling its NULLs. */
export function sqlSetNotNull(facts: TableFacts, column: string, type: string | undefined): string {
  const t = facts.table;
  const c = ident(facts, column);
  const fill = `UPDATE ${t} SET ${c} = <value> WHERE ${c} IS NULL;`;
  switch (facts.source) {
    case 'mysql':
      return `${fill} ALTER TABLE ${t} MODIFY ${c} ${type ?? '<type>'} NOT NULL;`;
    case 'sqlserver':
      return `${fill} ALTER TABLE ${t} ALTER COLUMN ${c} ${type ?? '<type>'} NOT NULL;`;
    case 'oracle':
      return `${fill} ALTER TABLE ${t} MODIFY (${c} NOT NULL);`;
    default:
      return `${fill} ALTER TABLE ${t} ALTER COLUMN ${c} SET NOT NULL;`;
  }
}

/** Makes the database set a timestamp column on every update: `ON UPDATE` in MySQL, a trigger elsewhere. */
export function sqlAutoUpdate(facts: TableFacts, column: string, type: string | undefined): string {
  const t = facts.table;
  const c = ident(facts, column);
  const trigger = objectName('trg', facts, column);
  switch (facts.source) {
    case 'mysql':
      return `ALTER TABLE ${t} MODIFY ${c} ${type ?? 'TIMESTAMP(6)'} NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6);`;
    case 'sqlserver': {
      const keys = (facts.columns ?? [])
        .filter((k) => k.primary_key === true)
        .map((k) => ident(facts, k.name));
      const on = keys.length > 0 ? keys.map((k) => `x.${k} = i.${k}`).join(' AND ') : 'x.<key> = i.<key>';
      return `CREATE TRIGGER ${trigger} ON ${t} AFTER UPDATE AS BEGIN SET NOCOUNT ON; UPDATE x SET ${c} = SYSUTCDATETIME() FROM ${t} AS x JOIN inserted AS i ON ${on}; END;`;
    }
    case 'oracle':
      return `CREATE OR REPLACE TRIGGER ${trigger} BEFORE UPDATE ON ${t} FOR EACH ROW BEGIN :NEW.${c} := SYSTIMESTAMP; END;`;
    default:
      return `CREATE FUNCTION ${trigger}() RETURNS trigger AS $$ BEGIN NEW.${c} := now(); RETURN NEW; END $$ LANGUAGE plpgsql; CREATE TRIGGER ${trigger} BEFORE UPDATE ON ${t} FOR EACH ROW EXECUTE FUNCTION ${trigger}();${
        facts.source === 'postgresql'
          ? ''
          : ' (PostgreSQL shown; use the source database’s ON UPDATE default or BEFORE UPDATE trigger)'
      }`;
  }
}

/** Adds a date-and-time column `updated_at` that the database sets on insert and on every update. */
export function sqlAddTimestamp(facts: TableFacts): string {
  const t = facts.table;
  switch (facts.source) {
    case 'mysql':
      return `ALTER TABLE ${t} ADD COLUMN updated_at TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6);`;
    case 'sqlserver':
      return `ALTER TABLE ${t} ADD updated_at DATETIME2 NOT NULL DEFAULT SYSUTCDATETIME(); ${sqlAutoUpdate(facts, 'updated_at', undefined)}`;
    case 'oracle':
      return `ALTER TABLE ${t} ADD (updated_at TIMESTAMP DEFAULT SYSTIMESTAMP NOT NULL); ${sqlAutoUpdate(facts, 'updated_at', undefined)}`;
    default:
      return `ALTER TABLE ${t} ADD updated_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP; ${sqlAutoUpdate(facts, 'updated_at', undefined)}`;
  }
}

/** Adds a unique constraint on a column. */
export function sqlUnique(facts: TableFacts, column: string): string {
  return `ALTER TABLE ${facts.table} ADD CONSTRAINT ${objectName('uq', facts, column)} UNIQUE (${ident(facts, column)});`;
}

/** Makes the database give a column a new increasing value on every insert. */
export function sqlIdentity(facts: TableFacts, column: string, type: string | undefined): string {
  const t = facts.table;
  const c = ident(facts, column);
  switch (facts.source) {
    case 'postgresql':
      return `ALTER TABLE ${t} ALTER COLUMN ${c} ADD GENERATED BY DEFAULT AS IDENTITY;`;
    case 'mysql':
      return `ALTER TABLE ${t} MODIFY ${c} ${type ?? 'BIGINT'} NOT NULL AUTO_INCREMENT;`;
    default:
      return `give ${c} an identity, auto-increment or sequence default so that every inserted row gets a new, higher value (PostgreSQL: ALTER TABLE ${t} ALTER COLUMN ${c} ADD GENERATED BY DEFAULT AS IDENTITY;)`;
  }
}

/** Enables change tracking on the database (SQL Server, documented outside the spec). */
export function sqlEnableTrackingDatabase(facts: TableFacts, retentionMinutes: number | undefined): string {
  const retention = retentionMinutes === undefined ? '2 DAYS' : `${retentionMinutes} MINUTES`;
  return `ALTER DATABASE ${database(facts)} SET CHANGE_TRACKING = ON (CHANGE_RETENTION = ${retention}, AUTO_CLEANUP = ON);`;
}

/** Enables change tracking on the table (SQL Server, documented outside the spec). */
export function sqlEnableTrackingTable(facts: TableFacts): string {
  return `ALTER TABLE ${facts.table} ENABLE CHANGE_TRACKING;`;
}

/** Sets the retention of change tracking on an enabled database (SQL Server). */
export function sqlSetRetention(facts: TableFacts, minutes: number): string {
  return `ALTER DATABASE ${database(facts)} SET CHANGE_TRACKING (CHANGE_RETENTION = ${minutes} MINUTES);`;
}

/** Reads the change-tracking state of the database and table (SQL Server catalog views). */
export function sqlTrackingStatus(facts: TableFacts): string {
  return `SELECT d.retention_period, d.retention_period_units, d.is_auto_cleanup_on FROM sys.change_tracking_databases AS d WHERE d.database_id = DB_ID('${database(facts)}'); SELECT * FROM sys.change_tracking_tables WHERE object_id = OBJECT_ID('${facts.table}');`;
}

/** Adds a primary key on a column. */
export function sqlPrimaryKey(facts: TableFacts, column: string | undefined): string {
  const c = column === undefined ? '<unique, not-null columns>' : ident(facts, column);
  return `ALTER TABLE ${facts.table} ADD CONSTRAINT ${objectName('pk', facts, column ?? 'key')} PRIMARY KEY (${c});`;
}
