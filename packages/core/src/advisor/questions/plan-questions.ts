/**
 * The open questions of a plan, grouped: every table that asks the same question (the same
 * fact, in the same words, a figure of the table's own apart) is one group, and the groups are ranked by the billed events their
 * answers would save, summed over their tables ("which kind of database is the source? 312
 * tables"). Fed one table at a time (`QuestionTally.add`), or a run of tables at a time (`addPart`:
 * the tally of the run made elsewhere, in a worker thread say), so that a plan is never held whole.
 *
 * @module
 */
import type { QueryMode } from '../../catalogue/modes.js';
import { QUERY_MODES } from '../../catalogue/modes.js';
import { namesOfTable } from '../answers/match.js';
import { type QueryRecipe, queryFor } from '../sql/questions.js';
import { KeptRecipes } from './kept-recipes.js';
import type { TableQuestion, TableQuestions } from './table-questions.js';

/** One table of a group: its name, its query, its own figure, and what its answer may save. */
export interface GroupTable {
  /** The table's name as its record gives it; null when it has none. */
  readonly table: string | null;
  /** The sentence that holds this table's own figure (the insert rate that keeps it under the row limit), when the question has one. */
  readonly figure?: string;
  readonly query: string | null;
  readonly noQuery?: string;
  readonly saves: number | null;
  readonly billedBelow: number | null;
  /** Present when the table's best candidate waits for it (see `TableQuestion.awaited`). */
  readonly awaited?: true;
}

/** A question asked by one or more tables of a plan. */
export interface QuestionGroup {
  /** The fact's key (`source`, `changes.updates`, `columns["id"].unique`). */
  readonly key: string;
  /** Where the answer goes in a partial traits record. */
  readonly at: readonly string[];
  /** The question, in the words every table of the group asks it. */
  readonly question: string;
  /** The tables that ask it, in the plan's order. */
  readonly tables: readonly GroupTable[];
  /** The billed events the answers may save over the span, summed over the tables whose saving is known (a decimal integer). */
  readonly saves: string;
  /** The tables whose saving is only a break-even bound (their change rates are not known). */
  readonly breakEven: number;
  /** The tables whose best candidate waits for it: they have no recommendation until it is answered. */
  readonly awaited: number;
  /** The cheaper modes that wait for it (and the best candidates that do), in catalogue order. */
  readonly modes: readonly QueryMode[];
}

/**
 * A table of a group whose query is written again when read, from its name and the recipe
 * its tables share: a plan's tally kept each table's text, and over 100,000 tables that cost
 * `--questions` a third of its time in garbage collection (docs/benchmarks.md).
 */
class RecipeTable implements GroupTable {
  readonly table: string;
  readonly #recipe: QueryRecipe;
  readonly saves: number | null;
  readonly billedBelow: number | null;
  readonly awaited?: true;
  readonly figure?: string;
  constructor(table: string, recipe: QueryRecipe, saves: number | null, billedBelow: number | null) {
    this.table = table;
    this.#recipe = recipe;
    this.saves = saves;
    this.billedBelow = billedBelow;
  }
  get query(): string | null {
    return queryFor(this.#recipe, this.table);
  }
}

/** A table's query as a group keeps it: the recipe its tables share, or its text (or why there is none). */
export type KeptQuery = QueryRecipe | Pick<GroupTable, 'query' | 'noQuery'>;

/**
 * The tables of a group, column by column, made into `GroupTable`s when the groups are read:
 * an object per table, kept while the plan is read, cost `--questions` over 100,000 tables a
 * tenth of its time in garbage collection (docs/benchmarks.md).
 */
class TableColumns {
  readonly #names: (string | null)[] = [];
  readonly #queries: KeptQuery[] = [];
  readonly #saves: (number | null)[] = [];
  readonly #billedBelow: (number | null)[] = [];
  /** The indexes of the tables whose best candidate waits for the question. */
  readonly #awaited = new Set<number>();
  /** Each table's own figure, by index, for the questions that have one (the growth question). */
  readonly #figures = new Map<number, string>();

