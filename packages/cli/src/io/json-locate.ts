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
  const describe = () => (i >= n ? 'the end of the input' : `${JSON.stringify(text[i])}`);
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail(`unexpected ${describe()}, expected a value`);
  };
  const string = () => {
    i++; // opening quote
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return;
      }
      if (c < 32) fail('unescaped control character in a string');
      if (c === 92) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('bad \\u escape in a string');
          i += 6;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) fail('bad escape in a string');
        i += 2;
        continue;
      }
      i++;
    }
    fail('unterminated string');
  };
  const number = () => {
    const m = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 400));
    if (!m || m[0] === '-' || m[0] === '') fail(`unexpected ${describe()}, expected a value`);
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
    else fail(`unexpected ${describe()}, expected a value`);
    return true;
  };
  const key = () => {
    ws();
    if (text[i] !== '"') fail(`unexpected ${describe()}, expected a double-quoted property name`);
    string();
    ws();
    if (text[i] !== ':') fail(`unexpected ${describe()}, expected ':' after a property name`);
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
        fail(`unexpected ${describe()}, expected ',' or '${close}'`);
      }
    }
    ws();
    if (i < n) fail(`unexpected ${describe()} after the JSON value`);
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
