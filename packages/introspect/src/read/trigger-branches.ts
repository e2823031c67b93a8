/**
 * Reading the body of a BEFORE ROW trigger as code, branch by branch (PL/pgSQL, and MySQL/MariaDB
 * trigger bodies): for each column, whether every path through the body that lets the row
 * through assigns it a fresh value (set on every update), only some paths do (not on every update:
 * false for the rule), or none does (false). General database knowledge (inference), not the service's documentation.
 *
 * Two guards are read for what they mean. One that skips only the updates that change nothing
 * (`IF NEW IS DISTINCT FROM OLD`) still sets the column on every update that matters. One that
 * skips when the statement wrote the column itself (`NEW.col IS NOT DISTINCT FROM OLD.col`, as in
 * Diesel's `diesel_set_updated_at`; `NEW.col <=> OLD.col` in MySQL) leaves the column to the
 * application: unknown, with the question whether the application ever writes it. A path that
 * raises an error, returns NULL (the row is skipped) or falls off the end of a PL/pgSQL function
 * (an error) lets no row through and is left out.
 *
 * The body is unknown as a whole only where it can assign columns it does not name (a dynamic
 * `EXECUTE`, `NEW := ...`, `SELECT ... INTO NEW`, a call that receives NEW, an exception handler
 * that swallows errors), has a loop, or cannot be parsed; a value that is not fresh (a constant,
 * a value computed from the row, a CASE) makes only its column unknown. Each reason quotes the
 * statement as written.
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
  tokenize,
} from './sql-tokens.js';

/** What a trigger does to the row's columns. */
export type TriggerReading =
  | {
      readonly readable: true;
      /** Columns every path that lets the row through sets to a fresh value. */
      readonly sets: readonly string[];
      /** Columns whose setting is not known, each with why (the statement quoted). */
      readonly open?: readonly { readonly column: string; readonly reason: string }[];
      /** Columns some path restores to their old value (`NEW.col = OLD.col`), and whether every path does. */
      readonly keeps?: readonly ColumnKept[];
    }
  | { readonly readable: false; readonly reason: string };

/** A column a trigger restores to its old value: on every path that lets the row through, or on some. */
export interface ColumnKept {
  readonly column: string;
  readonly always: boolean;
  /** The statement, quoted. */
  readonly text: string;
}

/** The sentence on a restored column, after the trigger's name (`who`). */
export const keptReason = (k: ColumnKept, who: string): string =>
  `${who} restores its old value on ${k.always ? 'every update' : 'some updates only'}: ${k.text}`;

/** The language of a body: PL/pgSQL, or the compound statements (`BEGIN ... END`) of MySQL/MariaDB triggers. */
type BodyDialect = 'plpgsql' | 'compound';

/** One statement, as far as the reader needs it. */
type Stmt =
  | {
      readonly kind: 'assign';
      readonly column: string;
      readonly fresh: string | undefined;
      /** The value is the column's own old value (`OLD.col`). */
      readonly keeps: boolean;
      readonly text: string;
    }
  | {
      readonly kind: 'branch';
      readonly arms: readonly Arm[];
      readonly hasElse: boolean;
      readonly elseVacuous: boolean;
    }
  | { readonly kind: 'return'; readonly value: 'new' | 'null' | 'old' }
  | { readonly kind: 'stop' }
  | { readonly kind: 'noop' };

/** One arm of an IF or CASE: its condition's tokens (none for ELSE), the guard it is, and its statements. */
interface Arm {
  readonly cond: readonly Token[] | undefined;
  readonly condText: string;
  readonly guard: Guard | undefined;
  readonly body: readonly Stmt[];
}

/** Why the body cannot be read as a whole. */
class Opaque extends Error {}

/** Keywords that are a current time without parentheses. */
const TIME_KEYWORDS = new Set([
  'current_timestamp',
  'localtimestamp',
  'current_date',
  'current_time',
  'localtime',
]);

/** At most this many paths are followed; a body with more is not read (inference: real triggers have a handful). */
const MAX_PATHS = 256;

