/**
 * Table traits: what a caller knows about one source table, as JSON-serialisable data with
 * snake_case keys. Every field is optional, and an absent field means "unknown": the advisor
 * then says the fact is unknown instead of guessing it.
 *
 * The field table below, with its kinds of value (`TRAIT_KINDS`), is the single source of the
 * traits model: the `TableTraits` type is derived from it, and the fast validator (`validate.ts`),
 * the zod schema (`schemas/traits.ts`), the CLI's table flags and their help, and the docs all
 * read it.
 *
 * @module
 */
import { FULL_LOAD_MAX_ROWS_EXCLUSIVE } from '../../catalogue/limits.js';
import { formatCount } from '../../text/count.js';
import { TRI } from './tri.js';

/**
 * The kinds of source the service's API documentation names: the four database kinds, Salesforce
 * (the CRM its query-mode page names), another cloud CRM, or something else.
 */
export const SOURCE_KINDS = [
  'postgresql',
  'mysql',
  'sqlserver',
  'oracle',
  'salesforce',
  'crm',
  'other',
] as const;

/** The kind of source of the pipeline. */
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** The pipeline modes the service's API documentation names: Logical, Table, Custom SQL. */
export const PIPELINE_MODES = ['log_based', 'table', 'custom_sql'] as const;

/** The pipeline mode. */
export type PipelineMode = (typeof PIPELINE_MODES)[number];

/** What the caller knows about whether a table has a kind of change: the one yes/no/unknown coding. */
export const CHANGE_ANSWERS = TRI;

/** Whether a table has a kind of change: `unknown` is the same as leaving the field out. */
export type ChangeAnswer = (typeof CHANGE_ANSWERS)[number];

/**
 * What the values of one kind are: their base type and, for a closed list or a number, its words or
 * its range. The validator, the generated quick checks and readers, the zod schema, the CLI's flags
 * and the docs all read it, so a new kind of value is one entry of `TRAIT_KINDS`.
 */
export type TraitKindSpec =
  | {
      readonly base: 'string';
      /** The closed list of its words, if any. */
      readonly options?: readonly string[];
      /** The catalogue's field kind (`FIELD_KINDS`) whose check the string passes, if any. */
      readonly fieldKind?: 'column_name';
      /** The value in words, for the docs (otherwise its words, or `string`). */
      readonly expected?: string;
    }
  | { readonly base: 'boolean' }
  | {
      readonly base: 'number';
      /** A safe integer, else any finite number. */
      readonly integer: boolean;
      /** The smallest value. */
      readonly min: number;
      /** Whether `min` itself is out (the value must be greater). */
      readonly exclusive: boolean;
      /** The largest value, included, if any. */
      readonly max?: number;
      /** The range in words, for the issue of a number out of it and for the docs. */
      readonly expected: string;
    }
  /** A list of strings. */
  | { readonly base: 'list' }
  /** The list of the table's columns (`COLUMN_TRAIT_FIELDS`). */
  | { readonly base: 'columns' }
  /** A nested object of the model (`CHANGE_TRAIT_FIELDS`, `CHANGE_TRACKING_TRAIT_FIELDS`). */
  | { readonly base: 'object' };

/** The kinds of value of the traits fields, each with what its values are. */
export const TRAIT_KINDS = {
  string: { base: 'string' },
  column_name: {
    base: 'string',
    fieldKind: 'column_name',
    expected: 'non-empty string without surrounding white space',
  },
  boolean: { base: 'boolean' },
  source: { base: 'string', options: SOURCE_KINDS },
  pipeline_mode: { base: 'string', options: PIPELINE_MODES },
  change_answer: { base: 'string', options: CHANGE_ANSWERS },
  count: {
    base: 'number',
    integer: true,
    min: 0,
    exclusive: false,
    expected: 'an integer from 0 to 9007199254740991',
  },
  rate: {
    base: 'number',
    integer: false,
    min: 0,
    exclusive: false,
    expected: 'a finite number of at least 0',
  },
  positive: {
    base: 'number',
    integer: false,
    min: 0,
    exclusive: true,
    expected: 'a finite number greater than 0',
  },
  columns: { base: 'columns' },
  changes: { base: 'object' },
  change_tracking: { base: 'object' },
  notes: { base: 'list' },
} as const satisfies { readonly [kind: string]: TraitKindSpec };

