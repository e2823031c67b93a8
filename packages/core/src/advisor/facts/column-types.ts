/**
 * What a column's data type says, through the type families of its dialect
 * (`dialects/type-families`): whether it holds a date and a time, and whether it can be an
 * identity or auto-increment column. General database knowledge, not the service's documentation (which only
 * says "Name of the timestamp column" and "Incrementing ID column"). A type the catalogue does not
 * know, or no type, gives `unknown`: an unknown type is neither a time nor an ID.
 *
 * @module
 */
import {
  INTEGER_FAMILIES,
  MAYBE_INTEGER_FAMILIES,
  TIME_FAMILIES,
  type TypeFamily,
  UNDOCUMENTED_ORDER_FAMILIES,
} from '../../dialects/type-families/families.js';
import {
  familiesIn,
  lookUpType,
  mapTypeNameTable,
  TYPE_FAMILY_TABLES,
  type TypeNameTable,
} from '../../dialects/type-families/lookup.js';
import { shownName } from '../../text/visible.js';
import { SOURCE_KINDS, type SourceKind } from '../traits/model.js';
import type { Tri } from '../traits/tri.js';
import { SOURCE_PROFILES } from './sources.js';

export type { TypeFamily };

// Sets of the families, made once.
const TIME = new Set(TIME_FAMILIES);
const INTEGER = new Set(INTEGER_FAMILIES);
const MAYBE_INTEGER = new Set([...MAYBE_INTEGER_FAMILIES, ...UNDOCUMENTED_ORDER_FAMILIES]);

/**
 * Whether a family is not known for a reason a question can settle: no type was given, or the
 * source is not known (a type the catalogue does not know for a known source is neither a time
 * nor an ID: no question is asked for the type the traits already hold).
 */
function unsettled(family: TypeFamily, type: string | undefined, source: SourceKind | undefined): boolean {
  return type === undefined || (family === 'unknown' && source === undefined);
}

/** Whether a column of this family holds a date and a time of day. */
export function holdsDateTime(
  family: TypeFamily,
  type: string | undefined,
  source: SourceKind | undefined,
): Tri {
  if (unsettled(family, type, source)) return 'unknown';
  return TIME.has(family) ? 'yes' : 'no';
}

/** Why a type does or does not hold a date and time, where the bare answer needs a word. */
export function dateTimeNote(
  family: TypeFamily,
  type: string | undefined,
  source: SourceKind | undefined,
): string | undefined {
  if (type === undefined) return 'the data type is not known';
  if (family === 'unknown')
    return source === undefined
      ? 'what the type holds is not known without the kind of source (give `source`)'
      : `the type is not one the advisor knows for ${SOURCE_PROFILES[source].label}, so it is taken as neither a date and time nor an ID`;
  if (family === 'date') return `${shownName(type)} holds no time of day`;
  if (family === 'row_version')
    return 'in SQL Server, `timestamp` is a synonym of `rowversion`, a binary row version, not a date and time';
  return family === 'temporal' ? undefined : `its type family is ${family.replace('_', ' ')}`;
}

/**
 * Whether a column of this family can be an identity or auto-increment column (PostgreSQL
 * identity and serial, MySQL AUTO_INCREMENT, SQL Server IDENTITY, Oracle identity: whole numbers);
 * unknown for a decimal (its scale decides) and a record identifier whose order is not documented.
 */
export function canBeIdentity(
  family: TypeFamily,
  type: string | undefined,
  source: SourceKind | undefined,
): Tri {
  if (INTEGER.has(family)) return 'yes';
  return unsettled(family, type, source) || MAYBE_INTEGER.has(family) ? 'unknown' : 'no';
}

/** What a column's type says: its family, whether it holds dates and times, whether whole numbers. */
export interface TypeFacts {
  readonly family: TypeFamily;
  readonly holdsTime: Tri;
  readonly wholeNumbers: Tri;
}

const factsOf = (
  family: TypeFamily,
  type: string | undefined,
  source: SourceKind | undefined,
): TypeFacts => ({
  family,
  holdsTime: holdsDateTime(family, type, source),
  wholeNumbers: canBeIdentity(family, type, source),
});

/** A type whose family is not known for a reason a question can settle (no type, or no source). */
const UNSETTLED: TypeFacts = Object.freeze(factsOf('unknown', undefined, undefined));

/** The facts of each family of a type the source settles, made once (any type and source give them: only `unsettled` reads those). */
const SETTLED: ReadonlyMap<TypeFamily, TypeFacts> = new Map(
  [
    ...new Set<TypeFamily>([
      'unknown',
      'array',
      ...Object.values(TYPE_FAMILY_TABLES).flatMap((t) => Object.keys(t) as TypeFamily[]),
    ]),
  ].map((family) => [family, Object.freeze(factsOf(family, '', 'postgresql'))]),
);
const settled = (family: TypeFamily): TypeFacts => SETTLED.get(family) ?? factsOf(family, '', 'postgresql');

/** The facts of each type name on a kind of source, or on none known. */
export type TypeFactsTable = TypeNameTable<TypeFacts>;

/**
 * The facts of every type name on each kind of source, and on none (where a name the dialects
 * disagree on, or do not know, is unsettled), worked out once, so that a column's type is looked
 * up once for all it says, in a table its reader finds once per table: ~3% of chooseMode
 * (pnpm bench advisor; docs/benchmarks.md, "History of the engine's speed work").
 */
const BY_SOURCE: ReadonlyMap<SourceKind, TypeFactsTable> = new Map(
  SOURCE_KINDS.map((source) => [
    source,
    mapTypeNameTable(familiesIn(SOURCE_PROFILES[source].dialect), settled),
  ]),
);
const NO_SOURCE: TypeFactsTable = mapTypeNameTable(familiesIn(undefined), (family) =>
  family === 'unknown' ? UNSETTLED : settled(family),
);

/**
 * The facts of the type names on a kind of source (or on none known): read once per table, from a
 * Map: a keyed read of an object by the kind was megamorphic (with `profileOf`: ~3% of
 * chooseMode's own cost, CPU time).
 */
export function typeFactsTable(source: SourceKind | undefined): TypeFactsTable {
  return source === undefined ? NO_SOURCE : (BY_SOURCE.get(source) as TypeFactsTable);
}

/**
 * The facts of a column's type in its source's table ({@link typeFactsTable}): its family,
 * {@link holdsDateTime} and {@link canBeIdentity} at once.
 */
export function typeFactsIn(table: TypeFactsTable, type: string | undefined): TypeFacts {
  return type === undefined ? UNSETTLED : lookUpType(table, type);
}
