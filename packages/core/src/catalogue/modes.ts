/**
 * The catalogue of query modes: the single source of truth of querymode. Every statement is
 * taken from the service's API documentation (`source: 'spec'`) unless its `source` says
 * `outside_spec` (another public page) or `inference`; docs/service.md has each rule's entry.
 *
 * @module
 */
import { FULL_LOAD_MAX_ROWS_EXCLUSIVE, FULL_LOAD_RELOAD_WAIT_HOURS } from './limits.js';
import type { Capture, FieldSpec, ModeSpec, RuleSpec } from './types.js';

const NOT_IN_TABLE = {
  value: 'not_described',
  text: "not described (the service's table of what each mode captures has no column for deletes)",
} as const satisfies Capture;

const TIMESTAMP_DELAY = {
  name: 'timestamp_delay_interval_ms',
  kind: 'milliseconds_string',
  specType: 'string holding milliseconds (a number of milliseconds)',
  meaning: 'Time interval used when querying the table.',
  presence: { type: 'optional' },
  documentedPresence: { type: 'optional' },
  presenceReason:
    "Optional: the service's documentation describes the interval as a help for delayed replication, an option of the mode, and gives no rule that makes it necessary.",
} as const satisfies FieldSpec;

/**
 * One entry per query mode, in the order of the service's documentation. Read it, never branch on a mode
 * id where an entry's data can say it.
 */