/** The statement as written, on one line, shortened. */
function quote(source: string, tokens: readonly Token[]): string {
  const first = tokens[0];
  const last = tokens[tokens.length - 1];
  if (first?.at === undefined || last?.end === undefined) return '``';
  const text = source.slice(first.at, last.end).replace(/\s+/g, ' ').trim();
  return shownName(text.length > 120 ? `${text.slice(0, 117)}...` : text);
}

/**
 * Why an assigned expression is not a fresh value, or undefined when it is one: it must call a
 * function or name the current time, and must not read the row (`rowNames`: NEW and OLD, or
 * T-SQL's `inserted`, `deleted` and the table's names) nor choose with CASE/IF.
 */
export function notFresh(
  expr: readonly Token[],
  rowNames: readonly string[] = ['new', 'old'],
): string | undefined {
  if (expr.length === 0) return 'assigns nothing';
  let fresh = false;
  for (let i = 0; i < expr.length; i++) {
    const t = expr[i] as Token;
    if (t.kind !== 'word') continue;
    if (rowNames.includes(t.lower) && isPunct(expr[i + 1], '.')) return 'a value computed from the row';
    if (t.lower === 'case' || t.lower === 'if' || t.lower === 'iif') return 'a value chosen by a condition';
    if (TIME_KEYWORDS.has(t.lower) || isPunct(expr[i + 1], '(')) fresh = true;
  }
  return fresh ? undefined : 'a constant or a variable';
}

/** Whether tokens mention the row NEW as a whole or a column of it. */
const mentionsNew = (tokens: readonly Token[]): boolean => tokens.some((t) => isKeyword(t, 'new'));

/** A parser of one body. */
class Parser {
  private i = 0;

  constructor(
    private readonly tokens: readonly Token[],
    private readonly source: string,
    private readonly dialect: BodyDialect,
  ) {}

  private peek(k = 0): Token | undefined {
    return this.tokens[this.i + k];
  }

  private atWord(...words: string[]): boolean {
    const t = this.peek();
    return t !== undefined && t.kind === 'word' && words.includes(t.lower);
  }

  private expectWord(word: string): void {
    if (!isKeyword(this.peek(), word)) throw new Opaque(`cannot be parsed: ${word.toUpperCase()} expected`);
    this.i++;
  }

  private skipSemicolon(): void {
    if (isPunct(this.peek(), ';')) this.i++;
  }

  /** Tokens up to (not including) a word at depth 0, or to the end. */
  private until(...words: string[]): Token[] {
    const out: Token[] = [];
    let depth = 0;
    while (this.i < this.tokens.length) {
      const t = this.peek() as Token;
      if (depth === 0 && t.kind === 'word' && words.includes(t.lower)) break;
      if (depth === 0 && t.kind === 'punct' && words.includes(t.text)) break;
      if (isPunct(t, '(')) depth++;
      if (isPunct(t, ')')) depth--;
      out.push(t);
      this.i++;
    }
    return out;
  }

  /** Statements until one of the stop words (END, ELSE, ...) opens a statement, or the tokens end. */
  block(stops: readonly string[]): Stmt[] {
    const out: Stmt[] = [];
    while (this.i < this.tokens.length && !this.atWord(...stops)) out.push(...this.statement());
    return out;
  }

  private statement(): Stmt[] {
    const t = this.peek() as Token;
    if (isPunct(t, ';')) {
      this.i++;
      return [];
    }
    if (isPunct(t, '<') || (t.kind === 'word' && isPunct(this.peek(1), ':') && !isPunct(this.peek(2), '=')))
      throw new Opaque(
        `has a labelled block or loop: ${quote(this.source, this.tokens.slice(this.i, this.i + 4))}`,
      );
    if (this.atWord('if')) return [this.ifStatement()];
    if (this.atWord('case')) return [this.caseStatement()];
    if (this.atWord('begin')) return this.nestedBlock();
    if (this.atWord('loop', 'while', 'for', 'foreach', 'repeat'))
      throw new Opaque(`has a loop: ${quote(this.source, this.tokens.slice(this.i, this.i + 4))}`);
    const simple = this.until(';');
    this.skipSemicolon();
    return this.simple(simple);
  }

  nestedBlock(): Stmt[] {
    this.expectWord('begin');
    const body = this.block(['end', 'exception']);
    if (this.atWord('exception'))
      throw new Opaque(
        'has an exception handler, which may swallow an error and let the row through unassigned',
      );
    this.expectWord('end');
    this.skipSemicolon();
    return body;
  }

