/**
 * MySQL's and MariaDB's type names by family (the MySQL and MariaDB manuals, "Data Types").
 * `tinyint(1)`, which drivers show as a boolean, stores whole numbers and is an integer.
 *
 * @module
 */
import type { TypeFamilyTable } from './families.js';

export const MYSQL_TYPES: TypeFamilyTable = {
  temporal: ['datetime', 'timestamp'],
  date: ['date', 'year'],
  time_of_day: ['time'],
  integer: [
    'tinyint',
    'smallint',
    'mediumint',
    'int',
    'integer',
    'bigint',
    'serial',
    'int1',
    'int2',
    'int3',
    'int4',
    'int8',
    'middleint',
  ],
  decimal: ['decimal', 'numeric', 'dec', 'fixed'],
  float: ['float', 'double', 'real', 'float4', 'float8'],
  boolean: ['boolean', 'bool'],
  text: [
    'char',
    'varchar',
    'tinytext',
    'text',
    'mediumtext',
    'longtext',
    'character',
    'nchar',
    'nvarchar',
    'national',
    'long',
  ],
  binary: ['binary', 'varbinary', 'tinyblob', 'blob', 'mediumblob', 'longblob'],
  bit: ['bit'],
  uuid: ['uuid'],
  json: ['json'],
  network: ['inet4', 'inet6'],
  geometric: [
    'geometry',
    'point',
    'linestring',
    'polygon',
    'multipoint',
    'multilinestring',
    'multipolygon',
    'geometrycollection',
  ],
  enum: ['enum', 'set'],
  other: ['vector'],
};