/** The kind of value of one traits field, which decides its check, its schema and its flag. */
export type TraitValueKind = keyof typeof TRAIT_KINDS;

/**
 * How the CLI reads a flag's text: as is, a non-negative integer, a non-negative number, a
 * duration in minutes (`15m`, `6h`, `2d`), on/off, yes/no/unknown, one of a closed list, or a
 * column (`name:type[:attr...]`, repeatable).
 */
export type TraitFlagReader =
  | 'text'
  | 'count'
  | 'number'
  | 'duration'
  | 'on_off'
  | 'answer'
  | 'choice'
  | 'column';

/** The command-line flag that sets a traits field. */
export interface TraitFlag {
  /** The long flag without its dashes, such as `rows` for `--rows`. */
  readonly name: string;
  /** The placeholder of its value in the help, such as `<n>`. */
  readonly value: string;
  /** How its text is read. */
  readonly reads: TraitFlagReader;
  /** The help line. */
  readonly help: string;
  /**
   * A fact of the whole pipeline or database rather than of one table: with `recommend --ndjson`
   * the flag is the default of every record that does not know the field itself.
   */
  readonly batch?: true;
}

/** The words of `--column name:type[:attr...]` that set a boolean column trait. */
export interface ColumnAttribute {
  /** The word that sets the trait to true, if any. */
  readonly whenTrue?: string;
  /** The word that sets the trait to false, if any. */
  readonly whenFalse?: string;
  /** Other traits the true word sets too (a one-column primary key is unique and not null). */
  readonly implies?: { readonly [trait: string]: boolean };
}

/**
 * The fact a field gives the advisor (`TableFacts`, `ColumnFacts`, `ChangeTrackingFacts`), which
 * the generated fact readers (`facts/generated/`) write as they read the field.
 */
export interface TraitFact {
  /** The fact's key in its object's facts; a dotted key (`perDay.inserts`) groups facts in an object. */
  readonly name: string;
  /**
   * How the value becomes the fact: as given (`value`, undefined when unknown), as an answer
   * (`tri`: a boolean's true or false, a change answer, else `unknown`), a text that is unknown when
   * empty (`text`), or a nested object's facts (`object`: under `name`, or among its parent's
   * facts when `name` is empty).
   */
  readonly as: 'value' | 'tri' | 'text' | 'object';
}

/** One field of an object of the traits model. */
export interface TraitField {
  /** The key. */
  readonly name: string;
  /** The kind of value. */
  readonly kind: TraitValueKind;
  /** Whether it must be present (only a column's `name`). */
  readonly required: boolean;
  /** The fact it gives the advisor, if any (`schema` and `notes` give none). */
  readonly fact?: TraitFact;
  /** What it means, for docs, schema descriptions and help. */
  readonly description: string;
  /** The CLI flag that sets it, when one does. */
  readonly flag?: TraitFlag;
  /** For a boolean column trait: its words in `--column`. */
  readonly attribute?: ColumnAttribute;
  /**
   * A value the catalog gives that leaves the advisor's question open, so that an answer replaces
   * it: `false` of `auto_increment` (no identity column) leaves open whether the application numbers
   * the column in order, which the question at that key asks.
   */
  readonly stillAsked?: boolean;
  /**
   * For a column trait the advisor asks: the query that answers it, the column's own catalog query
   * of this trait (`column`), the query of the column's type (`type`: a scale is part of the type's
   * full name), or the table's primary key (`primary_key`).
   */
  readonly askedBy?: 'column' | 'type' | 'primary_key';
}

