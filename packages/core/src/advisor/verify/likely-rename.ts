/**
 * A planned column that is gone while a column with the same facts appeared: the likely rename
 * a `column.exists` finding of `verify` names, so that its remedy is the new name rather than a
 * list. Only one such column counts: two with the same facts leave the choice to the user.
 *
 * @module
 */
import { shownName, shownString } from '../../text/visible.js';
import type { TableTraits } from '../traits/model.js';
import type { FactChange } from './fact-change.js';
import type { VerifyFinding } from './verify-finding.js';

type Column = NonNullable<TableTraits['columns']>[number];

/** A column's facts without its name, keys in order, to compare. */
const factsOf = (column: Column): string =>
  JSON.stringify(
    Object.entries(column)
      .filter(([key]) => key !== 'name')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );

/**
 * The column of `now` that is not in the plan's traits and has every fact the planned column
 * `gone` had (its name aside), when exactly one has; undefined otherwise.
 */
export function likelyRename(gone: string, planned: TableTraits, now: TableTraits): string | undefined {
  const was = planned.columns?.find((c) => c.name === gone);
  if (was === undefined) return undefined;
  const plannedNames = new Set((planned.columns ?? []).map((c) => c.name));
  const facts = factsOf(was);
  const same = (now.columns ?? []).filter((c) => !plannedNames.has(c.name) && factsOf(c) === facts);
  return same.length === 1 ? same[0]?.name : undefined;
}

/**
 * A `column.exists` finding whose column (its `change`: present in the plan, absent now) was
 * likely renamed: the message names the new column, the remedy sets the field to it.
 */
export function withLikelyRename(
  finding: VerifyFinding,
  change: FactChange | undefined,
  planned: TableTraits | undefined,
  now: TableTraits,
): VerifyFinding {
  if (finding.rule !== 'column.exists' || planned === undefined || change === undefined) return finding;
  const gone = change.path[1];
  if (change.before !== true || change.after !== false || gone === undefined) return finding;
  const renamed = likelyRename(gone, planned, now);
  if (renamed === undefined) return finding;
  const field = finding.path[1] ?? 'the field';
  return {
    ...finding,
    message: `${finding.message} Column ${shownName(renamed)} is new since the plan and has every fact ${shownName(gone)} had: likely ${shownName(gone)} renamed.`,
    remedy: `Set \`${field}\` to ${shownString(renamed)} (likely ${shownName(gone)} renamed).`,
  };
}
