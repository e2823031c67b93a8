/**
 * The facts a check may need and not have, each as a question in words, the trait that holds the
 * answer, and the query that establishes it in the source's dialect, or a plain statement that no
 * query can (a pipeline setting, an unknown source). One definition per fact: every check that
 * reads a fact asks it the same way.
 *
 * @module
 */
import type { ChangeKind } from '../../catalogue/types.js';
import {
  type ColumnQuestion,
  DIALECTS,
  type DialectName,
  type SqlDialect,
  type TableFactAsked,
  type TableName,
  type Target,
  type Written,
} from '../../dialects/index.js';
import { formatCount } from '../../text/count.js';
import { shownName } from '../../text/visible.js';
import type { ColumnFacts } from '../facts/column-facts.js';
import type { TableFacts } from '../facts/table-facts.js';
import { sourceWords } from '../text/source-words.js';
import type { ColumnFactName } from '../traits/model.js';
import { QUESTION_TEXTS as T, QUESTION_WORDS as W } from './question-words.js';
import { framed, sqlTarget, tableNameIn } from './target.js';

/** A key path into the traits, such as `['columns', 2, 'nullable']` or `['rows']`. */
export type TraitPath = readonly (string | number)[];

/** A fact to establish. */
export interface FactQuestion {
  /** The trait that holds the answer. */
  readonly path: TraitPath;
  /** The question, in words. */
  readonly question: string;
  /** The query that answers it, in the source's dialect; null when there is none. */
  readonly query: string | null;
  /** Why there is no query, when there is none. */
  readonly noQuery?: string;
  /**
   * The closing sentence of `question` that holds a figure of this table's own (the insert rate
   * that keeps it under a row limit): a plan's views group the tables by the words before it and
   * show it table by table. Absent when the words hold no such figure.
   */
  readonly figure?: string;
}

/** The facts of the table a check can ask. */
export type TableFactName =
  | 'rows'
  | 'source'
  | 'pipeline_mode'
  | 'replication_frequency_minutes'
  | 'columns'
  | 'primary_key'
  | 'readable'
  | ChangeKind
  | 'change_tracking.database_enabled'
  | 'change_tracking.table_enabled'
  | 'change_tracking.retention_minutes';

function noQuery(path: TraitPath, question: string, why: string): FactQuestion {
  return { path, question, query: null, noQuery: why };
}

/** What a question's query asks, whatever the table: a fact of the table, or of one of its columns. */
export type QueryAsk =
  | { readonly table: TableFactAsked }
  | { readonly column: string; readonly fact: ColumnQuestion };

/**
 * How a question's query is written for any table of a dialect: its text is written again from
 * the table's name alone (`queryFor`), so that a plan's view keeps this, not each table's text.
 */
export interface QueryRecipe {
  readonly dialect: DialectName;
  readonly ask: QueryAsk;
  /** The database of the table's traits, which joins a name without one (`tableNameIn`). */
  readonly database?: string;
}

/** The statement of `ask` in the dialect `sql`, for the table `t`. */
const written = (sql: SqlDialect, t: Target, ask: QueryAsk): Written =>
  'table' in ask ? sql.askTable(t, ask.table) : sql.askColumn(t, ask.column, ask.fact);

/**
 * A question whose query its dialect wrote from the table's name alone: a plain question, but
 * for the recipe it holds out of sight (not a key of the question: records print questions).
 */
class WrittenQuestion implements FactQuestion {
  readonly path: TraitPath;
  readonly question: string;
  readonly query: string;
  readonly #recipe: QueryRecipe;
  constructor(path: TraitPath, question: string, query: string, recipe: QueryRecipe) {
    this.path = path;
    this.question = question;
    this.query = query;
    this.#recipe = recipe;
  }
  static recipeOf(q: FactQuestion): QueryRecipe | undefined {
    return #recipe in q ? q.#recipe : undefined;
  }
}

/**
 * A question whose query is written when it is read, from its recipe and the table's name: for a
 * plan's questions (`TableFacts.recipesOnly`), whose tally keeps the recipe and drops the text
 * (written a line and dropped, it was 3.5% of `--questions`' time: docs/benchmarks.md). Its
 * query is no key of its own: it is never in a record (`sameQuestion` compares it).
 */