/** The fields of a column, in order. */
export const COLUMN_TRAIT_FIELDS = [
  {
    name: 'name',
    kind: 'column_name',
    required: true,
    fact: { name: 'name', as: 'value' },
    description: 'The column name, exactly as the database spells it (case included).',
  },
  {
    name: 'type',
    kind: 'string',
    required: false,
    fact: { name: 'type', as: 'value' },
    description: 'The data type as the database names it, such as `timestamp` or `bigint`.',
    askedBy: 'column',
  },
  {
    name: 'scale',
    kind: 'count',
    required: false,
    fact: { name: 'scale', as: 'value' },
    description:
      "For an exact decimal type (`numeric`, `decimal`, Oracle's `number`, a Salesforce Number field's `double`): the digits to the right of the decimal point; `0` means it holds whole numbers only.",
    askedBy: 'type',
  },
  {
    name: 'nullable',
    kind: 'boolean',
    required: false,
    fact: { name: 'nullable', as: 'tri' },
    description: 'Whether the column may hold NULL values.',
    attribute: { whenTrue: 'nullable', whenFalse: 'not-null' },
    askedBy: 'column',
  },
  {
    name: 'unique',
    kind: 'boolean',
    required: false,
    fact: { name: 'unique', as: 'tri' },
    description: 'Whether the values are unique (a unique constraint or index).',
    attribute: { whenTrue: 'unique' },
    askedBy: 'column',
  },
  {
    name: 'primary_key',
    kind: 'boolean',
    required: false,
    fact: { name: 'primaryKey', as: 'tri' },
    description: 'Whether the column is part of the primary key.',
    attribute: { whenTrue: 'primary-key', implies: { unique: true, nullable: false } },
    askedBy: 'primary_key',
  },
  {
    name: 'auto_increment',
    kind: 'boolean',
    required: false,
    fact: { name: 'autoIncrement', as: 'tri' },
    description: 'Whether the column is auto-increment, identity or serial.',
    attribute: { whenTrue: 'auto-increment', implies: { set_on_insert: true } },
    // `false`: no identity column; whether each new record gets a higher value is still asked.
    stillAsked: false,
    askedBy: 'column',
  },
  {
    name: 'set_on_insert',
    kind: 'boolean',
    required: false,
    fact: { name: 'setOnInsert', as: 'tri' },
    description: 'Whether the database sets the column on every insert.',
    attribute: { whenTrue: 'set-on-insert' },
    askedBy: 'column',
  },
  {
    name: 'set_on_update',
    kind: 'boolean',
    required: false,
    fact: { name: 'setOnUpdate', as: 'tri' },
    description: 'Whether the database sets the column on every update.',
    attribute: { whenTrue: 'auto-update' },
    askedBy: 'column',
  },
  {
    name: 'calculated',
    kind: 'boolean',
    required: false,
    fact: { name: 'calculated', as: 'tri' },
    description:
      "Whether the column is computed by the source rather than stored by writes (Salesforce formula and roll-up fields, the describe's `calculated`): its changes need not change the record's modification time.",
    attribute: { whenTrue: 'calculated' },
  },
  {
    name: 'filterable',
    kind: 'boolean',
    required: false,
    fact: { name: 'filterable', as: 'tri' },
    description:
      "Whether the source can filter on the column (Salesforce's describe: `filterable`); `false`: it cannot be a mode's column.",
    attribute: { whenFalse: 'not-filterable' },
  },
  {
    name: 'sortable',
    kind: 'boolean',
    required: false,
    fact: { name: 'sortable', as: 'tri' },
    description:
      "Whether the source can sort on the column (Salesforce's describe: `sortable`); `false`: it cannot be a mode's column.",
    attribute: { whenFalse: 'not-sortable' },
  },
] as const satisfies readonly TraitField[];

