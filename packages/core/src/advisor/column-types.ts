/**
 * Whether a column's data type holds a date and time, for the timestamp column of `timestamp`
 * and `timestamp+incrementing`. Three answers: yes, no, or unknown for a type name not recognised
 * (the advisor then says so instead of guessing).
 *
 * @module
 */
import type { Tri } from './facts.js';
import type { SourceKind } from './traits.js';

/** Type names (first word, lower case) that hold a date and a time of day. */
const DATE_TIME = ['timestamptz', 'datetime', 'datetime2', 'datetimeoffset', 'smalldatetime'];

/**
 * Number types, which an identity or auto-increment can have (PostgreSQL identity and serial,
 * MySQL AUTO_INCREMENT, SQL Server IDENTITY, Oracle identity: general database knowledge,
 * documented outside the spec). They do not hold a date and time.
 */
const NUMERIC = [
  'int',
  'int2',
  'int4',
  'int8',
  'integer',
  'bigint',
  'smallint',
  'tinyint',
  'mediumint',
  'serial',
  'bigserial',
  'smallserial',
  'decimal',
  'numeric',
  'number',
  'float',
  'float4',
  'float8',
  'double',
  'real',
];

/** Type names (first word, lower case) that neither hold a date and time nor can be an identity. */
const NOT_DATE_TIME = [
  'money',
  'smallmoney',
  'bit',
  'bool',
  'boolean',
  'char',
  'character',
  'varchar',
  'nchar',
  'nvarchar',
  'varchar2',
  'nvarchar2',
  'text',
  'ntext',
  'tinytext',
  'mediumtext',
  'longtext',
  'clob',
  'nclob',
  'string',
  'uuid',
  'uniqueidentifier',
  'json',
  'jsonb',
  'xml',
  'binary',
  'varbinary',
  'blob',
  'bytea',
  'raw',
  'rowversion',
  'time',
  'timetz',
  'interval',
  'year',
  'enum',
];

/** A type's class, independent of the source: the source decides the verdict of some classes. */
export const TYPE_CLASS = {
  /** No type given. */
  none: 0,
  /** A date-and-time type on every source. */
  dateTime: 1,
  /** Not a date-and-time type. */
  other: 2,
  /** `date`: a date and time on Oracle, a date only on the other databases. */
  date: 3,
  /** `timestamp`: a date and time, except on SQL Server, where it names `rowversion`. */
  timestamp: 4,
  /** A type name the advisor does not recognise. */
  unrecognised: 5,
  /** A number type: not a date and time, and the kind of type an identity or auto-increment has. */
  numeric: 6,
} as const;

const WORD_CLASS: ReadonlyMap<string, number> = new Map([
  ...DATE_TIME.map((w) => [w, TYPE_CLASS.dateTime] as const),
  ...NUMERIC.map((w) => [w, TYPE_CLASS.numeric] as const),
  ...NOT_DATE_TIME.map((w) => [w, TYPE_CLASS.other] as const),
  ['date', TYPE_CLASS.date],
  ['timestamp', TYPE_CLASS.timestamp],
]);

/** The first word of a type name, in lower case: `DATETIME2(3)` gives `datetime2`. */
function firstWord(type: string): string {
  let start = 0;
  const n = type.length;
  while (start < n && type.charCodeAt(start) <= 32) start++;
  let end = start;
  while (end < n) {
    const c = type.charCodeAt(end);
    if (c <= 32 || c === 40 /* ( */) break;
    end++;
  }
  return type.slice(start, end).toLowerCase();
}

/**
 * A memo of type names already classified. Types repeat across the tables of a database, so
 * this saves the string work; it is bounded, and only ever maps a name to the same class.
 */
const MEMO = new Map<string, number>();
const MEMO_MAX = 4096;

/**
 * In front of the memo, a small direct-mapped cache: a slot chosen from the name's length and
 * two of its characters, checked by comparing the name. A type name from `JSON.parse` is a new
 * string each time (unless short enough to be interned), and hashing all of it for the memo
 * costs more than this. Bounded, and a slot only ever holds a name with its own class.
 */