  push(table: string | null, query: KeptQuery, q: TableQuestion): void {
    if (q.awaited === true) this.#awaited.add(this.#names.length);
    if (q.figure !== undefined) this.#figures.set(this.#names.length, q.figure);
    this.#names.push(table);
    this.#queries.push(query);
    this.#saves.push(q.saves);
    this.#billedBelow.push(q.billedBelow);
  }

  /** The columns as plain data (`TallyPart`). */
  part(): ColumnsPart {
    return {
      names: this.#names,
      queries: this.#queries,
      saves: this.#saves,
      billedBelow: this.#billedBelow,
      awaited: [...this.#awaited],
      figures: [...this.#figures],
    };
  }

  /** Adds the tables of `part` after these, each query as `kept` keeps it. */
  append(part: ColumnsPart, kept: (query: KeptQuery) => KeptQuery): void {
    const offset = this.#names.length;
    for (const i of part.awaited) this.#awaited.add(offset + i);
    for (const [i, figure] of part.figures) this.#figures.set(offset + i, figure);
    for (const name of part.names) this.#names.push(name);
    for (const query of part.queries) this.#queries.push(kept(query));
    for (const saves of part.saves) this.#saves.push(saves);
    for (const billedBelow of part.billedBelow) this.#billedBelow.push(billedBelow);
  }

  /** The tables, in the order they were added. */
  tables(): GroupTable[] {
    return this.#names.map((table, i) => {
      const query = this.#queries[i] as KeptQuery;
      const saves = this.#saves[i] ?? null;
      const billedBelow = this.#billedBelow[i] ?? null;
      const awaited = this.#awaited.has(i);
      const figure = this.#figures.get(i);
      if ('dialect' in query && table !== null) {
        const t = new RecipeTable(table, query, saves, billedBelow);
        if (figure !== undefined) Object.assign(t, { figure });
        return awaited ? Object.assign(t, { awaited: true as const }) : t;
      }
      const text = 'dialect' in query ? null : query;
      return {
        table,
        ...(figure === undefined ? {} : { figure }),
        query: text?.query ?? null,
        ...(text?.noQuery === undefined ? {} : { noQuery: text.noQuery }),
        saves,
        billedBelow,
        ...(awaited ? { awaited: true as const } : {}),
      };
    });
  }
}

/** The tables of a group as plain data, column by column (`TableColumns`). */
export interface ColumnsPart {
  readonly names: readonly (string | null)[];
  readonly queries: readonly KeptQuery[];
  readonly saves: readonly (number | null)[];
  readonly billedBelow: readonly (number | null)[];
  /** The indexes of the tables whose best candidate waits for the question. */
  readonly awaited: readonly number[];
  /** Each table's own figure, by index. */
  readonly figures: readonly (readonly [number, string])[];
}

/** A group of a `TallyPart`. */
export interface GroupPart {
  readonly key: string;
  readonly at: readonly string[];
  readonly question: string;
  readonly columns: ColumnsPart;
  readonly saves: bigint;
  readonly breakEven: number;
  readonly awaited: number;
  readonly modes: readonly QueryMode[];
}

/**
 * What a tally holds, as plain data (it can be posted to another thread): the tally of a run of
 * consecutive tables, added to another tally with `QuestionTally.addPart`, after the tables before them.
 */
export interface TallyPart {
  readonly tables: number;
  /** The tables under each prefix (`QuestionTally.tablesUnder`). */
  readonly under: ReadonlyMap<string, number>;
  readonly groups: readonly GroupPart[];
}

/** The most dots a glob's prefix holds (`db.schema.`): a deeper prefix is not counted, and gets no glob. */
export const GLOB_DOTS = 3;

interface Building {
  readonly key: string;
  readonly at: readonly string[];
  readonly question: string;
  readonly tables: TableColumns;
  saves: bigint;
  breakEven: number;
  awaited: number;
  readonly modes: Set<QueryMode>;
}

/**
 * Most savings first, then most tables whose saving is a bound, then most tables whose best
 * candidate waits for it (they save nothing against it), then most tables, then the key and the words.
 */
function byRank(a: QuestionGroup, b: QuestionGroup): number {
  const sa = BigInt(a.saves);
  const sb = BigInt(b.saves);
  if (sa !== sb) return sa > sb ? -1 : 1;
  return (
    b.breakEven - a.breakEven ||
    b.awaited - a.awaited ||
    b.tables.length - a.tables.length ||
    (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) ||
    (a.question < b.question ? -1 : a.question > b.question ? 1 : 0)
  );
}

/**
 * The open questions of a plan, table by table: `add` each table's (every table of the plan,
 * those with no question too, so that `tables` counts the plan), then `groups`.
 */
export class QuestionTally {
  #tables = 0;
  /** The groups by fact key, then by words (no key and words joined in a new string per question). */
  readonly #groups = new Map<string, Map<string, Building>>();
  /**
   * The group last found or made for each fact key: a key is asked in one wording by most tables,
   * and its words compared with a question's are not hashed (a new string a table: `#group` was
   * 16-22 ms of 100,000 tables' 1.7 s, 1 thread).
   */
  readonly #lastOfKey = new Map<string, Building>();
  /** How many tables have a name (as written, or unquoted) that starts with each `prefix.`. */
  readonly #under = new Map<string, number>();
  /** The queries' recipes, each kept once (`RecipeTable`). */
  readonly #recipes = new KeptRecipes();
  /** Each reason for no query (none: undefined), kept once. */
  readonly #noQueries = new Map<string | undefined, Pick<GroupTable, 'query' | 'noQuery'>>();

