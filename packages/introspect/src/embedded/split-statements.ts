/**
 * PostgreSQL script text cut into statements at the semicolons that end them: not inside a
 * quoted string (`'...'`, `E'...'` with its backslash escapes), a quoted identifier (`"..."`), a
 * dollar-quoted body (`$$...$$`, `$tag$...$tag$`) or a comment (`-- ...`, nested `/* ... *\/`).
 * Each statement keeps the line it starts on, for messages. A `BEGIN ... END` block of a SQL
 * function body (`BEGIN ATOMIC`) is not recognised: write such bodies dollar-quoted.
 *
 * @module
 */

/** One statement of a script. */
export interface ScriptStatement {
  /** The statement's text, without its final semicolon. */
  readonly text: string;
  /** The line it starts on, from 1. */
  readonly line: number;
}

const DOLLAR_TAG = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/u;

/** The statements of a script, in order; empty ones (comments and white space only) left out. */
export function splitStatements(script: string): ScriptStatement[] {
  const out: ScriptStatement[] = [];
  let start = 0;
  let line = 1;
  let startLine = 1;
  let meaningful = false;
  const end = (at: number) => {
    const text = script.slice(start, at);
    if (meaningful) out.push({ text: text.trim(), line: startLine });
    start = at + 1;
    meaningful = false;
  };
  let i = 0;
  const newlinesIn = (a: number, b: number) => {
    for (let k = a; k < b; k++) if (script.charCodeAt(k) === 10) line += 1;
  };
  while (i < script.length) {
    const c = script[i] as string;
    const next = script[i + 1];
    if (c === '-' && next === '-') {
      const stop = script.indexOf('\n', i);
      i = stop === -1 ? script.length : stop;
      continue;
    }
    if (c === '/' && next === '*') {
      let depth = 1;
      let k = i + 2;
      while (k < script.length && depth > 0) {
        if (script[k] === '/' && script[k + 1] === '*') {
          depth += 1;
          k += 2;
        } else if (script[k] === '*' && script[k + 1] === '/') {
          depth -= 1;
          k += 2;
        } else k += 1;
      }
      newlinesIn(i, k);
      i = k;
      continue;
    }
    if (!meaningful && !/\s/.test(c)) {
      meaningful = true;
      startLine = line;
    }
    if (c === '\n') {
      line += 1;
      i += 1;
      continue;
    }
    if (c === "'" || c === '"') {
      const escapes = c === "'" && (script[i - 1] === 'E' || script[i - 1] === 'e');
      let k = i + 1;
      while (k < script.length) {
        if (escapes && script[k] === '\\') k += 2;
        else if (script[k] === c && script[k + 1] === c) k += 2;
        else if (script[k] === c) break;
        else k += 1;
      }
      newlinesIn(i, k);
      i = k + 1;
      continue;
    }
    if (c === '$') {
      const tag = DOLLAR_TAG.exec(script.slice(i, i + 64))?.[0];
      // `$1` is a parameter, and `a$b$` part of a name: only a tag after a non-name character opens a body.
      if (tag !== undefined && !/[A-Za-z0-9_]/.test(script[i - 1] ?? ' ')) {
        const close = script.indexOf(tag, i + tag.length);
        const stop = close === -1 ? script.length : close + tag.length;
        newlinesIn(i, stop);
        i = stop;
        continue;
      }
    }
    if (c === ';') end(i);
    i += 1;
  }
  end(script.length);
  return out;
}
