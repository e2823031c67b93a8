/**
 * The dialect catalogue: one object per database kind the advisor writes SQL for. The one place
 * that knows how each quotes names and strings and writes each remedy and question.
 *
 * @module
 */
import { MYSQL } from './mysql.js';
import { ORACLE } from './oracle.js';
import { POSTGRESQL } from './postgresql.js';
import { SQLSERVER } from './sqlserver.js';
import type { DialectName, SqlDialect } from './types.js';

export type { ColumnQuestion, DialectName, SqlDialect, TableName, TableQuestion, Target } from './types.js';

/** Every dialect, by name. */
export const DIALECTS: { readonly [D in DialectName]: SqlDialect } = {
  postgresql: POSTGRESQL,
  mysql: MYSQL,
  sqlserver: SQLSERVER,
  oracle: ORACLE,
};
