/**
 * The events model of the service, as numbers: what one mode bills over a horizon (or over a
 * per-run timeline), with the historical (first) load reported apart and not billed.
 *
 * - Runs happen at the pipeline's replication frequency (the documented default when unknown).
 * - A mode that reads the whole table (`full_load`) loads at the first run at least its reload
 *   wait after the previous load, and each load bills the table as it is then: its rows now plus
 *   the growth from inserts (less deletes) since.
 * - A mode that reads changes bills the changes of the kinds it captures, at each run.
 * - In a log-based pipeline, incremental data comes from the log: the events do not depend on the
 *   query mode (documented), and every kind of change counts (querymode's inference from the log's
 *   documented one-to-one replication).
 *
 * Sources: the service's API documentation (captures, the six-hour wait) and the service's public documentation
 * (`facts/documented.ts`). Words are made from these numbers by `describe.ts`.
 *
 * @module
 */
import { CHANGE_KINDS } from '../../catalogue/change-kinds.js';
import { MODES } from '../../catalogue/modes.js';
import type { ChangeKind, ModeSpec } from '../../catalogue/types.js';
import type { Filling } from '../facts/filling.js';
import { type KindSet, kindBit, ofKind } from '../facts/kind-set.js';
import type { TableFacts } from '../facts/table-facts.js';
import { defaultFrequencyMinutes } from './defaults.js';
import type { ChangeRun } from './timeline.js';

/** The span an estimate covers: a horizon in hours, or a timeline of runs. */
export type EventsSpan =
  | { readonly horizonHours: number; readonly timeline?: undefined }
  | { readonly horizonHours?: undefined; readonly timeline: readonly ChangeRun[] };

/** Why an estimate is not known. */
export type MissingFact =
  | { readonly fact: 'rows' }
  | { readonly fact: 'rate'; readonly kind: ChangeKind }
  | { readonly fact: 'not_described'; readonly kind: ChangeKind }
  /** The numbers are too large to count exactly (beyond 2^53): no estimate, the verdict stands. */
  | { readonly fact: 'overflow' };

/** How a whole-table read counted the table's growth. */
export type Growth = 'rates' | 'not_known' | 'timeline';

/** The numbers of one mode's estimate. */
export interface EventsCount {
  readonly mode: ModeSpec;
  /** Where incremental events come from: the query mode's reads, or the database's log. */
  readonly counting: 'query' | 'log';
  readonly frequencyMinutes: number;
  /** Whether the frequency is the documented default (the pipeline's is not known). */
  readonly frequencyDefault: boolean;
  readonly horizonHours: number;
  /** Minutes between two reads of the table (a whole-table read waits; see the module comment). */
  readonly intervalMinutes: number;
  /** Reads of the table over the span (loads of a whole-table read, runs otherwise). */
  readonly reads: number;
  /** Billed (incremental) events, or null when a needed fact is not known. */
  readonly billed: number | null;
  /** With a timeline: the billed events of each run. */
  readonly perRun: readonly number[] | null;
  /** Events of the historical (first) load: the rows now. Not billed. */
  readonly historical: number | null;
  /** The change kinds counted. */
  readonly kinds: readonly ChangeKind[];
  /** For a whole-table read: how growth was counted. */
  readonly growth: Growth | null;
  /** Why `billed` is null. */
  readonly missing: readonly MissingFact[];
  /** Whether a number exceeded the safe-integer range (the estimate is then an error, not a number). */
  readonly overflow: boolean;
}

const safe = (n: number): boolean => Number.isSafeInteger(n);

const NOTHING_MISSING: readonly MissingFact[] = Object.freeze([]);

/** A kind a mode's reads bill, and whether its capture is only "not described". */
interface CountedKind {
  readonly kind: ChangeKind;
  readonly bit: KindSet;
  readonly described: boolean;
}

/** The counted kinds of a mode, and their names. */
interface Counted {
  readonly kinds: readonly CountedKind[];
  readonly names: readonly ChangeKind[];
}

const counted = (kinds: readonly CountedKind[]): Counted => ({ kinds, names: kinds.map((k) => k.kind) });

/** The kinds a mode's reads bill. Deletes are left out of query counting; the log counts every kind. */
function countedKinds(mode: ModeSpec): readonly CountedKind[] {
  const out: CountedKind[] = [];
  for (const kind of CHANGE_KINDS) {
    if (kind === 'deletes') continue;
    const capture = mode.captures[kind].value;
    if (capture !== 'no') out.push({ kind, bit: kindBit(kind), described: capture === 'yes' });
  }
  return out;
}

