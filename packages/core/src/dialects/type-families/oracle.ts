/**
 * Oracle's type names by family (Oracle's "Data Types" reference). Its `date` holds a date and a
 * time to the second; `number` is an exact decimal, whole when its scale is 0.
 *
 * @module
 */
import type { TypeFamilyTable } from './families.js';

export const ORACLE_TYPES: TypeFamilyTable = {
  temporal: ['date', 'timestamp'],
  interval: ['interval'],
  integer: ['integer', 'int', 'smallint', 'pls_integer', 'binary_integer'],
  decimal: ['number', 'numeric', 'decimal', 'dec'],
  float: ['binary_float', 'binary_double', 'float', 'real', 'double'],
  boolean: ['boolean'],
  text: [
    'char',
    'nchar',
    'varchar',
    'varchar2',
    'nvarchar2',
    'clob',
    'nclob',
    'long',
    'character',
    'national',
  ],
  binary: ['blob', 'raw', 'bfile'],
  json: ['json'],
  xml: ['xmltype'],
  geometric: ['sdo_geometry'],
  other: ['rowid', 'urowid'],
};
