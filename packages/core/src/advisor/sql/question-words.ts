/**
 * The words of the facts a check may ask (`questions.ts`): each question, and each reason no query
 * answers one, by a stable key. A question that names something of the table is a function of the
 * names; called with `{name}` in place of each, it gives the template `--detail`'s legend writes
 * once (`QUESTION_TEMPLATES`), so that a record gives its parameters alone.
 *
 * @module
 */

/** The questions that name something of the table (a column, the table, a type, a figure), by key. */
export const QUESTION_WORDS = {
  type: (column: string) => `What is the data type of column ${column}?`,
  holds_time: (column: string, type: string) =>
    `Does column ${column} (of type ${type}) hold a date and a time of day?`,
  scale: (column: string) =>
    `How many digits does column ${column} keep to the right of the decimal point (its scale; 0: whole numbers only)?`,
  scale_of_type: (column: string, type: string) =>
    `How many digits does column ${column} (of type ${type}) keep to the right of the decimal point (its scale; 0: whole numbers only)?`,
  nullable: (column: string) => `Can column ${column} hold NULLs (is it declared NOT NULL)?`,
  unique: (column: string) => `Does column ${column} have a unique constraint or index of its own?`,
  in_primary_key: (column: string) => `Is column ${column} part of the primary key?`,
  auto_increment: (column: string) => `Is column ${column} an identity, serial or auto-increment column?`,
  set_on_insert: (column: string) =>
    `Does the database set column ${column} on every insert (a default or an insert trigger)?`,
  set_on_update: (column: string) =>
    `Does the database set column ${column} on every update (ON UPDATE, or an update trigger and its body)?`,
  growth: (column: string) =>
    `Does every new record get a higher value in column ${column} than every earlier one? It is not an identity, serial or auto-increment column, so only the application that numbers it can say.`,
  inserts_a_day: (table: string, keeps: string) => `How many rows are inserted into ${table} a day? ${keeps}`,
  rows: (rows: string, table: string) => `How many ${rows} does ${table} have?`,
  columns: (table: string) => `What are the columns of ${table}?`,
  primary_key: (table: string) => `Which columns form the primary key of ${table}?`,
  readable: (table: string) =>
    `May the database user the pipeline reads as read ${table} (SELECT)? Run the query as that user.`,
  changes: (table: string, kind: string) => `Does ${table} get ${kind}, and how many a day?`,
  tracking_table: (table: string) => `Is change tracking enabled on ${table}?`,
} as const;

/** The questions and the reasons no query answers one that are the same for every table, by key. */
export const QUESTION_TEXTS = {
  source: 'Which kind of database is the source?',
  pipeline_mode: 'Is the pipeline log-based, table or custom SQL?',
  replication_frequency_minutes: 'How often does the pipeline replicate?',
  tracking_database: 'Is change tracking enabled on the database?',
  tracking_retention: 'How long does the database keep tracked changes (the retention)?',
  'no_query.type_known':
    'no query: the type is known, and what it holds is for you to say (or give its usual name)',
  'no_query.growth':
    'no query: the catalog says it is not auto-increment; how the application numbers it is for you to say (or make it an identity column)',
  'no_query.source': "no query: it is the pipeline's source setting",
  'no_query.pipeline_mode': "no query: it is the pipeline's ingestion mode setting",
  'no_query.replication_frequency_minutes': "no query: it is the pipeline's schedule (ingestion frequency)",
} as const;

const W = QUESTION_WORDS;

/** Each question of `QUESTION_WORDS` as a template: `{name}` in place of each of its parameters. */
export const QUESTION_TEMPLATES: Readonly<Record<keyof typeof QUESTION_WORDS, string>> = Object.freeze({
  type: W.type('{column}'),
  holds_time: W.holds_time('{column}', '{type}'),
  scale: W.scale('{column}'),
  scale_of_type: W.scale_of_type('{column}', '{type}'),
  nullable: W.nullable('{column}'),
  unique: W.unique('{column}'),
  in_primary_key: W.in_primary_key('{column}'),
  auto_increment: W.auto_increment('{column}'),
  set_on_insert: W.set_on_insert('{column}'),
  set_on_update: W.set_on_update('{column}'),
  growth: W.growth('{column}'),
  inserts_a_day: W.inserts_a_day('{table}', '{keeps}'),
  rows: W.rows('{rows}', '{table}'),
  columns: W.columns('{table}'),
  primary_key: W.primary_key('{table}'),
  readable: W.readable('{table}'),
  changes: W.changes('{table}', '{kind}'),
  tracking_table: W.tracking_table('{table}'),
});
