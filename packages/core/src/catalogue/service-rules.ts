/**
 * The service's rules as querymode relies on them: every rule, limit, field and behaviour, in
 * querymode's own words, each with a stable anchor and where it comes from. It is the data of
 * the page users read (`docs/service.md`, generated), and the one place a citation points to:
 * output cites "service rules: <title>" with the page's anchor, never a document users do not
 * have. Each rule of the mode catalogue is backed by exactly one entry (`backs`; a test checks it).
 *
 * @module
 */
import { DOCUMENTED_ADDRESSES } from './documented-addresses.js';

/** Where a rule comes from. */
export type ServiceRuleSource =
  /** The service's API v2.0 documentation (query modes and list pagination), quoted. */
  | { readonly kind: 'api_reference'; readonly quote: string }
  /** Another public page of the service's or a database's documentation, by address. */
  | { readonly kind: 'public_docs'; readonly address: string; readonly says: string }
  /** querymode's own reading: general database knowledge (`inference`) or a decision (`choice`). */
  | { readonly kind: 'querymode'; readonly basis: 'inference' | 'choice'; readonly why: string };

/** The sections of the page, in order. */
export const SERVICE_RULE_SECTIONS = {
  body: 'The request body',
  modes: 'What each mode reads and needs',
  pipelines: 'Pipelines, runs and events',
  api: 'The API',
} as const;

/** One rule of the service as querymode relies on it. */
export interface ServiceRule {
  /** The stable anchor on the page, such as `full-load-row-limit`. */
  readonly id: string;
  readonly section: keyof typeof SERVICE_RULE_SECTIONS;
  /** A short title, as citations name it. */
  readonly title: string;
  /** The rule in querymode's words. */
  readonly statement: string;
  readonly source: ServiceRuleSource;
  /** The ids of the catalogue's rules (`MODES[].rules`, `GENERAL_RULES`) this entry backs. */
  readonly backs: readonly string[];
  /**
   * Where the source's words describe and querymode makes them a rule: how querymode reads them.
   * Citations then say that the rule's strength is querymode's reading.
   */
  readonly reading?: string;
}

const api = (quote: string): ServiceRuleSource => ({ kind: 'api_reference', quote });
const docs = (address: string, says: string): ServiceRuleSource => ({ kind: 'public_docs', address, says });
const inference = (why: string): ServiceRuleSource => ({ kind: 'querymode', basis: 'inference', why });
const choice = (why: string): ServiceRuleSource => ({ kind: 'querymode', basis: 'choice', why });

