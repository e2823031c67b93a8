/**
 * Reading trigger code conservatively. PL/pgSQL and MySQL/MariaDB BEFORE ROW bodies are read
 * branch by branch (`trigger-branches.ts`); a T-SQL AFTER UPDATE trigger is read when it is one
 * UPDATE of the updated rows that assigns fresh values. Columns a trigger might set that cannot be
 * read are unknown, never guessed. General database knowledge (inference), not the service's documentation.
 *
 * @module
 */
import { shownName } from '@querymode/core';
import {
  isKeyword,
  isPunct,
  MYSQL_TOKENS,
  POSTGRES_TOKENS,
  splitCommas,
  type Token,
  TSQL_TOKENS,
  tokenize,
  tokenStatements,
} from './sql-tokens.js';

import { notFresh, type TriggerReading } from './trigger-branches.js';

export {
  type ColumnKept,
  keptReason,
  onSomeUpdates,
  readMysqlBefore,
  readPlpgsqlBeforeRow,
  type TriggerReading,
  underWhen,
} from './trigger-branches.js';

const unreadable = (reason: string): TriggerReading => ({ readable: false, reason });

const describe = (stmt: readonly Token[]): string =>
  shownName(
    `${stmt
      .slice(0, 3)
      .map((t) => t.text)
      .join(' ')}${stmt.length > 3 ? ' ...' : ''}`,
  );

/** The column named by an identifier token, or undefined. */
const columnOf = (t: Token | undefined): string | undefined =>
  t !== undefined && (t.kind === 'word' || t.kind === 'quoted') ? t.text : undefined;

/**
 * Whether a PL/pgSQL function run by an AFTER or statement-level trigger may change the table's
 * rows: it may when its code has an UPDATE or EXECUTE statement (checked outside strings and
 * comments). Such a trigger cannot assign NEW; an audit trigger that only inserts elsewhere
 * leaves the row as it is.
 */
export function plpgsqlMayUpdate(source: string): boolean {
  return tokenize(source, POSTGRES_TOKENS).some(
    (t) => t.kind === 'word' && (t.lower === 'update' || t.lower === 'execute'),
  );
}

const TSQL_REFUSED = new Set([
  'if',
  'while',
  'exec',
  'execute',
  'insert',
  'delete',
  'merge',
  'return',
  'begin',
  'goto',
  'declare',
  'update',
]);

/**
 * A SQL Server AFTER UPDATE (or AFTER INSERT) trigger (`sys.sql_modules.definition`): readable when, after an
 * optional `SET NOCOUNT ON`, it is one `UPDATE <this table or its alias> SET col = fresh value[,
 * ...] FROM/WHERE ...` statement that reads `inserted` (so that it touches the updated rows).
 */
