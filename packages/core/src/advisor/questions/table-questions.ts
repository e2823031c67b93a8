/**
 * One table's open questions, as a plan's view of them needs: each fact a cheaper mode within
 * reach waits for (`WithinReachAdvice`), and each fact the best candidate waits for when nothing
 * is recommended until it is answered (`needs_facts`), with the key an answers file gives it (a
 * column named, not numbered), its question worded for any table, its query for this table, and
 * the most events answering it may save.
 *
 * @module
 */
import type { QueryMode } from '../../catalogue/modes.js';
import { isRecord } from '../../issues/is-record.js';
import { neverThrows, type UnreadableIssue } from '../../issues/unreadable.js';
import { shownName } from '../../text/visible.js';
import { columnKey } from '../answers/origin.js';
import type { WithinReachAdvice } from '../recommend/within-reach.js';
import { type FactQuestion, type QueryRecipe, recipeOf, sameQuestion } from '../sql/questions.js';

/** A value while it is built, key by key (its required keys are all set before it is returned). */
type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** One open question of a table. */
export interface TableQuestion {
  /** The fact's key, as `facts_from` and `from_answers` name it: `source`, `changes.updates`, `columns["id"].unique`. */
  readonly key: string;
  /** Where the answer goes in a partial traits record: `['changes', 'updates']`, `['columns', '<name>', 'unique']`. */
  readonly at: readonly string[];
  /**
   * The question, with the table named "the table" and without a figure of its own (`figure`), so
   * that every table asks it in the same words.
   */
  readonly question: string;
  /** The closing sentence that holds this table's own figure (`FactQuestion.figure`), the table named "the table". */
  readonly figure?: string;
  /** The query that answers it for this table, in its dialect; null when there is none. */
  readonly query: string | null;
  /** Why there is no query, when there is none. */
  readonly noQuery?: string;
  /** How `query` is written again from the table's name alone (`queryFor`), when it can be: a plan's view keeps this, not each table's text. */
  readonly recipe?: QueryRecipe;
  /** The most billed events a mode that asks it would save over the span; null when none is known. */
  readonly saves: number | null;
  /** With `saves` null: the largest break-even bound of the modes that ask it (see `WithinReach.billedBelow`). */
  readonly billedBelow: number | null;
  /** The cheaper modes that wait for it, and the best candidate when it waits for it too. */
  readonly modes: readonly QueryMode[];
  /**
   * Present when the best candidate waits for it: the table has no recommendation until it is
   * answered (`needs_facts`). Answering it saves no events against that candidate (it is the
   * answer), it decides whether the candidate is recommended.
   */
  readonly awaited?: true;
}

/**
 * The facts a table's best candidate waits for, when its answer is `needs_facts` because of
 * them: the candidate's mode and its facts to establish (`toEstablish`).
 */
export interface AwaitedQuestions {
  readonly mode: QueryMode;
  readonly questions: readonly FactQuestion[];
}

/**
 * Whether the best candidate's own facts to establish are open questions of the table: nothing is
 * recommended (`needs_facts`) and the best candidate itself awaits facts (one definition for
 * `chooseModeWithReach` and for a `--detail` record's candidates).
 */
export const answerWaits = (status: string, bestStatus: string): boolean =>
  status === 'needs_facts' && bestStatus === 'needs_facts';

/**
 * A question whose query is its `FactQuestion`'s, read only when asked for (a tally reads its
 * recipe): an object with a getter of its own, made per question, cost more than the text it
 * saved (pnpm bench questions). Its JSON holds the query, as a plain question's does.
 */
class QueriedLater implements TableQuestion {
  readonly key: string;
  readonly at: readonly string[];
  readonly question: string;
  readonly saves: number | null;
  readonly billedBelow: number | null;
  readonly modes: readonly QueryMode[];
  readonly #of: FactQuestion;
  constructor(
    of: FactQuestion,
    key: string,
    at: readonly string[],
    question: string,
    saving: Pick<TableQuestion, 'saves' | 'billedBelow' | 'modes'>,
  ) {
    this.key = key;
    this.at = at;
    this.question = question;
    this.saves = saving.saves;
    this.billedBelow = saving.billedBelow;
    this.modes = saving.modes;
    this.#of = of;
  }
  get query(): string | null {
    return this.#of.query;
  }
  /** The plain question, its keys in `TableQuestion`'s order. */
  toJSON(): TableQuestion {
    const { key, at, question, ...rest } = this;
    return { key, at, question, query: this.query, ...rest };
  }
}

/** The open questions of one table of a plan. */
export interface TableQuestions {
  /** The table's name as its record gives it; null when it has none. */
  readonly table: string | null;
  readonly questions: readonly TableQuestion[];
}

/** The answer's place in a partial traits record; undefined for a column the traits do not list. */
function answerAt(path: FactQuestion['path'], traits: unknown): readonly string[] | undefined {
  if (path[0] !== 'columns' || path.length < 3) return path.map(String);
  const columns = isRecord(traits) ? traits.columns : undefined;
  const column = Array.isArray(columns) ? (columns as unknown[])[Number(path[1])] : undefined;
  const name = isRecord(column) ? column.name : undefined;
  if (typeof name !== 'string') return undefined;
  // A column's fact (every column question): no list sliced and mapped for it.
  return path.length === 3
    ? ['columns', name, String(path[2])]
    : ['columns', name, ...path.slice(2).map(String)];
}

/** The key of an answer's place: `columns["id"].unique`, `changes.updates`. */
const keyOf = (at: readonly string[]): string =>
  at[0] === 'columns' && at.length >= 3
    ? columnKey(at[1] as string, at.length === 3 ? (at[2] as string) : at.slice(2).join('.'))
    : at.join('.');

