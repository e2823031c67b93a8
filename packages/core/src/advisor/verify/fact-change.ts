/**
 * The fact a finding of `verify` rests on, before (as the plan recorded it) and after (as the
 * database shows it now), with columns named rather than numbered: a migration reorders them.
 *
 * @module
 */
import type { QueryModeBody } from '../../catalogue/body-types.js';
import { isRecord } from '../../issues/is-record.js';
import type { Finding } from '../evaluate/findings.js';
import type { TableTraits } from '../traits/model.js';

/** A fact's value: a scalar of the traits, or null when it is not known (or was not recorded). */
export type FactValue = string | number | boolean | null;

/** A fact, before and after. */
export interface FactChange {
  /** Where it is in the traits, columns by name: `['columns', 'updated_at', 'nullable']`, `['rows']`. */
  readonly path: readonly string[];
  /** Its value in the plan's traits; null when the plan did not record it. */
  readonly before: FactValue;
  /** Its value now; null when it is not known. */
  readonly after: FactValue;
}

const scalar = (v: unknown): FactValue =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : null;

/** The column named `name` of a traits record, when its columns are known. */
function columnNamed(
  traits: TableTraits | undefined,
  name: string,
): Readonly<Record<string, unknown>> | undefined {
  const columns = traits?.columns;
  if (!Array.isArray(columns)) return undefined;
  return columns.find((c) => isRecord(c) && c.name === name);
}

/** Whether a column named `name` is in the traits: null when the columns are not known. */
function present(traits: TableTraits | undefined, name: string): FactValue {
  if (!Array.isArray(traits?.columns)) return null;
  return columnNamed(traits, name) !== undefined;
}

/** The value at a path of string keys. */
function valueAt(traits: TableTraits | undefined, path: readonly string[]): FactValue {
  let v: unknown = traits;
  for (const key of path) {
    if (!isRecord(v)) return null;
    v = v[key];
  }
  return scalar(v);
}

/**
 * The fact of `finding` before and after: `now` is the traits the finding was made on, `before`
 * the plan's (undefined when the plan holds none). Undefined when the finding names no fact.
 */
export function factChange(
  finding: Finding,
  body: QueryModeBody,
  now: TableTraits,
  before: TableTraits | undefined,
): FactChange | undefined {
  const fact = finding.fact;
  if (fact === undefined || fact.length === 0) return undefined;
  if (fact[0] === 'columns') {
    // A column named by the body that is not in the table: the fact is its presence.
    if (fact.length === 1) {
      const field = finding.path[1];
      const named =
        field === undefined ? undefined : (body.config as unknown as Record<string, unknown>)[field];
      if (typeof named !== 'string') return undefined;
      return { path: ['columns', named], before: present(before, named), after: present(now, named) };
    }
    const index = fact[1];
    const column = typeof index === 'number' && Array.isArray(now.columns) ? now.columns[index] : undefined;
    if (column === undefined) return undefined;
    const rest = fact.slice(2).map(String);
    const key = rest[0];
    return {
      path: ['columns', column.name, ...rest],
      before:
        key === undefined ? present(before, column.name) : scalar(columnNamed(before, column.name)?.[key]),
      after: key === undefined ? true : scalar((column as Record<string, unknown>)[key]),
    };
  }
  const path = fact.map(String);
  return { path, before: valueAt(before, path), after: valueAt(now, path) };
}