/** The catalogue's modes, as specs (to find one by identity). */
const MODE_SPECS: readonly ModeSpec[] = MODES;

/**
 * The counted kinds of each mode, worked out once from the catalogue, by the mode's position. Found
 * by identity: measured, 6-9 ns a call less than a Map by the mode's id (countEvents alone).
 */
const QUERY_KINDS: readonly Counted[] = MODE_SPECS.map((m) => counted(countedKinds(m)));
const LOG_KINDS: Counted = counted(
  CHANGE_KINDS.map((kind) => ({ kind, bit: kindBit(kind), described: true })),
);

function intervalOf(mode: ModeSpec, counting: 'query' | 'log', frequency: number): number {
  const wait = mode.limits === undefined || counting === 'log' ? 0 : mode.limits.reloadWaitHours * 60;
  return frequency >= wait ? frequency : Math.ceil(wait / frequency) * frequency;
}

/** The sum over loads j = 1..n of max(0, rows + step × j): the table as each load reads it. */
function sumOfLoads(rows: number, step: number, n: number): number {
  if (n <= 0) return 0;
  // With a shrinking table, the loads after it is empty read nothing.
  const last = step >= 0 ? n : Math.min(n, Math.floor(rows / -step));
  if (last <= 0) return 0;
  return last * rows + (step * last * (last + 1)) / 2;
}

/** The list of facts missing with one more (a new list for the first). */
function withFact(missing: MissingFact[] | undefined, fact: MissingFact): MissingFact[] {
  if (missing === undefined) return [fact];
  missing.push(fact);
  return missing;
}

/**
 * An estimate while it is counted: its reading (mode, counting, frequency, interval, kinds) set by
 * `countEvents`, then `reads`, `billed` (before rounding), `perRun` and `growth` by its billing
 * model, which returns the facts missing (a list made at the first fact missing).
 */
type Counting = Filling<EventsCount>;

/** A whole-table read over a timeline: each load bills the table as it is then (its rows plus the net inserts so far). */
function wholeTableOverTimeline(
  c: Counting,
  facts: TableFacts,
  timeline: readonly ChangeRun[],
): MissingFact[] | undefined {
  const perRun: number[] = [];
  let reads = 0;
  let net = 0;
  let lastLoad = 0;
  for (let k = 0; k < timeline.length; k++) {
    const run = timeline[k] as ChangeRun;
    net += (run.inserts ?? 0) - (run.deletes ?? 0);
    const now = (k + 1) * c.frequencyMinutes;
    if (now - lastLoad >= c.intervalMinutes - 1e-9) {
      lastLoad = now;
      reads++;
      perRun.push(facts.rows === undefined ? 0 : Math.max(0, facts.rows + net));
    } else perRun.push(0);
  }
  const missing: MissingFact[] | undefined = facts.rows === undefined ? [{ fact: 'rows' }] : undefined;
  c.reads = reads;
  c.billed = sumUnlessMissing(perRun, missing);
  c.perRun = perRun;
  c.growth = 'timeline';
  return missing;
}

/** Changes over a timeline: each run bills the changes of the kinds counted. */
function changesOverTimeline(
  c: Counting,
  kinds: readonly CountedKind[],
  timeline: readonly ChangeRun[],
): MissingFact[] | undefined {
  const perRun: number[] = [];
  let missing: MissingFact[] | undefined;
  for (const run of timeline) {
    let events = 0;
    for (const { kind, described } of kinds) {
      const n = run[kind] ?? 0;
      if (n > 0 && !described && !missing?.some((m) => m.fact === 'not_described' && m.kind === kind))
        missing = withFact(missing, { fact: 'not_described', kind });
      events += n;
    }
    perRun.push(events);
  }
  c.reads = timeline.length;
  c.billed = sumUnlessMissing(perRun, missing);
  c.perRun = perRun;
  return missing;
}

const sumUnlessMissing = (perRun: readonly number[], missing: MissingFact[] | undefined): number | null =>
  missing !== undefined ? null : perRun.reduce((a, b) => a + b, 0);

