/**
 * The entries of an answers file that matched no table of a run: a name misspelt or a glob that
 * reaches nothing is an error with its file and line, never silently ignored.
 *
 * @module
 */
import { type AnswerLayers, isGlob, shownString } from '@querymode/core';

/** One sentence per entry of `tables` whose index is not in `matched`, in file order. */
export function unmatchedEntries(layers: AnswerLayers, matched: ReadonlySet<number>): string[] {
  return layers.tables.flatMap((t, i) =>
    matched.has(i)
      ? []
      : [
          `${t.label}: the ${isGlob(t.pattern) ? 'glob' : 'table'} ${shownString(t.pattern)} matched no table of the input; correct the name (it is matched against each record's "table", quoted or not) or remove the entry`,
        ],
  );
}
