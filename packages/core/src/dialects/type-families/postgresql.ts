/**
 * PostgreSQL's type names by family (the PostgreSQL manual, chapter "Data Types"). A type name is
 * looked up by its first word (`timestamp with time zone` by `timestamp`); an array (`integer[]`,
 * `_int4`) is an array whatever its element.
 *
 * @module
 */
import type { TypeFamilyTable } from './families.js';

export const POSTGRESQL_TYPES: TypeFamilyTable = {
  temporal: ['timestamp', 'timestamptz'],
  date: ['date'],
  time_of_day: ['time', 'timetz'],
  interval: ['interval'],
  integer: [
    'smallint',
    'integer',
    'int',
    'int2',
    'int4',
    'int8',
    'bigint',
    'smallserial',
    'serial',
    'serial2',
    'serial4',
    'serial8',
    'bigserial',
    'oid',
    'xid',
    'xid8',
  ],
  decimal: ['numeric', 'decimal'],
  float: ['real', 'float4', 'float8', 'double', 'float'],
  money: ['money'],
  boolean: ['boolean', 'bool'],
  text: ['text', 'varchar', 'character', 'char', 'bpchar', 'name', 'citext'],
  binary: ['bytea'],
  bit: ['bit', 'varbit'],
  uuid: ['uuid'],
  json: ['json', 'jsonb', 'jsonpath'],
  xml: ['xml'],
  network: ['inet', 'cidr', 'macaddr', 'macaddr8'],
  geometric: ['point', 'line', 'lseg', 'box', 'path', 'polygon', 'circle', 'geometry', 'geography'],
  range: [
    'int4range',
    'int8range',
    'numrange',
    'tsrange',
    'tstzrange',
    'daterange',
    'int4multirange',
    'int8multirange',
    'nummultirange',
    'tsmultirange',
    'tstzmultirange',
    'datemultirange',
  ],
  search: ['tsvector', 'tsquery'],
  array: ['array'],
  other: ['pg_lsn', 'pg_snapshot', 'txid_snapshot', 'regclass', 'regproc', 'regtype', 'hstore', 'ltree'],
};
