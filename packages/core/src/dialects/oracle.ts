/**
 * Oracle: names in double quotes (a bare name is stored in upper case); string literals with the
 * quote doubled (Oracle has no backslash escape); names of generated objects at most 30 bytes (the
 * limit before 12.2). A trigger is `CREATE OR REPLACE`; adding a column or an index fails, changing
 * nothing, when it is already there.
 *
 * @module
 */
import { NO_CHANGE_TRACKING, writesAllButTracking } from './no-change-tracking.js';
import { objectName } from './object-name.js';
import { type NameRules, tableNameOf } from './qualified-name.js';
import { ORACLE_TYPES } from './type-families/oracle.js';
import type { ColumnQuestion, SqlDialect, TableFactAsked, TableName, Target } from './types.js';
import { DATABASE_WORDS } from './words.js';

const quote = (identifier: string): string => `"${identifier.replaceAll('"', '""')}"`;

const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;

const table = (name: TableName): string =>
  name.schema === undefined ? quote(name.table) : `${quote(name.schema)}.${quote(name.table)}`;

const LIMIT = 30;

const owner = (name: TableName): string =>
  name.schema === undefined ? "SYS_CONTEXT('USERENV', 'CURRENT_SCHEMA')" : literal(name.schema);

const inSchema = (name: TableName, object: string): string =>
  name.schema === undefined ? quote(object) : `${quote(name.schema)}.${quote(object)}`;

const ofTable = (t: Target): string => `owner = ${owner(t.name)} AND table_name = ${literal(t.name.table)}`;

function askColumn(t: Target, column: string, fact: ColumnQuestion): string {
  const c = `${ofTable(t)} AND column_name = ${literal(column)}`;
  const triggers = `SELECT trigger_name, triggering_event, trigger_body FROM all_triggers WHERE table_owner = ${owner(t.name)} AND table_name = ${literal(t.name.table)};`;
  switch (fact) {
    case 'type':
      return `SELECT data_type, data_precision, data_scale FROM all_tab_columns WHERE ${c};`;
    case 'nullable':
      return `SELECT nullable FROM all_tab_columns WHERE ${c};`;
    case 'unique':
      return `SELECT i.index_name FROM all_indexes i JOIN all_ind_columns c ON c.index_owner = i.owner AND c.index_name = i.index_name WHERE i.table_owner = ${owner(t.name)} AND i.table_name = ${literal(t.name.table)} AND i.uniqueness = 'UNIQUE' AND c.column_name = ${literal(column)} AND (SELECT COUNT(*) FROM all_ind_columns k WHERE k.index_owner = i.owner AND k.index_name = i.index_name) = 1;`;
    case 'auto_increment':
      return `SELECT identity_column, data_default FROM all_tab_columns WHERE ${c};`;
    case 'set_on_insert':
      return `SELECT identity_column, data_default FROM all_tab_columns WHERE ${c};\n${triggers}`;
    case 'set_on_update':
      return triggers;
  }
}

function askTable(t: Target, fact: TableFactAsked): string | null {
  switch (fact) {
    case 'rows':
      return `SELECT COUNT(*) FROM ${table(t.name)};`;
    case 'columns':
      return `SELECT column_name, data_type, nullable FROM all_tab_columns WHERE ${ofTable(t)} ORDER BY column_id;`;
    case 'primary_key':
      return `SELECT cc.column_name FROM all_constraints c JOIN all_cons_columns cc ON cc.owner = c.owner AND cc.constraint_name = c.constraint_name WHERE c.constraint_type = 'P' AND c.owner = ${owner(t.name)} AND c.table_name = ${literal(t.name.table)} ORDER BY cc.position;`;
    case 'changes':
      return `SELECT inserts, updates, deletes, timestamp FROM all_tab_modifications WHERE table_owner = ${owner(t.name)} AND table_name = ${literal(t.name.table)};`;
    case 'readable':
      return `SELECT COUNT(*) AS readable FROM all_tab_privs WHERE table_schema = ${owner(t.name)} AND table_name = ${literal(t.name.table)} AND privilege = 'SELECT' AND grantee IN (USER, 'PUBLIC');`;
    case 'tracking_database':
    case 'tracking_table':
      return null;
  }
}

/** How Oracle writes a name, made once, not a call (100,000 names read in 13-22 ms, not 41-46). */
const NAMES: NameRules = { quotes: [['"', '"']], fold: (bare) => bare.toUpperCase(), database: false };

/** Oracle. */
export const ORACLE: SqlDialect = {
  name: 'oracle',
  identifierLimit: LIMIT,
  types: ORACLE_TYPES,
  words: DATABASE_WORDS,
  underscoreArrays: false,
  namesDatabase: false,
  quote,
  literal,
  parseTableName: (text) => tableNameOf(text, NAMES),
  table,
  footer: () => '',
  header: () => '',
  grantSelect: (t, user) => `GRANT SELECT ON ${table(t.name)} TO ${quote(user)};`,
  setOnEveryUpdate: (t, column) =>
    `CREATE OR REPLACE TRIGGER ${inSchema(t.name, objectName('QM_UPD', t.name, column, LIMIT))} BEFORE UPDATE ON ${table(t.name)} FOR EACH ROW BEGIN :NEW.${quote(column)} := SYSTIMESTAMP; END;\n/`,
  // Oracle has no ADD COLUMN IF NOT EXISTS nor CREATE INDEX IF NOT EXISTS, and MODIFY ... NOT
  // NULL or ADD CONSTRAINT fails on a second run: these remedies are given in words, since a
  // statement run twice must neither fail nor duplicate work, and no Oracle server here proves a
  // guarded PL/SQL block.
  addUpdatedAt: () => null,
  addIdentityColumn: () => null,
  setNotNull: () => null,
  addUniqueIndex: () => null,
  addPrimaryKey: () => null,
  ...NO_CHANGE_TRACKING,
  askColumn,
  askTable,
  writesQuery: writesAllButTracking,
};
