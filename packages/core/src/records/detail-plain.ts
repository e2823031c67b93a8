/**
 * What a `--detail` record leaves out because it is the usual value, and how a reader puts it back:
 * the kinds of change of most tables (the legend's `plainKinds`), the estimate's usual counting,
 * span and frequency (`plainEstimate`), and a candidate's unknowns when they are only the kinds of
 * change the service does not describe for its mode.
 *
 * @module
 */

import { DEFAULT_HORIZON_HOURS } from '../advisor/estimate/defaults.js';
import type { EventsEstimate } from '../advisor/estimate/describe.js';
import type { KindCapture } from '../advisor/evaluate/capture.js';
import { CHANGE_KINDS } from '../catalogue/change-kinds.js';
import type { ChangeKind } from '../catalogue/types.js';
import { neverThrows } from '../issues/unreadable.js';
import type { TextRef } from './text-ref.js';

/** What every candidate's estimate shares: the span, the frequency, the historical load and the notes. */
export const SHARED_EVENTS = [
  'historical',
  'counting',
  'horizonHours',
  'frequencyMinutes',
  'frequencyDefault',
] as const;

/** What the estimates of a record's candidates share, written once (`estimate`); its notes cited. */
export interface DetailEstimate extends Pick<EventsEstimate, (typeof SHARED_EVENTS)[number]> {
  readonly notes: readonly TextRef[];
}

/** Of each kind of change, for the table: whether it has it, and whether the caller requires it. */
export type DetailKinds = { readonly [K in ChangeKind]: Pick<KindCapture, 'table' | 'required'> };

/** What a record's `estimate` leaves out when equal: counted by query, over the default span, at a known frequency. */
export type PlainEstimate = Pick<DetailEstimate, 'counting' | 'horizonHours' | 'frequencyDefault'>;

/** A record's `estimate`: the shared estimate, the fields equal to the legend's `plainEstimate` left out. */
export type OwnEstimate = Omit<DetailEstimate, keyof PlainEstimate> & Partial<PlainEstimate>;

/** The kinds of change a record's `kinds` leaves out: inserts and updates had and required, deletes not known and not required. */
export const PLAIN_KINDS: DetailKinds = Object.freeze({
  inserts: Object.freeze({ table: 'yes', required: true }),
  updates: Object.freeze({ table: 'yes', required: true }),
  deletes: Object.freeze({ table: 'unknown', required: false }),
});

/** The shared estimate fields a record's `estimate` leaves out when equal. */
export const PLAIN_ESTIMATE: PlainEstimate = Object.freeze({
  counting: 'query',
  horizonHours: DEFAULT_HORIZON_HOURS,
  frequencyDefault: false,
});

/** The part of a record's `kinds` that differs from `PLAIN_KINDS` (undefined when none does). */
export function ownKinds(kinds: DetailKinds): Partial<DetailKinds> | undefined {
  const out: { -readonly [K in ChangeKind]?: DetailKinds[K] } = {};
  for (const kind of CHANGE_KINDS) {
    const k = kinds[kind];
    const plain = PLAIN_KINDS[kind];
    if (k.table !== plain.table || k.required !== plain.required) out[kind] = k;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** `estimate` without the fields equal to `PLAIN_ESTIMATE`. */
export function ownEstimate(estimate: DetailEstimate): OwnEstimate {
  const out: Partial<DetailEstimate> = { ...estimate };
  for (const key of Object.keys(PLAIN_ESTIMATE) as (keyof PlainEstimate)[])
    if (out[key] === PLAIN_ESTIMATE[key]) delete out[key];
  return out as OwnEstimate;
}

/** A record's (or a legend's) parts that `kindsIn` and `estimateIn` read. */
interface Plain {
  readonly plainKinds?: DetailKinds;
  readonly plainEstimate?: PlainEstimate;
}

/** Of each kind of change of a `--detail` record, whether the table has it and whether it is required: its own `kinds`, else the legend's `plainKinds`. */
export function kindsIn(legend: Plain | undefined, kinds: Partial<DetailKinds> | undefined): DetailKinds {
  const plain = legend?.plainKinds ?? PLAIN_KINDS;
  return {
    inserts: kinds?.inserts ?? plain.inserts,
    updates: kinds?.updates ?? plain.updates,
    deletes: kinds?.deletes ?? plain.deletes,
  };
}

/**
 * The shared estimate of a `--detail` record in full: its own `estimate`, the fields it leaves out
 * from the legend's `plainEstimate`. Never throws: an unreadable estimate gives undefined.
 */
export const estimateIn = (
  legend: Plain | undefined,
  estimate: OwnEstimate | undefined,
): DetailEstimate | undefined => neverThrows(fullEstimate, [legend, estimate], () => undefined);

const fullEstimate = (legend: Plain | undefined, estimate: OwnEstimate | undefined) =>
  estimate === undefined
    ? undefined
    : ({ ...(legend?.plainEstimate ?? PLAIN_ESTIMATE), ...estimate } as DetailEstimate);

/**
 * The unknowns of a candidate of `mode` whose record leaves `events.unknown` out: for each kind of
 * `notDescribed`, the legend's text `events.not_described.<mode>.<kind>.<source>` where the source
 * has words of its own (`texts` has that key), else `events.not_described.<mode>.<kind>`.
 */
export function plainUnknownOf(
  texts: Readonly<Record<string, string>> | undefined,
  mode: string,
  notDescribed: readonly ChangeKind[],
  source: unknown,
): TextRef[] {
  return notDescribed.map((kind) => {
    const key = `events.not_described.${mode}.${kind}`;
    const own = typeof source === 'string' ? `${key}.${source}` : undefined;
    return own !== undefined && texts !== undefined && Object.hasOwn(texts, own) ? own : key;
  });
}
