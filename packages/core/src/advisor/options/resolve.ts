/**
 * The one reader of the advisor's options: every entry point above the events model
 * (`recommend`, `chooseMode`, `checkAgainstTable`, `planModeChange`, `verifier`) reads the options
 * it takes with {@link resolveOptions} and gets them checked, with their defaults. It sits above
 * the floors whose defaults it applies (`estimate`, `rules`, `ranking`): `estimateEvents`, on the
 * `estimate` floor, reads only the events options, with the same readers and `spanOf`.
 *
 * @module
 */
import type { QueryMode } from '../../catalogue/modes.js';
import { readOptions } from '../../issues/read-options.js';
import type { Result } from '../../issues/types.js';
import type { EventsSpan } from '../estimate/count.js';
import { EVENTS_READERS, spanOf } from '../estimate/options.js';
import type { FieldValues } from '../evaluate/fill.js';
import type { KindSet } from '../facts/kind-set.js';
import { requiredKinds } from '../facts/must-capture.js';
import {
  DEFAULT_UNKNOWN_EVENTS_POLICY,
  UNKNOWN_EVENTS_POLICIES,
  type UnknownEventsPolicy,
} from '../ranking/rank.js';
import { DEFAULT_ROWS_ESTIMATE_MARGIN } from '../rules/check.js';
import { fieldValuesReader, kindsReader, marginReader, modesReader, oneOfReader } from './read.js';

/** The reader of every option of the advisor, by its key. */
const OPTION_READERS = {
  ...EVENTS_READERS,
  supportedModes: modesReader,
  mustCapture: kindsReader,
  fieldValues: fieldValuesReader,
  unknownEvents: oneOfReader<UnknownEventsPolicy>(UNKNOWN_EVENTS_POLICIES),
  rowsEstimateMargin: marginReader,
} as const;

/** The key of an option of the advisor. */
export type OptionKey = keyof typeof OPTION_READERS;

/** The readers of the options an entry point takes. */
export type EntryReaders = Partial<typeof OPTION_READERS>;

/** The readers of the options `keys`, in that order (an unknown key's issue lists them so). */
export function optionReaders(...keys: readonly OptionKey[]): EntryReaders {
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key] = OPTION_READERS[key];
  return Object.freeze(out) as EntryReaders;
}

/** The options, read, with their defaults (an option an entry point does not take has its default). */
export interface ResolvedOptions {
  readonly supportedModes?: readonly QueryMode[];
  /** `mustCapture`, as a set (inserts and updates when not given). */
  readonly required: KindSet;
  readonly fieldValues?: FieldValues;
  readonly unknownEvents: UnknownEventsPolicy;
  readonly rowsEstimateMargin: number;
  readonly replicationFrequencyMinutes?: number;
  readonly span: EventsSpan;
}

/** Reads `input` with `readers` (the options an entry point takes): the options with their defaults, or the issues. */
export function resolveOptions(input: unknown, readers: EntryReaders): Result<ResolvedOptions> {
  // No options (the bulk callers' case) read once, not per table.
  return input === undefined ? NO_OPTIONS : resolveGiven(input, readers);
}

function resolveGiven(input: unknown, readers: EntryReaders): Result<ResolvedOptions> {
  // Typed as every reader: an option the entry point does not take is absent from what is read.
  const read = readOptions(input, readers as typeof OPTION_READERS);
  if (!read.ok) return read;
  const o = read.value;
  const span = spanOf(o);
  if (!span.ok) return { ok: false, issues: [span.issue] };
  // Built key by key, without spreads: this runs once per table on the NDJSON path.
  const value: {
    -readonly [K in keyof ResolvedOptions]: ResolvedOptions[K];
  } = {
    required: requiredKinds(o.mustCapture),
    unknownEvents: o.unknownEvents ?? DEFAULT_UNKNOWN_EVENTS_POLICY,
    rowsEstimateMargin: o.rowsEstimateMargin ?? DEFAULT_ROWS_ESTIMATE_MARGIN,
    span: span.span,
  };
  if (o.supportedModes !== undefined) value.supportedModes = o.supportedModes;
  if (o.fieldValues !== undefined) value.fieldValues = o.fieldValues;
  if (o.replicationFrequencyMinutes !== undefined)
    value.replicationFrequencyMinutes = o.replicationFrequencyMinutes;
  return { ok: true, value };
}

/** The options of a caller that gives none: every default (no reader is asked: nothing is read). */
const NO_OPTIONS: Result<ResolvedOptions> = Object.freeze(resolveGiven(undefined, {}));
