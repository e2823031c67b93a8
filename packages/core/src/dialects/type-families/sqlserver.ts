/**
 * SQL Server's type names by family (Microsoft's "Data types (Transact-SQL)"). Its `timestamp`
 * is a synonym of `rowversion`, a binary row version, not a date and time.
 *
 * @module
 */
import type { TypeFamilyTable } from './families.js';

export const SQLSERVER_TYPES: TypeFamilyTable = {
  temporal: ['datetime', 'datetime2', 'smalldatetime', 'datetimeoffset'],
  date: ['date'],
  time_of_day: ['time'],
  integer: ['tinyint', 'smallint', 'int', 'bigint'],
  decimal: ['decimal', 'numeric', 'dec'],
  float: ['float', 'real', 'double'],
  money: ['money', 'smallmoney'],
  boolean: ['bit'],
  text: ['char', 'varchar', 'nchar', 'nvarchar', 'text', 'ntext', 'sysname', 'character', 'national'],
  binary: ['binary', 'varbinary', 'image'],
  uuid: ['uniqueidentifier'],
  json: ['json'],
  xml: ['xml'],
  geometric: ['geometry', 'geography'],
  row_version: ['rowversion', 'timestamp'],
  other: ['sql_variant', 'hierarchyid', 'vector'],
};