/** Every rule, in the order of the page. */
export const SERVICE_RULES = [
  {
    id: 'body-shape',
    section: 'body',
    title: 'the request body',
    statement:
      'The body of a query-mode change is an object with one required key, `config`; inside it, `mode` is required and the other fields depend on the mode.',
    source: api(
      'The body is an object with one required key, config (object). Fields inside config depend on mode: … The mode field is required inside config, and the other fields depend on it.',
    ),
    backs: ['body.valid'],
  },
  {
    id: 'required-fields',
    section: 'body',
    title: 'required fields',
    statement:
      'The documentation makes only `config`, `mode`, and `unique_column_name` when `historical_enabled` is true, required. The other fields are listed with their meaning but not said to be required or optional.',
    source: api(
      'change_tracking | unique_column_name | string | Column with unique values. Needed when historical loading is enabled.',
    ),
    backs: [],
  },
  {
    id: 'strict-profile',
    section: 'body',
    title: "querymode's strict profile",
    statement:
      "querymode's `validate`, client and mock go further by default: every column field of a mode is required, `historical_enabled` is required, unknown keys are rejected, and a column name must be non-empty without white space at either end (the service's documentation types it only as a string), so that a body means one thing. This is querymode's profile, not a rule the service documents. Each of them also checks the documented profile, only what the service's documentation states, when asked: `querymode validate --profile documented`, the client's and the mock's `profile: 'documented'` option; there a column name is any string, an empty one too. The OpenAPI document describes the documented profile; querymode's own recommendations always write full bodies.",
    source: choice(
      'A field the service may default in a way it does not document (which column, whether to load history) is safer named than guessed; an empty column name, or one with white space at either end, is far more often a slip than a real column.',
    ),
    backs: [],
  },
  {
    id: 'default-mode',
    section: 'body',
    title: 'the default mode',
    statement: 'A new pipeline object starts in `full_load`.',
    source: api('(new pipeline object) | creation | none | full_load | Default mode of every new pipeline.'),
    backs: [],
  },
  {
    id: 'captures',
    section: 'modes',
    title: 'what each mode captures',
    statement:
      '`full_load` and `timestamp+incrementing` capture inserts and updates; `timestamp` captures updates only; `incrementing` captures inserts only; `unique_incrementing` captures inserts, appended only; what `change_tracking` captures is not described. No mode is said to capture deletes.',
    source: api('| mode | Captures inserts | Captures updates | Further rules |'),
    backs: ['capture.change_kinds'],
  },
  {
    id: 'full-load-row-limit',
    section: 'modes',
    title: 'full_load row limit',
    statement: '`full_load` is usable only for a table of fewer than 5,000,000 rows.',
    source: api('Usable only when the table has fewer than 5 million rows.'),
    backs: ['full_load.row_limit'],
  },
  {
    id: 'full-load-reload-wait',
    section: 'modes',
    title: 'full_load reload wait',
    statement: 'After loading the whole table, the service waits six hours before it loads it again.',
    source: api(
      'After the whole table is loaded the service waits six hours before ingesting the table again.',
    ),
    backs: ['full_load.reload_wait'],
  },
  {
    id: 'full-load-events',
    section: 'modes',
    title: 'full_load and the events quota',
    statement: '`full_load` ingests the whole table again, which counts against the events quota.',
    source: api('That quota is affected by the query mode chosen, since full_load re-ingests whole tables.'),
    backs: ['full_load.events_quota'],
  },
  {
    id: 'timestamp-auto-update',
    section: 'modes',
    title: 'timestamp column set on every update',
    statement: 'For `timestamp`, the database itself must set the timestamp column on every update of a row.',
    source: api('The database must update the timestamp automatically on every record update.'),
    backs: ['timestamp.auto_update'],
  },
  {
    id: 'timestamp-not-null',
    section: 'modes',
    title: 'timestamp column not null',
    statement: 'For `timestamp`, the timestamp column must hold no NULL.',
    source: api('Name of the timestamp column. It must not contain NULL values.'),
    backs: ['timestamp.column_not_null'],
  },
  {
    id: 'timestamp-latest-seen',
    section: 'modes',
    title: 'the latest timestamp seen',
    statement:
      'For `timestamp`, the service keeps the latest timestamp it has seen and reads records newer than it, inside the delay interval.',
    source: api(
      'The service stores the latest timestamp seen at the source. Records inside the interval are compared with the stored value, and the record with the latest timestamp is fetched.',
    ),
    backs: ['timestamp.latest_seen'],
  },
  {
    id: 'timestamp-delay',
    section: 'modes',
    title: 'timestamp delay interval',
    statement:
      '`timestamp_delay_interval_ms`, a string of milliseconds, is the interval used when reading; it helps delayed replication, such as long-running transactions.',
    source: api('Useful for delayed replication, for example with long-running transactions.'),
    backs: ['timestamp.delayed_replication'],
  },
  {
    id: 'timestamp-delay-window',
    section: 'modes',
    title: 'the delay window',
    statement:
      "The delay is a trailing window: a run reads rows newer than the last timestamp seen and older than the current time less the delay; newer rows wait for a later run. The service's pages disagree on whether the lower bound is strict.",
    source: docs(
      DOCUMENTED_ADDRESSES.pipelineModes,
      '`> last_polled_time AND < Now() - delay` (another page shows `>=`)',
    ),
    backs: [],
  },
  {
    id: 'duplicate-timestamps',
    section: 'modes',
    title: 'many rows with one timestamp',
    statement:
      'When more rows share one timestamp value than one ingestion batch holds, the pipeline reads them again, which bills more events.',
    source: docs(
      DOCUMENTED_ADDRESSES.duplicateTimestamps,
      'duplicate timestamp values beyond the batch size are re-ingested',
    ),
    backs: [],
  },
  {
    id: 'incrementing-unique-not-null',
    section: 'modes',
    title: 'incrementing column unique and not null',
    statement:
      'For `incrementing`, the column holds a unique value for every new record and must hold no NULL.',
    source: api('Column with a unique value for every new record. It must not be NULL.'),
    backs: ['incrementing.column_unique_not_null'],
  },
  {
    id: 'incrementing-updates-not-seen',
    section: 'modes',
    title: 'incrementing does not see updates',
    statement: 'An update gives no new incrementing value, so `incrementing` does not see it.',
    source: api('Updates do not produce a new incrementing value, so they are not seen.'),
    backs: ['incrementing.updates_not_seen'],
  },
  {
    id: 'incrementing-auto-increment-fit',
    section: 'modes',
    title: 'an auto-increment column fits incrementing',
    statement: 'An auto-incrementing column is a typical fit for `incrementing` (advice, not a rule).',
    source: api('An auto-incrementing column is a typical fit.'),
    backs: ['incrementing.auto_increment_fit'],
  },
  {
    id: 'stop-on-gap',
    section: 'modes',
    title: 'stop_on_gap',
    statement: '`stop_on_gap` is a flag for gap handling; what it does is not described.',
    source: api('Flag for gap handling. Its exact effect is not described.'),
    backs: [],
  },
  {
    id: 'timestamp-incrementing-set-on-insert',
    section: 'modes',
    title: 'incrementing ID set on every insert',
    statement:
      'For `timestamp+incrementing`, the incrementing ID column gets a value on every inserted row. (querymode also asks that it be unique and growing, as for `incrementing`; the documentation words it more loosely.)',
    source: api('Incrementing ID column. Its value must be updated on every inserted row.'),
    backs: ['timestamp+incrementing.set_on_insert'],
  },
  {
    id: 'timestamp-incrementing-nullable',
    section: 'modes',
    title: 'timestamp may be null in timestamp+incrementing',
    statement: 'For `timestamp+incrementing`, the timestamp column may hold NULL.',
    source: api('Timestamp column. It may contain NULL values.'),
    backs: ['timestamp+incrementing.timestamp_nullable'],
  },
  {
    id: 'change-data-capture',
    section: 'modes',
    title: 'change data capture',
    statement:
      '`timestamp+incrementing` combines `timestamp` and `incrementing`; it is also called change data capture.',
    source: api('Combines the two modes above. It is also called change data capture.'),
    backs: ['timestamp+incrementing.change_data_capture'],
  },
  {
    id: 'unique-incrementing-not-null',
    section: 'modes',
    title: 'unique_incrementing column not null',
    statement: 'For `unique_incrementing`, the column that tracks the last ingested ID must hold no NULL.',
    source: api('Column used to track the last ingested ID. It must not contain NULL values.'),
    backs: ['unique_incrementing.column_not_null'],
  },
  {
    id: 'unique-incrementing-append-only',
    section: 'modes',
    title: 'unique_incrementing appends only',
    statement:
      '`unique_incrementing` tracks the last ingested ID at the destination; new data is only appended.',
    source: api('The last ingested ID at the destination is tracked. … New data is only appended.'),
    backs: ['unique_incrementing.append_only'],
  },
  {
    id: 'unique-incrementing-uuid',
    section: 'modes',
    title: 'UUIDs suit unique_incrementing',
    statement: 'Values such as UUIDs are suitable for `unique_incrementing`.',
    source: api('Values such as UUIDs are suitable.'),
    backs: ['unique_incrementing.uuid_suitable'],
  },
  {
    id: 'unique-incrementing-unique',
    section: 'modes',
    title: 'unique_incrementing column unique',
    statement:
      'querymode asks that the `unique_incrementing` column be unique per record. The documentation does not say so; it names the mode and says the column tracks the last ingested ID, and an ID shared by two records cannot tell them apart.',
    source: inference('An ID that tracks what was ingested can only do so if no two records share it.'),
    backs: ['unique_incrementing.column_unique'],
  },
  {
    id: 'change-tracking-enabled',
    section: 'modes',
    title: 'change tracking enabled first',
    statement:
      "`change_tracking` uses the database's change-tracking feature, which must be enabled on the tracked objects, with a SQL client, before the mode is chosen.",
    source: api(
      'The feature must be enabled on the tracked objects, using a SQL client, before the mode is selected.',
    ),
    backs: ['change_tracking.enabled_before'],
  },
  {
    id: 'change-tracking-retention',
    section: 'modes',
    title: 'change tracking retention',
    statement:
      "The retention of tracked changes must be longer than the pipeline's replication frequency, or changes are lost.",
    source: api(
      'The retention period of changes must be longer than the replication frequency of the pipeline, otherwise data can be lost.',
    ),
    backs: ['change_tracking.retention'],
  },
  {
    id: 'change-tracking-unique-column',
    section: 'modes',
    title: 'change tracking unique column',
    statement:
      '`unique_column_name`, a column with unique values, is needed when `historical_enabled` is true (historical data is loaded).',
    source: api('Column with unique values. Needed when historical loading is enabled.'),
    backs: ['change_tracking.unique_for_historical'],
    reading:
      'the documentation describes the column ("Column with unique values") and says the field is needed; querymode reads the description as a rule and checks uniqueness as a hard rule (a column without a unique constraint is not recommended). querymode reads the `incrementing` column\'s description, "a unique value for every new record", the same way: both need a unique constraint known.',
  },
  {
    id: 'change-tracking-database-first',
    section: 'modes',
    title: 'change tracking on the database first',
    statement: 'SQL Server change tracking is enabled on the database before it is enabled on a table.',
    source: docs(
      DOCUMENTED_ADDRESSES.sqlServerEnableChangeTracking,
      'enable change tracking for the database, then for each table',
    ),
    backs: ['change_tracking.database_enabled'],
  },
  {
    id: 'change-tracking-primary-key',
    section: 'modes',
    title: 'change tracking needs a primary key',
    statement: 'SQL Server change tracking needs a primary key on every tracked table.',
    source: docs(
      DOCUMENTED_ADDRESSES.sqlServerEnableChangeTracking,
      'a table must have a primary key to be tracked',
    ),
    backs: ['change_tracking.primary_key'],
  },
  {
    id: 'columns-exist',
    section: 'modes',
    title: 'named columns exist',
    statement:
      'Every column a body names (`timestamp_column_name`, `incrementing_column_name`, `unique_column_name`) is a column of the table, spelt as the database spells it. A column named in the wrong case is a common cause of failed or empty reads in query-based connectors.',
    source: inference(
      'The fields are column names of the source table; a name that matches no column cannot be read.',
    ),
    backs: ['column.exists', 'column.available'],
  },
  {
    id: 'timestamp-type',
    section: 'modes',
    title: 'timestamp column type',
    statement: 'A field that names the timestamp column names a column of a date-and-time type.',
    source: inference(
      'Values are compared with "the latest timestamp seen", which only a date-and-time column holds.',
    ),
    backs: ['column.timestamp_type'],
  },
  {
    id: 'table-readable',
    section: 'pipelines',
    title: "the pipeline's user reads the table",
    statement:
      'A pipeline reads the source table as its database user, which needs SELECT on the table (and, on PostgreSQL, USAGE on its schema); a table that user may not read fails every run, whatever the query mode.',
    source: inference('A query-based read is a SELECT, which the database refuses without the privilege.'),
    backs: ['table.readable'],
  },
  {
    id: 'object-replicable',
    section: 'pipelines',
    title: 'Salesforce: the object can be queried and replicated',
    statement:
      "Salesforce's describe of an object says whether it can be queried (`queryable`) and replicated (`replicateable`); no query mode copies an object that is neither, so none is recommended for it.",
    source: docs(
      DOCUMENTED_ADDRESSES.salesforceDescribeObject,
      'replicateable: the object can be replicated with getUpdated and getDeleted; queryable: the object can be queried',
    ),
    backs: ['table.replicable'],
  },
  {
    id: 'column-filterable',
    section: 'pipelines',
    title: 'Salesforce: the column can be filtered and sorted on',
    statement:
      "A mode reads the records past the last value seen of its column, which needs a field the source can filter and sort on; Salesforce's describe says so per field (`filterable`, `sortable`), and some event objects cannot be filtered or sorted on their date fields.",
    source: docs(DOCUMENTED_ADDRESSES.salesforceFieldAccess, 'filterable and sortable, per field'),
    backs: ['column.filterable'],
  },
  {
    id: 'calculated-fields',
    section: 'pipelines',
    title: 'Salesforce: formula fields do not change SystemModStamp',
    statement:
      'The service reads Salesforce incrementally by SystemModStamp; a change of a formula (derived) field, or a roll-up, does not change SystemModStamp, so a mode that reads changes misses it until another field of the record changes. Users reload the object in full from time to time, or compute such fields at the destination.',
    source: docs(
      DOCUMENTED_ADDRESSES.serviceSalesforce,
      'a change of a formula field does not change SystemModStamp, so it is not picked up until another field of the record changes',
    ),
    backs: ['capture.calculated_fields'],
  },
  {
    id: 'deletes-not-replicated',
    section: 'pipelines',
    title: 'deletes are not replicated',
    statement: 'No query mode replicates deletes in table-mode and custom-SQL pipelines.',
    source: docs(
      DOCUMENTED_ADDRESSES.ingestionModes,
      'deletes are not replicated in table and custom SQL mode',
    ),
    backs: [],
  },
  {
    id: 'object-names',
    section: 'pipelines',
    title: 'object names',
    statement:
      'A source object is identified inside its pipeline by its name (`object_name`). How a pipeline names its objects (after the table, with or without its schema) is not documented, so querymode never guesses it: `--object-name-from-table` is yours to give.',
    source: api(
      'Identified inside a pipeline by <object_name>. It carries a query mode. Other fields of the object record: not shown.',
    ),
    backs: [],
  },
  {
    id: 'mode-transitions',
    section: 'pipelines',
    title: 'changes between modes',
    statement:
      "Which changes from one mode to another are allowed is not documented, so querymode's plan of a change says `allowed: not_shown` rather than yes or no.",
    source: api(
      'Transitions: not shown. The PUT on query-mode sets the mode, and which current-to-new changes are allowed is not shown.',
    ),
    backs: [],
  },
  {
    id: 'mode-change-restarts',
    section: 'pipelines',
    title: 'a mode change restarts ingestion',
    statement:
      "Changing an object's query mode restarts its ingestion from the beginning; in table-mode pipelines the events ingested again count as historical and are not billed.",
    source: docs(DOCUMENTED_ADDRESSES.ingestionModes, 're-ingested events are historical, not billed'),
    backs: [],
  },
  {
    id: 'log-based-pipelines',
    section: 'pipelines',
    title: 'log-based pipelines',
    statement: `In log-based pipelines the query mode serves only the historical load; changes come from the database log, and events reloaded from the log are billed. That every kind of change, deletes included, is replicated and counts as an event there is querymode's inference from the log's documented one-to-one replication (${DOCUMENTED_ADDRESSES.ingestionModes}).`,
    source: docs(DOCUMENTED_ADDRESSES.eventsUsage, 'events reloaded from the log are chargeable'),
    backs: [],
  },
  {
    id: 'events',
    section: 'pipelines',
    title: 'billed events',
    statement:
      "An event is a record of new or changed data loaded to the destination; the historical (first) load is free and incremental events are billed. querymode counts each inserted or updated row a mode reads as one event, as the documentation's worked examples do.",
    source: docs(
      DOCUMENTED_ADDRESSES.eventsQueryModes,
      'worked examples per query mode (Full Load: 105 + 105 = 210, 100 historical free)',
    ),
    backs: [],
  },
  {
    id: 'replication-frequency',
    section: 'pipelines',
    title: 'default replication frequency',
    statement: 'Table-mode pipelines run every 6 hours by default, log-based pipelines every 30 minutes.',
    source: docs(DOCUMENTED_ADDRESSES.ingestionFrequency, 'default ingestion frequency'),
    backs: [],
  },
  {
    id: 'supported-modes',
    section: 'pipelines',
    title: 'modes supported per source',
    statement:
      'Which modes each kind of source and pipeline mode supports is not published. querymode offers every mode unless told otherwise (`--supported-modes`).',
    source: api('The supported-modes matrix of the service has no content here.'),
    backs: [],
  },
  {
    id: 'endpoint',
    section: 'api',
    title: 'the query-mode endpoint',
    statement:
      "PUT `{base_url}/api/public/v2.0/pipelines/{pipeline_id}/objects/{object_name}/query-mode` sets an object's mode. `{base_url}` is the regional host (several regions exist).",
    source: api(
      '- Method: PUT - Path: {base_url}/api/public/v2.0/pipelines/<pipeline_id>/objects/<object_name>/query-mode',
    ),
    backs: [],
  },
  {
    id: 'authentication',
    section: 'api',
    title: 'authentication',
    statement:
      'Every request carries `Authorization: Basic` with the API key and secret joined by a colon and Base64-encoded.',
    source: docs(
      DOCUMENTED_ADDRESSES.apiFaqs,
      'key and secret, joined by a colon and Base64-encoded for Basic',
    ),
    backs: [],
  },
  {
    id: 'status-codes',
    section: 'api',
    title: 'status codes',
    statement:
      'A PUT answers 200 or 204 on success; 400 for wrong or missing parameters, 401 when the API key and secret are not valid, 403 without permission. No error body shape is documented.',
    source: docs(DOCUMENTED_ADDRESSES.apiResponse, '200/204; 400, 401, 403'),
    backs: [],
  },
  {
    id: 'not-found',
    section: 'api',
    title: 'an unknown pipeline or object',
    statement:
      "querymode's mock answers 404 for a pipeline or object it does not hold, and the client reports it as such. No public page documents the status the service gives.",
    source: choice(
      'HTTP gives 404 to an address with nothing behind it; the service documents no status for it.',
    ),
    backs: [],
  },
  {
    id: 'rate-limit',
    section: 'api',
    title: 'rate limit',
    statement:
      "The API allows 100 requests a minute per user; over it the message says the request rate limit was exceeded. No status code or header is documented: querymode's client keeps under the limit itself, and its mock answers 429.",
    source: docs(DOCUMENTED_ADDRESSES.apiRateLimits, '100 requests a minute per user'),
    backs: [],
  },
  {
    id: 'retries',
    section: 'api',
    title: 'sending a PUT again',
    statement:
      'Nothing public says whether setting the same mode again restarts ingestion, so querymode does not resend a PUT whose effect is uncertain (after a 5xx or a timeout) unless asked to.',
    source: choice(
      'A mode change restarts ingestion, and in log-based pipelines reloaded events are billed.',
    ),
    backs: [],
  },
  {
    id: 'object-list',
    section: 'api',
    title: "the list of a pipeline's objects",
    statement:
      "`GET /pipelines/{pipeline_id}/objects` lists a pipeline's source objects, paginated like the pipelines; objects carry at least `name`, `status` and `last_run_ts`. The service's API documentation of query modes and list pagination does not show this endpoint; querymode's client offers it with its fields treated as examples, not as a contract.",
    source: choice(
      'The endpoint appears in public user scripts of the API, not on a documentation page querymode has an address for; the client offers it for convenience and checks only the list envelope.',
    ),
    backs: [],
  },
  {
    id: 'pagination',
    section: 'api',
    title: 'list pagination',
    statement:
      'A list answers `{ data, pagination? }`; `pagination` with `starting_after` (an opaque cursor, never built by a client) and `count` is there only when more elements follow. The next request repeats the query with `starting_after`; `limit` is 1 to 100. The same parameters are stated for list responses in general; which other endpoints are lists is not documented.',
    source: api(
      'When the response has a pagination object, the next request repeats the query and adds starting_after set to the returned cursor. … The cursor is opaque and auto-generated. A client must not build it.',
    ),
    backs: [],
  },
] as const satisfies readonly ServiceRule[];

