/**
 * The families of column types the advisor tells apart, whatever the dialect. Each dialect's data
 * file (`postgresql.ts`, `mysql.ts`, `sqlserver.ts`, `oracle.ts`) maps its type names to these
 * families, and its dialect object (`dialects/`) holds that table as `types`; `lookup.ts` answers
 * for a type name. General database knowledge (each database's
 * manual of data types), not the service's documentation, which only says "Name of the timestamp column" and
 * "Incrementing ID column".
 *
 * @module
 */

/** A family of column types. */
export type TypeFamily =
  /** A date and a time of day (`timestamptz`, `datetime2`, Oracle `date`). */
  | 'temporal'
  /** A date without a time of day (`date` outside Oracle, MySQL `year`). */
  | 'date'
  /** A time of day without a date (`time`, `timetz`). */
  | 'time_of_day'
  /** A length of time (`interval`). */
  | 'interval'
  /** Whole numbers (`integer`, `bigint`, `serial`): the family of identity and auto-increment columns. */
  | 'integer'
  /** Exact decimals (`numeric`, Oracle `number`): whole numbers only when the scale is 0. */
  | 'decimal'
  /** Floating-point numbers (`real`, `double precision`). */
  | 'float'
  /** Amounts of money. */
  | 'money'
  | 'boolean'
  /** Character strings. */
  | 'text'
  /** Byte strings. */
  | 'binary'
  /** Bit strings. */
  | 'bit'
  /** UUIDs (`uuid`, `uniqueidentifier`). */
  | 'uuid'
  | 'json'
  | 'xml'
  /** Network addresses (`inet`, `cidr`, `macaddr`). */
  | 'network'
  /** Geometric and geographic values (`point`, `geometry`, `geography`). */
  | 'geometric'
  /** Ranges and multiranges (`tstzrange`, `int4range`). */
  | 'range'
  /** Text-search values (`tsvector`, `tsquery`). */
  | 'search'
  /** Arrays of any type (`integer[]`, `_int4`). */
  | 'array'
  /** Enumerations and sets of labels. */
  | 'enum'
  /** A binary row version the database changes on every write (SQL Server `rowversion`, its `timestamp`). */
  | 'row_version'
  /** A known type of none of the families above (`hierarchyid`, `sql_variant`, `pg_lsn`). */
  | 'other'
  /**
   * An identifier the platform assigns to each record, unique, whose order is not documented
   * (Salesforce's `id`): whether it grows with each new record is a question, never assumed.
   */
  | 'record_id'
  /** A type the catalogue does not know (a domain, a user-defined type), or no type at all. */
  | 'unknown';

/** One dialect's type names, in lower case, by family. */
export type TypeFamilyTable = { readonly [F in Exclude<TypeFamily, 'unknown'>]?: readonly string[] };

/** The families whose values are a date and a time of day: the only ones a timestamp column can be. */
export const TIME_FAMILIES: readonly TypeFamily[] = ['temporal'];

/** The families whose values are whole numbers: the only ones an identity or auto-increment column can be. */
export const INTEGER_FAMILIES: readonly TypeFamily[] = ['integer'];

/** The families that may hold whole numbers, depending on the declared scale. */
export const MAYBE_INTEGER_FAMILIES: readonly TypeFamily[] = ['decimal'];

/** The families of identifiers whose order is not documented: whether they grow with each record is asked. */
export const UNDOCUMENTED_ORDER_FAMILIES: readonly TypeFamily[] = ['record_id'];
