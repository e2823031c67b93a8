/**
 * Table traits: what a caller knows about one source table, as JSON-serialisable data with
 * snake_case keys. Every field is optional, and an absent field means "unknown": the advisor
 * then says the fact is unknown instead of guessing it.
 *
 * The lists and descriptions here are the single source of the traits model: the fast
 * validator (`validate-traits.ts`), the zod schema (`schemas/traits.ts`) and the docs read them.
 *
 * @module
 */

/** The kinds of source the spec names: the four database kinds, a cloud CRM, or something else. */
export const SOURCE_KINDS = ['postgresql', 'mysql', 'sqlserver', 'oracle', 'crm', 'other'] as const;

/** The kind of source of the pipeline. */
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** The pipeline modes the spec names (section 4.1: Logical, Table, Custom SQL). */
export const PIPELINE_MODES = ['log_based', 'table', 'custom_sql'] as const;

/** The pipeline mode. */
export type PipelineMode = (typeof PIPELINE_MODES)[number];

/** What the caller knows about whether a table has a kind of change. */
export const CHANGE_ANSWERS = ['yes', 'no', 'unknown'] as const;

/** Whether a table has a kind of change: `unknown` is the same as leaving the field out. */
export type ChangeAnswer = (typeof CHANGE_ANSWERS)[number];

/** What is known about one column of the table. Only `name` is required. */
export interface ColumnTraits {
  /** The column's name, exactly as the database spells it (case included). */
  name: string;
  /** The database's data type, as the database names it (`timestamp`, `datetime2(3)`, `bigint`). */
  type?: string;
  /** Whether the column may hold NULL values. */
  nullable?: boolean;
  /** Whether the column's values are unique (a unique constraint or index). */
  unique?: boolean;
  /** Whether the column is part of the primary key. */
  primary_key?: boolean;
  /** Whether the column is auto-increment, identity or serial. */
  auto_increment?: boolean;
  /** Whether the database sets the column automatically on every insert (a default or trigger). */
  set_on_insert?: boolean;
  /** Whether the database sets the column automatically on every update (`ON UPDATE` or a trigger). */
  set_on_update?: boolean;
}

/** How the table changes. A rate per day, when given, also answers the yes/no question it belongs to. */
export interface ChangeTraits {
  /** Whether rows are inserted. */
  inserts?: ChangeAnswer;
  /** Whether rows are updated. */
  updates?: ChangeAnswer;
  /** Whether rows are deleted. */
  deletes?: ChangeAnswer;
  /** Rows inserted per day (a non-negative number). */
  inserts_per_day?: number;
  /** Row updates per day (a non-negative number). */
  updates_per_day?: number;
  /** Rows deleted per day (a non-negative number). */
  deletes_per_day?: number;
  /**
   * The span, in days, of the database's own change counters that the rates per day were
   * computed from (for example PostgreSQL's statistics since their last reset). Absent when the
   * rates were not observed by a database.
   */
  observed_days?: number;
}

/** The state of the database's change-tracking feature for this table. */
export interface ChangeTrackingTraits {
  /** Whether change tracking is enabled on the database. */
  database_enabled?: boolean;
  /** Whether change tracking is enabled on the table. */
  table_enabled?: boolean;
  /** The retention period of changes, in minutes (more than zero). */
  retention_minutes?: number;
  /** Whether the database cleans up changes older than the retention automatically. */
  auto_cleanup?: boolean;
}

/** What the caller knows about one source table. Every field is optional: absent means unknown. */
export interface TableTraits {
  /** The qualified table name, such as `sales.public.orders` or `dbo.orders`. */
  table?: string;
  /** The schema (MySQL: the database) the table is in, exactly as the database spells it. */
  schema?: string;
  /** The kind of source. */
  source?: SourceKind;
  /** The pipeline mode. */
  pipeline_mode?: PipelineMode;
  /** The number of rows (a non-negative integer). */
  rows?: number;
  /** True when `rows` is the database's statistics estimate rather than a count. */
  rows_estimate?: boolean;
  /** The table's columns. When given, it is taken as the complete list. */
  columns?: ColumnTraits[];
  /** How the table changes. */
  changes?: ChangeTraits;
  /** The change-tracking feature's state. */
  change_tracking?: ChangeTrackingTraits;
  /** How often the pipeline replicates, in minutes (more than zero). */
  replication_frequency_minutes?: number;
  /** What could not be read or was left unknown, and why, in sentences (for example from an inspector). */
  notes?: string[];
}

