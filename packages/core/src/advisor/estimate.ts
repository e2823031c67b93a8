/**
 * `estimateEvents`: the ingested events (records that count against the events quota, spec 6)
 * a mode produces over a horizon, with the formula spelled out and every assumption stated.
 * Nothing the spec lacks is invented: when a needed fact is unknown, the estimate is `null`.
 *
 * @module
 */
import { CHANGE_KINDS } from '../catalogue/change-kinds.js';
import { FULL_LOAD_RELOAD_WAIT_HOURS } from '../catalogue/limits.js';
import { getMode, MODES, type QueryMode } from '../catalogue/modes.js';
import type { ChangeKind, ModeSpec } from '../catalogue/types.js';
import { readFacts, type TableFacts } from './facts.js';
import type { TableTraits } from './traits.js';

/** An estimate of ingested events over a horizon. */
export interface EventsEstimate {
  /** The estimated number of events (rounded to an integer), or `null` when a needed fact is unknown. */
  readonly events: number | null;
  /** The formula, with the numbers used where they are known. */
  readonly formula: string;
  /** What the estimate assumes, and which facts are missing when `events` is null. */
  readonly assumptions: readonly string[];
}

/** The horizon of an estimate. */
export interface Horizon {
  /** Hours, a finite number of at least 0. */
  readonly hours: number;
}

/**
 * Change kinds whose capture no mode describes (deletes: the spec's behaviour table has no column
 * for them). They cannot tell modes apart, so every estimate leaves them out and says so.
 */
export const UNDESCRIBED_KINDS: readonly ChangeKind[] = CHANGE_KINDS.filter((k) =>
  MODES.every((m) => m.captures[k].value === 'not_described'),
);

const WHOLE_TABLE_ASSUMPTIONS: readonly string[] = [
  `After each full load the service waits ${FULL_LOAD_RELOAD_WAIT_HOURS} hours before the next (spec 2.3 and 8). The time a load takes is not documented and is taken as zero, so this is an upper bound: loads of L hours give rows × horizon ÷ (${FULL_LOAD_RELOAD_WAIT_HOURS} + L).`,
  'Every row read counts as one event (spec 6: ingested records count against the events quota).',
  'The row count stays about the same over the horizon; the horizon is a steady-state average, not a count of whole reload cycles.',
];

const CHANGES_ASSUMPTIONS: readonly string[] = [
  'Only the change kinds the mode captures are read (spec 2.3); each change counts as one event, so several updates of one row between two runs, read once, make this an upper bound.',
  'The initial load of existing rows, which a first run or a mode change makes once, is not counted.',
];

const fmt = (n: number): string => String(Math.round(n * 1000) / 1000);

/** What an estimate of a changes-reading mode needs, worked out once per mode. */
interface ChangesPlan {
  /** The kinds whose rates are summed: captured (`yes`), or not described while other modes describe them. */
  readonly kinds: readonly ChangeKind[];
  /** Whether each of those kinds is only not described (so a table that may have it leaves the estimate unknown). */
  readonly undescribed: readonly boolean[];
  /** The formula in symbols. */
  readonly symbolic: string;
  /** The assumptions, by whether the table may have a kind no mode is described as capturing. */
  readonly assumptions: readonly [readonly string[], readonly string[]];
}

function changesPlan(mode: ModeSpec): ChangesPlan {
  const kinds: ChangeKind[] = [];
  const undescribed: boolean[] = [];
  for (const kind of CHANGE_KINDS) {
    const capture = mode.captures[kind].value;
    if (capture === 'no' || UNDESCRIBED_KINDS.includes(kind)) continue;
    kinds.push(kind);
    undescribed.push(capture === 'not_described');
  }
  const names = kinds.map((k) => `${k}_per_day`);
  const sum = names.length === 0 ? '0' : names.length === 1 ? (names[0] as string) : `(${names.join(' + ')})`;
  const left = UNDESCRIBED_KINDS.map(
    (k) => `${k} are left out: the spec describes for no mode whether it captures them.`,
  );
  return {
    kinds,
    undescribed,
    symbolic: `${sum} × horizon_hours ÷ 24`,
    assumptions: [Object.freeze([...CHANGES_ASSUMPTIONS]), Object.freeze([...CHANGES_ASSUMPTIONS, ...left])],
  };
}

const CHANGES_PLANS: ReadonlyMap<string, ChangesPlan> = new Map(
  MODES.filter((m) => m.reads === 'changes').map((m) => [m.id, changesPlan(m)]),
);

const WHOLE_TABLE_SYMBOLIC = `rows × horizon_hours ÷ ${FULL_LOAD_RELOAD_WAIT_HOURS}`;
const ROWS_UNKNOWN = Object.freeze([...WHOLE_TABLE_ASSUMPTIONS, 'rows is not known.']);

