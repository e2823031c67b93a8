/**
 * A small SQL tokenizer for reading trigger code conservatively: identifiers (plain and
 * quoted), string literals, numbers and punctuation, with comments dropped. One tokenizer for the
 * three dialects, told apart by {@link TokenDialect}. It never throws: text it does not
 * understand becomes punctuation tokens, which the readers then refuse.
 *
 * @module
 */

/** How a dialect writes quoted identifiers and strings. */
export interface TokenDialect {
  /** Characters that open a quoted identifier, each with its closing character. */
  readonly identifierQuotes: Readonly<Record<string, string>>;
  /** Characters that open a string literal. */
  readonly stringQuotes: string;
  /** Whether a backslash escapes the next character inside strings (MySQL). */
  readonly backslashEscapes: boolean;
  /** Whether `#` starts a comment to the end of the line (MySQL). */
  readonly hashComments: boolean;
  /** Whether `$tag$ ... $tag$` is a string (PostgreSQL). */
  readonly dollarQuotes: boolean;
  /** Whether unquoted identifiers fold to lower case (PostgreSQL); else they keep their case. */
  readonly foldsToLower: boolean;
}

/** PostgreSQL and PL/pgSQL. */
export const POSTGRES_TOKENS: TokenDialect = {
  identifierQuotes: { '"': '"' },
  stringQuotes: "'",
  backslashEscapes: false,
  hashComments: false,
  dollarQuotes: true,
  foldsToLower: true,
};

/** MySQL and MariaDB (with the default `sql_mode`, where `"` quotes strings). */
export const MYSQL_TOKENS: TokenDialect = {
  identifierQuotes: { '`': '`' },
  stringQuotes: `'"`,
  backslashEscapes: true,
  hashComments: true,
  dollarQuotes: false,
  foldsToLower: false,
};

/** SQL Server's T-SQL. */
export const TSQL_TOKENS: TokenDialect = {
  identifierQuotes: { '[': ']', '"': '"' },
  stringQuotes: "'",
  backslashEscapes: false,
  hashComments: false,
  dollarQuotes: false,
  foldsToLower: false,
};

/** One token. */
export interface Token {
  /** `word` (unquoted identifier or keyword), `quoted` (quoted identifier), `string`, `number` or `punct`. */
  readonly kind: 'word' | 'quoted' | 'string' | 'number' | 'punct';
  /** The identifier (folded per the dialect), the string's content, or the punctuation. */
  readonly text: string;
  /** For a word: its lower-case form, for keyword tests. */
  readonly lower: string;
  /** Where it starts in the text, and where it ends (for quoting a statement as written). */
  readonly at?: number;
  readonly end?: number;
}

