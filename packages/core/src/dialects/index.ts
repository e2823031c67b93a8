/**
 * The dialect catalogue: one object per kind of source the advisor writes SQL (or SOQL) for. The one place
 * that knows how each quotes names and strings and writes each remedy and question.
 *
 * @module
 */
import { MYSQL } from './mysql.js';
import { ORACLE } from './oracle.js';
import { POSTGRESQL } from './postgresql.js';
import { SALESFORCE } from './salesforce.js';
import { SQLSERVER } from './sqlserver.js';
import type { DialectName, SqlDialect } from './types.js';

export type {
  ColumnQuestion,
  DialectName,
  InWords,
  SqlDialect,
  TableFactAsked,
  TableName,
  Target,
  Written,
} from './types.js';

/** Every dialect, by name. */
export const DIALECTS: { readonly [D in DialectName]: SqlDialect } = {
  postgresql: POSTGRESQL,
  mysql: MYSQL,
  sqlserver: SQLSERVER,
  oracle: ORACLE,
  salesforce: SALESFORCE,
};