export const MODES = [
  {
    id: 'full_load',
    title: 'Full load',
    summary: 'Ingests all data in the table. Captures updates and inserts.',
    reads: 'whole_table',
    limits: {
      maxRowsExclusive: FULL_LOAD_MAX_ROWS_EXCLUSIVE,
      reloadWaitHours: FULL_LOAD_RELOAD_WAIT_HOURS,
    },
    captures: {
      inserts: { value: 'yes', text: 'yes' },
      updates: { value: 'yes', text: 'yes' },
      deletes: NOT_IN_TABLE,
    },
    fields: [],
    rules: [
      {
        id: 'full_load.row_limit',
        text: 'Usable only when the table has fewer than 5 million rows.',
        source: 'spec',
      },
      {
        id: 'full_load.reload_wait',
        text: 'After the whole table is loaded the service waits six hours before ingesting the table again.',
        source: 'spec',
      },
      {
        id: 'full_load.events_quota',
        text: 'Re-ingests whole tables, which counts against the events quota.',
        source: 'spec',
      },
    ],
  },
  {
    id: 'timestamp',
    title: 'Timestamp',
    summary: 'Reads rows whose timestamp column is newer than the latest timestamp the service has stored.',
    reads: 'changes',
    captures: {
      inserts: { value: 'no', text: 'no' },
      updates: { value: 'yes', text: 'yes' },
      deletes: NOT_IN_TABLE,
    },
    fields: [
      {
        name: 'timestamp_column_name',
        kind: 'column_name',
        specType: 'string',
        meaning: 'Name of the timestamp column. It must not contain NULL values.',
        presence: { type: 'required' },
        documentedPresence: { type: 'optional' },
        presenceReason:
          "Required by querymode's strict profile (the service's documentation does not say): the mode reads by this column, and no default column is given.",
        column: { role: 'timestamp', nulls: 'must_not_be_null' },
      },
      TIMESTAMP_DELAY,
    ],
    rules: [
      {
        id: 'timestamp.auto_update',
        text: 'The database must update the timestamp automatically on every record update.',
        source: 'spec',
      },
      {
        id: 'timestamp.column_not_null',
        text: 'The timestamp column must not contain NULL values.',
        source: 'spec',
      },
      {
        id: 'timestamp.latest_seen',
        text: 'The service stores the latest timestamp seen at the source. Records inside the interval are compared with the stored value, and the record with the latest timestamp is fetched.',
        source: 'spec',
      },
      {
        id: 'timestamp.delayed_replication',
        text: 'Useful for delayed replication, for example with long-running transactions.',
        source: 'spec',
      },
    ],
  },
  {
    id: 'incrementing',
    title: 'Incrementing',
    summary: 'Reads rows whose incrementing column is higher than the highest value already read.',
    reads: 'changes',
    captures: {
      inserts: { value: 'yes', text: 'yes' },
      updates: { value: 'no', text: 'no' },
      deletes: NOT_IN_TABLE,
    },
    fields: [
      {
        name: 'incrementing_column_name',
        kind: 'column_name',
        specType: 'string',
        meaning: 'Column with a unique value for every new record. It must not be NULL.',
        presence: { type: 'required' },
        documentedPresence: { type: 'optional' },
        presenceReason:
          "Required by querymode's strict profile (the service's documentation does not say): the mode reads by this column, and no default column is given.",
        column: { role: 'incrementing', nulls: 'must_not_be_null' },
      },
      {
        name: 'stop_on_gap',
        kind: 'boolean',
        specType: 'boolean',
        meaning: 'Flag for gap handling. Its exact effect is not described.',
        presence: { type: 'optional' },
        documentedPresence: { type: 'optional' },
        presenceReason:
          "Optional: a flag whose effect the service's documentation does not describe; nothing makes it necessary.",
      },
    ],
    rules: [
      {
        id: 'incrementing.column_unique_not_null',
        text: 'The column holds a unique value for every new record and must not be NULL.',
        source: 'spec',
      },
      {
        id: 'incrementing.updates_not_seen',
        text: 'Updates do not produce a new incrementing value, so they are not seen.',
        source: 'spec',
      },
      {
        id: 'incrementing.auto_increment_fit',
        text: 'An auto-incrementing column is a typical fit.',
        source: 'spec',
      },
    ],
  },
  {
    id: 'timestamp+incrementing',
    title: 'Timestamp and incrementing',
    summary: 'Combines the timestamp and incrementing modes. It is also called change data capture.',
    reads: 'changes',
    captures: {
      inserts: { value: 'yes', text: 'yes' },
      updates: { value: 'yes', text: 'yes' },
      deletes: NOT_IN_TABLE,
    },
    fields: [
      {
        name: 'incrementing_column_name',
        kind: 'column_name',
        specType: 'string',
        meaning: 'Incrementing ID column. Its value must be updated on every inserted row.',
        presence: { type: 'required' },
        documentedPresence: { type: 'optional' },
        presenceReason:
          "Required by querymode's strict profile (the service's documentation does not say): the mode combines both columns, and no default column is given.",
        column: { role: 'incrementing', nulls: 'not_stated' },
      },
      {
        name: 'timestamp_column_name',
        kind: 'column_name',
        specType: 'string',
        meaning: 'Timestamp column. It may contain NULL values.',
        presence: { type: 'required' },
        documentedPresence: { type: 'optional' },
        presenceReason:
          "Required by querymode's strict profile (the service's documentation does not say): the mode combines both columns, and no default column is given.",
        column: { role: 'timestamp', nulls: 'may_be_null' },
      },
    ],
    rules: [
      {
        id: 'timestamp+incrementing.set_on_insert',
        text: 'The incrementing value must be updated on every inserted row.',
        source: 'spec',
      },
      {
        id: 'timestamp+incrementing.timestamp_nullable',
        text: 'The timestamp column may contain NULL values.',
        source: 'spec',
      },
      {
        id: 'timestamp+incrementing.change_data_capture',
        text: 'Combines the timestamp and incrementing modes; also called change data capture.',
        source: 'spec',
      },
    ],
  },
  {
    id: 'unique_incrementing',
    title: 'Unique incrementing',
    summary: 'Tracks the last ingested ID at the destination and only appends new data.',
    reads: 'changes',
    captures: {
      inserts: { value: 'yes', qualifier: 'append_only', text: 'yes (append only)' },
      updates: { value: 'no', text: 'no' },
      deletes: NOT_IN_TABLE,
    },
    fields: [
      {
        name: 'unique_column_name',
        kind: 'column_name',
        specType: 'string',
        meaning: 'Column used to track the last ingested ID. It must not contain NULL values.',
        presence: { type: 'required' },
        documentedPresence: { type: 'optional' },
        presenceReason:
          "Required by querymode's strict profile (the service's documentation does not say): the mode tracks this column, and no default column is given.",
        column: { role: 'unique', nulls: 'must_not_be_null' },
      },
    ],
    rules: [
      {
        id: 'unique_incrementing.column_not_null',
        text: 'The column used to track the last ingested ID must not contain NULL values.',
        source: 'spec',
      },
      {
        id: 'unique_incrementing.append_only',
        text: 'The last ingested ID at the destination is tracked. New data is only appended.',
        source: 'spec',
      },
      {
        id: 'unique_incrementing.uuid_suitable',
        text: 'Values such as UUIDs are suitable.',
        source: 'spec',
      },
      {
        id: 'unique_incrementing.column_unique',
        text: "The column holds an ID that is unique per record: the mode tracks the last ingested ID (querymode's inference: the documentation does not say so).",
        source: 'inference',
      },
    ],
  },
  {
    id: 'change_tracking',
    title: 'Change tracking',
    summary: 'Uses the change-tracking feature of a relational database server.',
    reads: 'changes',
    captures: {
      inserts: { value: 'not_described', text: 'not described' },
      updates: { value: 'not_described', text: 'not described' },
      deletes: NOT_IN_TABLE,
    },
    fields: [
      {
        name: 'historical_enabled',
        kind: 'boolean',
        specType: 'boolean',
        meaning: 'Whether historical data is loaded.',
        presence: { type: 'required' },
        documentedPresence: { type: 'optional' },
        presenceReason:
          "Required by querymode's strict profile: the service's documentation gives no default, and whether unique_column_name is needed depends on it, so the choice is made explicit.",
      },
      {
        name: 'unique_column_name',
        kind: 'column_name',
        specType: 'string',
        meaning: 'Column with unique values. Needed when historical loading is enabled.',
        presence: { type: 'required_when', field: 'historical_enabled', equals: true },
        documentedPresence: { type: 'required_when', field: 'historical_enabled', equals: true },
        presenceReason:
          'Required when historical_enabled is true ("needed when historical loading is enabled"); allowed, not needed, when it is false.',
        column: { role: 'unique', nulls: 'not_stated' },
      },
    ],
    rules: [
      {
        id: 'change_tracking.enabled_before',
        text: 'The change-tracking feature must be enabled on the tracked objects, using a SQL client, before the mode is selected.',
        source: 'spec',
      },
      {
        id: 'change_tracking.retention',
        text: 'The retention period of changes must be longer than the replication frequency of the pipeline, otherwise data can be lost.',
        source: 'spec',
      },
      {
        id: 'change_tracking.unique_for_historical',
        text: "A column with unique values is needed when historical loading is enabled (that the column must be unique is querymode's reading of the service's description of it, not a rule the service states in those words).",
        source: 'spec',
      },
      {
        id: 'change_tracking.database_enabled',
        text: 'SQL Server change tracking is enabled on the database before it is enabled on a table.',
        source: 'outside_spec',
      },
      {
        id: 'change_tracking.primary_key',
        text: 'SQL Server change tracking needs a primary key on every tracked table.',
        source: 'outside_spec',
      },
    ],
  },
] as const satisfies readonly ModeSpec[];

