/**
 * The queries of a `recommend --ndjson --detail` record's questions, each written once per
 * stream: a question whose query its dialect writes from the table's name alone cites it by what
 * it asks (`asks`, and `column` for a fact of a column); the legend's `queries` hold each dialect's
 * statement with `{database}`, `{schema}`, `{table}` and `{column}` in place of the names, written
 * by the dialect's own functions (its header and its question), and the record's `sql` its dialect
 * and its table's names, once. A query the names do not give again byte for byte (a name the
 * dialect escapes or writes in hexadecimal) is written out. Built once when the module loads.
 *
 * @module
 */
import { type FactQuestion, type QueryAsk, queryOfName, recipeOf } from '../advisor/sql/questions.js';
import { tableNameIn } from '../advisor/sql/target.js';
import {
  type ColumnQuestion,
  DIALECTS,
  type DialectName,
  type TableFactAsked,
  type TableName,
} from '../dialects/index.js';
import { neverThrows } from '../issues/unreadable.js';
import { fillTemplate } from '../text/template.js';
import type { TextRef } from './text-ref.js';

/** The names of a record's table as its dialect stores them, and the dialect: what its questions' queries are written from. */
export interface DetailSqlNames {
  readonly dialect: DialectName;
  /** Absent: the name has no database part. */
  readonly database?: string;
  /** Absent: the name has no schema part. */
  readonly schema?: string;
  readonly table: string;
}

/**
 * A question of a `--detail` record: `recommend --json`'s, its `question` and `noQuery` cited (a
 * key of the legend's `texts`, or an index into the record's `texts`), its `query` absent where
 * the legend's `queries` give it again (`asks`, with `column` for a fact of a column) or where it
 * is null (it has `noQuery`).
 */
export interface DetailQuestion extends Omit<FactQuestion, 'query' | 'question' | 'noQuery'> {
  readonly question: TextRef;
  readonly noQuery?: TextRef;
  readonly query?: string | null;
  /** What its query asks: a key of the legend's `queries[dialect][shape].table`, or of `.column` where `column` is given. */
  readonly asks?: string;
  /** The column whose fact the query asks, as the dialect stores its name. */
  readonly column?: string;
}

/** Of a table's name: whether it has a database part (`database`), a schema part (`schema`) or neither (`table`). */
export type NameShape = 'database' | 'schema' | 'table';

/** Each dialect's question statements by the shape of the table's name: of the table, and of a column, by what they ask. */
export type LegendQueries = Readonly<
  Record<
    string,
    Readonly<
      Partial<
        Record<
          NameShape,
          {
            readonly table: Readonly<Record<string, string>>;
            readonly column: Readonly<Record<string, string>>;
          }
        >
      >
    >
  >
>;

/** What a table can be asked (`TableFactAsked`), each once. */
const TABLE_ASKS: { readonly [Q in TableFactAsked]: Q } = {
  rows: 'rows',
  columns: 'columns',
  primary_key: 'primary_key',
  changes: 'changes',
  readable: 'readable',
  tracking_database: 'tracking_database',
  tracking_table: 'tracking_table',
};

/** What a column can be asked (`ColumnQuestion`), each once. */
const COLUMN_ASKS: { readonly [Q in ColumnQuestion]: Q } = {
  type: 'type',
  nullable: 'nullable',
  unique: 'unique',
  auto_increment: 'auto_increment',
  set_on_insert: 'set_on_insert',
  set_on_update: 'set_on_update',
};

/** Names no dialect quotes or escapes, that stand for the parameters while the templates are written. */
const STAND_INS = {
  database: 'qm0database0qm',
  schema: 'qm0schema0qm',
  table: 'qm0table0qm',
  column: 'qm0column0qm',
} as const;

/** The table name of each shape, of stand-ins. */
const SHAPES: Readonly<Record<NameShape, TableName>> = {
  database: { database: STAND_INS.database, schema: STAND_INS.schema, table: STAND_INS.table },
  schema: { schema: STAND_INS.schema, table: STAND_INS.table },
  table: { schema: undefined, table: STAND_INS.table },
};

/** `text` with each stand-in replaced by its `{name}`. */
const placed = (text: string): string =>
  Object.entries(STAND_INS).reduce((out, [name, standIn]) => out.replaceAll(standIn, `{${name}}`), text);

/** The statements of `dialect` for the name shape `shape`, of the asks it writes a statement for. */
function shapeQueries(dialect: DialectName, name: TableName) {
  const of = (ask: QueryAsk): string | null => {
    const text = queryOfName({ dialect, ask }, name);
    return text === null ? null : placed(text);
  };
  const entries = <K extends string>(keys: readonly K[], ask: (k: K) => QueryAsk) =>
    Object.fromEntries(
      keys.flatMap((k) => {
        const text = of(ask(k));
        return text === null ? [] : [[k, text]];
      }),
    );
  return {
    table: entries(Object.values(TABLE_ASKS), (table) => ({ table })),
    column: entries(Object.values(COLUMN_ASKS), (fact) => ({ column: STAND_INS.column, fact })),
  };
}

/** Whether `dialect` reads a name of shape `shape` (PostgreSQL and SQL Server name a database; Oracle and MySQL do not). */
const readsShape = (dialect: DialectName, shape: NameShape): boolean =>
  DIALECTS[dialect].parseTableName(shape === 'database' ? 'a.b.c' : shape === 'schema' ? 'a.b' : 'a') !==
  undefined;