const isWordStart = (c: string): boolean => /[\p{L}_]/u.test(c);
const isWordPart = (c: string): boolean => /[\p{L}\p{N}_$@#]/u.test(c);

/**
 * Reads a quoted string or identifier that opens at `start` and closes with `close` (doubled, it
 * stands for itself; with `backslash`, a backslash escapes the next character). Returns its text
 * and the index after it; an unclosed quote runs to the end.
 */
function readQuoted(
  sql: string,
  start: number,
  close: string,
  backslash: boolean,
): { text: string; end: number } {
  let text = '';
  let i = start + 1;
  while (i < sql.length) {
    const ch = sql[i] as string;
    if (backslash && ch === '\\') {
      text += sql[i + 1] ?? '';
      i += 2;
    } else if (ch === close && sql[i + 1] === close) {
      text += close;
      i += 2;
    } else if (ch === close) {
      return { text, end: i + 1 };
    } else {
      text += ch;
      i++;
    }
  }
  return { text, end: i };
}

/** Splits SQL text into tokens, dropping whitespace and comments. */
export function tokenize(sql: string, d: TokenDialect): Token[] {
  const out: Token[] = [];
  let i = 0;
  const n = sql.length;
  let from = 0;
  const push = (kind: Token['kind'], text: string) =>
    out.push({ kind, text, lower: text.toLowerCase(), at: from, end: i });
  while (i < n) {
    const c = sql[i] as string;
    const next = sql[i + 1] ?? '';
    from = i;
    const before = out.length;
    if (/\s/.test(c)) {
      i++;
    } else if ((c === '-' && next === '-') || (d.hashComments && c === '#')) {
      while (i < n && sql[i] !== '\n') i++;
    } else if (c === '/' && next === '*') {
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        if (sql[i] === '/' && sql[i + 1] === '*') {
          depth++;
          i += 2;
        } else if (sql[i] === '*' && sql[i + 1] === '/') {
          depth--;
          i += 2;
        } else i++;
      }
    } else if (d.dollarQuotes && c === '$' && /^\$[A-Za-z_]*\$/.test(sql.slice(i, i + 64))) {
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i, i + 64))?.[0] as string;
      const end = sql.indexOf(tag, i + tag.length);
      const stop = end < 0 ? n : end;
      push('string', sql.slice(i + tag.length, stop));
      i = end < 0 ? n : end + tag.length;
    } else if (d.stringQuotes.includes(c)) {
      const q = readQuoted(sql, i, c, d.backslashEscapes);
      push('string', q.text);
      i = q.end;
    } else if (d.identifierQuotes[c] !== undefined) {
      const q = readQuoted(sql, i, d.identifierQuotes[c] as string, false);
      out.push({ kind: 'quoted', text: q.text, lower: q.text.toLowerCase(), at: from, end: q.end });
      i = q.end;
    } else if (isWordStart(c)) {
      let j = i + 1;
      while (j < n && isWordPart(sql[j] as string)) j++;
      const word = sql.slice(i, j);
      out.push({
        kind: 'word',
        text: d.foldsToLower ? word.toLowerCase() : word,
        lower: word.toLowerCase(),
        at: from,
        end: j,
      });
      i = j;
    } else if (/[0-9]/.test(c)) {
      let j = i + 1;
      while (j < n && /[0-9.eE]/.test(sql[j] as string)) j++;
      push('number', sql.slice(i, j));
      i = j;
    } else if (c === ':' && next === '=') {
      push('punct', ':=');
      i += 2;
    } else if (c === ':' && next === ':') {
      push('punct', '::');
      i += 2;
    } else {
      push('punct', c);
      i++;
    }
    // Each branch pushes at most one token, some before moving past it: its end is where the branch stopped.
    if (out.length > before) {
      const t = out[out.length - 1] as Token;
      out[out.length - 1] = { ...t, at: from, end: i };
    }
  }
  return out;
}

/** Whether a token is the keyword `word` (an unquoted word, any case). */
export const isKeyword = (t: Token | undefined, word: string): boolean =>
  t !== undefined && t.kind === 'word' && t.lower === word;

/** Whether a token is the punctuation `p`. */
export const isPunct = (t: Token | undefined, p: string): boolean =>
  t !== undefined && t.kind === 'punct' && t.text === p;

/** Splits tokens at a top-level punctuation (outside parentheses), keeping empty parts. */
function splitAt(tokens: readonly Token[], separator: string): Token[][] {
  const out: Token[][] = [];
  let current: Token[] = [];
  let depth = 0;
  for (const t of tokens) {
    if (isPunct(t, '(')) depth++;
    if (isPunct(t, ')')) depth--;
    if (depth === 0 && isPunct(t, separator)) {
      out.push(current);
      current = [];
    } else current.push(t);
  }
  out.push(current);
  return out;
}

/** Splits tokens into statements at top-level `;` (outside parentheses), dropping empty ones. */
export const tokenStatements = (tokens: readonly Token[]): Token[][] =>
  splitAt(tokens, ';').filter((s) => s.length > 0);

/** Splits tokens at top-level commas (outside parentheses). */
export const splitCommas = (tokens: readonly Token[]): Token[][] => splitAt(tokens, ',');