  /** The tables added. */
  get tables(): number {
    return this.#tables;
  }

  /** Adds one table's questions. */
  add(t: TableQuestions): void {
    this.#tables++;
    this.#countPrefixes(t.table);
    for (const q of t.questions) this.#addOne(t.table, q);
  }

  /**
   * The tables whose name (as written, or unquoted) starts with `prefix` (which ends in a dot):
   * the tables the glob `<prefix>*` of an answers file reaches.
   */
  tablesUnder(prefix: string): number {
    return this.#under.get(prefix) ?? 0;
  }

  #countPrefixes(table: string | null): void {
    if (typeof table !== 'string') return;
    // A name, not a record: nothing to read that could throw (no `namesOf` guard and record a table).
    const names = namesOfTable(table);
    // A table has one or two names (as written, unquoted): a prefix both share is counted once.
    const seen: string[] | undefined = names.length > 1 ? [] : undefined;
    for (const name of names)
      for (
        let dot = name.indexOf('.'), n = 1;
        dot !== -1 && n <= GLOB_DOTS;
        dot = name.indexOf('.', dot + 1), n++
      ) {
        const p = name.slice(0, dot + 1);
        if (seen !== undefined) {
          if (seen.includes(p)) continue;
          seen.push(p);
        }
        this.#under.set(p, (this.#under.get(p) ?? 0) + 1);
      }
  }

  /**
   * Adds the tables of `part` (a tally's `part()`, perhaps made in another thread) after the
   * tables added so far: the same as adding its tables one by one.
   */
  addPart(part: TallyPart): void {
    this.#tables += part.tables;
    for (const [prefix, n] of part.under) this.#under.set(prefix, (this.#under.get(prefix) ?? 0) + n);
    // A part's tables share their kept queries (a structured copy keeps that): each is kept here once.
    const keptHere = new Map<KeptQuery, KeptQuery>();
    const kept = (query: KeptQuery): KeptQuery => {
      let k = keptHere.get(query);
      if (k === undefined) {
        k =
          'dialect' in query
            ? this.#recipes.keep(query)
            : query.query === null
              ? this.#noQuery(query.noQuery)
              : query;
        keptHere.set(query, k);
      }
      return k;
    };
    for (const p of part.groups) {
      const g = this.#group(p);
      g.tables.append(p.columns, kept);
      g.saves += p.saves;
      g.breakEven += p.breakEven;
      g.awaited += p.awaited;
      for (const m of p.modes) g.modes.add(m);
    }
  }