/** The id of a service rule. */
export type ServiceRuleId = (typeof SERVICE_RULES)[number]['id'];

/** The page users read: the service's rules as querymode relies on them. */
export const SERVICE_RULES_PAGE = 'docs/service.md';

const BY_ID: ReadonlyMap<unknown, ServiceRule> = new Map(
  (SERVICE_RULES as readonly ServiceRule[]).map((r) => [r.id, r] as const),
);

const BY_BACKED_RULE: ReadonlyMap<unknown, ServiceRule> = new Map(
  (SERVICE_RULES as readonly ServiceRule[]).flatMap((r) => r.backs.map((id) => [id, r] as const)),
);

/** The service rule behind a rule of the catalogue, by the catalogue rule's id (`full_load.row_limit`). */
export function serviceRuleOf(catalogueRuleId: unknown): ServiceRule | undefined {
  return BY_BACKED_RULE.get(catalogueRuleId);
}

/** A service rule's citation as users read it, by its anchor: `service rules: full_load row limit`. */
export function citeServiceRule(id: unknown): string | undefined {
  const rule = BY_ID.get(id);
  return rule === undefined ? undefined : `service rules: ${rule.title}`;
}

/** A service rule's address on the page, relative to the repository: `docs/service.md#full-load-row-limit`. */
export function serviceRuleLink(id: unknown): string | undefined {
  return BY_ID.has(id) ? `${SERVICE_RULES_PAGE}#${String(id)}` : undefined;
}