/**
 * Rules that hold for every mode, read from the catalogue's field data rather than from one mode:
 * ids are `<scope>.<slug>`. The advisor checks them beside each mode's own rules.
 */
export const GENERAL_RULES = [
  {
    id: 'body.valid',
    text: 'The request body is valid: one key, config, with the fields of its mode (service rules: the request body).',
    source: 'spec',
  },
  {
    id: 'column.exists',
    text: 'Every column a config field names is a column of the table.',
    source: 'inference',
  },
  {
    id: 'column.available',
    text: 'A mode whose config names a column needs a column of the table to name.',
    source: 'inference',
  },
  {
    id: 'column.timestamp_type',
    text: 'A field that names the timestamp column names a column of a date-and-time type.',
    source: 'inference',
  },
  {
    id: 'table.readable',
    text: "The pipeline's database user may read the table (SELECT); a run that cannot read it fails.",
    source: 'outside_spec',
  },
  {
    id: 'table.replicable',
    text: 'The source lets the object be queried and replicated (Salesforce: `queryable` and `replicateable` in its describe); no mode copies one it does not.',
    source: 'outside_spec',
  },
  {
    id: 'column.filterable',
    text: 'The source can filter and sort on every column a config field names (Salesforce: `filterable` and `sortable` in its describe).',
    source: 'outside_spec',
  },
  {
    id: 'capture.calculated_fields',
    text: 'A mode that reads changes misses the changes of formula and roll-up fields, which do not change SystemModStamp (the service on Salesforce).',
    source: 'outside_spec',
  },
  {
    id: 'capture.change_kinds',
    text: "A mode captures a kind of change only where the service's table of what each mode captures says yes.",
    source: 'spec',
  },
] as const satisfies readonly RuleSpec[];

/** The catalogue's entries, typed by the common shape. */
export type ModeEntry = (typeof MODES)[number];

/** A wire value of `config.mode`. */
export type QueryMode = ModeEntry['id'];

/** Every wire value of `config.mode`, in catalogue order. */
export const QUERY_MODES: readonly QueryMode[] = MODES.map((m) => m.id);

const BY_ID: ReadonlyMap<string, ModeSpec> = new Map(MODES.map((m) => [m.id, m]));

/** The catalogue entry of a mode, or `undefined` for a string that is not a mode. */
export function getMode(id: string): ModeSpec | undefined {
  return BY_ID.get(id);
}

/** Whether a value is the wire id of a mode. */
export function isQueryMode(value: unknown): value is QueryMode {
  return typeof value === 'string' && BY_ID.has(value);
}

/** Every config field name any mode uses (besides `mode`), each with the modes that use it. */
export const FIELD_MODES: ReadonlyMap<string, readonly QueryMode[]> = (() => {
  const map = new Map<string, QueryMode[]>();
  for (const mode of MODES) {
    for (const field of mode.fields as readonly FieldSpec[]) {
      const list = map.get(field.name);
      if (list) list.push(mode.id);
      else map.set(field.name, [mode.id]);
    }
  }
  return map;
})();

/** Every rule of every mode, by id. */
export const RULES: ReadonlyMap<string, ModeSpec['rules'][number] & { readonly mode: QueryMode }> = new Map(
  MODES.flatMap((m) => m.rules.map((r) => [r.id, { ...r, mode: m.id }] as const)),
);

/**
 * The name of a mode's schema component, derived from its id:
 * `timestamp+incrementing` gives `TimestampIncrementingConfig`.
 */
export function componentName(mode: string): string {
  if (typeof mode !== 'string') return 'Config';
  return `${mode
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('')}Config`;
}
