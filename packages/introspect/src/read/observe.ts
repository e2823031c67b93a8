/**
 * Change rates measured by `inspect --observe DURATION`: the database's change counters are read
 * once, again DURATION later, and the rates per day come from the difference over the measured
 * window, instead of from counters whose window (since their last reset) is often unknown.
 *
 * A catalog reader hands every table's counters to a {@link CounterLog}: the first reading only records
 * them; the second one (made with the first as its baseline) answers the counters of the window.
 *
 * @module
 */
import type { ChangeCounters } from './model.js';

/** The counters of every table of one reading, and when they were read. */
export interface CounterReading {
  /** The counters by table ({@link counterKey}). */
  readonly counters: ReadonlyMap<string, ChangeCounters>;
  /** When the counters were read: milliseconds since the epoch, by this machine's clock. */
  readonly at: number;
}

/** The key of a table in a reading: its schema and name, exactly as spelt. */
const counterKey = (schema: string, name: string): string => `${schema}\u0000${name}`;

const KINDS = ['inserts', 'updates', 'deletes'] as const;

const MS_PER_DAY = 86_400_000;

/** The window in words: `10 min`, `45 s`, `2.5 h`. */
export function windowWords(ms: number): string {
  const s = ms / 1000;
  if (s < 120) return `${Math.round(s)} s`;
  if (s < 7200) return `${Math.round(s / 60)} min`;
  return `${Math.round((s / 3600) * 10) / 10} h`;
}

/**
 * The counters of the window between `before` and `after`, as a measured window: the counts are
 * the differences, `windowDays` the time between the readings. A counter that went down (the
 * statistics were reset, or the table was made anew, during the window) or that one reading
 * lacks gives no count.
 */
export function windowCounters(
  before: ChangeCounters | undefined,
  after: ChangeCounters,
  ms: number,
  what: string,
): ChangeCounters {
  const diff = (kind: (typeof KINDS)[number]): number | undefined => {
    const a = before?.[kind];
    const b = after[kind];
    return a === undefined || b === undefined || b < a ? undefined : b - a;
  };
  const counts = { inserts: diff('inserts'), updates: diff('updates'), deletes: diff('deletes') };
  const lost =
    before === undefined
      ? 'the table was not in the first reading'
      : 'a counter went down (reset during the window)';
  const missing = KINDS.filter((k) => after[k] !== undefined && counts[k] === undefined);
  return {
    ...counts,
    windowDays: ms / MS_PER_DAY,
    measured: true,
    source: `${what} read twice by inspect --observe, ${windowWords(ms)} apart${missing.length > 0 ? `; ${missing.join(', ')}: no count, since ${lost}` : ''}`,
  };
}

/**
 * Takes each table's counters during one catalog read. Without a baseline it answers them
 * unchanged (and records them when asked to, for a later reading); with the baseline of an
 * earlier reading it answers the counters of the window between the two (see {@link windowCounters}).
 */
export class CounterLog {
  readonly #baseline: CounterReading | undefined;
  /** The counters recorded, by table; undefined when they are not kept. */
  readonly #counters: Map<string, ChangeCounters> | undefined;
  #at: number | undefined;

  /**
   * @param options.baseline the first reading, when this is the second one of `inspect --observe`.
   * @param options.keep record each table's counters for {@link reading} (the first reading of
   *   `inspect --observe`): kept for every table until the read ends, 3 MB at 30,000 tables.
   */
  constructor(options: { readonly baseline?: CounterReading; readonly keep?: boolean } = {}) {
    this.#baseline = options.baseline;
    this.#counters = options.keep === true ? new Map() : undefined;
  }

  /** Marks the time the counters were read: call it right after the counters query answered. */
  mark(): void {
    this.#at = Date.now();
  }

  /**
   * Records one table's counters as read (`what` names where they come from, for the note) and
   * answers the counters the table's record should use.
   */
  take(schema: string, name: string, read: ChangeCounters, what: string): ChangeCounters {
    this.#counters?.set(counterKey(schema, name), read);
    const baseline = this.#baseline;
    if (baseline === undefined) return read;
    const ms = Math.max(1, (this.#at ?? Date.now()) - baseline.at);
    return windowCounters(baseline.counters.get(counterKey(schema, name)), read, ms, what);
  }

  /** What this read recorded (with `keep`; else nothing), as the baseline of a later one. */
  reading(): CounterReading {
    return { counters: this.#counters ?? new Map(), at: this.#at ?? Date.now() };
  }
}
