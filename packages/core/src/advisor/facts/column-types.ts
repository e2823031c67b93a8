/**
 * What a column's data type says, through the type families of its dialect
 * (`dialects/type-families`): whether it holds a date and a time, and whether it can be an
 * identity or auto-increment column. General database knowledge, not the spec (the spec only
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
} from '../../dialects/type-families/families.js';
import { typeFamily } from '../../dialects/type-families/lookup.js';
import { shownName } from '../text/visible.js';
import type { SourceKind } from '../traits/model.js';
import type { Tri } from '../traits/tri.js';
import { SOURCE_PROFILES } from './sources.js';

export type { TypeFamily };

// Sets of the families, made once (read per column of every table).
const TIME = new Set(TIME_FAMILIES);
const INTEGER = new Set(INTEGER_FAMILIES);
const MAYBE_INTEGER = new Set(MAYBE_INTEGER_FAMILIES);

/** The family of a column's type on a source, when the source is known. */
export function familyOf(type: string | undefined, source: SourceKind | undefined): TypeFamily {
  return typeFamily(type, source === undefined ? undefined : SOURCE_PROFILES[source].dialect);
}

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
 * identity and serial, MySQL AUTO_INCREMENT, SQL Server IDENTITY, Oracle identity: whole numbers).
 */
export function canBeIdentity(
  family: TypeFamily,
  type: string | undefined,
  source: SourceKind | undefined,
): Tri {
  if (INTEGER.has(family)) return 'yes';
  return unsettled(family, type, source) || MAYBE_INTEGER.has(family) ? 'unknown' : 'no';
}
