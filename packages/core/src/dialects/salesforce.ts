/**
 * Salesforce: questions as SOQL or Salesforce CLI (`sf`) commands, remedies as the steps a
 * Salesforce admin takes (Setup, permission sets), never DDL: the platform takes none. SOQL has no
 * quoting of names, so a statement names only an API name (letters, digits, underscores); any
 * other name gets words only. Facts from Salesforce's documentation, with their addresses:
 * system fields (DOCUMENTED_ADDRESSES.salesforceSystemFields), field describes
 * (salesforceFieldAccess), record counts (salesforceRecordCount).
 *
 * @module
 */
import { DOCUMENTED_ADDRESSES as DOC } from '../catalogue/documented-addresses.js';
import { shownName } from '../text/visible.js';
import { NO_CHANGE_TRACKING } from './no-change-tracking.js';
import { SALESFORCE_WORDS } from './salesforce-words.js';
import { SALESFORCE_TYPES } from './type-families/salesforce.js';
import type {
  ColumnQuestion,
  InWords,
  SqlDialect,
  TableFactAsked,
  TableName,
  Target,
  Written,
} from './types.js';

/** An API name SOQL can name as it is (SOQL has no quoting of names). */
const API_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Salesforce names an object or field by its API name, which needs no quotes: anything else is no name. */
const quote = (identifier: string): string => identifier;

/** A SOQL string literal: quotes, backslashes and line breaks escaped with a backslash (the SOQL reference's escapes). */
const literal = (text: string): string =>
  `'${text.replace(/[\\'"\n\r\t\f\b]/g, (c) => {
    const named: Record<string, string> = { '\n': 'n', '\r': 'r', '\t': 't', '\f': 'f', '\b': 'b' };
    return `\\${named[c] ?? c}`;
  })}'`;

const parseTableName = (text: string): TableName | undefined =>
  API_NAME.test(text) ? { schema: undefined, table: text } : undefined;

/** A writer that writes only for an object (and a field) with an API name: null for any other name. */
const named =
  (write: (t: Target, column: string) => Written) =>
  (t: Target, column = 'Id'): Written =>
    API_NAME.test(t.name.table) && API_NAME.test(column) ? write(t, column) : null;

const describe = (t: Target): string => `sf sobject describe --sobject ${t.name.table} --json`;

/** Where an admin changes a field. */
const fieldSetup = (t: Target, column: string): string =>
  `Setup > Object Manager > ${t.name.table} > Fields & Relationships > ${column}`;

function askColumn(t: Target, column: string, fact: ColumnQuestion): Written {
  if (!API_NAME.test(column) || !API_NAME.test(t.name.table)) return null;
  const field = shownName(column);
  const read = (key: string): InWords => ({
    words: `${fact === 'type' ? `What is the type of ${field}, and for a number its scale` : `What does the describe say of ${field}`} (its "${key}")? Read field ${field} in the describe of ${t.name.table}.`,
    query: describe(t),
  });
  switch (fact) {
    case 'type':
      return read('type" and "scale');
    case 'nullable':
      return read('nillable');
    case 'unique':
      return read('unique');
    case 'auto_increment':
      return {
        words: `Does every new ${t.name.table} record get a higher ${field} than every earlier one? Salesforce does not document it (${column === 'Id' ? 'Id is "a unique string identifying the record, set on create"' : 'no field type is documented to grow with each record'}: ${DOC.salesforceSystemFields}); answer only what you know, in the answers file: columns: [{ name: ${column}, auto_increment: true }].`,
        noQuery: 'no query: the order of values is not something Salesforce documents or a describe says',
      };
    case 'set_on_insert':
      return {
        words: `Does every new ${t.name.table} record get a value in ${field}? Salesforce documents it for Id, CreatedDate and SystemModstamp only (${DOC.salesforceSystemFields}); a default value or a Flow that sets it is for you to say.`,
        noQuery:
          'no query: what sets a field on create is in its default value and the automation of the org',
      };
    case 'set_on_update':
      return {
        words: `Does every change of a ${t.name.table} record change ${field}? Salesforce documents it for SystemModstamp only (set on every change by a user or an automated process: ${DOC.salesforceSystemFields}); LastModifiedDate is not changed by some platform changes.`,
        noQuery: 'no query: what changes a field on update is in the automation of the org',
      };
  }
}

