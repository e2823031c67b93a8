/**
 * The remedies more than one check gives: which column a statement touches (an existing one only
 * where that keeps its meaning, else a new one), in words, and its SQL written by the source's
 * dialect. A remedy never converts an existing column into an identity, never makes a creation
 * or business time change on update, and never writes a placeholder.
 *
 * @module
 */

import { shownName } from '../../../text/visible.js';
import { type ColumnFacts, hasUniqueValues, holdsDateTimes } from '../../facts/column-facts.js';
import type { TableFacts } from '../../facts/table-facts.js';
import { inWords, type Remedy, remedyIn } from '../check.js';

/** The names a new column takes, in order, the first one the table does not have. */
const NEW_UPDATE_TIME = ['updated_at', 'row_updated_at', 'qm_updated_at'] as const;
const NEW_IDENTITY = ['row_id', 'qm_row_id', 'qm_row_seq'] as const;

/** The first of `names` no column of the table has (compared without case), or undefined. */
function freeName(facts: TableFacts, names: readonly string[]): string | undefined {
  const taken = new Set((facts.columns ?? []).map((c) => c.name.toLowerCase()));
  return names.find((n) => !taken.has(n));
}

/**
 * Whether the database may be made to set an existing column on every update: a date-and-time
 * column whose name reads as a modification time, not part of a unique key.
 */
export function fitsUpdateTime(column: ColumnFacts): boolean {
  return (
    column.updateTimeName &&
    holdsDateTimes(column) === 'yes' &&
    column.unique !== 'yes' &&
    column.primaryKey !== 'yes'
  );
}

/** Why a trigger is not written (SQL Server's joins the changed rows on the primary key). */
const NO_KEY = 'querymode writes no trigger for a table whose primary key is not known';

const named = (field: string | undefined): string =>
  field === undefined ? '' : `, and name it in \`${field}\``;

/**
 * Makes the database set a modification time on every update: `column` itself when it fits, else
 * another column of the table that does, else a new column (never a second one where the database
 * already sets a column on every update).
 */
export function updateTimeRemedy(facts: TableFacts, column: ColumnFacts | undefined, field?: string): Remedy {
  if (column !== undefined && fitsUpdateTime(column))
    return remedyIn(
      facts,
      `Make the database set ${shownName(column.name)} on every update`,
      (sql, t) => sql.setOnEveryUpdate(t, column.name),
      NO_KEY,
    );
  const already = facts.columns?.find((c) => c.setOnUpdate === 'yes' && holdsDateTimes(c) === 'yes');
  if (already !== undefined)
    return inWords(
      `Name ${shownName(already.name)} instead${field === undefined ? '' : ` in \`${field}\``}: the database already sets it on every update.`,
    );
  const other = facts.columns?.find((c) => c !== column && c.setOnUpdate !== 'yes' && fitsUpdateTime(c));
  const kept =
    column === undefined
      ? ''
      : ` (${shownName(column.name)} keeps its meaning: only a modification time is made to change on every update)`;
  if (other !== undefined)
    return remedyIn(
      facts,
      `Make the database set ${shownName(other.name)} on every update${named(field)}${kept}`,
      (sql, t) => sql.setOnEveryUpdate(t, other.name),
      NO_KEY,
    );
  if (facts.columns === undefined)
    return inWords(
      `Add a date-and-time column that the database sets on every update${named(field)} (the columns of the table are not known, so querymode writes no statement that could clash with one)`,
    );
  const name = freeName(facts, NEW_UPDATE_TIME);
  if (name === undefined)
    return inWords(`Add a date-and-time column that the database sets on every update${named(field)}${kept}`);
  return remedyIn(
    facts,
    `Add a column ${shownName(name)} that the database sets on insert and on every update${named(field)}${kept}`,
    (sql, t) => sql.addUpdatedAt(t, name),
    NO_KEY,
  );
}

/**
 * Gives the table a new integer column that the database numbers on every insert, unique. An
 * existing column is never converted (its values are the application's, which a counter would
 * clash with), nor made unique (the application may repeat its values: its inserts would fail).
 */
export function identityRemedy(facts: TableFacts, column: ColumnFacts | undefined, field?: string): Remedy {
  const existing = facts.columns?.find((c) => c.autoIncrement === 'yes');
  if (existing !== undefined && existing !== column) {
    const where = field === undefined ? '' : ` in \`${field}\``;
    // Auto-increment does not make it unique: without a constraint of its own, give it one first.
    if (hasUniqueValues(existing, facts) !== 'yes')
      return remedyIn(
        facts,
        `Give the auto-increment column ${shownName(existing.name)} a unique index of its own, then name it${where} (the statement fails, changing nothing, where values already repeat)`,
        (sql, t) => sql.addUniqueIndex(t, existing.name),
      );
    return inWords(
      `Name ${shownName(existing.name)} instead${where}: it is already auto-increment and unique.`,
    );
  }
  const kept =
    column === undefined
      ? ''
      : ` (${shownName(column.name)} is left as it is: its values are the application's)`;
  if (facts.columns === undefined)
    return inWords(
      `Add an integer column that the database numbers on every insert${named(field)} (the columns of the table are not known, so querymode writes no statement that could clash with one)`,
    );
  const name = freeName(facts, NEW_IDENTITY);
  if (name === undefined)
    return inWords(`Add an integer column that the database numbers on every insert${named(field)}${kept}`);
  return remedyIn(
    facts,
    `Add a column ${shownName(name)} that the database gives a new, higher value on every insert${named(field)}${kept}; where the table already has an auto-increment column, name that one (MySQL and SQL Server allow one, and the statement then changes nothing)`,
    (sql, t) => sql.addIdentityColumn(t, name),
  );
}

/**
 * Gives an ID column unique values by a constraint of its own. For an auto-increment column (its
 * values the database's), a unique index on it (it fails, changing nothing, where values already
 * repeat). Any other column's values are the application's, which may repeat them on purpose:
 * then a new numbered column instead ({@link identityRemedy}).
 */
export function uniqueIdRemedy(facts: TableFacts, column: ColumnFacts, field?: string): Remedy {
  if (column.autoIncrement !== 'yes') return identityRemedy(facts, column, field);
  return remedyIn(
    facts,
    `Give ${shownName(column.name)} a unique index of its own (it is auto-increment: the statement fails, changing nothing, where values already repeat)`,
    (sql, t) => sql.addUniqueIndex(t, column.name),
  );
}

/**
 * Declares a column NOT NULL; the NULLs are the owner's to fill, with the value they mean. A
 * timestamp column that is not a modification time keeps its NULLs (a NULL `revoked_at` means "not
 * revoked"): the remedy is to name a modification time instead.
 */
export function notNullRemedy(facts: TableFacts, column: ColumnFacts, timestamp: boolean): Remedy {
  if (timestamp && !fitsUpdateTime(column))
    return inWords(
      `Name a modification-time column instead (${shownName(column.name)} keeps its NULLs, which may mean something: querymode writes no statement that fills them)`,
    );
  return remedyIn(
    facts,
    `Fill the NULLs of ${shownName(column.name)} with the value they mean, then declare it NOT NULL (the statement fails, changing nothing, while NULLs remain)`,
    (sql, t) => sql.setNotNull(t, column.name),
    "this database declares NOT NULL only by writing the column's whole definition again (type, character set, collation, default, comment, ON UPDATE): write it from the table's definition (SHOW CREATE TABLE, or the table's script), adding NOT NULL; querymode does not write it, since a definition it does not see would be lost",
  );
}