  private arm(cond: Token[] | undefined, stops: readonly string[]): Arm {
    const guard = cond === undefined ? undefined : guardOf(cond);
    return {
      cond,
      condText: cond === undefined ? '' : quote(this.source, cond),
      guard: guard === undefined ? undefined : { ...guard, app: guard.app.map((c) => this.name(c)) },
      body: this.block(stops),
    };
  }

  private ifStatement(): Stmt {
    this.expectWord('if');
    const arms: Arm[] = [];
    const cond = this.until('then');
    this.expectWord('then');
    arms.push(this.arm(cond, ['elsif', 'elseif', 'else', 'end']));
    let hasElse = false;
    while (this.atWord('elsif', 'elseif')) {
      this.i++;
      const c = this.until('then');
      this.expectWord('then');
      arms.push(this.arm(c, ['elsif', 'elseif', 'else', 'end']));
    }
    if (this.atWord('else')) {
      this.i++;
      hasElse = true;
      arms.push(this.arm(undefined, ['end']));
    }
    this.expectWord('end');
    this.expectWord('if');
    this.skipSemicolon();
    return { kind: 'branch', arms, hasElse, elseVacuous: false };
  }

  private caseStatement(): Stmt {
    this.expectWord('case');
    const selector = this.until('when');
    const arms: Arm[] = [];
    while (this.atWord('when')) {
      this.i++;
      const c = this.until('then');
      this.expectWord('then');
      arms.push(this.arm(selector.length > 0 ? [...selector, ...c] : c, ['when', 'else', 'end']));
    }
    let hasElse = false;
    if (this.atWord('else')) {
      this.i++;
      hasElse = true;
      arms.push(this.arm(undefined, ['end']));
    }
    this.expectWord('end');
    this.expectWord('case');
    this.skipSemicolon();
    // A CASE statement with no ELSE and no matching WHEN raises CASE_NOT_FOUND: that path lets no row through.
    return { kind: 'branch', arms, hasElse, elseVacuous: !hasElse };
  }

  /** A statement that is not compound. */
  private simple(tokens: readonly Token[]): Stmt[] {
    const text = quote(this.source, tokens);
    const first = tokens[0];
    if (first === undefined) return [];
    const word = first.kind === 'word' ? first.lower : '';
    if (word === 'null') return [{ kind: 'noop' }];
    if (word === 'return') {
      const v = tokens[1];
      if (tokens.length === 2 && (isKeyword(v, 'new') || isKeyword(v, 'null') || isKeyword(v, 'old')))
        return [{ kind: 'return', value: (v as Token).lower as 'new' | 'null' | 'old' }];
      throw new Opaque(`returns something other than NEW, OLD or NULL: ${text}`);
    }
    if (word === 'raise') {
      const level = tokens[1];
      const mild = ['notice', 'warning', 'info', 'log', 'debug'].some((l) => isKeyword(level, l));
      return [mild ? { kind: 'noop' } : { kind: 'stop' }];
    }
    if (word === 'signal' || word === 'resignal') return [{ kind: 'stop' }];
    if (word === 'execute') throw new Opaque(`runs dynamic SQL, which may assign any column: ${text}`);
    if (word === 'declare' && this.dialect === 'compound') {
      if (tokens.some((t) => isKeyword(t, 'handler')))
        throw new Opaque(`declares a handler, which may swallow an error and let the row through: ${text}`);
      return [{ kind: 'noop' }];
    }
    const into = tokens.findIndex((t) => isKeyword(t, 'into'));
    if (into >= 0 && mentionsNew(tokens.slice(into))) throw new Opaque(`fills NEW from a query: ${text}`);
    if (this.dialect === 'compound' && word === 'set') return this.mysqlSet(tokens.slice(1), text);
    if (this.dialect === 'plpgsql' && isKeyword(first, 'new')) return [this.assignment(tokens, text)];
    if ((word === 'perform' || word === 'call' || word === 'select') && mentionsNew(tokens))
      throw new Opaque(`passes NEW to a call, which may change it: ${text}`);
    // Any other statement (an INSERT into an audit table, a variable's assignment) cannot assign NEW.
    return [{ kind: 'noop' }];
  }