/** The fields of `changes`, in order. */
export const CHANGE_TRAIT_FIELDS = [
  {
    name: 'inserts',
    kind: 'change_answer',
    required: false,
    fact: { name: 'has.inserts', as: 'tri' },
    description: 'Whether rows are inserted: yes, no or unknown.',
    flag: {
      name: 'inserts',
      value: '<yes|no|unknown>',
      reads: 'answer',
      help: 'whether rows are inserted',
      batch: true,
    },
  },
  {
    name: 'updates',
    kind: 'change_answer',
    required: false,
    fact: { name: 'has.updates', as: 'tri' },
    description: 'Whether rows are updated: yes, no or unknown.',
    flag: {
      name: 'updates',
      value: '<yes|no|unknown>',
      reads: 'answer',
      help: 'whether rows are updated',
      batch: true,
    },
  },
  {
    name: 'deletes',
    kind: 'change_answer',
    required: false,
    fact: { name: 'has.deletes', as: 'tri' },
    description: 'Whether rows are deleted: yes, no or unknown.',
    flag: {
      name: 'deletes',
      value: '<yes|no|unknown>',
      reads: 'answer',
      help: 'whether rows are deleted',
      batch: true,
    },
  },
  {
    name: 'inserts_per_day',
    kind: 'rate',
    required: false,
    fact: { name: 'perDay.inserts', as: 'value' },
    description: 'Rows inserted per day.',
    flag: { name: 'inserts-per-day', value: '<n>', reads: 'number', help: 'rows inserted per day' },
  },
  {
    name: 'updates_per_day',
    kind: 'rate',
    required: false,
    fact: { name: 'perDay.updates', as: 'value' },
    description: 'Row updates per day.',
    flag: { name: 'updates-per-day', value: '<n>', reads: 'number', help: 'row updates per day' },
  },
  {
    name: 'deletes_per_day',
    kind: 'rate',
    required: false,
    fact: { name: 'perDay.deletes', as: 'value' },
    description: 'Rows deleted per day.',
    flag: { name: 'deletes-per-day', value: '<n>', reads: 'number', help: 'rows deleted per day' },
  },
  {
    name: 'observed_days',
    kind: 'positive',
    required: false,
    fact: { name: 'observedDays', as: 'value' },
    description: 'The span in days of the database counters the rates were computed from.',
  },
] as const satisfies readonly TraitField[];

/** The fields of `change_tracking`, in order. */
export const CHANGE_TRACKING_TRAIT_FIELDS = [
  {
    name: 'database_enabled',
    kind: 'boolean',
    required: false,
    fact: { name: 'database', as: 'tri' },
    description: 'Whether change tracking is enabled on the database.',
    flag: {
      name: 'ct-database',
      value: '<on|off>',
      reads: 'on_off',
      help: 'change tracking enabled on the database',
    },
  },
  {
    name: 'table_enabled',
    kind: 'boolean',
    required: false,
    fact: { name: 'table', as: 'tri' },
    description: 'Whether change tracking is enabled on the table.',
    flag: {
      name: 'ct-table',
      value: '<on|off>',
      reads: 'on_off',
      help: 'change tracking enabled on the table',
    },
  },
  {
    name: 'retention_minutes',
    kind: 'positive',
    required: false,
    fact: { name: 'retentionMinutes', as: 'value' },
    description: 'The retention period of changes, in minutes.',
    flag: {
      name: 'retention',
      value: '<duration>',
      reads: 'duration',
      help: 'change-tracking retention, such as 2d',
    },
  },
  {
    name: 'auto_cleanup',
    kind: 'boolean',
    required: false,
    fact: { name: 'autoCleanup', as: 'tri' },
    description: 'Whether changes older than the retention are cleaned up automatically.',
  },
] as const satisfies readonly TraitField[];