/** Where a rule comes from, in words: `the service's API documentation`, `public documentation at <address>`, `querymode's inference`. */
function sourceWords(source: ServiceRuleSource): string {
  switch (source.kind) {
    case 'api_reference':
      return "the service's API documentation";
    case 'public_docs':
      return `public documentation at ${source.address}`;
    case 'querymode':
      return `querymode's ${source.basis}`;
  }
}

/**
 * The citation of a catalogue rule as users read it, by the catalogue rule's id: its entry on the
 * page and where that comes from, `service rules: full_load row limit (the service's API
 * documentation; docs/service.md#full-load-row-limit)`; for an entry whose strength is
 * querymode's reading, `(the service's API documentation, as a rule by querymode's reading; ...)`.
 * Undefined for a rule no entry backs.
 */
export function citeRule(catalogueRuleId: unknown): string | undefined {
  const rule = serviceRuleOf(catalogueRuleId);
  if (rule === undefined) return undefined;
  const reading = rule.reading === undefined ? '' : ", as a rule by querymode's reading";
  return `service rules: ${rule.title} (${sourceWords(rule.source)}${reading}; ${SERVICE_RULES_PAGE}#${rule.id})`;
}

/**
 * Where a finding's rule comes from, as users read it: `citeRule` of its rule, else the kind of its
 * source in words (`your option` for the caller's own constraint, `querymode's inference`).
 */
export function citeSource(catalogueRuleId: unknown, sourceKind: unknown): string {
  const cited = citeRule(catalogueRuleId);
  if (cited !== undefined) return cited;
  if (sourceKind === 'caller') return 'your option';
  if (sourceKind === 'inference') return "querymode's inference";
  return `the service's documentation (${SERVICE_RULES_PAGE})`;
}