/** The kind of value of one traits field, which decides its check. */
export type TraitValueKind =
  | 'string'
  | 'column_name'
  | 'boolean'
  | 'source'
  | 'pipeline_mode'
  | 'change_answer'
  | 'count'
  | 'rate'
  | 'positive'
  | 'columns'
  | 'changes'
  | 'change_tracking'
  | 'notes';

/** One field of an object of the traits model. */
export interface TraitField {
  /** The key. */
  readonly name: string;
  /** The kind of value. */
  readonly kind: TraitValueKind;
  /** Whether it must be present (only a column's `name`). */
  readonly required: boolean;
  /** What it means, for docs and schema descriptions. */
  readonly description: string;
}

const field = (name: string, kind: TraitValueKind, description: string, required = false): TraitField => ({
  name,
  kind,
  required,
  description,
});

/** The fields of a column, in order. */
export const COLUMN_TRAIT_FIELDS: readonly TraitField[] = [
  field('name', 'column_name', 'The column name, exactly as the database spells it (case included).', true),
  field('type', 'string', 'The data type as the database names it, such as `timestamp` or `bigint`.'),
  field('nullable', 'boolean', 'Whether the column may hold NULL values.'),
  field('unique', 'boolean', 'Whether the values are unique (a unique constraint or index).'),
  field('primary_key', 'boolean', 'Whether the column is part of the primary key.'),
  field('auto_increment', 'boolean', 'Whether the column is auto-increment, identity or serial.'),
  field('set_on_insert', 'boolean', 'Whether the database sets the column on every insert.'),
  field('set_on_update', 'boolean', 'Whether the database sets the column on every update.'),
];

/** The fields of `changes`, in order. */
export const CHANGE_TRAIT_FIELDS: readonly TraitField[] = [
  field('inserts', 'change_answer', 'Whether rows are inserted: yes, no or unknown.'),
  field('updates', 'change_answer', 'Whether rows are updated: yes, no or unknown.'),
  field('deletes', 'change_answer', 'Whether rows are deleted: yes, no or unknown.'),
  field('inserts_per_day', 'rate', 'Rows inserted per day.'),
  field('updates_per_day', 'rate', 'Row updates per day.'),
  field('deletes_per_day', 'rate', 'Rows deleted per day.'),
  field(
    'observed_days',
    'positive',
    'The span in days of the database counters the rates were computed from.',
  ),
];

/** The fields of `change_tracking`, in order. */
export const CHANGE_TRACKING_TRAIT_FIELDS: readonly TraitField[] = [
  field('database_enabled', 'boolean', 'Whether change tracking is enabled on the database.'),
  field('table_enabled', 'boolean', 'Whether change tracking is enabled on the table.'),
  field('retention_minutes', 'positive', 'The retention period of changes, in minutes.'),
  field('auto_cleanup', 'boolean', 'Whether changes older than the retention are cleaned up automatically.'),
];

/** The fields of the traits object, in order. */
export const TABLE_TRAIT_FIELDS: readonly TraitField[] = [
  field('table', 'string', 'The qualified table name, such as `dbo.orders`.'),
  field('schema', 'string', 'The schema (MySQL: the database) of the table, exactly as spelt.'),
  field('source', 'source', 'The kind of source.'),
  field('pipeline_mode', 'pipeline_mode', 'The pipeline mode.'),
  field('rows', 'count', 'The number of rows.'),
  field('rows_estimate', 'boolean', "Whether `rows` is the database's statistics estimate, not a count."),
  field('columns', 'columns', "The table's columns, taken as the complete list when given."),
  field('changes', 'changes', 'How the table changes.'),
  field('change_tracking', 'change_tracking', "The change-tracking feature's state."),
  field('replication_frequency_minutes', 'positive', 'How often the pipeline replicates, in minutes.'),
  field('notes', 'notes', 'What could not be read or was left unknown, and why, in sentences.'),
];

/** The closed value lists of the enumerated kinds. */
export const TRAIT_OPTIONS = {
  source: SOURCE_KINDS,
  pipeline_mode: PIPELINE_MODES,
  change_answer: CHANGE_ANSWERS,
} as const;

/** The bounds of the numeric kinds. */
export const TRAIT_NUMBERS = {
  count: { integer: true, min: 0, exclusive: false, expected: 'an integer from 0 to 9007199254740991' },
  rate: { integer: false, min: 0, exclusive: false, expected: 'a finite number of at least 0' },
  positive: { integer: false, min: 0, exclusive: true, expected: 'a finite number greater than 0' },
} as const;
