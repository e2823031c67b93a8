/**
 * A set of change kinds as a small number: bit i stands for `CHANGE_KINDS[i]`. The facts keep
 * which kinds a table has so, the mode checks which kinds the service's documentation says a mode captures, and
 * capture safety works with these sets; each set's list is worked out once.
 *
 * @module
 */
import { CHANGE_KINDS } from '../../catalogue/change-kinds.js';
import type { ChangeKind } from '../../catalogue/types.js';

/** A set of change kinds (bit i: `CHANGE_KINDS[i]`). */
export type KindSet = number;

/** The empty set. */
export const NO_KINDS: KindSet = 0;

const BITS: { readonly [K in ChangeKind]: KindSet } = Object.freeze(
  Object.fromEntries(CHANGE_KINDS.map((kind, i) => [kind, 1 << i])) as Record<ChangeKind, KindSet>,
);

/**
 * A record's value for a kind of change (`facts.has`, `facts.perDay`, a kind's bit), read by name:
 * the keyed read of the kind was megamorphic (~1.3% of chooseMode's own cost, valgrind instructions).
 */
export function ofKind<T>(record: { readonly [K in ChangeKind]: T }, kind: ChangeKind): T {
  switch (kind) {
    case 'inserts':
      return record.inserts;
    case 'updates':
      return record.updates;
    case 'deletes':
      return record.deletes;
  }
}

/** The set of one kind (`ofKind`: a keyed read of `BITS` was megamorphic, ~1% of chooseMode's own cost). */
export function kindBit(kind: ChangeKind): KindSet {
  return ofKind(BITS, kind);
}

/** Whether a set holds a kind. */
export function hasKind(set: KindSet, kind: ChangeKind): boolean {
  return (set & ofKind(BITS, kind)) !== 0;
}

const LISTS: readonly (readonly ChangeKind[])[] = Array.from({ length: 1 << CHANGE_KINDS.length }, (_, set) =>
  Object.freeze(CHANGE_KINDS.filter((_, i) => (set >> i) & 1)),
);

/** The kinds of a set, in the order of `CHANGE_KINDS`, as a frozen list. */
export function kindsIn(set: KindSet): readonly ChangeKind[] {
  return LISTS[set] ?? [];
}

/** How many kinds each set holds, by the set. */
const SIZES: readonly number[] = LISTS.map((list) => list.length);

/** How many kinds a set holds: a number read from a list of numbers (three of the ranking's keys read it). */
export function sizeOf(set: KindSet): number {
  return SIZES[set] ?? 0;
}

/** The set of a list of kinds. */
export function setOf(kinds: readonly ChangeKind[]): KindSet {
  let set = NO_KINDS;
  for (const kind of kinds) set |= BITS[kind] ?? NO_KINDS;
  return set;
}

/** The kinds whose value in a record is `value`. */
export function kindsWith<V>(record: { readonly [K in ChangeKind]: V }, value: V): KindSet {
  let set = NO_KINDS;
  for (const kind of CHANGE_KINDS) if (record[kind] === value) set |= BITS[kind];
  return set;
}