/** A whole-table read over a horizon: each load bills the rows now plus the growth (inserts less deletes) since. */
function wholeTableOverHorizon(c: Counting, facts: TableFacts, reads: number): MissingFact[] | undefined {
  const missing: MissingFact[] | undefined = facts.rows === undefined ? [{ fact: 'rows' }] : undefined;
  const inserts = facts.has.inserts === 'no' ? 0 : facts.perDay.inserts;
  const deletes = facts.has.deletes === 'no' ? 0 : (facts.perDay.deletes ?? 0);
  const perDay = inserts === undefined ? 0 : inserts - deletes;
  c.reads = reads;
  c.billed =
    facts.rows === undefined ? null : sumOfLoads(facts.rows, (perDay * c.intervalMinutes) / 1440, reads);
  c.growth = inserts === undefined ? 'not_known' : 'rates';
  return missing;
}

/** Changes over a horizon: the rates per day of the kinds counted that the table has or may have, at each run. */
function changesOverHorizon(
  c: Counting,
  kinds: readonly CountedKind[],
  facts: TableFacts,
  reads: number,
): MissingFact[] | undefined {
  let perDay = 0;
  let missing: MissingFact[] | undefined;
  // The kinds the table may have, as a set: one bit test a kind (countEvents alone 0.80x-0.93x, pnpm bench advisor).
  const mayHave = facts.kindsYes | facts.kindsUnknown;
  for (const { kind, bit, described } of kinds) {
    if ((mayHave & bit) === 0) continue;
    const rate = ofKind(facts.perDay, kind);
    if (!described) missing = withFact(missing, { fact: 'not_described', kind });
    else if (rate === undefined) missing = withFact(missing, { fact: 'rate', kind });
    else perDay += rate;
  }
  c.reads = reads;
  c.billed = missing === undefined ? (perDay * reads * c.frequencyMinutes) / 1440 : null;
  return missing;
}

/** The billing model of the count and span, which fills it: a whole-table read or changes, over a timeline or a horizon. */
function bill(
  c: Counting,
  kinds: readonly CountedKind[],
  facts: TableFacts,
  span: EventsSpan,
): MissingFact[] | undefined {
  const wholeTable = c.mode.reads === 'whole_table' && c.counting === 'query';
  if (span.timeline !== undefined)
    return wholeTable
      ? wholeTableOverTimeline(c, facts, span.timeline)
      : changesOverTimeline(c, kinds, span.timeline);
  const reads = Math.floor((span.horizonHours * 60) / c.intervalMinutes);
  return wholeTable ? wholeTableOverHorizon(c, facts, reads) : changesOverHorizon(c, kinds, facts, reads);
}

/** The count's billed events rounded, and null where a fact is missing or a number overflows. */
function settle(c: Counting, missing: MissingFact[] | undefined): void {
  const billed = c.billed === null ? null : Math.round(c.billed);
  const overflow =
    (billed !== null && !safe(billed)) ||
    (c.perRun?.some((n) => !safe(n)) ?? false) ||
    !Number.isFinite(c.horizonHours);
  c.billed = missing !== undefined || overflow ? null : billed;
  if (overflow) c.perRun = null;
  c.missing = overflow ? [...(missing ?? []), { fact: 'overflow' }] : (missing ?? NOTHING_MISSING);
  c.overflow = overflow;
}

/** The events one mode bills for a table over a span. */
export function countEvents(mode: ModeSpec, facts: TableFacts, span: EventsSpan): EventsCount {
  const counting = facts.pipelineMode === 'log_based' ? 'log' : 'query';
  const frequency = facts.frequencyMinutes ?? defaultFrequencyMinutes(facts.pipelineMode);
  const kinds =
    counting === 'log' ? LOG_KINDS : (QUERY_KINDS[MODE_SPECS.indexOf(mode)] ?? counted(countedKinds(mode)));
  // One object a count, filled by its billing model: a reading and a billing object besides were
  // 300 of chooseMode's 5,840 B a table, ~1.5% of its own cost (CPU; docs/benchmarks.md).
  const c: Counting = {
    mode,
    counting,
    frequencyMinutes: frequency,
    frequencyDefault: facts.frequencyMinutes === undefined,
    horizonHours: span.timeline === undefined ? span.horizonHours : (span.timeline.length * frequency) / 60,
    intervalMinutes: intervalOf(mode, counting, frequency),
    reads: 0,
    billed: null,
    perRun: null,
    historical: facts.rows ?? null,
    kinds: kinds.names,
    growth: null,
    missing: NOTHING_MISSING,
    overflow: false,
  };
  settle(c, bill(c, kinds.kinds, facts, span));
  return c;
}
