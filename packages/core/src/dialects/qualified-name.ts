/**
 * Reading a qualified table name as SQL writes it (`schema.table`, each part bare or quoted), so
 * that a dot or a quote inside a quoted part is part of the name, never a separator.
 *
 * @module
 */
import type { TableName } from './types.js';

/** How a dialect writes names: its quote pairs, and what it does to the case of a bare name. */
export interface NameRules {
  /** Each opening quote and its closing quote (the closing one doubled inside a name). */
  readonly quotes: readonly (readonly [open: string, close: string])[];
  /** A bare name as the database stores it (PostgreSQL folds to lower case, Oracle to upper). */
  readonly fold: (bare: string) => string;
  /**
   * Whether a name may start with its database (`sales.dbo.orders`): SQL Server and PostgreSQL
   * (whose statements then say which database they are for); not MySQL, whose databases are its
   * schemas, nor Oracle, whose names hold no database. Absent: no.
   */
  readonly database?: boolean;
}

/** The parts of a qualified name, or undefined when it is not one (unbalanced quotes, empty parts). */
export function parseQualified(text: string, rules: NameRules): string[] | undefined {
  const parts: string[] = [];
  let i = 0;
  const n = text.length;
  for (;;) {
    const quote = quoteAt(rules, text[i]);
    let part = '';
    if (quote !== undefined) {
      const close = quote[1];
      i++;
      for (;;) {
        if (i >= n) return undefined;
        if (text[i] === close) {
          if (text[i + 1] === close) {
            part += close;
            i += 2;
            continue;
          }
          i++;
          break;
        }
        part += text[i];
        i++;
      }
    } else {
      const start = i;
      while (i < n && text[i] !== '.') i++;
      const bare = text.slice(start, i);
      if (!isBare(bare)) return undefined;
      part = rules.fold(bare);
    }
    if (part.length === 0) return undefined;
    parts.push(part);
    if (i === n) return parts;
    if (text[i] !== '.') return undefined;
    i++;
  }
}

/** The quote pair that opens with `c`, if any (a loop, not `find` and a closure a part). */
function quoteAt(rules: NameRules, c: string | undefined): readonly [string, string] | undefined {
  for (const q of rules.quotes) if (q[0] === c) return q;
  return undefined;
}

/** A part SQL writes bare: a letter or `_`, then letters, digits, `_`, `$`, `#`, `@`. */
const BARE = /^[\p{L}_][\p{L}\p{N}_$#@]*$/u;

/**
 * Whether `part` is a bare name (`BARE`), read character by character when it is ASCII (the
 * letters and digits of `\p{L}` and `\p{N}` there are A-Z, a-z, 0-9), by `BARE` otherwise: the
 * Unicode expression took most of a name's parse, and `--questions` parses names often.
 */
function isBare(part: string): boolean {
  const n = part.length;
  if (n === 0) return false;
  for (let i = 0; i < n; i++) {
    const c = part.charCodeAt(i);
    if (c > 0x7e) return BARE.test(part);
    const letter = (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f;
    if (letter) continue;
    const more = (c >= 0x30 && c <= 0x39) || c === 0x24 || c === 0x23 || c === 0x40;
    if (i === 0 || !more) return false;
  }
  return true;
}

/**
 * A table's name from its qualified name: the last part, the one before it as the schema, and the
 * first of three as the database.
 */
export function tableNameOf(text: string, rules: NameRules): TableName | undefined {
  const parts = parseQualified(text, rules);
  if (parts === undefined || parts.length > (rules.database === true ? 3 : 2)) return undefined;
  const table = parts[parts.length - 1] as string;
  const schema = parts.length > 1 ? parts[parts.length - 2] : undefined;
  return parts.length === 3 ? { database: parts[0] as string, schema, table } : { schema, table };
}

/** The quotes of every dialect: a name `inspect` writes quotes a part in its own database's. */
const ANY_DIALECT: NameRules = {
  quotes: [
    ['"', '"'],
    ['`', '`'],
    ['[', ']'],
  ],
  fold: (bare) => bare,
};

/**
 * A table's schema and name as `inspect` writes them (`schema.table`, a part quoted in its
 * database's quotes where it needs them), or undefined when the text is not such a name (or not
 * a string).
 */
export function splitInspectedName(text: string): TableName | undefined {
  if (typeof text !== 'string') return undefined;
  const parts = parseQualified(text, ANY_DIALECT);
  return parts?.length === 2 ? { schema: parts[0], table: parts[1] as string } : undefined;
}