export function readTsqlAfterUpdate(definition: string, table: string): TriggerReading {
  const tokens = tokenize(definition, TSQL_TOKENS);
  // The body starts after the first AS that follows FOR / AFTER / INSTEAD OF.
  let i = tokens.findIndex((t) => isKeyword(t, 'for') || isKeyword(t, 'after') || isKeyword(t, 'instead'));
  while (i >= 0 && i < tokens.length && !isKeyword(tokens[i], 'as')) i++;
  if (i < 0 || i >= tokens.length) return unreadable('its body cannot be found');
  let body = tokens.slice(i + 1);
  if (isKeyword(body[0], 'begin')) {
    let end = body.length;
    if (isPunct(body[end - 1], ';')) end--;
    if (!isKeyword(body[end - 1], 'end')) return unreadable('does not end with END');
    body = body.slice(1, end - 1);
  }
  if (isKeyword(body[0], 'set') && isKeyword(body[1], 'nocount') && isKeyword(body[2], 'on')) {
    body = body.slice(isPunct(body[3], ';') ? 4 : 3);
  }
  while (isPunct(body[body.length - 1], ';')) body = body.slice(0, -1);
  if (!isKeyword(body[0], 'update'))
    return unreadable(`has a statement other than one UPDATE: ${describe(body)}`);
  const rest = body.slice(1);
  const refused = rest.find((t) => t.kind === 'word' && TSQL_REFUSED.has(t.lower));
  if (refused !== undefined || rest.some((t) => isPunct(t, ';')))
    return unreadable(`has more than one UPDATE statement or a ${shownName(refused?.text ?? ';')}`);
  const setAt = rest.findIndex((t) => isKeyword(t, 'set'));
  if (setAt < 1) return unreadable('its UPDATE has no SET');
  const target = rest
    .slice(0, setAt)
    .filter((t) => t.kind === 'word' || t.kind === 'quoted')
    .map((t) => t.lower);
  const afterSet = rest.slice(setAt + 1);
  const clauseAt = afterSet.findIndex((t) => isKeyword(t, 'from') || isKeyword(t, 'where'));
  const assignments = clauseAt < 0 ? afterSet : afterSet.slice(0, clauseAt);
  const clause = clauseAt < 0 ? [] : afterSet.slice(clauseAt);
  if (!clause.some((t) => t.lower === 'inserted'))
    return unreadable('its UPDATE does not read `inserted`, so which rows it sets is not read');
  const names = clause.filter((t) => t.kind === 'word' || t.kind === 'quoted').map((t) => t.lower);
  const targetName = target[target.length - 1] ?? '';
  const tableName = table.toLowerCase();
  if (targetName !== tableName && !names.includes(tableName))
    return unreadable('its UPDATE may change another table');
  const sets: string[] = [];
  for (const part of splitCommas(assignments)) {
    // `col = expr` or `alias.col = expr`.
    const dotted = isPunct(part[1], '.');
    const column = columnOf(dotted ? part[2] : part[0]);
    const eq = dotted ? 3 : 1;
    if (column === undefined || !isPunct(part[eq], '='))
      return unreadable(`has an assignment that is not read: ${describe(part)}`);
    const why = notFresh(part.slice(eq + 1), ['inserted', 'deleted', ...names]);
    if (why !== undefined) return unreadable(`assigns ${why} to ${shownName(column)}`);
    sets.push(column);
  }
  return { readable: true, sets };
}

/**
 * Whether a PL/pgSQL trigger function always raises an error: its first statement is
 * `RAISE EXCEPTION ...` (or `RAISE` with a message or SQLSTATE and no level, whose level is
 * EXCEPTION). A trigger on UPDATE (or DELETE) with such a function rejects every such statement.
 */
export function plpgsqlAlwaysRaises(source: string): boolean {
  const tokens = tokenize(source, POSTGRES_TOKENS);
  if (!isKeyword(tokens[0], 'begin')) return false;
  const first = tokenStatements(tokens.slice(1))[0] ?? [];
  if (!isKeyword(first[0], 'raise')) return false;
  const level = first[1];
  return isKeyword(level, 'exception') || level?.kind === 'string' || isKeyword(level, 'sqlstate');
}

/**
 * Whether a MySQL/MariaDB trigger body always signals an error: its first statement is
 * `SIGNAL SQLSTATE '<class other than 00, 01, 02>'`, alone or first in a `BEGIN ... END` block.
 */
export function mysqlAlwaysSignals(statement: string): boolean {
  let tokens = tokenize(statement, MYSQL_TOKENS);
  if (isKeyword(tokens[0], 'begin')) tokens = tokens.slice(1);
  const first = tokenStatements(tokens)[0] ?? [];
  if (!isKeyword(first[0], 'signal') || !isKeyword(first[1], 'sqlstate')) return false;
  const state = first[2]?.kind === 'string' ? first[2] : isKeyword(first[2], 'value') ? first[3] : undefined;
  return state !== undefined && state.kind === 'string' && !/^0[012]/.test(state.text);
}