/** The fields of the traits object, in order. */
export const TABLE_TRAIT_FIELDS = [
  {
    name: 'table',
    kind: 'string',
    required: false,
    fact: { name: 'table', as: 'text' },
    description: 'The qualified table name, such as `dbo.orders`.',
    flag: { name: 'table', value: '<name>', reads: 'text', help: 'qualified table name' },
  },
  {
    name: 'schema',
    kind: 'string',
    required: false,
    description: 'The schema (MySQL: the database) of the table, exactly as spelt.',
  },
  {
    name: 'database',
    kind: 'string',
    required: false,
    fact: { name: 'database', as: 'text' },
    description:
      "The database that holds the table, exactly as spelt (`inspect` reads PostgreSQL's `current_database()` and SQL Server's `DB_NAME()`; MySQL has none: its schema is the database). PostgreSQL statements and questions for a table with a schema then stop in any other database, SQL Server's `USE` it and stop in any other, as for a table named with its database (`shop.public.orders`), whose own database wins.",
  },
  {
    name: 'reader',
    kind: 'string',
    required: false,
    fact: { name: 'reader', as: 'text' },
    description:
      'The database user that read the catalog (`inspect`), as the database names it (MySQL: `user@host`): the user a grant of SELECT is written for.',
  },
  {
    name: 'readable',
    kind: 'boolean',
    required: false,
    fact: { name: 'readable', as: 'tri' },
    description:
      "Whether `reader` may read the table's rows (SELECT, and USAGE on its schema where the database needs it). `false`: a pipeline reading as that user fails, so no mode is recommended until the pipeline's user is known to read the table.",
  },
  {
    name: 'queryable',
    kind: 'boolean',
    required: false,
    fact: { name: 'queryable', as: 'tri' },
    description:
      "Whether the source lets its records be queried (Salesforce's describe: `queryable`). `false`: no mode can read it.",
  },
  {
    name: 'replicateable',
    kind: 'boolean',
    required: false,
    fact: { name: 'replicateable', as: 'tri' },
    description:
      "Whether the source lets it be replicated (Salesforce's describe: `replicateable`, replication by getUpdated and getDeleted). `false`: no mode is recommended for it.",
  },
  {
    name: 'source',
    kind: 'source',
    required: false,
    fact: { name: 'source', as: 'value' },
    description: 'The kind of source.',
    flag: {
      name: 'source',
      value: '<kind>',
      reads: 'choice',
      help: 'source kind, for the rules and the SQL dialect',
      batch: true,
    },
  },
  {
    name: 'pipeline_mode',
    kind: 'pipeline_mode',
    required: false,
    fact: { name: 'pipelineMode', as: 'value' },
    description: 'The pipeline mode.',
    flag: { name: 'pipeline-mode', value: '<mode>', reads: 'choice', help: 'pipeline mode', batch: true },
  },
  {
    name: 'rows',
    kind: 'count',
    required: false,
    fact: { name: 'rows', as: 'value' },
    description: 'The number of rows.',
    flag: {
      name: 'rows',
      value: '<n>',
      reads: 'count',
      help: `row count (full_load needs fewer than ${formatCount(FULL_LOAD_MAX_ROWS_EXCLUSIVE)})`,
    },
  },
  {
    name: 'rows_estimate',
    kind: 'boolean',
    required: false,
    fact: { name: 'rowsEstimateAnswer', as: 'tri' },
    description:
      "Whether `rows` is the database's statistics estimate, not a count. Unless it is `false`, `rows` is taken as an estimate.",
    flag: {
      name: 'rows-estimate',
      value: '<on|off>',
      reads: 'on_off',
      help: 'whether --rows is an estimate (off: an exact count; on unless said)',
    },
  },
  {
    name: 'columns',
    kind: 'columns',
    required: false,
    fact: { name: 'columns', as: 'value' },
    description: "The table's columns, taken as the complete list when given.",
    flag: {
      name: 'column',
      value: '<name:type:attrs>',
      reads: 'column',
      help: 'a column, repeatable: name:type[:attr...]',
    },
  },
  {
    name: 'changes',
    kind: 'changes',
    required: false,
    fact: { name: '', as: 'object' },
    description: 'How the table changes.',
  },
  {
    name: 'change_tracking',
    kind: 'change_tracking',
    required: false,
    fact: { name: 'changeTracking', as: 'object' },
    description: "The change-tracking feature's state.",
  },
  {
    name: 'replication_frequency_minutes',
    kind: 'positive',
    required: false,
    fact: { name: 'frequencyMinutes', as: 'value' },
    description: 'How often the pipeline replicates, in minutes.',
    flag: {
      name: 'frequency',
      value: '<duration>',
      reads: 'duration',
      help: 'replication frequency of the pipeline, such as 15m or 6h',
      batch: true,
    },
  },
  {
    name: 'notes',
    kind: 'notes',
    required: false,
    description: 'What could not be read or was left unknown, and why, in sentences.',
  },
] as const satisfies readonly TraitField[];