function askTable(t: Target, fact: TableFactAsked): Written {
  const object = t.name.table;
  if (!API_NAME.test(object)) return null;
  switch (fact) {
    case 'rows':
      return `SELECT COUNT() FROM ${object}`;
    case 'columns':
      return describe(t);
    case 'primary_key':
      return null;
    case 'changes':
      return {
        words: `Does ${object} get inserts, updates and deletes, and how many a day? Count the last 7 days: new records, changed older records, and deleted records (the Recycle Bin, read with --all-rows); \`querymode inspect salesforce://<My Domain host> --look-back 7\` counts the first two of every object.`,
        query: [
          `sf data query --query "SELECT COUNT() FROM ${object} WHERE CreatedDate = LAST_N_DAYS:7"`,
          `sf data query --query "SELECT COUNT() FROM ${object} WHERE SystemModstamp = LAST_N_DAYS:7 AND CreatedDate < LAST_N_DAYS:7"`,
          `sf data query --all-rows --query "SELECT COUNT() FROM ${object} WHERE IsDeleted = true"`,
        ].join('\n'),
      };
    case 'readable':
      return {
        words: `May the pipeline's Salesforce user query ${object}? Run the query as that user (--target-org with that user's login).`,
        query: `sf data query --query "SELECT Id FROM ${object} LIMIT 1"`,
      };
    case 'tracking_database':
    case 'tracking_table':
      return null;
  }
}

/** Name SystemModstamp: the field Salesforce sets on every change. */
const nameModstamp = (instead: string): InWords => ({
  words: `Name SystemModstamp${instead}: Salesforce sets it on create and on every change by a user or an automated process (${DOC.salesforceSystemFields}); no setting makes Salesforce set another field so. An object without SystemModstamp (a History object) has no such field: its records are only inserted.`,
});

/** Gives the pipeline's user read access to the object. */
const grant = (t: Target, user: string): InWords => ({
  words: `Give ${shownName(user)} Read on ${t.name.table} through its profile or a permission set (Object Settings > ${t.name.table} > Read), and read access to the fields the pipeline reads.`,
});

/** Salesforce. */
export const SALESFORCE: SqlDialect = {
  name: 'salesforce',
  // The longest custom field API name is 40 characters with its `__c`; no name is generated.
  identifierLimit: 40,
  types: SALESFORCE_TYPES,
  words: SALESFORCE_WORDS,
  underscoreArrays: false,
  namesDatabase: false,
  quote,
  literal,
  parseTableName,
  table: (name) => name.table,
  footer: () => '',
  header: () => '',
  grantSelect: (t, user) => (API_NAME.test(t.name.table) ? grant(t, user) : null),
  setOnEveryUpdate: named((_t, column) => nameModstamp(` instead of ${shownName(column)}`)),
  addUpdatedAt: () => nameModstamp(''),
  addIdentityColumn: named((t) => ({
    words: `Salesforce documents no field of ${t.name.table} that gets a higher value with each new record (an Auto Number field is text shown with a display format): answer which field you know grows so (\`auto_increment: true\` in the answers file: Id, if you know its values grow, or a Number field your org fills in order), or choose a mode that needs no incrementing field.`,
  })),
  setNotNull: named((t, column) => ({
    words: `Fill the empty values of ${shownName(column)}, then make it required (${fieldSetup(t, column)} > Edit > Required).`,
  })),
  addPrimaryKey: () => null,
  addUniqueIndex: named((t, column) => ({
    words: `Make ${shownName(column)} unique (${fieldSetup(t, column)} > Edit > Unique, with External ID); the change fails while values repeat.`,
  })),
  ...NO_CHANGE_TRACKING,
  askColumn,
  askTable,
};