/**
 * The open questions of a table whose traits gave `reach` (and `awaited`, the facts its best
 * candidate waits for when it has no recommendation): each question of `reach.questions` once,
 * with the largest saving (or break-even bound) of the modes that ask it, then each of `awaited`
 * not asked already, which saves nothing (`awaited`). A question about a column its traits do
 * not list (which the advisor never asks) is left out. Never throws: given what is not a
 * `WithinReachAdvice`, no question.
 */
export function tableQuestions(
  table: string | null,
  traits: unknown,
  reach: WithinReachAdvice,
  awaited?: AwaitedQuestions,
): TableQuestions {
  return neverThrows(questionsOf, [table, traits, reach, awaited], noQuestionsOf);
}

/** `tableQuestions`' answer to what is not a `WithinReachAdvice`: the table, no question. */
const noQuestionsOf = (
  _: UnreadableIssue,
  [table]: readonly [string | null, ...unknown[]],
): TableQuestions => ({
  table: typeof table === 'string' ? table : null,
  questions: [],
});

/** No question, shared: two tables in three of cli-ndjson ask none. */
const NO_QUESTIONS: readonly TableQuestion[] = Object.freeze([]);

/**
 * The table's name as its questions show it, and whether a recipe writes its queries: what every
 * question of one table shares, passed to `question` rather than closed over (closures made a
 * table, those that ask nothing too: 85 MB allocated here over cli-ndjson's 100,000 tables, 58 without).
 */
interface Asker {
  /** The table's name as the questions' words show it; undefined without a name. */
  readonly named: string | undefined;
  /** A recipe writes the query of the table its facts name: the record's own. */
  readonly ownTable: boolean;
}

function questionsOf(
  table: string | null,
  traits: unknown,
  reach: WithinReachAdvice,
  awaited: AwaitedQuestions | undefined,
): TableQuestions {
  const waits = awaited?.questions ?? NO_QUESTIONS_ASKED;
  const asked = reach.questions;
  // Not a list: no question (`tableQuestions`' fallback), as a list's method read on it would give.
  if (!Array.isArray(asked)) throw new TypeError('the questions within reach are not a list');
  // Nothing to ask (most tables): no name shown, nor a list made.
  if (asked.length === 0 && waits.length === 0) return { table, questions: NO_QUESTIONS };
  const asker: Asker = {
    named: typeof table === 'string' ? shownName(table) : undefined,
    ownTable: typeof table === 'string' && isRecord(traits) && traits.table === table,
  };
  const questions: TableQuestion[] = [];
  for (let i = 0; i < asked.length; i++) {
    const q = asked[i] as FactQuestion;
    const at = answerAt(q.path, traits);
    if (at === undefined) continue;
    let saves: number | null = null;
    let billedBelow: number | null = null;
    const modes: QueryMode[] = [];
    for (const m of reach.modes) {
      if (!m.asks.includes(i)) continue;
      modes.push(m.mode);
      if (m.saves !== null) saves = Math.max(saves ?? 0, m.saves);
      else if (m.billedBelow !== null) billedBelow = Math.max(billedBelow ?? 0, m.billedBelow);
    }
    const waited = awaited !== undefined && waits.some((w) => sameQuestion(w, q));
    if (waited && !modes.includes(awaited.mode)) modes.push(awaited.mode);
    questions.push(
      question(asker, q, at, { saves, billedBelow: saves === null ? billedBelow : null, modes }, waited),
    );
  }
  for (const q of waits) {
    if (awaited === undefined || asked.some((r) => sameQuestion(r, q))) continue;
    const at = answerAt(q.path, traits);
    if (at !== undefined)
      questions.push(question(asker, q, at, { saves: null, billedBelow: null, modes: [awaited.mode] }, true));
  }
  return { table, questions };
}

/** No fact awaited, shared. */
const NO_QUESTIONS_ASKED: readonly FactQuestion[] = Object.freeze([]);

/** One open question of the table `asker` shows, at `at`, with what answering it may save. */
function question(
  asker: Asker,
  q: FactQuestion,
  at: readonly string[],
  saving: Pick<TableQuestion, 'saves' | 'billedBelow' | 'modes'>,
  waited: boolean,
): TableQuestion {
  const recipe = asker.ownTable ? recipeOf(q) : undefined;
  // A figure of the table's own (`FactQuestion.figure`) closes the words: the group is the words before it.
  const figure = q.figure !== undefined && q.question.endsWith(q.figure) ? q.figure : undefined;
  const words = general(
    asker.named,
    figure === undefined ? q.question : q.question.slice(0, -figure.length).trimEnd(),
  );
  // Built key by key: a spread of a conditional object per key allocated four objects a question.
  // With a recipe, the query is read only if asked for (a tally keeps the recipe): a `RecipeQuestion` writes it then.
  const out: Writable<TableQuestion> =
    recipe === undefined
      ? {
          key: keyOf(at),
          at,
          question: words,
          query: q.query,
          saves: saving.saves,
          billedBelow: saving.billedBelow,
          modes: saving.modes,
        }
      : new QueriedLater(q, keyOf(at), at, words, saving);
  if (figure !== undefined) out.figure = general(asker.named, figure);
  if (q.noQuery !== undefined) out.noQuery = q.noQuery;
  if (recipe !== undefined) out.recipe = recipe;
  if (waited) out.awaited = true;
  return out;
}

/** `text` with the table named "the table" (`named`: its name as shown). */
function general(named: string | undefined, text: string): string {
  if (named === undefined) return text;
  return named === '' ? text.split(named).join('the table') : text.replaceAll(named, 'the table');
}
