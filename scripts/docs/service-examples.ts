/**
 * The worked examples of the service's page on query modes and events usage
 * (https://docs.hevodata.com/events-usage/factors-affecting-events-usage/query-modes/), written
 * with the per-run timeline: a table of 100 rows, a pipeline that runs every 6 hours, and 4 rows
 * modified and 5 appended before the next run (none before the one after), over 12 hours. Asserted
 * by the events tests and rendered into `docs/recommend.md`.
 *
 * @module
 */
import type { ChangeRun, QueryMode, TableTraits } from '@querymode/core';

/** One scenario of the page. */
export interface ServiceExample {
  /** The scenario's name on the page. */
  readonly scenario: string;
  /** The query mode it is, or null where the page uses a mode the service's API lacks. */
  readonly mode: QueryMode | null;
  readonly traits: TableTraits;
  readonly timeline: readonly ChangeRun[];
  /** What the page says, with its numbers. */
  readonly page: string;
  /** The page's events per run. */
  readonly perRun: readonly number[];
  /** The page's total. */
  readonly billed: number;
}

const TABLE: TableTraits = { rows: 100, pipeline_mode: 'table', replication_frequency_minutes: 360 };
const TIMELINE: readonly ChangeRun[] = [{ inserts: 5, updates: 4 }, {}];

/** The scenarios, in the page's order. */
export const SERVICE_EXAMPLES: readonly ServiceExample[] = [
  {
    scenario: 'Full Load',
    mode: 'full_load',
    traits: TABLE,
    timeline: TIMELINE,
    page: 'Full Load: 105 events on each subsequent run; 105 + 105 = 210 in 12 hours',
    perRun: [105, 105],
    billed: 210,
  },
  {
    scenario: 'XMIN',
    mode: null,
    traits: TABLE,
    timeline: TIMELINE,
    page: 'XMIN: 9 on the next run, 0 on the one after; 9 + 0 = 9 in 12 hours',
    perRun: [9, 0],
    billed: 9,
  },
  {
    scenario: 'Unique Incrementing Append Only',
    mode: 'unique_incrementing',
    traits: TABLE,
    timeline: TIMELINE,
    page: 'Unique Incrementing Append Only: 5 on the next run, 0 on the one after; 5 + 0 = 5 in 12 hours',
    perRun: [5, 0],
    billed: 5,
  },
];
