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
    const quote = rules.quotes.find(([open]) => text[i] === open);
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
      if (!/^[\p{L}_][\p{L}\p{N}_$#@]*$/u.test(bare)) return undefined;
      part = rules.fold(bare);
    }
    if (part.length === 0) return undefined;
    parts.push(part);
    if (i === n) return parts;
    if (text[i] !== '.') return undefined;
    i++;
  }
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
