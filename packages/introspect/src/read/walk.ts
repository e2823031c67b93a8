/**
 * The one walk over a catalog's relations that every catalog reader reads its tables with: sorted by
 * schema and name, selected by `tables` and `exclude`, and skipped by the rules written here once
 * (sequences always; partitions, inheritance children, views and foreign tables unless asked for
 * with `include` or named in `tables`), each skip counted for the summary.
 *
 * @module
 */
import { editDistance } from '@querymode/core';
import { type Row, str } from '../client.js';
import type { RelationKind } from './model.js';
import { type IncludeKind, type InspectOptions, includes, tableSelector } from './options.js';

/** What a catalog reader reads of one relation row, for the walk. */
export interface Relation {
  readonly schema: string;
  readonly name: string;
  /** Its kind; a sequence (MariaDB lists them among tables) is never read. */
  readonly kind: RelationKind | 'sequence';
  /** A partition of a partitioned table (read through that table). */
  readonly partition?: boolean;
  /** A child of an INHERITS parent (read through its parent). */
  readonly inheritanceChild?: boolean;
}

/** A relation to read, with its catalog row. */
export interface Walked<R> {
  readonly row: R;
  readonly schema: string;
  readonly name: string;
  readonly kind: RelationKind;
}

/** A name given in `tables` that no relation of the schemas read has. */
export interface UnmatchedTable {
  readonly name: string;
  /** The relation's name (or `schema.name`) nearest to it, case ignored; absent when the schemas have none. */
  readonly nearest?: string;
}

/**
 * Sorts catalog rows by schema, then name (code-unit order, the same on every machine), read
 * from the row's `schema_name` and `table_name`.
 */
const byName = (a: Row, b: Row): number => {
  const sa = str(a.schema_name);
  const sb = str(b.schema_name);
  if (sa !== sb) return sa < sb ? -1 : 1;
  const na = str(a.table_name);
  const nb = str(b.table_name);
  return na < nb ? -1 : na > nb ? 1 : 0;
};

/** The skip rules, in order: what is skipped, the kind that reads it anyway, and the summary's words. */
const SKIPS: readonly {
  readonly applies: (r: Relation) => boolean;
  readonly unless: IncludeKind | undefined;
  readonly words: string;
}[] = [
  { applies: (r) => r.kind === 'sequence', unless: undefined, words: 'sequences' },
  {
    applies: (r) => r.partition === true,
    unless: 'partitions',
    words: 'partitions (read through their partitioned table)',
  },
  {
    applies: (r) => r.inheritanceChild === true,
    unless: 'partitions',
    words: 'inheritance children (read through their parent)',
  },
  { applies: (r) => r.kind === 'view' || r.kind === 'materialized_view', unless: 'views', words: 'views' },
  { applies: (r) => r.kind === 'foreign_table', unless: 'foreign-tables', words: 'foreign tables' },
];

/**
 * The relations of `rows` to read, sorted by schema and name (the rows' `schema_name` and
 * `table_name`), and the count of those skipped by each rule.
 */
export function walkRelations<R extends Row>(
  rows: readonly R[],
  options: InspectOptions,
  relationOf: (row: R) => Relation,
): {
  readonly relations: Walked<R>[];
  readonly skipped: Record<string, number>;
  readonly unmatched: UnmatchedTable[];
} {
  const selected = tableSelector(options);
  const named = new Set(options.tables ?? []);
  const unmatched = new Set(named);
  const candidates: string[] = [];
  const relations: Walked<R>[] = [];
  const skipped: Record<string, number> = {};
  for (const row of [...rows].sort(byName)) {
    const r = relationOf(row);
    const qualified = `${r.schema}.${r.name}`;
    if (named.size > 0) {
      unmatched.delete(r.name);
      unmatched.delete(qualified);
      candidates.push(r.name, qualified);
    }
    if (!selected(r.schema, r.name)) continue;
    const explicit = named.has(r.name) || named.has(qualified);
    const skip = SKIPS.find(
      (s) => s.applies(r) && (s.unless === undefined || (!includes(options, s.unless) && !explicit)),
    );
    if (skip !== undefined) {
      skipped[skip.words] = (skipped[skip.words] ?? 0) + 1;
      continue;
    }
    relations.push({ row, schema: r.schema, name: r.name, kind: r.kind as RelationKind });
  }
  return { relations, skipped, unmatched: [...unmatched].map((name) => nearestTo(name, candidates)) };
}

/** The candidate nearest to `name` by edit distance, case ignored (the first of equals, in name order). */
function nearestTo(name: string, candidates: readonly string[]): UnmatchedTable {
  let nearest: string | undefined;
  let best = Number.POSITIVE_INFINITY;
  for (const c of candidates) {
    const d = editDistance(name.toLowerCase(), c.toLowerCase());
    if (d < best) [nearest, best] = [c, d];
  }
  return nearest === undefined ? { name } : { name, nearest };
}