/** The legend's `queries`: of each dialect that writes question statements, each shape of name it reads. */
export function legendQueries(): LegendQueries {
  const out: Record<string, Partial<Record<NameShape, ReturnType<typeof shapeQueries>>>> = {};
  for (const dialect of Object.keys(DIALECTS) as DialectName[]) {
    const shapes: Partial<Record<NameShape, ReturnType<typeof shapeQueries>>> = {};
    for (const [shape, name] of Object.entries(SHAPES) as [NameShape, TableName][]) {
      if (!readsShape(dialect, shape)) continue;
      const queries = shapeQueries(dialect, name);
      if (Object.keys(queries.table).length + Object.keys(queries.column).length > 0) shapes[shape] = queries;
    }
    if (Object.keys(shapes).length > 0) out[dialect] = shapes;
  }
  return out;
}

/** The shape of `names`. */
const shapeOf = (names: Omit<DetailSqlNames, 'dialect'>): NameShape =>
  names.database !== undefined ? 'database' : names.schema !== undefined ? 'schema' : 'table';

/**
 * The names of the table `table` (as its traits give it, with their `database`) in `dialect`, as
 * its statements name it (`tableNameIn`); undefined when it is not a name of the dialect.
 */
export function sqlNamesOf(
  dialect: DialectName,
  table: string,
  database?: string,
): DetailSqlNames | undefined {
  const name = tableNameIn(DIALECTS[dialect], table, database);
  if (name === undefined) return undefined;
  return {
    dialect,
    ...(name.database === undefined ? {} : { database: name.database }),
    ...(name.schema === undefined ? {} : { schema: name.schema }),
    table: name.table,
  };
}

/** The template of `legend` for what a question asks, and the parameters that fill it. */
function templateOf(
  queries: LegendQueries | undefined,
  names: DetailSqlNames | undefined,
  asks: string,
  column: string | undefined,
): { template: string; params: Record<string, string> } | undefined {
  if (names === undefined) return undefined;
  const shape = queries?.[names.dialect]?.[shapeOf(names)];
  const of = column === undefined ? shape?.table : shape?.column;
  const template = of !== undefined && Object.hasOwn(of, asks) ? of[asks] : undefined;
  if (typeof template !== 'string') return undefined;
  const params: Record<string, string> = { table: names.table };
  if (names.schema !== undefined) params.schema = names.schema;
  if (names.database !== undefined) params.database = names.database;
  if (column !== undefined) params.column = column;
  return { template, params };
}

/**
 * Question `q` as a `--detail` record writes it: its words cited (`cite`), its query cited by
 * what it asks where the legend's `queries` and the record's `names` give it again byte for byte,
 * left out where it is null.
 */
export function detailQuestion(
  queries: LegendQueries,
  names: DetailSqlNames | undefined,
  q: FactQuestion,
  cite: (text: string) => TextRef,
): DetailQuestion {
  const { query, question, noQuery, ...rest } = q;
  const words = {
    ...rest,
    question: cite(question),
    ...(noQuery === undefined ? {} : { noQuery: cite(noQuery) }),
  };
  if (query === null) return noQuery === undefined ? { ...words, query } : words;
  const recipe = recipeOf(q);
  if (recipe === undefined || names === undefined || recipe.dialect !== names.dialect)
    return { ...words, query };
  const asks = 'table' in recipe.ask ? recipe.ask.table : recipe.ask.fact;
  const column = 'column' in recipe.ask ? recipe.ask.column : undefined;
  const found = templateOf(queries, names, asks, column);
  if (found === undefined || fillTemplate(found.template, found.params) !== query) return { ...words, query };
  return column === undefined ? { ...words, asks } : { ...words, asks, column };
}

/**
 * Question `q` of a `--detail` record as `recommend --json` gives it, with the legend's `queries`
 * and the record's `sql`: its words put back (`text` gives a cited text), its query put back (null
 * where it has none; its `asks` where neither holds its statement). Never throws: a question that
 * cannot be read gives itself.
 */
export function fullQuestion(
  queries: LegendQueries | undefined,
  names: DetailSqlNames | undefined,
  q: DetailQuestion,
  text: (ref: TextRef) => string,
): FactQuestion {
  return neverThrows(questionOf, [queries, names, q, text], () => q as unknown as FactQuestion);
}

function questionOf(
  queries: LegendQueries | undefined,
  names: DetailSqlNames | undefined,
  q: DetailQuestion,
  words: (ref: TextRef) => string,
): FactQuestion {
  const { asks, column, query, ...rest } = q;
  const found = asks === undefined ? undefined : templateOf(queries, names, asks, column);
  const statement =
    query !== undefined ? query : found !== undefined ? fillTemplate(found.template, found.params) : null;
  // Key by key in the order of `FactQuestion`.
  const out: { -readonly [K in keyof FactQuestion]: FactQuestion[K] } = {
    path: rest.path,
    question: words(rest.question),
    query: asks !== undefined && found === undefined && query === undefined ? asks : statement,
  };
  if (rest.noQuery !== undefined) out.noQuery = words(rest.noQuery);
  if (rest.figure !== undefined) out.figure = rest.figure;
  return out;
}
