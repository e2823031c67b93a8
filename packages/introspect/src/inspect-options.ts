/**
 * Reading the options of an inspection with core's `readOptions`: an unknown key (with the
 * closest option), a value of the wrong type or out of range, an `include` kind that does not
 * exist, and a getter or proxy that throws are each an issue, worded by core's issue helpers and
 * coded `invalid_option` (introspect's one code for a bad option), with the option's path
 * (`['observeMs']`, `['include', 0]`). A key whose value is `undefined` counts as absent.
 *
 * @module
 */
import {
  CORE_OPTIONS_STYLE,
  type Issue,
  invalidOptionIssue,
  invalidTypeIssue,
  makeIssue,
  numberReader,
  type OptionReader,
  type OptionsStyle,
  readOptions,
  type TableTraits,
} from '@querymode/core';
import type { Timeouts } from './connect/timeouts.js';
import { INCLUDE_KINDS, type IncludeKind } from './read/options.js';
import { type InspectResult, optionIssue } from './result.js';

/** The longest wait of `observeMs`: one day (a longer window is what the counters' own window gives). */
export const MAX_OBSERVE_MS = 86_400_000;

/** The shortest wait of `observeMs`: one second. */
const MIN_OBSERVE_MS = 1000;

/** Core's style, with paths from the options' root (`['observeMs']`), as introspect's paths were. */
const STYLE: OptionsStyle<Issue> = { ...CORE_OPTIONS_STYLE, root: [] };

/** A list of strings. */
const namesReader: OptionReader<readonly string[]> = (value, path, issues) => {
  if (!Array.isArray(value)) {
    issues.push(invalidTypeIssue(path, 'array', value));
    return undefined;
  }
  const before = issues.length;
  value.forEach((item: unknown, i) => {
    if (typeof item !== 'string') issues.push(invalidTypeIssue([...path, i], 'string', item));
  });
  return issues.length > before ? undefined : [...(value as string[])];
};

/** A list of the kinds of relation read besides tables. */
const includeReader: OptionReader<readonly IncludeKind[]> = (value, path, issues) => {
  const names = namesReader(value, path, issues);
  if (names === undefined) return undefined;
  const before = issues.length;
  names.forEach((name, i) => {
    if (!(INCLUDE_KINDS as readonly string[]).includes(name))
      issues.push(invalidOptionIssue([...path, i], name, INCLUDE_KINDS));
  });
  return issues.length > before ? undefined : (names as IncludeKind[]);
};

/** A positive number of milliseconds (a timeout). */
const positiveMilliseconds = numberReader({
  min: 1,
  max: Number.MAX_SAFE_INTEGER,
  expected: 'a positive number of milliseconds',
});

const TIMEOUT_READERS = { connectMs: positiveMilliseconds, statementMs: positiveMilliseconds } as const;

/** `timeouts`: `{ connectMs, statementMs }`, both required. */
const timeoutsReader: OptionReader<Timeouts> = (value, path, issues) => {
  const read = readOptions(value, TIMEOUT_READERS, { ...STYLE, root: path });
  if (!read.ok) {
    issues.push(...read.issues);
    return undefined;
  }
  const { connectMs, statementMs } = read.value;
  if (connectMs !== undefined && statementMs !== undefined) return { connectMs, statementMs };
  if (connectMs === undefined) issues.push(makeIssue({ code: 'missing_field', path, field: 'connectMs' }));
  if (statementMs === undefined)
    issues.push(makeIssue({ code: 'missing_field', path, field: 'statementMs' }));
  return undefined;
};

/** A function (`onFirstReading`, `onTable`). */
function callbackReader<F>(): OptionReader<F> {
  return (value, path, issues) => {
    if (typeof value === 'function') return value as F;
    issues.push(invalidTypeIssue(path, 'function', value));
    return undefined;
  };
}

/** The readers of the options of `inspectClient`, by key. */
const CLIENT_READERS = {
  schemas: namesReader,
  tables: namesReader,
  exclude: namesReader,
  include: includeReader,
  observeMs: numberReader({
    min: MIN_OBSERVE_MS,
    max: MAX_OBSERVE_MS,
    expected: `a number of milliseconds from ${MIN_OBSERVE_MS} (1 second) to ${MAX_OBSERVE_MS} (1 day)`,
  }),
  onFirstReading: callbackReader<(waitMs: number) => unknown>(),
  onTable: callbackReader<(table: TableTraits) => void | Promise<void>>(),
} as const;

/** The readers of the options of `inspectDatabase`: those of `inspectClient`, and the timeouts. */
const DATABASE_READERS = { ...CLIENT_READERS, timeouts: timeoutsReader } as const;

/** The options of an inspection, read. */
export interface ReadInspectOptions {
  readonly schemas?: readonly string[];
  readonly tables?: readonly string[];
  readonly exclude?: readonly string[];
  readonly include?: readonly IncludeKind[];
  readonly observeMs?: number;
  readonly onFirstReading?: (waitMs: number) => unknown;
  readonly onTable?: (table: TableTraits) => void | Promise<void>;
  readonly timeouts?: Timeouts;
}

/**
 * Reads the options of an inspection through an open client (`client`) or of a database
 * (`database`, with its timeouts): a fresh object of checked values, or the issues. Never throws.
 */
export function readInspectOptions(
  input: unknown,
  of: 'client' | 'database',
): InspectResult<ReadInspectOptions> {
  const read = readOptions(input, of === 'client' ? CLIENT_READERS : DATABASE_READERS, STYLE);
  return read.ok ? read : { ok: false, issues: read.issues.map(optionIssue) };
}