  /** What the tally holds, as plain data (see `TallyPart`); it shares the tally's columns, so take it once every table is added. */
  part(): TallyPart {
    const groups: GroupPart[] = [];
    for (const byWords of this.#groups.values())
      for (const g of byWords.values())
        groups.push({
          key: g.key,
          at: g.at,
          question: g.question,
          columns: g.tables.part(),
          saves: g.saves,
          breakEven: g.breakEven,
          awaited: g.awaited,
          modes: [...g.modes],
        });
    return { tables: this.#tables, under: this.#under, groups };
  }

  /** The group of the question `q` (its key and words), made when it is the first. */
  #group(q: Pick<TableQuestion, 'key' | 'at' | 'question'>): Building {
    const last = this.#lastOfKey.get(q.key);
    if (last !== undefined && last.question === q.question) return last;
    const g = this.#groupByWords(q);
    this.#lastOfKey.set(q.key, g);
    return g;
  }

  /** The group of the question `q` found by its key, then its words; made when it is the first. */
  #groupByWords(q: Pick<TableQuestion, 'key' | 'at' | 'question'>): Building {
    let byWords = this.#groups.get(q.key);
    if (byWords === undefined) {
      byWords = new Map();
      this.#groups.set(q.key, byWords);
    }
    let g = byWords.get(q.question);
    if (g === undefined) {
      g = {
        key: q.key,
        at: q.at,
        question: q.question,
        tables: new TableColumns(),
        saves: 0n,
        breakEven: 0,
        awaited: 0,
        modes: new Set(),
      };
      byWords.set(q.question, g);
    }
    return g;
  }

  #addOne(table: string | null, q: TableQuestion): void {
    const g = this.#group(q);
    g.tables.push(table, this.#kept(table, q), q);
    if (q.saves !== null) g.saves += BigInt(q.saves);
    else if (q.billedBelow !== null) g.breakEven++;
    if (q.awaited === true) g.awaited++;
    for (const m of q.modes) g.modes.add(m);
  }

  /** A table's query as its group keeps it: the tally's one copy of its recipe, or of its reason for no query. */
  #kept(table: string | null, q: TableQuestion): KeptQuery {
    if (q.recipe !== undefined && table !== null) return this.#recipes.keep(q.recipe);
    if (q.query !== null)
      return q.noQuery === undefined ? { query: q.query } : { query: q.query, noQuery: q.noQuery };
    return this.#noQuery(q.noQuery);
  }

  /** The tally's one copy of a reason for no query. */
  #noQuery(noQuery: string | undefined): Pick<GroupTable, 'query' | 'noQuery'> {
    // Keyed by the reason itself, no id string built a question.
    let kept = this.#noQueries.get(noQuery);
    if (kept === undefined) {
      kept = noQuery === undefined ? { query: null } : { query: null, noQuery };
      this.#noQueries.set(noQuery, kept);
    }
    return kept;
  }

  /** Every question of the plan, grouped, ranked by the events their answers may save. */
  groups(): QuestionGroup[] {
    return [...this.#groups.values()]
      .flatMap((byWords) => [...byWords.values()])
      .map(
        (g): QuestionGroup => ({
          key: g.key,
          at: g.at,
          question: g.question,
          tables: g.tables.tables(),
          saves: g.saves.toString(),
          breakEven: g.breakEven,
          awaited: g.awaited,
          modes: QUERY_MODES.filter((m) => g.modes.has(m)),
        }),
      )
      .sort(byRank);
  }
}
