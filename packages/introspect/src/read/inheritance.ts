/**
 * PostgreSQL inheritance (`CREATE TABLE child (...) INHERITS (parent)`, the partitioning of the
 * days before declarative partitions): a SELECT on the parent returns the rows of its children
 * too, so a pipeline reading the parent reads them all. The parent is read as one table with its
 * children, as a partitioned table is; what its triggers do holds for a row only where the row's
 * own table has the trigger, since a row trigger fires on the table that stores the row.
 *
 * @module
 */
import type { TriggerEffect } from './model.js';

/**
 * What the triggers of one event do to every row of a parent and its children: a column is set
 * on every row only where the parent and every child set it; open or unreadable wherever one of
 * them is (so a column one child leaves to a trigger that cannot be read is unknown, and one a
 * readable child never sets is not set on every row).
 */
export function intersectEffects(effects: readonly TriggerEffect[]): TriggerEffect {
  const [first, ...rest] = effects;
  if (first === undefined) return { sets: new Set(), open: new Map(), unreadable: [] };
  const sets = new Set([...first.sets].filter((c) => rest.every((e) => e.sets.has(c))));
  const open = new Map<string, string>();
  for (const e of effects) for (const [c, why] of e.open) if (!sets.has(c) && !open.has(c)) open.set(c, why);
  return { sets, open, unreadable: effects.flatMap((e) => e.unreadable) };
}

/** The note of a parent with children: where its rows are, and what that does to its facts. */
export function inheritanceNote(children: readonly string[]): string {
  return `Inheritance: ${children.length === 1 ? 'its child' : `its ${children.length} children`} ${children.join(', ')} (INHERITS) hold rows that a SELECT on this table returns, so the table is read with ${children.length === 1 ? 'it' : 'them'}: rows are summed, a row trigger counts only where every child has one that does the same (a row trigger fires on the table that stores the row), and its primary key and unique indexes, which do not span the children, give no uniqueness.`;
}