  /** `NEW.col := expr` (PL/pgSQL) or `NEW.col = expr`. */
  private assignment(tokens: readonly Token[], text: string): Stmt {
    const col = tokens[2];
    if (!isPunct(tokens[1], '.') || col === undefined || (col.kind !== 'word' && col.kind !== 'quoted'))
      throw new Opaque(`assigns the whole NEW row: ${text}`);
    const op = tokens[3];
    if (op === undefined || op.kind !== 'punct' || (op.text !== ':=' && op.text !== '='))
      throw new Opaque(`has a statement that is not read: ${text}`);
    const column = this.name(col.text);
    const value = tokens.slice(4);
    const old = value.length === 3 && isKeyword(value[0], 'old') ? rowColumn(value) : undefined;
    const keeps = old !== undefined && this.name(old.column) === column;
    return { kind: 'assign', column, fresh: keeps ? undefined : notFresh(value), keeps, text };
  }

  /** A column's name as the paths key it: MySQL's names ignore case; PL/pgSQL's are folded by the tokenizer. */
  private name(text: string): string {
    return this.dialect === 'compound' ? text.toLowerCase() : text;
  }

  /** `SET NEW.a = expr, @v = expr, ...` (MySQL). */
  private mysqlSet(parts: readonly Token[], text: string): Stmt[] {
    const out: Stmt[] = [];
    let depth = 0;
    let current: Token[] = [];
    const flush = () => {
      if (current.length === 0) return;
      if (isKeyword(current[0], 'new')) out.push(this.assignment(current, text));
      else if (mentionsNew(current.slice(0, 1)))
        throw new Opaque(`has a statement that is not read: ${text}`);
      current = [];
    };
    for (const t of parts) {
      if (isPunct(t, '(')) depth++;
      if (isPunct(t, ')')) depth--;
      if (depth === 0 && isPunct(t, ',')) flush();
      else current.push(t);
    }
    flush();
    return out;
  }
}

/** A guard's meaning: it skips only updates that change nothing, or when the statement wrote these columns. */
interface Guard {
  /** The columns the statement may have written itself (the guard skips then). */
  readonly app: readonly string[];
  /** Whether a part skips the updates that change nothing. */
  readonly noop: boolean;
}

/**
 * The guard an IF condition is, or undefined when it is another condition: a conjunction of
 * `NEW IS DISTINCT FROM OLD` (or `ROW(NEW.*) IS DISTINCT FROM ROW(OLD.*)`, `OLD.* IS DISTINCT FROM
 * NEW.*`) and `NEW.col IS NOT DISTINCT FROM OLD.col` (or `=`, MySQL's `<=>`, either side first).
 */
export function guardOf(whole: readonly Token[]): Guard | undefined {
  // Parentheses around the whole condition: `WHEN ((OLD.* IS DISTINCT FROM NEW.*))`.
  const parts = splitAtKeyword(unwrap(whole), 'and');
  const app: string[] = [];
  let noop = false;
  for (const part of parts) {
    const words = part
      .filter((t) => !isPunct(t, '(') && !isPunct(t, ')') && !isKeyword(t, 'row'))
      .map((t) => (t.kind === 'word' ? t.lower : t.kind === 'quoted' ? `"${t.text}"` : t.text))
      .join(' ')
      .replace(/ \. \*/g, '');
    if (/^(new is distinct from old|old is distinct from new)$/.test(words)) {
      noop = true;
      continue;
    }
    const m = /^(new|old) \. (\S+) (?:is not distinct from|=|< = >) (new|old) \. (\S+)$/.exec(words);
    if (m === null || m[1] === m[3] || m[2] !== m[4]) return undefined;
    // The column as the tokenizer spelled it (folded in PL/pgSQL, as written in MySQL).
    const names = part.filter((t) => t.kind === 'word' || t.kind === 'quoted');
    app.push(names[1]?.text ?? (m[2] as string));
  }
  return app.length > 0 || noop ? { app, noop } : undefined;
}

/** The index of the parenthesis that closes the one at `open`, or -1. */
function closing(tokens: readonly Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    if (isPunct(tokens[i], '(')) depth++;
    if (isPunct(tokens[i], ')') && --depth === 0) return i;
  }
  return -1;
}

