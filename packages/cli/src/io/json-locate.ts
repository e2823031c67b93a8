/**
 * Finds where a JSON text stops being valid, as line and column. Node 20's `JSON.parse` often
 * leaves the position out of its message, so this scanner is run after a parse fails.
 *
 * @module
 */

/** Where and why a JSON text is invalid. */
export interface JsonErrorLocation {
  readonly offset: number;
  /** 1-based. */
  readonly line: number;
  /** 1-based, in UTF-16 code units. */
  readonly column: number;
  readonly reason: string;
}

class Stop {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {}
}

/** The first syntax error of `text`, or `undefined` when it is valid JSON. */
export function locateJsonError(text: string): JsonErrorLocation | undefined {
  let i = 0;
  const n = text.length;
  const ws = () => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 9 || c === 10 || c === 13) i++;
      else break;
    }
  };
  const fail = (reason: string): never => {
    throw new Stop(i, reason);
  };
  /** A sentence for a missing token: `expected X but found "y"`, or that the input ends before X. */
  const expected = (what: string): never =>
    fail(
      i >= n
        ? `the input ends where ${what} was expected`
        : `expected ${what} but found ${JSON.stringify(text[i])}`,
    );
  const expectedValue = () => {
    if (i < n && (text[i] === '}' || text[i] === ']') && text.slice(0, i).trimEnd().endsWith(',')) {
      fail(
        `expected a value after the comma but found ${JSON.stringify(text[i])}; remove the trailing comma`,
      );
    }
    if (text[i] === "'") fail(`expected a value but found a single quote; JSON strings take double quotes`);
    expected('a value');
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else expectedValue();
  };
  const string = () => {
    i++; // opening quote
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return;
      }
      if (c < 32) {
        fail(
          `a string holds the control character U+${c.toString(16).toUpperCase().padStart(4, '0')}, which must be escaped (${c === 10 ? 'as \\n' : c === 9 ? 'as \\t' : 'as \\uXXXX'})`,
        );
      }
      if (c === 92) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
            fail('a string has a \\u escape without four hex digits after it');
          }
          i += 6;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) {
          fail(
            `a string has the invalid escape \\${e ?? ''}; the escapes are \\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX`,
          );
        }
        i += 2;
        continue;
      }
      i++;
    }
    fail('the input ends inside a string; its closing double quote is missing');
  };
  const number = () => {
    const m = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 400));
    if (!m || m[0] === '-' || m[0] === '') expectedValue();
    i += (m as RegExpExecArray)[0].length;
  };
  // An explicit stack instead of recursion, so deep nesting cannot overflow.
  const stack: ('{' | '[')[] = [];
  const value = () => {
    ws();
    const c = text[i];
    if (c === '{' || c === '[') {
      stack.push(c);
      i++;
      ws();
      if (text[i] === (c === '{' ? '}' : ']')) {
        stack.pop();
        i++;
        return true;
      }
      if (c === '{') key();
      return false; // open container: continue in the loop
    }
    if (c === '"') string();
    else if (c === 't') literal('true');
    else if (c === 'f') literal('false');
    else if (c === 'n') literal('null');
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) number();
    else expectedValue();
    return true;
  };
  const key = () => {
    ws();
    if (text[i] !== '"') {
      if (text[i] === '}')
        fail('expected a property name after the comma but found "}"; remove the trailing comma');
      expected('a property name in double quotes');
    }
    string();
    ws();
    if (text[i] !== ':') expected('":" after the property name');
    i++;
  };
  try {
    ws();
    if (i >= n) fail('the input is empty');
    let done = value();
    while (stack.length > 0) {
      if (!done) {
        done = value();
        continue;
      }
      ws();
      const top = stack[stack.length - 1];
      const close = top === '{' ? '}' : ']';
      if (text[i] === ',') {
        i++;
        if (top === '{') key();
        done = value();
      } else if (text[i] === close) {
        i++;
        stack.pop();
      } else {
        expected(`"," or "${close}" after ${top === '{' ? 'a property value' : 'an array element'}`);
      }
    }
    ws();
    if (i < n)
      fail(`found ${JSON.stringify(text[i])} after the end of the JSON value; a document holds one value`);
    return undefined;
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    let line = 1;
    let lineStart = 0;
    for (let k = 0; k < error.offset && k < n; k++) {
      if (text.charCodeAt(k) === 10) {
        line++;
        lineStart = k + 1;
      }
    }
    return { offset: error.offset, line, column: error.offset - lineStart + 1, reason: error.reason };
  }
}