/** The kinds whose spec has the shape `P`. */
type KindsWhere<P> = {
  [K in TraitValueKind]: (typeof TRAIT_KINDS)[K] extends P ? K : never;
}[TraitValueKind];

/** The kinds of a closed list of words. */
type OptionKind = KindsWhere<{ readonly options: readonly string[] }>;

/** The closed value lists of the enumerated kinds (their `options` in `TRAIT_KINDS`). */
export const TRAIT_OPTIONS = Object.fromEntries(
  Object.entries(TRAIT_KINDS as { readonly [kind: string]: TraitKindSpec }).flatMap(([kind, spec]) =>
    spec.base === 'string' && spec.options !== undefined ? [[kind, spec.options]] : [],
  ),
) as { readonly [K in OptionKind]: (typeof TRAIT_KINDS)[K]['options'] };

// The types, derived from the field table.

/** The value type of a kind that is not a list of columns or a nested object, from its spec. */
type ValueOf<S> = S extends { readonly options: readonly (infer W)[] }
  ? W
  : S extends { readonly base: 'string' }
    ? string
    : S extends { readonly base: 'boolean' }
      ? boolean
      : S extends { readonly base: 'number' }
        ? number
        : S extends { readonly base: 'list' }
          ? string[]
          : never;

/** The value types of the list of columns and the nested objects. */
interface ObjectValues {
  columns: ColumnTraits[];
  changes: ChangeTraits;
  change_tracking: ChangeTrackingTraits;
}

/** The value type of each kind. */
type KindValue<K extends TraitValueKind> = K extends keyof ObjectValues
  ? ObjectValues[K]
  : ValueOf<(typeof TRAIT_KINDS)[K]>;

/** The object a list of fields describes: required fields as required keys, the others optional. */
type TraitObject<Fields extends readonly TraitField[]> = {
  -readonly [F in Fields[number] as F['required'] extends true ? F['name'] : never]: KindValue<F['kind']>;
} & {
  -readonly [F in Fields[number] as F['required'] extends true ? never : F['name']]?: KindValue<F['kind']>;
};

/** The names of the fields of `F` whose question the query `By` answers. */
type AskedBy<F, By> = F extends { readonly name: infer N; readonly askedBy: By } ? N : never;

/** The facts of a column a check can ask: the column traits with `askedBy`. */
export type ColumnFactName = AskedBy<
  (typeof COLUMN_TRAIT_FIELDS)[number],
  NonNullable<TraitField['askedBy']>
>;

/** The facts of a column a dialect's catalog query asks (`askColumn`): the column traits `askedBy` its own query. */
export type ColumnQuestion = AskedBy<(typeof COLUMN_TRAIT_FIELDS)[number], 'column'>;

/** What is known about one column of the table (see {@link COLUMN_TRAIT_FIELDS}). Only `name` is required. */
export interface ColumnTraits extends TraitObject<typeof COLUMN_TRAIT_FIELDS> {}

/** How the table changes (see {@link CHANGE_TRAIT_FIELDS}). A rate per day also answers its yes/no question. */
export interface ChangeTraits extends TraitObject<typeof CHANGE_TRAIT_FIELDS> {}

/** The state of the database's change-tracking feature for this table (see {@link CHANGE_TRACKING_TRAIT_FIELDS}). */
export interface ChangeTrackingTraits extends TraitObject<typeof CHANGE_TRACKING_TRAIT_FIELDS> {}

/** What the caller knows about one source table (see {@link TABLE_TRAIT_FIELDS}). Absent means unknown. */
export interface TableTraits extends TraitObject<typeof TABLE_TRAIT_FIELDS> {}