/** Tokens without the parentheses that enclose them all: `((a OR b))` gives `a OR b`. */
function unwrap(tokens: readonly Token[]): readonly Token[] {
  let out = tokens;
  while (isPunct(out[0], '(') && closing(out, 0) === out.length - 1) out = out.slice(1, -1);
  return out;
}

/** Splits tokens at a keyword outside parentheses. */
function splitAtKeyword(tokens: readonly Token[], word: string): Token[][] {
  const parts: Token[][] = [[]];
  let depth = 0;
  for (const t of tokens) {
    if (isPunct(t, '(')) depth++;
    if (isPunct(t, ')')) depth--;
    if (depth === 0 && isKeyword(t, word)) parts.push([]);
    else (parts[parts.length - 1] as Token[]).push(t);
  }
  return parts;
}

/** `OLD.col` or `NEW.col`: which row, and the column as the tokenizer spelled it; else undefined. */
function rowColumn(t: readonly Token[]): { row: string; column: string } | undefined {
  if (t.length !== 3 || !isPunct(t[1], '.')) return undefined;
  const row = isKeyword(t[0], 'old') ? 'old' : isKeyword(t[0], 'new') ? 'new' : undefined;
  const c = t[2];
  if (row === undefined || c === undefined || (c.kind !== 'word' && c.kind !== 'quoted')) return undefined;
  return { row, column: c.text };
}

/**
 * The columns a WHEN condition compares, when it is true exactly when one of them changed: a
 * disjunction of `OLD.col IS DISTINCT FROM NEW.col` (either row first, nested in parentheses as
 * \`pg_get_triggerdef\` prints them), or `(OLD.a, OLD.b) IS DISTINCT FROM (NEW.a, NEW.b)` (with
 * or without ROW). Any other condition gives undefined.
 */
export function changedColumns(condition: readonly Token[]): string[] | undefined {
  const cond = unwrap(condition);
  const alternatives = splitAtKeyword(cond, 'or');
  if (alternatives.length > 1) {
    const out: string[] = [];
    for (const a of alternatives) {
      const columns = changedColumns(a);
      if (columns === undefined) return undefined;
      out.push(...columns);
    }
    return out;
  }
  const at = cond.findIndex(
    (t, i) => isKeyword(t, 'is') && isKeyword(cond[i + 1], 'distinct') && isKeyword(cond[i + 2], 'from'),
  );
  if (at <= 0) return undefined;
  const sides = [cond.slice(0, at), cond.slice(at + 3)].map((side) => {
    const bare = isKeyword(side[0], 'row') ? side.slice(1) : side;
    const items =
      isPunct(bare[0], '(') && closing(bare, 0) === bare.length - 1 ? splitCommas(bare.slice(1, -1)) : [bare];
    return items.map((item) => rowColumn(unwrap(item)));
  });
  const [left, right] = sides as [ReturnType<typeof rowColumn>[], ReturnType<typeof rowColumn>[]];
  if (left.length !== right.length || left.length === 0) return undefined;
  const out: string[] = [];
  for (let i = 0; i < left.length; i++) {
    const l = left[i];
    const r = right[i];
    if (l === undefined || r === undefined || l.row === r.row || l.column !== r.column) return undefined;
    out.push(l.column);
  }
  // One row on each side: all of OLD against all of NEW.
  if (new Set(left.map((x) => x?.row)).size !== 1) return undefined;
  return out;
}

/**
 * A trigger's reading under its WHEN condition (PostgreSQL `pg_get_triggerdef`): a guard that
 * skips only updates that change nothing leaves it as it is, and so does a condition true when one
 * of a list of columns changed that covers every column of the table (`columns`) the trigger does
 * not set; one that skips when the statement wrote a column leaves that column to the application
 * (unknown) and the others set on some updates only; any other condition makes every column it
 * sets set on some updates only (false).
 */
