/**
 * Reading an options object, for every package: `undefined` is no options; anything else must be
 * an object whose keys all have a reader; each option is read once (a getter is not read twice)
 * and checked by its reader, and the result is a fresh object of plain values. A key whose value
 * is `undefined` counts as absent. Reading never throws: a throwing getter or proxy is an issue.
 *
 * The issues of the options object itself (not an object, an unknown key, unreadable) are made
 * by a style: core's functions use core's issues, with paths from `options`; the client and the
 * OpenAPI builder pass their own, so that their codes and messages stay theirs.
 *
 * @module
 */

import { invalidTypeIssue } from './invalid-type.js';
import { isRecord } from './is-record.js';
import { makeIssue } from './make-issue.js';
import type { Issue, IssuePath, Result } from './types.js';
import { unknownKeyIssue } from './unknown-key.js';
import { neverThrows } from './unreadable.js';

/** Reads one option's value, pushing issues; returns the value to keep, or undefined. */
export type OptionReader<T, I = Issue> = (value: unknown, path: IssuePath, issues: I[]) => T | undefined;

/** The readers of an options object, by key. */
export type OptionReaders<I = Issue> = { readonly [key: string]: OptionReader<unknown, I> };

/** The options read: each key with its reader's type, absent when not given. */
export type OptionValues<R> = {
  readonly [K in keyof R]?: R[K] extends OptionReader<infer T, never> ? T : never;
};

/** How a reader of options reports what is wrong with the options object itself. */
export interface OptionsStyle<I> {
  /** The path of the options object: `['options']` for core's functions, `[]` for the client's. */
  readonly root: IssuePath;
  /** The options, at `path`, are not an object. */
  readonly notAnObject: (path: IssuePath, value: unknown) => I;
  /** `key` (its value `value`) is not one of `allowed`, in the options at `path`. */
  readonly unknownKey: (path: IssuePath, key: string, allowed: readonly string[], value: unknown) => I;
  /** Reading the options at `path` threw (a getter, a proxy); `detail` says what was thrown. */
  readonly unreadable: (path: IssuePath, detail: string) => I;
}

/**
 * Core's style: core's issues, paths from `options`. Other packages that report core's issues
 * (the mock) read with it, and read a nested options object with `{ ...CORE_OPTIONS_STYLE, root: path }`.
 */
export const CORE_OPTIONS_STYLE: OptionsStyle<Issue> = Object.freeze<OptionsStyle<Issue>>({
  root: ['options'],
  notAnObject: (path, value) => invalidTypeIssue(path, 'object', value),
  unknownKey: (path, key, allowed) => unknownKeyIssue(path, key, allowed),
  unreadable: (path, detail) => makeIssue({ code: 'unreadable_input', path, detail }),
});

/**
 * Reads an options object with `readers`, reporting in core's style (paths from `options`) or in
 * `style`. Never throws.
 */
export function readOptions<R extends OptionReaders>(input: unknown, readers: R): Result<OptionValues<R>>;
export function readOptions<R extends OptionReaders<I>, I>(
  input: unknown,
  readers: R,
  style: OptionsStyle<I>,
): Result<OptionValues<R>, I>;
export function readOptions(
  input: unknown,
  readers: OptionReaders<unknown>,
  style: OptionsStyle<unknown> = CORE_OPTIONS_STYLE,
): Result<Record<string, unknown>, unknown> {
  return neverThrows(
    read,
    [input, readers, style],
    (issue): Result<Record<string, unknown>, unknown> => ({
      ok: false,
      issues: [unreadable(style, issue.detail)],
    }),
  );
}

function read(
  input: unknown,
  readers: OptionReaders<unknown>,
  style: OptionsStyle<unknown>,
): Result<Record<string, unknown>, unknown> {
  if (input === undefined) return { ok: true, value: {} };
  if (!isRecord(input)) return { ok: false, issues: [style.notAnObject(style.root, input)] };
  const issues: unknown[] = [];
  const out: Record<string, unknown> = {};
  const keys = Object.keys(readers);
  for (const key of Object.keys(input)) {
    const value = input[key];
    if (value === undefined) continue;
    const reader = Object.hasOwn(readers, key) ? readers[key] : undefined;
    if (reader === undefined) {
      issues.push(style.unknownKey(style.root, key, keys, value));
      continue;
    }
    const read = reader(value, [...style.root, key], issues);
    if (read !== undefined) out[key] = read;
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: out };
}

/** The issue of options that threw when read; core's own when the style itself cannot be read. */
function unreadable(style: OptionsStyle<unknown>, detail: string): unknown {
  try {
    return style.unreadable(style.root, detail);
  } catch {
    return CORE_OPTIONS_STYLE.unreadable([], detail);
  }
}