function wholeTable(facts: TableFacts, hours: number): EventsEstimate {
  if (facts.rows === undefined)
    return { events: null, formula: WHOLE_TABLE_SYMBOLIC, assumptions: ROWS_UNKNOWN };
  const events = Math.round((facts.rows * hours) / FULL_LOAD_RELOAD_WAIT_HOURS);
  return {
    events,
    formula: `${WHOLE_TABLE_SYMBOLIC} = ${facts.rows} × ${fmt(hours)} ÷ ${FULL_LOAD_RELOAD_WAIT_HOURS} = ${events}`,
    assumptions: WHOLE_TABLE_ASSUMPTIONS,
  };
}

function changes(mode: ModeSpec, plan: ChangesPlan, facts: TableFacts, hours: number): EventsEstimate {
  let mayHaveUndescribed = 0;
  for (const kind of UNDESCRIBED_KINDS) if (facts.has[kind] !== 'no') mayHaveUndescribed = 1;
  const base = plan.assumptions[mayHaveUndescribed] as readonly string[];
  let missing: string[] | undefined;
  let numbers = '';
  let perDay = 0;
  const kinds = plan.kinds;
  for (let i = 0; i < kinds.length; i++) {
    const kind = kinds[i] as ChangeKind;
    const has = facts.has[kind];
    let value: string;
    if (has === 'no') {
      value = '0';
    } else if (plan.undescribed[i]) {
      missing ??= [];
      missing.push(
        `Whether ${mode.id} captures ${kind} is not described in the spec, and the table ${has === 'yes' ? 'has' : 'may have'} ${kind}.`,
      );
      continue;
    } else {
      const rate = facts.perDay[kind];
      if (rate === undefined) {
        missing ??= [];
        missing.push(
          `${kind}_per_day is not known${has === 'unknown' ? ` (nor whether the table has ${kind})` : ''}.`,
        );
        continue;
      }
      perDay += rate;
      value = fmt(rate);
    }
    numbers = i === 0 ? value : `${numbers} + ${value}`;
  }
  if (missing !== undefined)
    return { events: null, formula: plan.symbolic, assumptions: [...base, ...missing] };
  const events = Math.round((perDay * hours) / 24);
  const sum = kinds.length > 1 ? `(${numbers})` : kinds.length === 1 ? numbers : '0';
  return { events, formula: `${plan.symbolic} = ${sum} × ${fmt(hours)} ÷ 24 = ${events}`, assumptions: base };
}

/** The events of a changes-reading mode, or null when a needed fact is unknown; no words. */
function changesCount(plan: ChangesPlan, facts: TableFacts, hours: number): number | null {
  let perDay = 0;
  const kinds = plan.kinds;
  for (let i = 0; i < kinds.length; i++) {
    const kind = kinds[i] as ChangeKind;
    if (facts.has[kind] === 'no') continue;
    if (plan.undescribed[i]) return null;
    const rate = facts.perDay[kind];
    if (rate === undefined) return null;
    perDay += rate;
  }
  return Math.round((perDay * hours) / 24);
}

/** The number of events only (as {@link estimateFromFacts} would give), without the formula and assumptions. */
export function eventsCount(mode: ModeSpec, facts: TableFacts, hours: number): number | null {
  if (!Number.isFinite(hours) || hours < 0) return null;
  const plan = CHANGES_PLANS.get(mode.id);
  if (plan !== undefined) return changesCount(plan, facts, hours);
  return facts.rows === undefined ? null : Math.round((facts.rows * hours) / FULL_LOAD_RELOAD_WAIT_HOURS);
}

/** The estimate of a mode on facts already read. */
export function estimateFromFacts(mode: ModeSpec, facts: TableFacts, hours: number): EventsEstimate {
  if (!Number.isFinite(hours) || hours < 0) {
    return {
      events: null,
      formula: 'horizon_hours',
      assumptions: ['The horizon must be a finite number of hours of at least 0.'],
    };
  }
  const plan = CHANGES_PLANS.get(mode.id);
  return plan === undefined ? wholeTable(facts, hours) : changes(mode, plan, facts, hours);
}

/**
 * Estimates the events a mode ingests from a table over a horizon. A mode that reads the whole
 * table (`full_load`) re-reads all rows after each six-hour wait: `rows × hours ÷ 6`. A mode that
 * reads changes reads only the change kinds it captures (the catalogue's `captures`):
 * `(sum of their rates per day) × hours ÷ 24`. `events` is null when a needed fact is unknown
 * (the row count, a rate, or whether the mode captures a kind the table may have). Never throws.
 *
 * @example
 * estimateEvents('full_load', { rows: 1_000_000 }, { hours: 24 }).events; // 4000000
 */
export function estimateEvents(mode: QueryMode, traits: TableTraits, horizon: Horizon): EventsEstimate {
  const spec = getMode(mode);
  if (spec === undefined) {
    return { events: null, formula: '', assumptions: [`${String(mode)} is not a query mode.`] };
  }
  return estimateFromFacts(spec, readFacts(traits), horizon?.hours ?? Number.NaN);
}