export function underWhen(
  reading: TriggerReading,
  definition: string,
  columns: readonly string[] = [],
): TriggerReading {
  if (!reading.readable) return reading;
  const tokens = tokenize(definition, POSTGRES_TOKENS);
  const at = tokens.findIndex((t, i) => isKeyword(t, 'when') && isPunct(tokens[i + 1], '('));
  const end = at < 0 ? -1 : closing(tokens, at + 1);
  if (end < 0) return { readable: false, reason: 'has a WHEN condition that cannot be parsed' };
  const cond = tokens.slice(at + 1, end + 1);
  const guard = guardOf(cond);
  if (guard !== undefined && guard.app.length === 0) return reading;
  const compared = guard === undefined ? changedColumns(cond) : undefined;
  if (compared !== undefined && columns.length > 0) {
    const others = columns.filter((c) => !reading.sets.includes(c));
    if (others.every((c) => compared.includes(c))) return reading;
  }
  const text = quote(definition, tokens.slice(at, end + 1));
  const open = [...(reading.open ?? [])];
  for (const c of guard?.app ?? [])
    if (reading.sets.includes(c))
      open.push({
        column: c,
        reason: `skips when the statement writes ${shownName(c)} itself (${text}): whether the application ever writes ${shownName(c)} is not known`,
      });
  return onSomeUpdates({ ...reading, open });
}

/**
 * The reading of a trigger that fires on some updates only (a WHEN condition, `UPDATE OF`): what
 * it sets is set on those only, what it restores is restored on those only; the unknown stays.
 */
export function onSomeUpdates(reading: TriggerReading & { readable: true }): TriggerReading {
  const open = reading.open ?? [];
  const keeps = (reading.keeps ?? []).map((k) => ({ ...k, always: false }));
  return {
    readable: true,
    sets: [],
    ...(open.length > 0 ? { open } : {}),
    ...(keeps.length > 0 ? { keeps } : {}),
  };
}

/** One path through the body so far. */
interface Path {
  /** Per column: `fresh`, why it is not known, or the statement that restored its old value. */
  readonly columns: Map<string, { fresh: boolean; reason?: string; kept?: string }>;
  /** Columns the statement may have written itself on this path (a guard skipped for them). */
  readonly appWrote: Map<string, string>;
  /** Columns the guard of this path leaves to the application when they are assigned. */
  readonly appGuard: Map<string, string>;
  /** The path lets no row through (an error, RETURN NULL) or skips only updates that change nothing. */
  vacuous: boolean;
  /** The path has returned. */
  done: boolean;
}

const copy = (p: Path): Path => ({
  columns: new Map(p.columns),
  appWrote: new Map(p.appWrote),
  appGuard: new Map(p.appGuard),
  vacuous: p.vacuous,
  done: p.done,
});

function run(stmts: readonly Stmt[], paths: Path[]): Path[] {
  let current = paths;
  for (const s of stmts) {
    const next: Path[] = [];
    for (const p of current) {
      if (p.done) {
        next.push(p);
        continue;
      }
      next.push(...step(s, p));
    }
    if (next.length > MAX_PATHS) throw new Opaque(`has more than ${MAX_PATHS} paths`);
    current = next;
  }
  return current;
}

function step(s: Stmt, p: Path): Path[] {
  switch (s.kind) {
    case 'noop':
      return [p];
    case 'stop':
      return [{ ...p, vacuous: true, done: true }];
    case 'return':
      return [{ ...p, vacuous: p.vacuous || s.value === 'null', done: true }];
    case 'assign': {
      const guard = p.appGuard.get(s.column);
      p.columns.set(
        s.column,
        s.keeps
          ? { fresh: false, kept: s.text }
          : s.fresh !== undefined
            ? { fresh: false, reason: `assigns ${s.fresh}: ${s.text}` }
            : guard !== undefined
              ? {
                  fresh: false,
                  reason: `skips when the statement writes ${shownName(s.column)} itself (${guard}): whether the application ever writes ${shownName(s.column)} is not known`,
                }
              : { fresh: true },
      );
      return [p];
    }
    case 'branch': {
      const out: Path[] = [];
      let elseGuard: Guard | undefined;
      for (const arm of s.arms) {
        const q = copy(p);
        if (arm.cond === undefined) {
          if (elseGuard !== undefined) markSkipped(q, elseGuard, s.arms[0]?.condText ?? '');
        } else {
          const guard = s.arms.length <= 2 && arm === s.arms[0] ? arm.guard : undefined;
          if (guard !== undefined) {
            elseGuard = guard;
            for (const c of guard.app) q.appGuard.set(c, arm.condText);
          }
        }
        out.push(...run(arm.body, [q]));
      }
      if (!s.hasElse) {
        const q = copy(p);
        if (s.elseVacuous) q.vacuous = true;
        else if (elseGuard !== undefined) markSkipped(q, elseGuard, s.arms[0]?.condText ?? '');
        out.push(q);
      }
      return out;
    }
  }
}