class RecipeQuestion implements FactQuestion {
  readonly path: TraitPath;
  readonly question: string;
  readonly #recipe: QueryRecipe;
  readonly #table: string;
  constructor(path: TraitPath, question: string, recipe: QueryRecipe, table: string) {
    this.path = path;
    this.question = question;
    this.#recipe = recipe;
    this.#table = table;
  }
  get query(): string | null {
    return queryFor(this.#recipe, this.#table);
  }
  static recipeOf(q: FactQuestion): QueryRecipe | undefined {
    return #recipe in q ? q.#recipe : undefined;
  }
  /** Whether `a` and `b` write the same query without writing it: the same recipe for the same table. */
  static sameQuery(a: FactQuestion, b: FactQuestion): boolean | undefined {
    if (!(#recipe in a && #recipe in b)) return undefined;
    if (a.#table !== b.#table) return undefined;
    const x = a.#recipe;
    const y = b.#recipe;
    if (x.dialect !== y.dialect || x.database !== y.database) return undefined;
    const p = x.ask;
    const q = y.ask;
    if ('table' in p) return 'table' in q && p.table === q.table ? true : undefined;
    return 'column' in q && p.column === q.column && p.fact === q.fact ? true : undefined;
  }
}

/** The recipe of a question's query, when its dialect wrote it from the table's name alone (`queryFor` gives it again). */
export const recipeOf = (q: FactQuestion): QueryRecipe | undefined =>
  WrittenQuestion.recipeOf(q) ?? RecipeQuestion.recipeOf(q);

/**
 * Whether two questions of a table are the same question: the same words and the same query (a
 * `RecipeQuestion`'s compared by its recipe where that tells, not written).
 */
export const sameQuestion = (a: FactQuestion, b: FactQuestion): boolean =>
  a === b || (a.question === b.question && (RecipeQuestion.sameQuery(a, b) ?? a.query === b.query));

/**
 * The query of `recipe` for the table named `table` as its traits give it: the text the table's
 * question held (a question's writer reads the table's name, never its key); null when the name
 * is not one of the dialect, or the dialect writes no such query.
 */
export function queryFor(recipe: QueryRecipe, table: string): string | null {
  const name = tableNameIn(DIALECTS[recipe.dialect], table, recipe.database);
  return name === undefined ? null : queryOfName(recipe, name);
}

/** The query of `recipe` for the table of name `name` (as its dialect stores it); null when the dialect writes no such query. */
export function queryOfName(recipe: QueryRecipe, name: TableName): string | null {
  const sql = DIALECTS[recipe.dialect];
  const text = written(sql, { name, key: [] }, recipe.ask);
  return typeof text === 'string' ? framed(sql, name, text) : null;
}

/** A question whose query the source's dialect writes, with the comment that says where to run it. */
function dialectQuery(facts: TableFacts, path: TraitPath, question: string, ask: QueryAsk): FactQuestion {
  const at = sqlTarget(facts);
  if (!('sql' in at)) return noQuery(path, question, `no query: ${at.why}`);
  if (
    facts.recipesOnly === true &&
    facts.table !== undefined &&
    at.sql.writesQuery?.(at.target, ask) === true
  )
    return new RecipeQuestion(path, question, recipeIn(at.sql, facts, ask), facts.table);
  const sql = written(at.sql, at.target, ask);
  // The platform's own question, where no query answers it.
  if (sql !== null && typeof sql === 'object')
    return sql.query === undefined
      ? noQuery(path, sql.words, sql.noQuery ?? `no query for ${facts.profile.label}`)
      : { path, question: sql.words, query: sql.query };
  return sql === null
    ? noQuery(path, question, `no query for ${facts.profile.label}`)
    : new WrittenQuestion(path, question, framed(at.sql, at.target.name, sql), recipeIn(at.sql, facts, ask));
}

/** The recipe of `ask` in the dialect `sql`, for the table of `facts`. */
const recipeIn = (sql: SqlDialect, facts: TableFacts, ask: QueryAsk): QueryRecipe =>
  facts.database === undefined
    ? { dialect: sql.name, ask }
    : { dialect: sql.name, ask, database: facts.database };

/** The ask of each fact of the table, made once. */
const TABLE_ASKS: { readonly [Q in TableFactAsked]: QueryAsk } = {
  rows: { table: 'rows' },
  columns: { table: 'columns' },
  primary_key: { table: 'primary_key' },
  changes: { table: 'changes' },
  readable: { table: 'readable' },
  tracking_database: { table: 'tracking_database' },
  tracking_table: { table: 'tracking_table' },
};

/** Asks a fact of a column. */
export function askColumn(fact: ColumnFactName, column: ColumnFacts, facts: TableFacts): FactQuestion {
  const path: TraitPath = ['columns', column.index, fact];
  const name = column.name;
  const c = shownName(name);
  const of = (q: ColumnQuestion): QueryAsk => ({ column: name, fact: q });
  switch (fact) {
    case 'type':
      return column.type === undefined
        ? dialectQuery(facts, path, W.type(c), of('type'))
        : noQuery(path, W.holds_time(c, shownName(column.type)), T['no_query.type_known']);
    case 'scale':
      // The type's full name gives the scale (PostgreSQL's numeric(12,0)), as a describe's "scale" does.
      return dialectQuery(
        facts,
        path,
        column.type === undefined ? W.scale(c) : W.scale_of_type(c, shownName(column.type)),
        of('type'),
      );
    case 'nullable':
      return dialectQuery(facts, path, W.nullable(c), of('nullable'));
    case 'unique':
      return dialectQuery(facts, path, W.unique(c), of('unique'));
    case 'primary_key':
      return askTable('primary_key', facts, path, W.in_primary_key(c));
    case 'auto_increment':
      return dialectQuery(facts, path, W.auto_increment(c), of('auto_increment'));
    case 'set_on_insert':
      return dialectQuery(facts, path, W.set_on_insert(c), of('set_on_insert'));
    case 'set_on_update':
      return dialectQuery(facts, path, W.set_on_update(c), of('set_on_update'));
  }
}

/**
 * Asks whether a column the catalog says is not auto-increment still gets a higher value with
 * each new record (the application numbers it): no query of the catalog tells.
 */
export function askGrowth(column: ColumnFacts): FactQuestion {
  return noQuery(
    ['columns', column.index, 'auto_increment'],
    W.growth(shownName(column.name)),
    T['no_query.growth'],
  );
}

/**
 * Asks the insert rate of a table whose rows a whole-table read must keep below `limit` over the
 * horizon, with the rate that keeps it there (fewer than `below` new rows a day, net of deletes):
 * one question, at `changes.inserts_per_day`, which an answer of the rate settles.
 */
export function askInsertRate(
  facts: TableFacts,
  below: number,
  limit: string,
  horizonDays: string,
): FactQuestion {
  const named = facts.table === undefined ? 'the table' : shownName(facts.table);
  const keeps =
    below >= 1
      ? `Fewer than ${formatCount(below)} rows inserted a day (net of deletes) keeps it under ${limit} rows for the ${horizonDays}-day horizon.`
      : `Even one row inserted a day (net of deletes) takes it to ${limit} rows within the ${horizonDays}-day horizon.`;
  const question = W.inserts_a_day(named, keeps);
  const q = dialectQuery(facts, ['changes', 'inserts_per_day'], question, TABLE_ASKS.changes);
  // A platform's own words (no figure) are the same for every table.
  return q.question === question ? Object.assign(q, { figure: keeps }) : q;
}

/** Asks a fact of the table; `path` and `question` override the default ones (a column's part in the key). */
export function askTable(
  fact: TableFactName,
  facts: TableFacts,
  path?: TraitPath,
  question?: string,
): FactQuestion {
  const named = facts.table === undefined ? 'the table' : shownName(facts.table);
  const of = (q: TableFactAsked): QueryAsk => TABLE_ASKS[q];
  switch (fact) {
    case 'rows':
      return dialectQuery(facts, ['rows'], W.rows(sourceWords(facts).nouns.rows, named), of('rows'));
    case 'source':
      return noQuery(['source'], T.source, T['no_query.source']);
    case 'pipeline_mode':
      return noQuery(['pipeline_mode'], T.pipeline_mode, T['no_query.pipeline_mode']);
    case 'replication_frequency_minutes':
      return noQuery(
        ['replication_frequency_minutes'],
        T.replication_frequency_minutes,
        T['no_query.replication_frequency_minutes'],
      );
    case 'columns':
      return dialectQuery(facts, ['columns'], W.columns(named), of('columns'));
    case 'primary_key':
      return dialectQuery(facts, path ?? ['columns'], question ?? W.primary_key(named), of('primary_key'));
    case 'readable':
      return dialectQuery(facts, ['readable'], W.readable(named), of('readable'));
    case 'inserts':
    case 'updates':
    case 'deletes':
      return dialectQuery(facts, ['changes', fact], W.changes(named, fact), of('changes'));
    case 'change_tracking.database_enabled':
    case 'change_tracking.retention_minutes':
      return dialectQuery(
        facts,
        fact.split('.'),
        fact === 'change_tracking.database_enabled' ? T.tracking_database : T.tracking_retention,
        of('tracking_database'),
      );
    case 'change_tracking.table_enabled':
      return dialectQuery(
        facts,
        ['change_tracking', 'table_enabled'],
        W.tracking_table(named),
        of('tracking_table'),
      );
  }
}