const SLOTS = 256;
const SLOT_NAMES: (string | undefined)[] = new Array<string | undefined>(SLOTS).fill(undefined);
const SLOT_CLASSES = new Uint8Array(SLOTS);

function classify(type: string): number {
  const known = MEMO.get(type);
  if (known !== undefined) return known;
  const found = WORD_CLASS.get(firstWord(type)) ?? TYPE_CLASS.unrecognised;
  if (MEMO.size >= MEMO_MAX) MEMO.clear();
  MEMO.set(type, found);
  return found;
}

/** The class of a type name (see {@link TYPE_CLASS}). */
export function typeClass(type: unknown): number {
  if (typeof type !== 'string') return TYPE_CLASS.none;
  const n = type.length;
  if (n === 0) return classify(type);
  const slot = (n * 31 + type.charCodeAt(0) * 7 + type.charCodeAt(n - 1)) & (SLOTS - 1);
  if (SLOT_NAMES[slot] === type) return SLOT_CLASSES[slot] as number;
  const found = classify(type);
  SLOT_NAMES[slot] = type;
  SLOT_CLASSES[slot] = found;
  return found;
}

/** The verdict, as a code (0 yes, 1 no, 2 unknown), of a type class on a source. */
export function dateTimeCode(cls: number, source: SourceKind | undefined): 0 | 1 | 2 {
  switch (cls) {
    case TYPE_CLASS.dateTime:
      return 0;
    case TYPE_CLASS.other:
    case TYPE_CLASS.numeric:
      return 1;
    case TYPE_CLASS.date:
      return source === 'oracle'
        ? 0
        : source === 'postgresql' || source === 'mysql' || source === 'sqlserver'
          ? 1
          : 2;
    case TYPE_CLASS.timestamp:
      return source === 'sqlserver' ? 1 : 0;
    default:
      return 2;
  }
}

/** Why a type is, or is not, a date-and-time type, for messages. */
export interface TypeVerdict {
  readonly value: Tri;
  /** A note for a case that needs one, such as SQL Server's `timestamp`. */
  readonly note?: string;
}

const TRI: readonly Tri[] = ['yes', 'no', 'unknown'];

function noteOf(cls: number, source: SourceKind | undefined): string | undefined {
  switch (cls) {
    case TYPE_CLASS.none:
      return 'the data type is not known';
    case TYPE_CLASS.date:
      if (source === 'oracle') return "Oracle's `date` holds a date and a time to the second";
      if (source === 'postgresql' || source === 'mysql' || source === 'sqlserver')
        return '`date` holds no time of day';
      return '`date` holds a time of day on some databases (Oracle) and not on others, and the source is not known';
    case TYPE_CLASS.timestamp:
      return source === 'sqlserver'
        ? 'in SQL Server, `timestamp` is a synonym of `rowversion`, a binary row version, not a date and time'
        : undefined;
    case TYPE_CLASS.unrecognised:
      return 'the type is not one the advisor recognises';
    default:
      return undefined;
  }
}

/** Whether a column of this type holds a date and time, on this source (when known), with a note where one helps. */
export function dateTimeType(type: unknown, source: SourceKind | undefined): TypeVerdict {
  const cls = typeClass(type);
  const value = TRI[dateTimeCode(cls, source)] as Tri;
  const note = noteOf(cls, source);
  return note === undefined ? { value } : { value, note };
}

/**
 * Whether a column of this type class can be an identity or auto-increment column: 0 yes (a
 * number type), 1 no (a known type that is not a number), 2 unknown (no type, or not recognised).
 */
export function identityCapableCode(cls: number): 0 | 1 | 2 {
  if (cls === TYPE_CLASS.numeric) return 0;
  if (cls === TYPE_CLASS.none || cls === TYPE_CLASS.unrecognised) return 2;
  return 1;
}