/** The path where a guard skipped: no change at all (vacuous), or the statement wrote the guarded columns. */
function markSkipped(q: Path, guard: Guard, text: string): void {
  if (guard.app.length === 0) q.vacuous = true;
  else for (const c of guard.app) q.appWrote.set(c, text);
}

/** The reading of the paths: the columns every path sets fresh, and the columns not known. */
function readingOf(paths: readonly Path[], plpgsql: boolean): TriggerReading {
  // A PL/pgSQL function that falls off its end without RETURN raises an error: no row gets through.
  const through = paths.filter((p) => !p.vacuous && (p.done || !plpgsql));
  const names = new Set<string>();
  for (const p of paths) {
    for (const c of p.columns.keys()) names.add(c);
    for (const c of p.appWrote.keys()) names.add(c);
  }
  const sets: string[] = [];
  const open: { column: string; reason: string }[] = [];
  const keeps: ColumnKept[] = [];
  for (const column of names) {
    let every = through.length > 0;
    let reason: string | undefined;
    let kept: string | undefined;
    let keptEvery = through.length > 0;
    for (const p of through) {
      const c = p.columns.get(column);
      if (c?.kept !== undefined) kept ??= c.kept;
      else keptEvery = false;
      const wrote = p.appWrote.get(column);
      if (c !== undefined && !c.fresh && c.reason !== undefined) reason ??= c.reason;
      else if (wrote !== undefined && c === undefined)
        reason ??= `skips when the statement writes ${shownName(column)} itself (${wrote}): whether the application ever writes ${shownName(column)} is not known`;
      if (c === undefined || !c.fresh) every = false;
    }
    if (reason !== undefined) open.push({ column, reason });
    else if (every) sets.push(column);
    else if (kept !== undefined) keeps.push({ column, always: keptEvery, text: kept });
  }
  return {
    readable: true,
    sets,
    ...(open.length > 0 ? { open } : {}),
    ...(keeps.length > 0 ? { keeps } : {}),
  };
}

function read(source: string, dialect: BodyDialect): TriggerReading {
  const tokens = tokenize(source, dialect === 'plpgsql' ? POSTGRES_TOKENS : MYSQL_TOKENS);
  try {
    let body: Stmt[];
    if (dialect === 'plpgsql') {
      let start = 0;
      if (isKeyword(tokens[0], 'declare')) {
        // Declarations run to the BEGIN of the body; their defaults do not touch NEW.
        start = tokens.findIndex((t) => isKeyword(t, 'begin'));
        if (start < 0) throw new Opaque('does not start with BEGIN');
      }
      if (!isKeyword(tokens[start], 'begin')) throw new Opaque('does not start with BEGIN');
      const parser = new Parser(tokens.slice(start), source, dialect);
      body = parser.nestedBlock();
    } else {
      body = new Parser(tokens, source, dialect).block([]);
    }
    const start: Path = {
      columns: new Map(),
      appWrote: new Map(),
      appGuard: new Map(),
      vacuous: false,
      done: false,
    };
    return readingOf(run(body, [start]), dialect === 'plpgsql');
  } catch (error) {
    if (error instanceof Opaque) return { readable: false, reason: error.message };
    throw error;
  }
}

/** A PL/pgSQL trigger function's body (`pg_proc.prosrc`), as the function of a BEFORE ROW trigger. */
export function readPlpgsqlBeforeRow(source: string): TriggerReading {
  return read(source, 'plpgsql');
}

/** A MySQL/MariaDB BEFORE trigger's body (`information_schema.TRIGGERS.ACTION_STATEMENT`). */
export function readMysqlBefore(statement: string): TriggerReading {
  return read(statement, 'compound');
}
