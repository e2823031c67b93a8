/**
 * The queries' recipes of a plan's tally, each kept once: the tables of a group share one copy of
 * their recipe, not one a table (`RecipeTable`).
 *
 * @module
 */
import type { QueryRecipe } from '../sql/questions.js';

/** One level of `KeptRecipes`: the next level by a part of the recipe. */
type Level<K, V> = Map<K, V>;

/** The level of `m` at `key`, made when it is the first. */
function levelOf<K, V>(m: Level<K, Level<string | undefined, V>>, key: K): Level<string | undefined, V> {
  let next = m.get(key);
  if (next === undefined) {
    next = new Map();
    m.set(key, next);
  }
  return next;
}

/**
 * Recipes by their parts: database (none: undefined), dialect, the table's or column's fact, and
 * the column (a table's fact: undefined). Each part is a string made already, so no id is built
 * and hashed a question (an id string a question took 15 ms of 100,000 tables' 2.2 s, 1 thread).
 */
export class KeptRecipes {
  readonly #recipes: Level<
    string | undefined,
    Level<string | undefined, Level<string | undefined, Level<string | undefined, QueryRecipe>>>
  > = new Map();

  /** The one recipe kept equal to `r`: `r` itself when it is the first. */
  keep(r: QueryRecipe): QueryRecipe {
    const a = r.ask;
    const isTable = 'table' in a;
    const byFact = levelOf(levelOf(this.#recipes, r.database), r.dialect);
    const byColumn = levelOf(byFact, isTable ? a.table : a.fact);
    const column = isTable ? undefined : a.column;
    const known = byColumn.get(column);
    if (known !== undefined) return known;
    byColumn.set(column, r);
    return r;
  }
}
